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
// Several counters are often bumped together in a loop: the entry counters of the small
// functions inlined into one step of it (Eigen's kernels inline pmul, padd, pload and their
// intrinsics' wrappers together, a dozen in one block). A counter bumped in the loop exactly
// where another is, by the same amounts, with no call or other stop between them, shares the
// other's sum: one add a step instead of a dozen sums that the vectorizer carries as vectors
// and the register allocator spills. Both counters get the sum wherever it is added.
//
//===----------------------------------------------------------------------===//
#include "Instrumentation.h"

#include "LoopSums.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IntrinsicInst.h"

#include <map>
#include <tuple>

using namespace llvm;

#define DEBUG_TYPE "hotline-loop-counters"

ALWAYS_ENABLED_STATISTIC(NumMarkersSummed, "Counter markers in loops turned into sums");
ALWAYS_ENABLED_STATISTIC(NumSharedSums, "Counters in loops summed in another counter's sum");

namespace hotline {

namespace {

// Where an increment is in its loop: its block, and how many stops come before it there (a
// call, where the sums are added, or anything after which execution may not go on); and the
// amount. Two increments at the same place happen together.
struct Place {
  BasicBlock *Block;
  unsigned Stops;
  Value *Amount;
  bool operator<(const Place &Other) const {
    return std::tie(Block, Stops, Amount) < std::tie(Other.Block, Other.Stops, Other.Amount);
  }
};

bool isStop(const Instruction &I, const GlobalVariable *CounterMarker) {
  if (isCounterMarker(I, CounterMarker))
    return false;
  if (const auto *Call = dyn_cast<CallBase>(&I);
      Call && !isRuntimeCall(*Call) && !Call->isInlineAsm())
    return true;
  return !alwaysGoesOn(I);
}

} // namespace

PreservedAnalyses LoopCounterPass::run(Function &F, FunctionAnalysisManager &FAM) {
  Module &M = *F.getParent();
  GlobalVariable *CounterMarker =
      M.getGlobalVariable(SiteTable::CounterMarkerName, /*AllowInternal=*/true);
  if (!CounterMarker || !LoopSums::canUse(F))
    return PreservedAnalyses::all();
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  SmallVector<std::pair<InstrProfIncrementInst *, Loop *>, 16> Markers;
  // Each counter's places in each outermost loop, in the order met.
  MapVector<std::pair<Loop *, unsigned>, SmallVector<Place, 4>> PlacesOf;
  for (BasicBlock &BB : F) {
    Loop *L = LI.getLoopFor(&BB);
    if (!L)
      continue;
    unsigned Stops = 0;
    for (Instruction &I : BB) {
      if (isStop(I, CounterMarker))
        ++Stops;
      if (!isCounterMarker(I, CounterMarker) ||
          cast<InstrProfIncrementInst>(I).getHash()->getZExtValue() != CounterMarkerHash)
        continue;
      auto *Marker = cast<InstrProfIncrementInst>(&I);
      Markers.push_back({Marker, L});
      unsigned Site = unsigned(Marker->getIndex()->getZExtValue());
      PlacesOf[{L->getOutermostLoop(), Site}].push_back({&BB, Stops, Marker->getStep()});
    }
  }
  if (Markers.empty())
    return PreservedAnalyses::all();
  // The counter whose sum each counter shares: the first met with the same places.
  std::map<std::pair<Loop *, SmallVector<Place, 4>>, unsigned> FirstWithPlaces;
  DenseMap<std::pair<Loop *, unsigned>, unsigned> SharerOf;
  for (auto &[Key, Places] : PlacesOf) {
    llvm::sort(Places);
    auto [It, New] = FirstWithPlaces.insert({{Key.first, Places}, Key.second});
    if (!New)
      SharerOf[Key] = It->second;
  }
  SiteTable Sites(M);
  LoopSums Sums(F, LI, Sites, LoopSums::Calls::Flush);
  NumMarkersSummed += Markers.size();
  NumSharedSums += SharerOf.size();
  for (auto [Key, Sharer] : SharerOf)
    Sums.addSharer(*Key.first, Key.second, Sharer);
  for (auto [Marker, L] : Markers) {
    unsigned Site = unsigned(Marker->getIndex()->getZExtValue());
    if (!SharerOf.count({L->getOutermostLoop(), Site}))
      Sums.add(*L, Site, Marker->getStep(), Marker);
    Marker->eraseFromParent();
  }
  Sums.finish();
  return PreservedAnalyses::none();
}

} // namespace hotline
