//===- LinePass.cpp - Exact counts per source line, and loops (hotline-lines) -===//
//
// Line mode, at the start of the pipeline next to hotline-count, in the functions the user
// chose (-fplugin-arg-hotline-lines, lines-include=, [[hotline::lines]]):
//  - every basic block is counted, and each source line in it becomes a LINE site that
//    names the block's counter (a line's count is its busiest block's, as in llvm-cov) and
//    the block's discriminator;
//  - every loop becomes a LOOP site, counted at each entry, with ITERATIONS and MAX_TRIPS
//    sites for its total and largest trip count, and timed from entry to every exit when it
//    calls something or holds another loop (isWorthTiming).
// Counters of blocks inside a loop live in locals (registers, once promoted) and are added
// to the thread's counters at the exits of the outermost loop: the vectorizer sees plain
// induction arithmetic instead of stores to memory, so a loop is optimized as it would be
// without hotline, and the optimizer's remarks about it (CompilerFacts.h) stay true.
//
//===----------------------------------------------------------------------===//
#include "Annotations.h"
#include "Instrumentation.h"

#include "CompilerFacts.h"
#include "LlvmVersions.h"
#include "RuntimeAbi.h"
#include "SiteTable.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/EHPersonalities.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/AddDiscriminators.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

#define DEBUG_TYPE "hotline-lines"

ALWAYS_ENABLED_STATISTIC(NumLineFunctions, "Functions given line counts");
ALWAYS_ENABLED_STATISTIC(NumNoDebugInfo, "Functions without line counts: no debug information");
ALWAYS_ENABLED_STATISTIC(NumLoopsNotCounted,
                         "Functions whose loops are not counted (indirectbr, callbr, funclets)");
ALWAYS_ENABLED_STATISTIC(NumLineSites, "Line sites");
ALWAYS_ENABLED_STATISTIC(NumBlocksCounted, "Blocks counted");
ALWAYS_ENABLED_STATISTIC(NumLoops, "Loops counted");
ALWAYS_ENABLED_STATISTIC(NumLoopsTimed, "Loops timed");
ALWAYS_ENABLED_STATISTIC(NumCallTargetSites,
                         "Indirect calls whose targets are counted (call-targets)");

namespace hotline {

// Functions marked [[hotline::lines]]: the frontend turns the attribute into an annotation.
static SmallPtrSet<const Function *, 8> annotatedFunctions(Module &M) {
  SmallPtrSet<const Function *, 8> Annotated;
  for (auto [F, Text] : functionAnnotations(M))
    if (Text == LinesAnnotation)
      Annotated.insert(F);
  return Annotated;
}

static std::string pathOf(const DILocation &Loc) {
  return sourcePath(Loc.getDirectory(), Loc.getFilename());
}

namespace {

// What hotline-lines keeps for one loop while it instruments a function.
struct LoopState {
  unsigned Site, Iterations, MaxTrips; // module-local site ids
  AllocaInst *Trips;                   // iterations of the current entry
  AllocaInst *Active; // set at entry, cleared at exit: an exit reached by unwinding checks it
  AllocaInst *Timed;  // whether this entry is timed (the runtime may stop timing the site)
  bool WorthTiming;   // see isWorthTiming
};

// Like a function, a loop is worth two clock reads per entry when it calls something or
// holds another loop. An innermost loop without calls is usually short per entry, and calls
// around it would stop the optimizer from keeping its enclosing loop in registers; its time
// is sampled (its lines' samples) and is part of the enclosing loop's measured time.
static bool isWorthTiming(const Loop &L) {
  if (!L.isInnermost())
    return true;
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (isa<CallBase>(I) && !isa<IntrinsicInst>(I))
        return true;
  return false;
}

// The roles of one CFG edge: it may leave loops, close an iteration, and enter a loop.
struct EdgeRoles {
  SmallVector<Loop *, 2> Exits; // innermost first
  Loop *Backedge = nullptr;
  SmallVector<Loop *, 1> Entries;
};

class FunctionLines {
public:
  FunctionLines(Function &F, SiteTable &Sites, LoopInfo &LI, bool TimeLoops)
      : F(F), M(*F.getParent()), Sites(Sites), LI(LI), TimeLoops(TimeLoops) {}

