//===- ImpliedCounts.cpp - One increment for counters that are bumped together -===//
//
// After inlining, one stretch of code often bumps several counters by one: a function's entry
// counter, the entry counters of the small functions inlined into it, line mode's block
// counters. Whenever one of them is bumped there, so are the others. Before the markers are
// lowered, this keeps one increment in such a stretch and drops the others; the site table
// records, for each dropped increment, whose count stands for it (an implied count), and the
// runtime adds those counts up whenever it reports counts (abi.h). Counts stay exact.
//
// A stretch (a "run") is a part of a block that holds no instruction after which execution
// may not go on to the next one (a call that may throw, exit or longjmp; setjmp, which may
// return twice). Runs join across blocks A -> B, B A's immediate post-dominator, when the end
// of A always reaches B exactly once: the blocks between them form no cycle, hold nothing
// that may not go on, and are entered, as B is, only from A or each other.
//
// A run also joins across a branch to a dead end: A branches to C, entered only from A, or
// to D, entered only from A, from which the function never returns (an error path that
// calls a function that exits or throws: a check's failure in a handler). On the way to D
// the rest of the run does not happen, so D starts by correcting the counts that the run's
// increments so far stood for or left out: the counters are exact again whichever way A
// goes, and the check's success path keeps one increment.
//
// Counter R stands for counter X when every run that bumps R also bumps X, and nothing else
// adds to R (no sum at a loop's exit, LoopCounterPass.cpp). R may be bumped K times in each of
// its runs (a loop body unrolled K times); then R stands for each K increments of X there.
// Counters are offered as R in order of how many increments they have, fewest first: a
// block's counter before the entry counter of a function that is inlined in many places. A
// counter that stands for another keeps all its increments.
//
//===----------------------------------------------------------------------===//
#include "Instrumentation.h"

#include "RuntimeAbi.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

#define DEBUG_TYPE "hotline-lower-counters"

ALWAYS_ENABLED_STATISTIC(NumImpliedIncrements,
                         "Counter increments dropped: implied by another counter");

namespace hotline {

namespace {

struct Increment {
  InstrProfIncrementInst *Marker;
  unsigned Counter;
  unsigned Run;
  bool Dropped = false;
};

// A branch from a run to a dead end: Entry, where the corrections go, and the increments of
// the run that come before the branch (indices into the module's increments).
struct DeadEnd {
  BasicBlock *Entry;
  SmallVector<unsigned, 8> Before;
};

// Whether execution always goes on from I to the next instruction. The runtime's calls
// (__hotline_enter and the others) always return.
bool goesOn(const Instruction &I, const GlobalVariable *CounterMarker) {
  if (isCounterMarker(I, CounterMarker))
    return true;
  if (const auto *Call = dyn_cast<CallBase>(&I)) {
    if (Call->hasFnAttr(Attribute::ReturnsTwice))
      return false;
    if (isRuntimeCall(*Call) && !Call->getCalledFunction()->isIntrinsic())
      return true;
  }
  return alwaysGoesOn(I);
}

bool endsInBranch(const BasicBlock &BB) { return isa<BranchInst, SwitchInst>(BB.getTerminator()); }

bool isOneIncrement(const Instruction &I, const GlobalVariable *CounterMarker) {
  if (!isCounterMarker(I, CounterMarker))
    return false;
  const auto &Marker = cast<InstrProfIncrementInst>(I);
  auto *Step = dyn_cast<ConstantInt>(Marker.getStep());
  return Marker.getHash()->getZExtValue() == CounterMarkerHash && Step && Step->isOne();
}

// The runs of one function's increments.
class FunctionRuns {
public:
  FunctionRuns(Function &F, const GlobalVariable *CounterMarker)
      : F(F), CounterMarker(CounterMarker) {}

