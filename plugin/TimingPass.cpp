//===- TimingPass.cpp - Timing calls on every path (hotline-functions) ----===//
#include "Instrumentation.h"

#include "RuntimeAbi.h"
#include "SiteTable.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

#define DEBUG_TYPE "hotline-functions"

ALWAYS_ENABLED_STATISTIC(NumTimed, "Functions timed");
ALWAYS_ENABLED_STATISTIC(NumCountOnly, "Functions not timed: count-only");
ALWAYS_ENABLED_STATISTIC(NumTooSmall, "Functions not timed: a small leaf (min-instructions)");
ALWAYS_ENABLED_STATISTIC(NumExitPoints, "Ways out of timed functions given an exit");
ALWAYS_ENABLED_STATISTIC(NumSetjmps, "setjmp calls given a resume point");

namespace hotline {

// The blocks from which some path returns. The others end the call in a call that never
// returns or in unwinding: error paths (a bounds check's fail("..."), a throw), which say
// nothing of what a call costs when it works.
static SmallPtrSet<const BasicBlock *, 32> blocksThatReturn(const Function &F) {
  SmallPtrSet<const BasicBlock *, 32> Reached;
  SmallVector<const BasicBlock *, 16> Work;
  for (const BasicBlock &BB : F)
    if (isa<ReturnInst>(BB.getTerminator()) && Reached.insert(&BB).second)
      Work.push_back(&BB);
  while (!Work.empty())
    for (const BasicBlock *Pred : predecessors(Work.pop_back_val()))
      if (Reached.insert(Pred).second)
        Work.push_back(Pred);
  return Reached;
}

// A function is worth two clock reads if it loops, calls something, or is big, on its paths
// that return; a small leaf would cost more to time than to run, so it is only counted and
// its time is its caller's. Its error paths do not count: a handler that checks its input
// and calls a function that throws when the check fails is still a small leaf. A function
// that never returns (a main that ends in exit, a thread's function that ends in
// pthread_exit) is judged on all its blocks. hotline's own counter markers are not part of
// the body: line mode's block counters do not make a function worth timing that the default
// mode only counts.
static bool isWorthTiming(const Function &F, unsigned MinInstructions,
                          const GlobalVariable *CounterMarker) {
  SmallPtrSet<const BasicBlock *, 32> Returning = blocksThatReturn(F);
  unsigned Instructions = 0;
  for (const BasicBlock &BB : F) {
    if (!Returning.empty() && !Returning.contains(&BB))
      continue;
    for (const Instruction &I : BB) {
      if (I.isDebugOrPseudoInst() || isCounterMarker(I, CounterMarker))
        continue;
      if (const auto *Call = dyn_cast<CallBase>(&I); Call && !isRuntimeCall(*Call))
        return true;
      ++Instructions;
    }
  }
  if (Instructions >= MinInstructions)
    return true;
  SmallVector<std::pair<const BasicBlock *, const BasicBlock *>, 4> Backedges;
  FindFunctionBackedges(F, Backedges);
  return !Backedges.empty();
}

// setjmp's second return, after a longjmp, is the only way back into a function that did not
// pass through its callees' exits: the runtime ends the calls the jump skipped there
// (abi.h, __hotline_resume_at_depth).
static bool isSetjmp(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return false;
  StringRef Name = Callee->getName();
  return Name == "setjmp" || Name == "_setjmp" || Name == "sigsetjmp" || Name == "__sigsetjmp";
}

static bool resumeAfterSetjmps(Function &F) {
  SmallVector<CallBase *, 2> Setjmps;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *Call = dyn_cast<CallBase>(&I); Call && isSetjmp(*Call))
        Setjmps.push_back(Call);
  Module &M = *F.getParent();
  NumSetjmps += Setjmps.size();
  for (CallBase *Setjmp : Setjmps) {
    IRBuilder<> B(Setjmp);
    Value *Depth = createRuntimeCall(B, openDepthFunction(M), {}, "hotline.depth");
    if (auto *Call = dyn_cast<CallInst>(Setjmp)) {
      B.SetInsertPoint(Call->getNextNode());
    } else {
      auto *Invoke = cast<InvokeInst>(Setjmp);
      B.SetInsertPoint(&*Invoke->getNormalDest()->getFirstInsertionPt());
    }
    createRuntimeCall(B, resumeAtDepthFunction(M), {Depth});
  }
  return !Setjmps.empty();
}

// Unoptimized code (-O0) loads the result from its stack slot just before returning: the
// exit goes before that load, or the result would be kept in a slot of its own across it.
static Instruction *beforeResultLoad(Instruction *Point) {
  auto *Ret = dyn_cast<ReturnInst>(Point);
  auto *Load = Ret ? dyn_cast_or_null<LoadInst>(Ret->getReturnValue()) : nullptr;
  if (!Load || Load->getParent() != Ret->getParent() || Load->isVolatile() ||
      !isa<AllocaInst>(Load->getPointerOperand()))
    return Point;
  for (Instruction *I = Load->getNextNode(); I != Ret; I = I->getNextNode())
    if (!I->isDebugOrPseudoInst())
      return Point;
  return Load;
}

// At entry: if the site's untimed byte is 0, __hotline_enter. On every way out,
// __hotline_exit if the call may be open (abi.h): the runtime ends it only if it is, so that
// enter and exit stay paired even when the runtime stops timing the site while the call runs.
// The enter goes after the counter increments that open the entry block (only instructions
// without side effects before them): the counter array's address is then dead before the
// call, not kept in a callee-saved register across it.
static Instruction *afterEntryCounters(Function &F) {
  Instruction *At = afterAllocas(F);
  for (Instruction *I = At;
       !I->isTerminator() && (isa<InstrProfIncrementInst>(I) || !I->mayHaveSideEffects());
       I = I->getNextNode())
    if (isa<InstrProfIncrementInst>(I))
      At = I->getNextNode();
  return At;
}

static void instrumentFunction(Function &F, unsigned Local, SiteTable &Sites) {
  insertTimedEnter(afterEntryCounters(F), Local, Sites, /*KeyBelow=*/0);
  for (Instruction *Point : waysOut(F, /*BeforeNoReturnCalls=*/false)) {
    insertTimedExit(beforeResultLoad(Point), Local, Sites, /*KeyBelow=*/0, /*Timed=*/nullptr);
    ++NumExitPoints;
  }
}

PreservedAnalyses TimingPass::run(Module &M, ModuleAnalysisManager &) {
  SiteTable Sites(M);
  bool Changed = false;
  if (Opts.Timing != TimingMode::Off) {
    SmallVector<Function *, 64> Worklist;
    const GlobalVariable *CounterMarker =
        M.getGlobalVariable(SiteTable::CounterMarkerName, /*AllowInternal=*/true);
    for (Function &F : M) {
      if (!isInstrumentable(F, Opts))
        continue;
      if (isCountOnly(F, Opts))
        ++NumCountOnly;
      else if (!isWorthTiming(F, Opts.MinInstructions, CounterMarker))
        ++NumTooSmall;
      else
        Worklist.push_back(&F);
    }
    for (Function *F : Worklist) {
      instrumentFunction(*F, Sites.siteFor(*F), Sites);
      ++NumTimed;
      Changed = true;
    }
    for (Function &F : M)
      if (isInstrumentable(F, Opts))
        Changed |= resumeAfterSetjmps(F);
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hotline