  void run() {
    Sites.siteFor(F);
    LoopsEnabled = canInstrumentLoops();
    if (!LoopsEnabled && !LI.empty())
      ++NumLoopsNotCounted;
    if (LoopsEnabled)
      for (Loop *L : LI.getLoopsInPreorder())
        addLoop(L);
    // Gather everything from the unchanged CFG first; then change it.
    SmallVector<std::pair<BasicBlock *, unsigned>, 32> BlockCounters;
    for (BasicBlock &BB : F)
      if (std::optional<unsigned> Counter = addLines(BB))
        BlockCounters.push_back({&BB, *Counter});
    MapVector<std::pair<BasicBlock *, BasicBlock *>, EdgeRoles> Edges;
    MapVector<BasicBlock *, SmallVector<Loop *, 2>> UnwindExits;
    SmallVector<std::pair<CallInst *, Loop *>, 4> NoReturnCalls;
    if (LoopsEnabled)
      collectEdges(Edges, UnwindExits, NoReturnCalls);

    for (auto [BB, Counter] : BlockCounters)
      countBlock(*BB, Counter);
    for (auto &[Edge, Roles] : Edges) {
      BasicBlock *Middle = SplitBlockPredecessors(Edge.second, {Edge.first}, ".hotline");
      Instruction *At = Middle->getTerminator();
      for (Loop *L : Roles.Exits)
        leave(L, At, /*PartialIteration=*/Edge.first != L->getHeader());
      if (Roles.Backedge)
        addToLocal(Loops[Roles.Backedge].Trips, 1, At);
      for (Loop *L : Roles.Entries)
        enter(L, At);
    }
    for (auto &[Pad, Exited] : UnwindExits)
      for (Loop *L : Exited)
        leaveIfActive(L, &*Pad->getFirstInsertionPt());
    for (auto [Call, Innermost] : NoReturnCalls)
      for (Loop *L = Innermost; L; L = L->getParentLoop())
        leave(L, Call, /*PartialIteration=*/true);
    initializeLocals();
  }

private:
  // Edges out of indirectbr and callbr cannot be split, and funclet-based EH (Windows) has
  // no landingpad to instrument: loops in such functions are not instrumented (their blocks
  // are still counted).
  bool canInstrumentLoops() {
    if (F.hasPersonalityFn() && isScopedEHPersonality(classifyEHPersonality(F.getPersonalityFn())))
      return false;
    for (BasicBlock &BB : F)
      if (isa<IndirectBrInst, CallBrInst>(BB.getTerminator()))
        return false;
    return llvm::none_of(LI.getLoopsInPreorder(),
                         [](Loop *L) { return L->getHeader()->isEHPad(); });
  }

  AllocaInst *newLocal(Type *Ty, const Twine &Name) {
    IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
    AllocaInst *Local = B.CreateAlloca(Ty, nullptr, Name);
    Local->setMetadata(OwnMetadataName, MDNode::get(M.getContext(), {}));
    NewLocals.push_back(Local);
    return Local;
  }

  void addLoop(Loop *L) {
    std::string File;
    unsigned Line = 0, Column = 0, EndLine = 0, EndColumn = 0;
    Loop::LocRange Range = L->getLocRange();
    if (DebugLoc Start = Range.getStart()) {
      File = pathOf(*Start.get());
      Line = Start.getLine();
      Column = Start.getCol();
      DebugLoc End = Range.getEnd() ? Range.getEnd() : Start;
      EndLine = End.getLine();
      EndColumn = End.getCol();
    }
    unsigned Parent = L->getParentLoop() ? Loops[L->getParentLoop()].Site : HOTLINE_ABI_NO_SITE;
    LoopState State;
    State.Site = Sites.addSite(F, HOTLINE_ABI_SITE_LOOP, File, Line, Column, SiteTable::SelfCounter,
                               Parent, EndLine, EndColumn);
    State.Iterations = Sites.addSite(F, HOTLINE_ABI_SITE_LOOP_ITERATIONS, File, Line, Column,
                                     SiteTable::SelfCounter, State.Site);
    State.MaxTrips = Sites.addSite(F, HOTLINE_ABI_SITE_LOOP_MAX_TRIPS, File, Line, Column,
                                   SiteTable::SelfCounter, State.Site);
    LLVMContext &C = M.getContext();
    State.Trips = newLocal(Type::getInt64Ty(C), "hotline.trips");
    State.Active = newLocal(Type::getInt1Ty(C), "hotline.loop.active");
    State.Timed = newLocal(Type::getInt1Ty(C), "hotline.loop.timed");
    State.WorthTiming = TimeLoops && isWorthTiming(*L);
    Loops[L] = State;
    ++NumLoops;
    if (State.WorthTiming)
      ++NumLoopsTimed;
  }