  // Appends F's increments by one, each with its run, numbered from FirstRun on, and F's
  // branches to dead ends; adds to OtherSteps the counters of F's other markers; returns the
  // number of runs used.
  unsigned collect(std::vector<Increment> &Increments, std::vector<DeadEnd> &DeadEnds,
                   DenseSet<unsigned> &OtherSteps, unsigned FirstRun) {
    size_t Start = Increments.size();
    for (BasicBlock &BB : F) {
      unsigned First = newRun(), Run = First;
      for (Instruction &I : BB) {
        if (isOneIncrement(I, CounterMarker))
          Increments.push_back({cast<InstrProfIncrementInst>(&I), markerIndex(I), Run});
        else if (isCounterMarker(I, CounterMarker))
          OtherSteps.insert(markerIndex(I));
        else if (!I.isTerminator() && !goesOn(I, CounterMarker))
          Run = newRun();
      }
      Ends[&BB] = {First, Run};
    }
    if (Increments.size() == Start)
      return 0;
    DominatorTree DT(F);
    SmallVector<std::pair<BasicBlock *, BasicBlock *>, 4> Branches = joinAcrossBlocks(DT);
    // A branch's run, as it is now, and the increments before the branch: those of the run in
    // the blocks that dominate the branching block (the run's blocks after it are dominated by
    // the block it branches to).
    for (auto [A, Entry] : Branches) {
      unsigned Run = find(Ends[A].second);
      DeadEnd &E = DeadEnds.emplace_back(DeadEnd{Entry, {}});
      for (size_t I = Start; I < Increments.size(); ++I)
        if (find(Increments[I].Run) == Run && DT.dominates(Increments[I].Marker->getParent(), A))
          E.Before.push_back(unsigned(I));
    }
    DenseMap<unsigned, unsigned> Numbers;
    for (size_t I = Start; I < Increments.size(); ++I) {
      auto [It, New] = Numbers.try_emplace(find(Increments[I].Run), FirstRun + Numbers.size());
      Increments[I].Run = It->second;
    }
    return Numbers.size();
  }

private:
  static unsigned markerIndex(const Instruction &I) {
    return unsigned(cast<InstrProfIncrementInst>(I).getIndex()->getZExtValue());
  }

  unsigned newRun() {
    Parent.push_back(Parent.size());
    return Parent.size() - 1;
  }
  unsigned find(unsigned Run) {
    while (Parent[Run] != Run)
      Run = Parent[Run] = Parent[Parent[Run]];
    return Run;
  }

  // Joins runs across blocks; returns the branches to dead ends it joined across (the
  // branching block, and the dead end's entry).
  SmallVector<std::pair<BasicBlock *, BasicBlock *>, 4> joinAcrossBlocks(const DominatorTree &DT) {
    PostDominatorTree PDT(F);
    SmallVector<std::pair<BasicBlock *, BasicBlock *>, 4> Branches;
    for (BasicBlock &A : F) {
      DomTreeNode *Node = PDT.getNode(&A);
      if (!endsInBranch(A) || !Node)
        continue;
      if (Node->getIDom() && Node->getIDom()->getBlock()) {
        BasicBlock &B = *Node->getIDom()->getBlock();
        if (reachesOnce(A, B))
          Parent[find(Ends[&A].second)] = find(Ends[&B].first);
      } else if (auto [C, D] = branchToDeadEnd(A, DT); C) {
        Parent[find(Ends[&A].second)] = find(Ends[C].first);
        Branches.push_back({&A, D});
      }
    }
    return Branches;
  }

  // {C, D} when A ends in a two-way branch to C or to D, each entered only from A, and D is
  // a dead end: no block reachable from D returns from F, is C or dominates A (so the path
  // through D leaves F without coming back to the run). {nullptr, nullptr} otherwise.
  static std::pair<BasicBlock *, BasicBlock *> branchToDeadEnd(BasicBlock &A,
                                                               const DominatorTree &DT) {
    auto *Branch = dyn_cast<BranchInst>(A.getTerminator());
    if (!Branch || !Branch->isConditional() || Branch->getSuccessor(0) == Branch->getSuccessor(1))
      return {nullptr, nullptr};
    for (unsigned Side : {0u, 1u}) {
      BasicBlock *C = Branch->getSuccessor(1 - Side), *D = Branch->getSuccessor(Side);
      if (C->getSinglePredecessor() == &A && D->getSinglePredecessor() == &A &&
          isDeadEnd(*D, *C, A, DT))
        return {C, D};
    }
    return {nullptr, nullptr};
  }

