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

LoopSums::Sum &LoopSums::sumOf(Loop &L, unsigned Site) {
  Locals &Sums = SumsOfLoop[L.getOutermostLoop()];
  auto It = llvm::find_if(Sums, [&](const Sum &Entry) { return Entry.Site == Site; });
  if (It != Sums.end())
    return *It;
  IRBuilder<> Entry(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *Local = Entry.CreateAlloca(Entry.getInt64Ty(), nullptr, "hotline.sum");
  AllLocals.push_back(Local);
  Sums.push_back({Site, Local, {}});
  return Sums.back();
}

void LoopSums::add(Loop &L, unsigned Site, Value *Amount, Instruction *At) {
  AllocaInst *Local = sumOf(L, Site).Local;
  IRBuilder<> B(At);
  B.CreateStore(B.CreateAdd(B.CreateLoad(B.getInt64Ty(), Local), Amount), Local);
}

void LoopSums::addSharer(Loop &L, unsigned Site, unsigned Sharer) {
  sumOf(L, Sharer).AlsoSites.push_back(Site);
}

// counters[site] += local; local = 0, as a marker CounterLoweringPass expands; the same for
// each site that shares the local.
void LoopSums::flush(const Locals &Sums, Instruction *At) {
  IRBuilder<> B(At);
  for (const Sum &Entry : Sums) {
    Value *Summed = B.CreateLoad(B.getInt64Ty(), Entry.Local);
    Sites.emitCounterMarker(Entry.Site, Summed, At, CounterMarkerHash);
    for (unsigned Also : Entry.AlsoSites)
      Sites.emitCounterMarker(Also, Summed, At, CounterMarkerHash);
    B.CreateStore(B.getInt64(0), Entry.Local);
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
