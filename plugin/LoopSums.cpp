//===- LoopSums.cpp - Counts inside loops, kept in registers --------------===//
#include "LoopSums.h"

#include "Instrumentation.h"
#include "RuntimeAbi.h"

#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

namespace hotline {

bool LoopSums::canUse(const Function &F) {
  for (const BasicBlock &BB : F)
    if (isa<IndirectBrInst, CallBrInst>(BB.getTerminator()))
      return false;
  return true;
}

void LoopSums::add(Loop &L, unsigned Site, Value *Amount, Instruction *At) {
  Locals &Sums = SumsOfLoop[L.getOutermostLoop()];
  auto It = llvm::find_if(Sums, [&](const auto &Entry) { return Entry.first == Site; });
  AllocaInst *Local = nullptr;
  if (It != Sums.end()) {
    Local = It->second;
  } else {
    IRBuilder<> Entry(&*F.getEntryBlock().getFirstInsertionPt());
    Local = Entry.CreateAlloca(Entry.getInt64Ty(), nullptr, "hotline.sum");
    AllLocals.push_back(Local);
    Sums.push_back({Site, Local});
  }
  IRBuilder<> B(At);
  B.CreateStore(B.CreateAdd(B.CreateLoad(B.getInt64Ty(), Local), Amount), Local);
}

// counters[site] += local; local = 0, as a marker CounterLoweringPass expands.
void LoopSums::flush(const Locals &Sums, Instruction *At) {
  IRBuilder<> B(At);
  for (auto [Site, Local] : Sums) {
    Sites.emitCounterMarker(Site, B.CreateLoad(B.getInt64Ty(), Local), At, CounterMarkerHash);
    B.CreateStore(B.getInt64(0), Local);
  }
}

// On each edge out of the loop (into a new block when the target has other predecessors);
// at the top of a landing pad it unwinds to.
void LoopSums::flushAtExits(Loop &Outermost, const Locals &Sums) {
  SmallVector<Loop::Edge, 4> Exits;
  Outermost.getExitEdges(Exits);
  SmallPtrSet<BasicBlock *, 4> Pads;
  for (auto [From, To] : Exits) {
    BasicBlock *Src = const_cast<BasicBlock *>(From), *Dst = const_cast<BasicBlock *>(To);
    if (Dst->isEHPad()) {
      if (Pads.insert(Dst).second && Dst->getFirstInsertionPt() != Dst->end())
        flush(Sums, &*Dst->getFirstInsertionPt());
      continue;
    }
    BasicBlock *At = Dst->getSinglePredecessor()
                         ? Dst
                         : SplitEdge(Src, Dst, nullptr, nullptr, nullptr, ".hotline");
    flush(Sums, &*At->getFirstInsertionPt());
  }
}

bool LoopSums::finish() {
  if (AllLocals.empty())
    return false;
  if (AtCalls == Calls::Flush) {
    // Calls first, while LI still describes the CFG.
    SmallVector<std::pair<CallBase *, Loop *>, 8> CallsInLoops;
    for (BasicBlock &BB : F)
      if (Loop *L = LI.getLoopFor(&BB))
        for (Instruction &I : BB)
          if (auto *Call = dyn_cast<CallBase>(&I);
              Call && !isRuntimeCall(*Call) && !Call->isInlineAsm())
            CallsInLoops.push_back({Call, L->getOutermostLoop()});
    for (auto [Call, Outermost] : CallsInLoops)
      if (auto It = SumsOfLoop.find(Outermost); It != SumsOfLoop.end())
        flush(It->second, Call);
  }
  for (auto &[Outermost, Sums] : SumsOfLoop)
    flushAtExits(*Outermost, Sums);
  IRBuilder<> Init(afterAllocas(F));
  for (AllocaInst *Local : AllLocals)
    Init.CreateStore(Init.getInt64(0), Local);
  DominatorTree DT(F);
  PromoteMemToReg(AllLocals, DT);
  return true;
}

} // namespace hotline