  static bool isDeadEnd(BasicBlock &D, const BasicBlock &C, const BasicBlock &A,
                        const DominatorTree &DT) {
    SmallSetVector<const BasicBlock *, 16> Reached;
    Reached.insert(&D);
    for (size_t I = 0; I < Reached.size(); ++I) {
      const BasicBlock *X = Reached[I];
      if (Reached.size() > 64 || X == &C || isa<ReturnInst>(X->getTerminator()) ||
          DT.dominates(X, &A))
        return false;
      for (const BasicBlock *Next : successors(X))
        Reached.insert(Next);
    }
    return true;
  }

  // Whether the end of A always reaches B, exactly once: every path on from A leads to B
  // through blocks that form no cycle and hold nothing that may not go on, and nothing
  // enters those blocks or B but from A or each other.
  bool reachesOnce(const BasicBlock &A, const BasicBlock &B) {
    DenseMap<const BasicBlock *, bool> Between; // false while a block's successors are walked
    if (!walk(A, A, B, Between))
      return false;
    auto EnteredFromA = [&](const BasicBlock &C) {
      return llvm::all_of(predecessors(&C),
                          [&](const BasicBlock *P) { return P == &A || Between.contains(P); });
    };
    return EnteredFromA(B) &&
           llvm::all_of(Between, [&](auto &Entry) { return EnteredFromA(*Entry.first); });
  }

  bool walk(const BasicBlock &From, const BasicBlock &A, const BasicBlock &B,
            DenseMap<const BasicBlock *, bool> &Between) {
    for (const BasicBlock *C : successors(&From)) {
      if (C == &B)
        continue;
      auto [It, New] = Between.try_emplace(C, false);
      if (!New) {
        if (!It->second) // on the path being walked: a cycle
          return false;
        continue;
      }
      if (C == &A || Between.size() > 32 || !endsInBranch(*C))
        return false;
      for (const Instruction &I : *C)
        if (!I.isTerminator() && !goesOn(I, CounterMarker))
          return false;
      if (!walk(*C, A, B, Between))
        return false;
      Between[C] = true;
    }
    return true;
  }

