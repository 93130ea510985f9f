//===- CounterLowering.cpp - Markers to increments; the site table (hotline-lower-counters) ===//
#include "Instrumentation.h"

#include "RuntimeAbi.h"
#include "SiteTable.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

#define DEBUG_TYPE "hotline-lower-counters"

ALWAYS_ENABLED_STATISTIC(NumMarkersLowered, "Counter markers lowered to increments");
ALWAYS_ENABLED_STATISTIC(NumThunks, "Functions given a first-count thunk");

namespace hotline {

// Ends the block at B with `return To(From's arguments)`, a tail call: From and To have one
// signature.
static void returnTailCall(IRBuilder<> &B, Function &From, Function &To) {
  SmallVector<Value *, 8> Args(llvm::make_pointer_range(From.args()));
  CallInst *Call = B.CreateCall(&To, Args);
  Call->setCallingConv(To.getCallingConv());
  Call->setTailCall();
  if (To.getReturnType()->isVoidTy())
    B.CreateRetVoid();
  else
    B.CreateRet(Call);
}

// The thread's first count: __hotline_thread_counters_init, then F again from its start.
// A cold copy of F's signature does this, and F only jumps to it (a tail call), so the
// check costs F a load, a compare and a branch: were the call in F itself, F would save
// registers and set up its stack frame on every call, because the frame has to be set up
// at a point that comes before every call in F (shrink-wrapping cannot move it past the
// check).
static Function *threadStartThunk(Function &F) {
  Module &M = *F.getParent();
  Function *Thunk =
      Function::Create(F.getFunctionType(), GlobalValue::InternalLinkage,
                       std::string(InternalPrefix) + ".first_count." + F.getName(), M);
  Thunk->copyAttributesFrom(&F);
  Thunk->setLinkage(GlobalValue::InternalLinkage);
  Thunk->setVisibility(GlobalValue::DefaultVisibility);
  Thunk->setDSOLocal(true);
  Thunk->setComdat(nullptr);
  if (F.getSection() != HOTLINE_ABI_LIBRARY_CODE_SECTION) // where the runtime looks for F's frames
    Thunk->setSection("");
  Thunk->setPersonalityFn(nullptr);
  Thunk->setPrefixData(nullptr);
  Thunk->setPrologueData(nullptr);
  Thunk->clearMetadata();
  for (Attribute::AttrKind Kind :
       {Attribute::AlwaysInline, Attribute::InlineHint, Attribute::OptimizeNone, Attribute::Hot,
        Attribute::Naked, Attribute::NoRecurse,
        Attribute::Memory}) // the runtime's call writes anything
    Thunk->removeFnAttr(Kind);
  Thunk->addFnAttr(Attribute::NoInline);
  Thunk->addFnAttr(Attribute::Cold);
  Thunk->addFnAttr(Attribute::MinSize);
  Thunk->addFnAttr(Attribute::OptimizeForSize);
  IRBuilder<> B(BasicBlock::Create(M.getContext(), "", Thunk));
  createRuntimeCall(B, threadCountersInitFunction(M));
  returnTailCall(B, *Thunk, F);
  return Thunk;
}

// Whether F can jump to a thunk of its own signature: a plain tail call that passes the
// arguments on as they came. Others call the runtime in place.
static bool canUseThunk(const Function &F) {
  if (F.isVarArg() ||
      (F.getCallingConv() != CallingConv::C && F.getCallingConv() != CallingConv::Fast))
    return false;
  for (const Argument &A : F.args())
    if (A.hasInAllocaAttr() || A.hasPreallocatedAttr() || A.hasSwiftErrorAttr() ||
        A.hasAttribute(Attribute::SwiftSelf) || A.hasAttribute(Attribute::SwiftAsync))
      return false;
  return true;
}

// Once per function, at entry:
//   counters = __hotline_thread_counters;
//   if (!counters) return first_count_thunk(args...);  // or, in place: counters = init();
//   module_counters = counters + module.site_base;
// and at each marker: module_counters[Local] += step, a single add to memory (or, for the
// maximum markers, module_counters[Local] = max(module_counters[Local], step)). Neither value can
// change while the function runs (a thread's array is set once, never back to null; a
// module's base is set when it registers, before its code runs). Returns `counters`, ready
// from At on (F's entry, after its allocas).
static Value *emitThreadCounters(Function &F, Instruction *At) {
  Module &M = *F.getParent();
  LLVMContext &C = M.getContext();
  IRBuilder<> B(At);
  auto *Ptr = PointerType::getUnqual(C);
  Value *Slot = B.CreateThreadLocalAddress(threadCountersVariable(M));
  LoadInst *Counters = B.CreateLoad(Ptr, Slot, "hotline.counters");
  Value *IsNull = B.CreateIsNull(Counters);
  MDNode *Unlikely = MDBuilder(C).createUnlikelyBranchWeights();
  if (canUseThunk(F)) {
    Instruction *FirstCountTerm =
        SplitBlockAndInsertIfThen(IsNull, At, /*Unreachable=*/true, Unlikely);
    B.SetInsertPoint(FirstCountTerm);
    returnTailCall(B, F, *threadStartThunk(F));
    ++NumThunks;
    F.removeFnAttr(Attribute::NoRecurse); // F -> thunk -> F
    FirstCountTerm->eraseFromParent();
    return Counters;
  }
  Instruction *InitTerm = SplitBlockAndInsertIfThen(IsNull, At, /*Unreachable=*/false, Unlikely);
  B.SetInsertPoint(InitTerm);
  CallInst *Initialized =
      createRuntimeCall(B, threadCountersInitFunction(M), {}, "hotline.counters.init");
  B.SetInsertPoint(At);
  PHINode *Phi = B.CreatePHI(Ptr, 2, "hotline.counters.ready");
  Phi->addIncoming(Counters, Counters->getParent());
  Phi->addIncoming(Initialized, InitTerm->getParent());
  return Phi;
}

static Value *emitModuleCounters(Instruction *At, Value *Counters, SiteTable &Sites) {
  Value *Base = Sites.emitSiteBase(At);
  IRBuilder<> B(At);
  return B.CreateInBoundsGEP(B.getInt64Ty(), Counters, B.CreateZExt(Base, B.getInt64Ty()),
                             "hotline.module_counters");
}

// Unoptimized code (-O0) keeps every value that one block computes for another in a stack
// slot of its own. There, the entry only makes sure the thread has its array:
//   if (!__hotline_thread_counters) init();
// (no thunk, which would keep the arguments for it), and each marker reads the array and the
// module's base again, so that counting adds no slot to the frame.
static void emitThreadCountersReady(Function &F, Instruction *At) {
  Module &M = *F.getParent();
  IRBuilder<> B(At);
  Value *Slot = B.CreateThreadLocalAddress(threadCountersVariable(M));
  Value *IsNull = B.CreateIsNull(B.CreateLoad(B.getPtrTy(), Slot, "hotline.counters"));
  MDNode *Unlikely = MDBuilder(F.getContext()).createUnlikelyBranchWeights();
  Instruction *InitTerm = SplitBlockAndInsertIfThen(IsNull, At, /*Unreachable=*/false, Unlikely);
  B.SetInsertPoint(InitTerm);
  createRuntimeCall(B, threadCountersInitFunction(M));
}

static Value *emitModuleCountersHere(Instruction *At, SiteTable &Sites) {
  IRBuilder<> B(At);
  Module &M = *At->getModule();
  Value *Slot = B.CreateThreadLocalAddress(threadCountersVariable(M));
  return emitModuleCounters(At, B.CreateLoad(B.getPtrTy(), Slot, "hotline.counters"), Sites);
}

static void lowerMarker(InstrProfIncrementInst &Marker, Value *ModuleCounters,
                        MDNode *CounterScope) {
  IRBuilder<> B(&Marker);
  uint64_t Local = Marker.getIndex()->getZExtValue();
  Value *Counter = B.CreateConstInBoundsGEP1_64(B.getInt64Ty(), ModuleCounters, Local);
  LoadInst *Old = B.CreateLoad(B.getInt64Ty(), Counter, "hotline.count");
  Value *Step = Marker.getStep();
  Value *Updated = Marker.getHash()->getZExtValue() == CounterMaxMarkerHash
                       ? B.CreateBinaryIntrinsic(Intrinsic::umax, Old, Step)
                       : B.CreateAdd(Old, Step);
  StoreInst *New = B.CreateStore(Updated, Counter);
  MDNode *Own = MDNode::get(Marker.getContext(), {});
  for (Instruction *Access : {static_cast<Instruction *>(Old), static_cast<Instruction *>(New)}) {
    Access->setMetadata(LLVMContext::MD_alias_scope, CounterScope);
    Access->setMetadata(OwnMetadataName, Own);
  }
  Marker.eraseFromParent();
}

// Only hotline's increments touch the counter array, so every other load and store in the
// function is marked as not aliasing it. That lets LICM keep a counter that is bumped in a
// hot loop in a register and store it once at the loop's exits. Calls are not marked: the
// callee may bump counters too (a recursive call bumps this very one).
static void markOtherAccessesNoAlias(Function &F, MDNode *CounterScope) {
  for (Instruction &I : instructions(F)) {
    if (!I.mayReadOrWriteMemory() || isa<CallBase>(I) ||
        I.getMetadata(LLVMContext::MD_alias_scope) == CounterScope)
      continue;
    I.setMetadata(LLVMContext::MD_noalias,
                  MDNode::concatenate(I.getMetadata(LLVMContext::MD_noalias), CounterScope));
  }
}

// Lowers F's markers; returns whether it had any.
static bool lowerMarkersIn(Function &F, SiteTable &Sites, GlobalVariable *CounterMarker) {
  SmallVector<InstrProfIncrementInst *, 16> Markers;
  for (Instruction &I : instructions(F))
    if (isCounterMarker(I, CounterMarker))
      Markers.push_back(cast<InstrProfIncrementInst>(&I));
  if (Markers.empty())
    return false;
  MDBuilder MDB(F.getContext());
  MDNode *Domain = MDB.createAnonymousAliasScopeDomain("hotline.counters");
  MDNode *CounterScope =
      MDNode::get(F.getContext(), {MDB.createAnonymousAliasScope(Domain, "hotline.counter")});
  Instruction *Entry = afterAllocas(F);
  bool Unoptimized = F.hasOptNone();
  Value *ModuleCounters = nullptr;
  if (Unoptimized)
    emitThreadCountersReady(F, Entry);
  else
    ModuleCounters = emitModuleCounters(Entry, emitThreadCounters(F, Entry), Sites);
  NumMarkersLowered += Markers.size();
  for (InstrProfIncrementInst *Marker : Markers)
    lowerMarker(*Marker, Unoptimized ? emitModuleCountersHere(Marker, Sites) : ModuleCounters,
                CounterScope);
  markOtherAccessesNoAlias(F, CounterScope);
  return true;
}

// Markers touch only memory the program cannot see (SiteTable::emitCounterMarker), and the
// optimizer inferred function attributes from that: a function that only counts was found to
// write nothing but inaccessible memory. Lowered, it writes the counter array: every function
// that may write inaccessible memory (it counts, or calls something that does) may now also
// write other memory, so that nothing after this moves a counter's load or store across it.
static bool widenMemoryEffects(Module &M) {
  bool Changed = false;
  for (Function &F : M) {
    MemoryEffects Effects = F.getMemoryEffects();
    if (!isModSet(Effects.getModRef(IRMemLocation::InaccessibleMem)) ||
        isModAndRefSet(Effects.getModRef(IRMemLocation::Other)))
      continue;
    F.setMemoryEffects(Effects | MemoryEffects(IRMemLocation::Other, ModRefInfo::ModRef));
    Changed = true;
  }
  return Changed;
}

PreservedAnalyses CounterLoweringPass::run(Module &M, ModuleAnalysisManager &) {
  SiteTable Sites(M);
  GlobalVariable *CounterMarker =
      M.getGlobalVariable(SiteTable::CounterMarkerName, /*AllowInternal=*/true);
  std::vector<ImpliedCount> Implied = dropImpliedIncrements(M, CounterMarker);
  Sites.addImpliedCounts(Implied);
  bool Changed = !Implied.empty();
  for (Function &F : M)
    Changed |= lowerMarkersIn(F, Sites, CounterMarker);
  if (CounterMarker)
    Changed |= widenMemoryEffects(M);
  if (CounterMarker && CounterMarker->use_empty()) {
    CounterMarker->eraseFromParent();
    Changed = true;
  }
  // The site table is built once, here at the end, from what the passes numbered.
  if (Sites.finalize(Build))
    Changed = true;
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hotline