  // One LINE site per distinct source line of BB, in order; the first one counts the block.
  // Returns its id, or nothing when BB has no source location.
  std::optional<unsigned> addLines(BasicBlock &BB) {
    Loop *L = LoopsEnabled ? LI.getLoopFor(&BB) : nullptr;
    unsigned LoopSite = L ? Loops[L].Site : HOTLINE_ABI_NO_SITE;
    std::optional<unsigned> Counter;
    SmallVector<std::pair<const DIFile *, unsigned>, 8> Seen;
    for (Instruction &I : BB) {
      const DILocation *Loc = I.getDebugLoc().get();
      if (!Loc || Loc->getLine() == 0 || I.isDebugOrPseudoInst())
        continue;
      std::pair<const DIFile *, unsigned> Key{Loc->getFile(), Loc->getLine()};
      if (llvm::is_contained(Seen, Key))
        continue;
      Seen.push_back(Key);
      unsigned Id = Sites.addSite(F, HOTLINE_ABI_SITE_LINE, pathOf(*Loc), Loc->getLine(),
                                  Loc->getColumn(), Counter ? *Counter : SiteTable::SelfCounter,
                                  LoopSite, 0, 0, Loc->getBaseDiscriminator());
      ++NumLineSites;
      if (!Counter)
        Counter = Id;
    }
    return Counter;
  }

  void collectEdges(MapVector<std::pair<BasicBlock *, BasicBlock *>, EdgeRoles> &Edges,
                    MapVector<BasicBlock *, SmallVector<Loop *, 2>> &UnwindExits,
                    SmallVector<std::pair<CallInst *, Loop *>, 4> &NoReturnCalls) {
    // Innermost loops first, so that an edge leaving several loops closes them in order.
    SmallVector<Loop *, 8> Order(LI.getLoopsInPreorder());
    DenseMap<Loop *, unsigned> Preorder;
    for (Loop *L : Order)
      Preorder[L] = Preorder.size();
    llvm::sort(Order, [&](Loop *A, Loop *B) {
      return std::make_pair(-int(A->getLoopDepth()), Preorder[A]) <
             std::make_pair(-int(B->getLoopDepth()), Preorder[B]);
    });
    for (Loop *L : Order) {
      BasicBlock *Header = L->getHeader();
      for (BasicBlock *Pred : predecessors(Header))
        (L->contains(Pred) ? Edges[{Pred, Header}].Backedge
                           : Edges[{Pred, Header}].Entries.emplace_back()) = L;
      SmallVector<Loop::Edge, 4> Exits;
      L->getExitEdges(Exits);
      for (auto [From, To] : Exits) {
        BasicBlock *Src = const_cast<BasicBlock *>(From), *Dst = const_cast<BasicBlock *>(To);
        if (Dst->isEHPad()) {
          if (!llvm::is_contained(UnwindExits[Dst], L))
            UnwindExits[Dst].push_back(L);
        } else if (!llvm::is_contained(Edges[{Src, Dst}].Exits, L)) {
          Edges[{Src, Dst}].Exits.push_back(L);
        }
      }
    }
    for (BasicBlock &BB : F)
      if (Loop *L = LI.getLoopFor(&BB))
        for (Instruction &I : BB)
          if (auto *Call = dyn_cast<CallInst>(&I); Call && Call->doesNotReturn())
            NoReturnCalls.push_back({Call, L});
  }