  Function &F;
  const GlobalVariable *CounterMarker;
  std::vector<unsigned> Parent;                                     // union-find over the runs
  DenseMap<const BasicBlock *, std::pair<unsigned, unsigned>> Ends; // a block's first and last run
};

// On the way to a dead end, the increments of the run before the branch happened and the
// rest did not. Each dropped increment before it happened but its counter was not bumped:
// +1. Each kept increment before it was bumped and so added to every count it stands for,
// as if the rest of the run had happened: -1 for each of those. D starts by adding the sum
// to each counter (a marker with that step, lowered like the others).
void correctAtDeadEnds(const std::vector<DeadEnd> &DeadEnds,
                       const std::vector<Increment> &Increments,
                       const std::vector<ImpliedCount> &Implied) {
  DenseMap<unsigned, SmallVector<unsigned, 4>> StoodFor; // R -> X, once per implied count
  for (const ImpliedCount &I : Implied)
    StoodFor[I.ImpliedBy].push_back(I.Counter);
  DenseMap<unsigned, InstrProfIncrementInst *> MarkerOf; // one marker of each counter, to copy
  for (const Increment &I : Increments)
    MarkerOf.try_emplace(I.Counter, I.Marker);
  for (const DeadEnd &E : DeadEnds) {
    SmallMapVector<unsigned, int64_t, 8> Correction;
    for (unsigned Index : E.Before) {
      const Increment &I = Increments[Index];
      if (I.Dropped)
        ++Correction[I.Counter];
      else
        for (unsigned X : StoodFor.lookup(I.Counter))
          --Correction[X];
    }
    Instruction &At = *E.Entry->getFirstInsertionPt();
    for (auto [Counter, Step] : Correction) {
      if (Step == 0)
        continue;
      // A copy of one of the counter's markers, which may be in another function: it takes
      // the dead end's place in the source.
      auto *Marker = cast<InstrProfIncrementInst>(MarkerOf.lookup(Counter)->clone());
      Marker->setArgOperand(4,
                            ConstantInt::getSigned(Type::getInt64Ty(Marker->getContext()), Step));
      Marker->setDebugLoc(At.getDebugLoc());
      Marker->insertBefore(At.getIterator());
    }
  }
}

} // namespace

std::vector<ImpliedCount> dropImpliedIncrements(Module &M, const GlobalVariable *CounterMarker) {
  std::vector<ImpliedCount> Implied;
  if (!CounterMarker)
    return Implied;
  std::vector<Increment> Increments;
  std::vector<DeadEnd> DeadEnds;
  DenseSet<unsigned>
      OtherSteps; // counters also added to by sums or maxima: their counts are not their runs'
  unsigned Runs = 0;
  for (Function &F : M)
    if (!F.isDeclaration())
      Runs += FunctionRuns(F, CounterMarker).collect(Increments, DeadEnds, OtherSteps, Runs);

  MapVector<unsigned, SmallVector<unsigned, 4>> ByCounter; // increments, by index
  std::vector<SmallVector<unsigned, 4>> ByRun(Runs);
  for (unsigned I = 0; I < Increments.size(); ++I) {
    ByCounter[Increments[I].Counter].push_back(I);
    ByRun[Increments[I].Run].push_back(I);
  }
  SmallVector<unsigned, 64> Order;
  for (auto &[Counter, Own] : ByCounter)
    Order.push_back(Counter);
  llvm::sort(Order, [&](unsigned A, unsigned B) {
    return std::make_pair(ByCounter[A].size(), A) < std::make_pair(ByCounter[B].size(), B);
  });

  DenseSet<unsigned> Standing, Dropping; // counters that stand for others; that lost an increment
  // The increments of Counter in Run that are still kept.
  auto KeptIn = [&](unsigned Run, unsigned Counter) {
    SmallVector<Increment *, 2> Kept;
    for (unsigned I : ByRun[Run])
      if (Increments[I].Counter == Counter && !Increments[I].Dropped)
        Kept.push_back(&Increments[I]);
    return Kept;
  };
  for (unsigned R : Order) {
    if (Dropping.contains(R) || OtherSteps.contains(R))
      continue;
    // R is bumped K times in each of its runs, the same K in all (a loop unrolled K times
    // repeats its body's increments): its count is K times its runs' executions.
    SmallMapVector<unsigned, unsigned, 4> TimesInRun;
    for (unsigned I : ByCounter[R])
      ++TimesInRun[Increments[I].Run];
    unsigned K = TimesInRun.front().second;
    if (llvm::any_of(TimesInRun, [&](const auto &Entry) { return Entry.second != K; }))
      continue;
    SmallVector<unsigned, 4> RunsOfR;
    for (const auto &Entry : TimesInRun)
      RunsOfR.push_back(Entry.first);
    SmallVector<unsigned, 8> Others;
    for (unsigned I : ByRun[RunsOfR.front()]) {
      unsigned X = Increments[I].Counter;
      if (X != R && !Increments[I].Dropped && !Standing.contains(X) &&
          !llvm::is_contained(Others, X))
        Others.push_back(X);
    }
    for (unsigned X : Others) {
      // X is bumped at least Times times in each of R's runs: R's count stands for each K
      // of them.
      size_t Times = ~size_t(0);
      for (unsigned Run : RunsOfR)
        Times = std::min(Times, KeptIn(Run, X).size());
      size_t Implications = Times / K;
      if (Implications == 0)
        continue;
      for (unsigned Run : RunsOfR) {
        SmallVector<Increment *, 2> Kept = KeptIn(Run, X);
        for (Increment *I : ArrayRef(Kept).take_front(Implications * K))
          I->Dropped = true;
      }
      Standing.insert(R);
      Dropping.insert(X);
      Implied.insert(Implied.end(), Implications, {X, R});
    }
  }
  correctAtDeadEnds(DeadEnds, Increments, Implied);
  for (Increment &I : Increments)
    if (I.Dropped) {
      I.Marker->eraseFromParent();
      ++NumImpliedIncrements;
    }
  return Implied;
}

} // namespace hotline
