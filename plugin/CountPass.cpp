//===- CountPass.cpp - Exact per-thread entry counters (hotline-count) ----===//
#include "Instrumentation.h"

#include "RuntimeAbi.h"
#include "SiteTable.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace hotline {

bool isInstrumentable(const Function &F, const Options &Opts) {
  if (F.isDeclaration() || F.getName().starts_with(InternalPrefix) || F.hasFnAttribute(Attribute::Naked) ||
      F.hasFnAttribute(Attribute::DisableSanitizerInstrumentation))
    return false;
  Triple T(F.getParent()->getTargetTriple());
  if (T.isNVPTX() || T.isAMDGPU() || T.isSPIRV())
    return false; // device code: GPU work is measured through CUPTI, not here
  return Opts.selects(demangledName(F), F.getName());
}

// The first point of the entry block after its static allocas, so they stay in the entry
// block where mem2reg and SROA expect them.
static Instruction *afterAllocas(Function &F) {
  BasicBlock &Entry = F.getEntryBlock();
  BasicBlock::iterator I = Entry.getFirstInsertionPt();
  while (isa<AllocaInst>(&*I))
    ++I;
  return &*I;
}

// counters = __hotline_thread_counters ?: __hotline_thread_counters_init();
// counters[module.site_base + Local] += 1;
static void insertCounter(Function &F, unsigned Local, SiteTable &Sites) {
  Module &M = *F.getParent();
  LLVMContext &C = M.getContext();
  Instruction *At = afterAllocas(F);
  IRBuilder<> B(At);
  auto *Ptr = PointerType::getUnqual(C);
  Value *Slot = B.CreateThreadLocalAddress(threadCountersVariable(M));
  LoadInst *Counters = B.CreateLoad(Ptr, Slot, "hotline.counters");
  Value *IsNull = B.CreateIsNull(Counters);
  Instruction *InitTerm = SplitBlockAndInsertIfThen(IsNull, At, /*Unreachable=*/false,
                                                    MDBuilder(C).createUnlikelyBranchWeights());
  B.SetInsertPoint(InitTerm);
  CallInst *Initialized = B.CreateCall(threadCountersInitFunction(M), {}, "hotline.counters.init");
  B.SetInsertPoint(At);
  PHINode *Array = B.CreatePHI(Ptr, 2, "hotline.counters.ready");
  Array->addIncoming(Counters, Counters->getParent());
  Array->addIncoming(Initialized, InitTerm->getParent());
  Value *Id = Sites.emitGlobalId(Local, At);
  B.SetInsertPoint(At);
  Value *Counter = B.CreateInBoundsGEP(B.getInt64Ty(), Array, B.CreateZExt(Id, B.getInt64Ty()));
  Value *Old = B.CreateLoad(B.getInt64Ty(), Counter, "hotline.count");
  B.CreateStore(B.CreateAdd(Old, B.getInt64(1)), Counter);
}

PreservedAnalyses CountPass::run(Module &M, ModuleAnalysisManager &) {
  SiteTable Sites(M);
  bool Changed = false;
  for (Function &F : M) {
    if (!isInstrumentable(F, Opts))
      continue;
    insertCounter(F, Sites.siteFor(F), Sites);
    Changed = true;
  }
  if (!Changed)
    return PreservedAnalyses::all();
  Sites.finalize();
  return PreservedAnalyses::none();
}

} // namespace hotline