  // Counts BB: in a local when it is inside a loop, else with a counter marker.
  void countBlock(BasicBlock &BB, unsigned Counter) {
    Instruction *At = BB.isEntryBlock() ? afterAllocas(F) : &*BB.getFirstInsertionPt();
    Loop *L = LoopsEnabled ? LI.getLoopFor(&BB) : nullptr;
    ++NumBlocksCounted;
    if (!L) {
      addToCounter(Counter, ConstantInt::get(Type::getInt64Ty(M.getContext()), 1), At);
      return;
    }
    AllocaInst *Local = newLocal(Type::getInt64Ty(M.getContext()), "hotline.block");
    LocalCounters[L->getOutermostLoop()].push_back({Local, Counter});
    addToLocal(Local, 1, At);
  }

  void addToLocal(AllocaInst *Local, uint64_t N, Instruction *At) {
    IRBuilder<> B(At);
    Value *Old = B.CreateLoad(B.getInt64Ty(), Local);
    B.CreateStore(B.CreateAdd(Old, B.getInt64(N)), Local);
  }

  // counters[Site] += N, or = max(counters[Site], N), as a marker CounterLowering expands.
  void addToCounter(unsigned Site, Value *N, Instruction *At, uint64_t Hash = CounterMarkerHash) {
    Sites.emitCounterMarker(Site, N, At, Hash);
  }

  void enter(Loop *L, Instruction *At) {
    LoopState &State = Loops[L];
    IRBuilder<> B(At);
    addToCounter(State.Site, B.getInt64(1), At);
    B.CreateStore(B.getInt64(0), State.Trips);
    B.CreateStore(B.getTrue(), State.Active);
    if (!State.WorthTiming)
      return;
    Value *Timed = insertTimedEnter(At, State.Site, Sites, /*KeyBelow=*/1);
    B.SetInsertPoint(At);
    B.CreateStore(Timed, State.Timed);
  }

  // Everything a loop's exit does: its iterations and largest trip count, its timing, and
  // (for an outermost loop) the block counters kept in locals while it ran.
  void leave(Loop *L, Instruction *At, bool PartialIteration) {
    LoopState &State = Loops[L];
    IRBuilder<> B(At);
    Value *Trips = B.CreateLoad(B.getInt64Ty(), State.Trips);
    if (PartialIteration)
      Trips = B.CreateAdd(Trips, B.getInt64(1));
    B.CreateStore(B.getFalse(), State.Active);
    addToCounter(State.Iterations, Trips, At);
    addToCounter(State.MaxTrips, Trips, At, CounterMaxMarkerHash);
    if (!L->getParentLoop())
      for (auto [Local, Counter] : LocalCounters[L]) {
        IRBuilder<> Flush(At);
        addToCounter(Counter, Flush.CreateLoad(Flush.getInt64Ty(), Local), At);
        Flush.CreateStore(Flush.getInt64(0), Local);
      }
    if (!State.WorthTiming)
      return;
    B.SetInsertPoint(At);
    Value *Timed = B.CreateLoad(B.getInt1Ty(), State.Timed);
    B.CreateStore(B.getFalse(), State.Timed);
    insertTimedExit(At, State.Site, Sites, /*KeyBelow=*/1, Timed);
  }

  // A landing pad outside the loop may also be reached from elsewhere: only an unwind out of
  // a running entry of L leaves it.
  void leaveIfActive(Loop *L, Instruction *At) {
    IRBuilder<> B(At);
    Value *Active = B.CreateLoad(B.getInt1Ty(), Loops[L].Active);
    Instruction *Then = SplitBlockAndInsertIfThen(Active, At->getIterator(), /*Unreachable=*/false);
    leave(L, Then, /*PartialIteration=*/true);
  }

  void initializeLocals() {
    IRBuilder<> B(afterAllocas(F));
    for (AllocaInst *Local : NewLocals)
      B.CreateStore(Constant::getNullValue(Local->getAllocatedType()), Local);
  }

