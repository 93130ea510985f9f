//===- CountPass.cpp - Exact per-thread entry counters (hotline-count) ----===//
#include "Instrumentation.h"

#include "RuntimeAbi.h"
#include "SiteTable.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace hotline {

bool isGpuDeviceCode(const Module &M) {
  Triple T(M.getTargetTriple());
  return T.isNVPTX() || T.isAMDGPU() || T.isSPIRV();
}

bool isInstrumentable(const Function &F, const Options &Opts) {
  if (F.isDeclaration() || F.getName().starts_with(InternalPrefix) || F.hasFnAttribute(Attribute::Naked) ||
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

// Marks the functions that skip= and count-only= name (see CountOnlyMetadataName).
static void markNamedFunctions(Module &M, const Options &Opts) {
  if (Opts.Skip.empty() && Opts.CountOnly.empty())
    return;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (Opts.Skip.contains(F.getName()))
      F.setMetadata(SkipMetadataName, MDNode::get(M.getContext(), {}));
    else if (Opts.CountOnly.contains(F.getName()))
      F.setMetadata(CountOnlyMetadataName, MDNode::get(M.getContext(), {}));
  }
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

// Marks, as skipped, the functions defined in system headers that have no loop. Done at
// pipeline start, before inlining, so that every pass agrees.
static void skipSystemHeaderFunctions(Module &M, const Options &Opts) {
  if (Opts.SystemHeaders)
    return;
  SmallVector<std::pair<const BasicBlock *, const BasicBlock *>, 4> Backedges;
  for (Function &F : M) {
    if (F.isDeclaration() || F.hasMetadata(SkipMetadataName) || !definedInSystemHeader(F, Opts))
      continue;
    Backedges.clear();
    FindFunctionBackedges(F, Backedges);
    if (Backedges.empty())
      F.setMetadata(SkipMetadataName, MDNode::get(M.getContext(), {}));
  }
}

// Moves the functions defined in system headers into the library-code section (ELF only),
// whether or not they are instrumented: the runtime places an allocation or I/O call made in
// them at the program's line that called them (abi.h, library_code_start). A function the
// source put in a section of its own keeps it.
static void placeSystemHeaderFunctions(Module &M, const Options &Opts) {
  if (!Triple(M.getTargetTriple()).isOSBinFormatELF() || isGpuDeviceCode(M))
    return;
  for (Function &F : M)
    if (!F.isDeclaration() && !F.hasSection() && definedInSystemHeader(F, Opts))
      F.setSection(HOTLINE_ABI_LIBRARY_CODE_SECTION);
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

Instruction *afterAllocas(Function &F) {
  BasicBlock &Entry = F.getEntryBlock();
  BasicBlock::iterator I = Entry.getFirstInsertionPt();
  while (isa<AllocaInst>(&*I))
    ++I;
  auto StoresArgument = [](const Instruction &I) {
    const auto *Store = dyn_cast<StoreInst>(&I);
    return Store && isa<Argument>(Store->getValueOperand()) && isa<AllocaInst>(Store->getPointerOperand());
  };
  while (StoresArgument(*I) || I->isDebugOrPseudoInst())
    ++I;
  return &*I;
}

// At pipeline start a counter is one llvm.instrprof.increment.step call naming this module's
// counter marker: the inliner costs it as one instruction (the lowered sequence would look ten times
// bigger and stop small functions from being inlined), and it moves with the code it counts.
// CounterLoweringPass turns it into the real increment after the optimizer.
// It has no source line: counting is not the program's work (the marker would otherwise take
// the line of the first statement after it).
static void insertCounter(Function &F, unsigned Local, SiteTable &Sites) {
  CallInst *Marker = Sites.emitCounterMarker(Local, ConstantInt::get(Type::getInt64Ty(F.getContext()), 1),
                                             afterAllocas(F), CounterMarkerHash);
  Marker->setDebugLoc(DebugLoc());
}

PreservedAnalyses CountPass::run(Module &M, ModuleAnalysisManager &) {
  markNamedFunctions(M, Opts);
  skipSystemHeaderFunctions(M, Opts);
  placeSystemHeaderFunctions(M, Opts);
  SiteTable Sites(M);
  bool Changed = false;
  for (Function &F : M) {
    if (!isInstrumentable(F, Opts))
      continue;
    insertCounter(F, Sites.siteFor(F), Sites);
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hotline
