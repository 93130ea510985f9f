//===- Instrumentation.cpp - Helpers that several of hotline's passes share ===//
#include "Instrumentation.h"

#include "LlvmVersions.h"
#include "RuntimeAbi.h"
#include "SiteTable.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/EscapeEnumerator.h"

using namespace llvm;

namespace hotline {

bool isGpuDeviceCode(const Module &M) {
  Triple T(M.getTargetTriple());
  return T.isNVPTX() || T.isAMDGPU() || T.isSPIRV();
}

bool isInstrumentable(const Function &F, const Options &Opts) {
  if (F.isDeclaration() || F.getName().starts_with(InternalPrefix) ||
      F.hasFnAttribute(Attribute::Naked) ||
      F.hasFnAttribute(Attribute::DisableSanitizerInstrumentation))
    return false;
  if (isGpuDeviceCode(*F.getParent()))
    return false;
  if (F.hasMetadata(SkipMetadataName))
    return false;
  return Opts.selects(demangledName(F), F.getName());
}

bool isCountOnly(const Function &F, const Options &Opts) {
  return F.hasMetadata(CountOnlyMetadataName) || Opts.CountOnly.contains(F.getName());
}

bool definedInSystemHeader(const Function &F, const Options &Opts) {
  const DISubprogram *SP = F.getSubprogram();
  if (!SP || !SP->getFile() || Opts.SystemHeaderDirs.empty())
    return false;
  const DIFile *File = SP->getFile();
  if (!Opts.isSystemHeader(File->getFilename(), File->getDirectory()))
    return false;
  const DIFile *Main = SP->getUnit() ? SP->getUnit()->getFile() : nullptr;
  return !Main || absoluteWithoutDots(File->getFilename(), File->getDirectory()) !=
                      absoluteWithoutDots(Main->getFilename(), Main->getDirectory());
}

bool isRuntimeCall(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  return Callee && (Callee->isIntrinsic() || Callee->getName().starts_with(InternalPrefix));
}

bool alwaysGoesOn(const Instruction &I) {
  if (const auto *Call = dyn_cast<CallInst>(&I); Call && Call->isInlineAsm())
    return true;
  return isGuaranteedToTransferExecutionToSuccessor(&I);
}

bool isCounterMarker(const Instruction &I, const GlobalVariable *CounterMarker) {
  auto *Marker = dyn_cast<InstrProfIncrementInst>(&I);
  if (!Marker || markerNameOf(*Marker) != CounterMarker)
    return false;
  uint64_t Hash = Marker->getHash()->getZExtValue();
  return Hash == CounterMarkerHash || Hash == CounterMaxMarkerHash;
}

Instruction *afterAllocas(Function &F) {
  BasicBlock &Entry = F.getEntryBlock();
  BasicBlock::iterator I = Entry.getFirstInsertionPt();
  while (isa<AllocaInst>(&*I))
    ++I;
  auto StoresArgument = [](const Instruction &I) {
    const auto *Store = dyn_cast<StoreInst>(&I);
    return Store && isa<Argument>(Store->getValueOperand()) &&
           isa<AllocaInst>(Store->getPointerOperand());
  };
  while (StoresArgument(*I) || I->isDebugOrPseudoInst())
    ++I;
  return &*I;
}

SmallVector<Instruction *, 8> waysOut(Function &F, bool BeforeNoReturnCalls) {
  // A landing pad that only catches some types is skipped by the unwinder when none
  // matches; marking every pad as a cleanup makes it stop here, so the code before it runs.
  for (BasicBlock &BB : F)
    if (auto *Pad = dyn_cast<LandingPadInst>(BB.getFirstNonPHIIt()))
      Pad->setCleanup(true);

  // The ways out, all found before any block is split (splitting moves them into new
  // blocks, which the enumerator would visit again). Calls that never return and never
  // unwind (exit, abort, longjmp) come first; then returns, resumes, musttail calls, and
  // (through a cleanup pad added to every call that may throw) unwinding.
  SmallVector<Instruction *, 8> Points;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *Call = dyn_cast<CallInst>(&I); Call && BeforeNoReturnCalls)
        if (Call->doesNotReturn() && Call->doesNotThrow() && !isRuntimeCall(*Call))
          Points.push_back(Call);
  EscapeEnumerator Escapes(F, "hotline.cleanup", /*HandleExceptions=*/true);
  while (IRBuilder<> *AtExit = Escapes.Next())
    Points.push_back(&*AtExit->GetInsertPoint());
  return Points;
}

// The running call's key less Below (1 for a loop: inside its function's call, outside the
// calls it makes), computed at B's insertion point.
static Value *emitKey(IRBuilderBase &B, unsigned Below) {
  Value *Key = emitCallKey(B);
  return Below ? B.CreateConstGEP1_64(B.getInt8Ty(), Key, -int64_t(Below), "hotline.key.below")
               : Key;
}

Value *insertTimedEnter(Instruction *At, unsigned Local, SiteTable &Sites, unsigned KeyBelow) {
  Value *Timed = Sites.emitIsTimed(Local, At);
  Instruction *Then = SplitBlockAndInsertIfThen(Timed, At->getIterator(), /*Unreachable=*/false);
  Then->getParent()->setName("hotline.enter");
  IRBuilder<> B(Then);
  Value *Key = emitKey(B, KeyBelow);
  createRuntimeCall(B, enterFunction(*At->getModule()), {Sites.emitGlobalId(Local, Then), Key});
  return Timed;
}

// The key and the site id are computed again where they are used, so that nothing of the
// entry stays in a register or a stack slot across the body: the frame is the plain one's.
// The call computes the key once more, which the optimizer merges with the check's; at -O0,
// where every value used in another block is kept in a stack slot, it saves one.
void insertTimedExit(Instruction *At, unsigned Local, SiteTable &Sites, unsigned KeyBelow,
                     Value *Timed) {
  Module &M = *At->getModule();
  IRBuilder<> B(At);
  if (!Timed) {
    Value *OpenSlot = B.CreateThreadLocalAddress(openCallKeyVariable(M));
    LoadInst *Open = B.CreateLoad(B.getPtrTy(), OpenSlot, "hotline.open_key");
    Timed = B.CreateICmpULE(Open, emitKey(B, KeyBelow), "hotline.may_be_open");
  }
  Instruction *Then = SplitBlockAndInsertIfThen(Timed, At->getIterator(), /*Unreachable=*/false);
  Then->getParent()->setName("hotline.exit");
  B.SetInsertPoint(Then);
  createRuntimeCall(B, exitFunction(M), {Sites.emitGlobalId(Local, Then), emitKey(B, KeyBelow)});
}

} // namespace hotline
