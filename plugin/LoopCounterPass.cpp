//===- LoopCounterPass.cpp - Counters in loops kept in registers (hotline-loop-counters) ===//
//
// Before the loop vectorizer: the counter markers that inlining brought into loops (a
// callee's entry counter, line mode's flushes of inner loops) become sums in locals that are
// added to the counters outside the loop (LoopSums.h). A marker is a call the vectorizer
// cannot vectorize, so without this a loop that calls tiny functions (Eigen's coefficient
// accessors, std::vector's operator[]) would stay scalar with hotline and be vectorized
// without it. Markers that take a maximum (line mode's largest trip count) stay where they
// are: they are only on the exits of inner loops, and a loop holding another is not
// vectorized anyway.
//
//===----------------------------------------------------------------------===//
#include "Instrumentation.h"

#include "LoopSums.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

#define DEBUG_TYPE "hotline-loop-counters"

ALWAYS_ENABLED_STATISTIC(NumMarkersSummed, "Counter markers in loops turned into sums");

namespace hotline {

PreservedAnalyses LoopCounterPass::run(Function &F, FunctionAnalysisManager &FAM) {
  Module &M = *F.getParent();
  GlobalVariable *CounterMarker =
      M.getGlobalVariable(SiteTable::CounterMarkerName, /*AllowInternal=*/true);
  if (!CounterMarker || !LoopSums::canUse(F))
    return PreservedAnalyses::all();
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  SmallVector<std::pair<InstrProfIncrementInst *, Loop *>, 16> Markers;
  for (BasicBlock &BB : F)
    if (Loop *L = LI.getLoopFor(&BB))
      for (Instruction &I : BB)
        if (isCounterMarker(I, CounterMarker) &&
            cast<InstrProfIncrementInst>(I).getHash()->getZExtValue() == CounterMarkerHash)
          Markers.push_back({cast<InstrProfIncrementInst>(&I), L});
  if (Markers.empty())
    return PreservedAnalyses::all();
  SiteTable Sites(M);
  LoopSums Sums(F, LI, Sites, LoopSums::Calls::Flush);
  NumMarkersSummed += Markers.size();
  for (auto [Marker, L] : Markers) {
    Sums.add(*L, unsigned(Marker->getIndex()->getZExtValue()), Marker->getStep(), Marker);
    Marker->eraseFromParent();
  }
  Sums.finish();
  return PreservedAnalyses::none();
}

} // namespace hotline