  Function &F;
  Module &M;
  SiteTable &Sites;
  LoopInfo &LI;
  bool TimeLoops;
  bool LoopsEnabled = false;
  DenseMap<Loop *, LoopState> Loops;
  DenseMap<Loop *, SmallVector<std::pair<AllocaInst *, unsigned>, 8>>
      LocalCounters; // by outermost loop
  SmallVector<AllocaInst *, 16> NewLocals;
};

} // namespace

// Whether an instruction after Call in its block is on another source line than Call.
static bool otherLineFollows(const CallInst &Call) {
  const DILocation *CallLoc = Call.getDebugLoc().get();
  for (const Instruction *I = Call.getNextNode(); I; I = I->getNextNode())
    if (const DILocation *Loc = I->getDebugLoc().get(); Loc && Loc->getLine() != 0)
      if (!CallLoc || Loc->getLine() != CallLoc->getLine() || Loc->getFile() != CallLoc->getFile())
        return true;
  return false;
}

// Ends a block after each call that may not come back to it once (it may throw, exit or
// longjmp, or it is setjmp, which may come back twice) when other lines follow it there:
// blocks are counted where they start, so the lines after such a call then count the times
// it came back. A throw or exit() written in the function already ends its block. The
// parts keep the block's discriminators, which add-discriminators gave before.
static bool splitAfterCallsThatMayNotReturn(Function &F) {
  SmallVector<Instruction *, 16> Points;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      auto *Call = dyn_cast<CallInst>(&I);
      if (!Call || isRuntimeCall(*Call) || Call->doesNotReturn() || !otherLineFollows(*Call))
        continue;
      if (Call->hasFnAttr(Attribute::ReturnsTwice) || !alwaysGoesOn(*Call))
        Points.push_back(Call->getNextNode());
    }
  for (Instruction *At : Points)
    SplitBlock(At->getParent(), At->getIterator());
  return !Points.empty();
}

// Before each indirect call of F, a call that tells the runtime which function it is about to
// call (call-targets): one CALL_TARGETS site per call, at the call's line and discriminator,
// where `hotline pgo` writes the targets for -fprofile-sample-use's indirect-call promotion.
static void countCallTargets(Function &F, SiteTable &Sites) {
  SmallVector<CallBase *, 8> Calls;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *Call = dyn_cast<CallBase>(&I); Call && Call->isIndirectCall())
        if (const DILocation *Loc = Call->getDebugLoc().get(); Loc && Loc->getLine() != 0)
          Calls.push_back(Call);
  NumCallTargetSites += Calls.size();
  for (CallBase *Call : Calls) {
    const DILocation *Loc = Call->getDebugLoc().get();
    unsigned Site = Sites.addSite(F, HOTLINE_ABI_SITE_CALL_TARGETS, pathOf(*Loc), Loc->getLine(),
                                  Loc->getColumn(), SiteTable::SelfCounter, HOTLINE_ABI_NO_SITE, 0,
                                  0, Loc->getBaseDiscriminator());
    IRBuilder<> B(Call);
    createRuntimeCall(B, callTargetFunction(*F.getParent()),
                      {Sites.emitGlobalId(Site, Call), Call->getCalledOperand()});
  }
}

// The instructions of F that LLVM's inliner charges for, roughly: not the stack traffic that
// SROA removes before the inliner runs, not debug records, unconditional branches, or the
// counters and runtime calls (setNoInlineCost).
static unsigned chargedInstructions(const Function &F) {
  auto OnStack = [](const Value *Pointer) { return isa<AllocaInst>(Pointer->stripPointerCasts()); };
  unsigned Charged = 0;
  for (const Instruction &I : instructions(F)) {
    if (isa<AllocaInst>(I) || isa<DbgInfoIntrinsic>(I) || isa<PHINode>(I))
      continue;
    if (const auto *Load = dyn_cast<LoadInst>(&I); Load && OnStack(Load->getPointerOperand()))
      continue;
    if (const auto *Store = dyn_cast<StoreInst>(&I); Store && OnStack(Store->getPointerOperand()))
      continue;
    if (const auto *Branch = dyn_cast<BranchInst>(&I); Branch && Branch->isUnconditional())
      continue;
    if (const auto *Call = dyn_cast<CallBase>(&I); Call && hasNoInlineCost(*Call))
      continue;
    ++Charged;
  }
  return Charged;
}

