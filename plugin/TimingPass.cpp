//===- TimingPass.cpp - Timing calls on every path (hotline-functions) ----===//
#include "Instrumentation.h"

#include "RuntimeAbi.h"
#include "SiteTable.h"

#include "llvm/Analysis/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/EscapeEnumerator.h"

using namespace llvm;

namespace hotline {

static bool isRuntimeCall(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  return Callee && (Callee->isIntrinsic() || Callee->getName().starts_with(InternalPrefix));
}

// A function is worth two clock reads if it loops, calls something, or is big; a small leaf
// would cost more to time than to run, so it is only counted and its time is its caller's.
static bool isWorthTiming(const Function &F, unsigned MinInstructions) {
  unsigned Instructions = 0;
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      if (I.isDebugOrPseudoInst())
        continue;
      if (const auto *Call = dyn_cast<CallBase>(&I); Call && !isRuntimeCall(*Call))
        return true;
      ++Instructions;
    }
  if (Instructions >= MinInstructions)
    return true;
  SmallVector<std::pair<const BasicBlock *, const BasicBlock *>, 4> Backedges;
  FindFunctionBackedges(F, Backedges);
  return !Backedges.empty();
}

static void instrumentFunction(Function &F, unsigned Local, SiteTable &Sites) {
  Module &M = *F.getParent();
  Instruction *At = afterAllocas(F);
  Value *Id = Sites.emitGlobalId(Local, At);
  IRBuilder<> B(At);
  B.CreateCall(enterFunction(M), {Id});

  // A landing pad that only catches some types is skipped by the unwinder when none
  // matches; marking every pad as a cleanup makes it stop here, so the exit below runs.
  for (BasicBlock &BB : F)
    if (auto *Pad = dyn_cast<LandingPadInst>(BB.getFirstNonPHIIt()))
      Pad->setCleanup(true);

  // Calls that never return and never unwind (exit, abort, longjmp): close the call first.
  SmallVector<CallInst *, 4> NoReturnCalls;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *Call = dyn_cast<CallInst>(&I))
        if (Call->doesNotReturn() && Call->doesNotThrow() && !isRuntimeCall(*Call))
          NoReturnCalls.push_back(Call);
  FunctionCallee Exit = exitFunction(M);
  for (CallInst *Call : NoReturnCalls)
    IRBuilder<>(Call).CreateCall(Exit, {Id});

  // Returns, resumes, musttail calls, and (through a cleanup pad added to every call that
  // may throw) unwinding.
  EscapeEnumerator Escapes(F, "hotline.cleanup", /*HandleExceptions=*/true);
  while (IRBuilder<> *AtExit = Escapes.Next())
    AtExit->CreateCall(Exit, {Id});
}

PreservedAnalyses TimingPass::run(Module &M, ModuleAnalysisManager &) {
  SiteTable Sites(M);
  bool Changed = false;
  if (Opts.Timing != TimingMode::Off) {
    SmallVector<Function *, 64> Worklist;
    for (Function &F : M)
      if (isInstrumentable(F, Opts) && isWorthTiming(F, Opts.MinInstructions))
        Worklist.push_back(&F);
    for (Function *F : Worklist) {
      instrumentFunction(*F, Sites.siteFor(*F), Sites);
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hotline