// Raises the inliner's threshold for calls of F by what line mode added to it, so that F is
// inlined where the plain build inlines it: a function that stays out of line in one build
// and not in the other moves its lines' time. The inliner takes a threshold bonus from the
// calls it meets in the callee's body ("call-threshold-bonus"), so the bonus rides on the
// first of F's counters and runtime calls: wherever F's body is inlined, they and the bonus
// go with it.
static void keepInliningDecisions(Function &F, unsigned ChargedBefore) {
  unsigned ChargedAfter = chargedInstructions(F);
  if (ChargedAfter <= ChargedBefore)
    return;
  // LLVM charges 5 (InlineConstants::InstrCost) for an instruction, but the simplification
  // passes that run before the inliner weighs F fold some of the instructions counted here
  // (stb's stbi__readval: 20 counted, 16 charged), more in C++ templates: at 3 each, line
  // mode's builds of stb, {fmt}, nlohmann-json and toml++ differ least from the plain builds
  // in which functions stay out of line (46 functions in all, against 68 at 5 and 199
  // without any of this; stb's hot stbiw__zlib_flushf is inlined as in the plain build).
  constexpr unsigned InstructionCost = 3;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallInst>(&I); Call && hasNoInlineCost(*Call)) {
      Call->addFnAttr(
          Attribute::get(F.getContext(), "call-threshold-bonus",
                         std::to_string((ChargedAfter - ChargedBefore) * InstructionCost)));
      return;
    }
}

PreservedAnalyses LinePass::run(Module &M, ModuleAnalysisManager &MAM) {
  SmallPtrSet<const Function *, 8> Annotated = annotatedFunctions(M);
  SmallVector<Function *, 16> Chosen;
  unsigned WithoutDebugInfo = 0;
  for (Function &F : M) {
    if (!isInstrumentable(F, Opts))
      continue;
    // "lines" covers the program's own code, and system headers' only with "system-headers";
    // a function named by lines-include= or [[hotline::lines]] gets its lines wherever it is.
    bool Named = Opts.linesNamed(demangledName(F), F.getName()) || Annotated.contains(&F);
    if (!Named && !(Opts.Lines && (Opts.SystemHeaders || !definedInSystemHeader(F, Opts))))
      continue;
    if (!F.getSubprogram()) {
      ++NumNoDebugInfo;
      // In a module with debug information, functions without it are the compiler's own
      // (static initializers and the like); without any, the user forgot -g.
      if (M.debug_compile_units().empty())
        ++WithoutDebugInfo;
      continue;
    }
    Chosen.push_back(&F);
  }
  if (WithoutDebugInfo > 0)
    warn(M.getContext(), "hotline: line mode needs debug information: compile " +
                             M.getSourceFileName() + " with -g or -gline-tables-only (" +
                             Twine(WithoutDebugInfo) + " functions get no line counts)");
  if (Chosen.empty())
    return PreservedAnalyses::all();

  NumLineFunctions += Chosen.size();
  captureLoopRemarks(M.getContext());
  SiteTable Sites(M);
  FunctionAnalysisManager &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (Function *F : Chosen) {
    unsigned ChargedBefore = chargedInstructions(*F);
    // Number the blocks that share a line as -fprofile-sample-use will (it runs the same pass
    // on the same frontend code before anything else), so that `hotline pgo` can give each
    // block of a line its own count.
    FAM.invalidate(*F, AddDiscriminatorsPass().run(*F, FAM));
    if (splitAfterCallsThatMayNotReturn(*F))
      FAM.invalidate(*F, PreservedAnalyses::none());
    LoopInfo &LI = FAM.getResult<LoopAnalysis>(*F);
    FunctionLines(*F, Sites, LI, Opts.Timing != TimingMode::Off).run();
    if (Opts.CallTargets)
      countCallTargets(*F, Sites);
    keepInliningDecisions(*F, ChargedBefore);
    FAM.invalidate(*F, PreservedAnalyses::none());
  }
  return PreservedAnalyses::none();
}

} // namespace hotline
