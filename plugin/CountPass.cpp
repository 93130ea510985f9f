//===- CountPass.cpp - Exact per-thread entry counters (hotline-count) ----===//
//
// Also marks, for every later pass, the functions that skip= and count-only= name and the
// loopless functions of system headers, and moves system headers' functions into the
// library-code section.
//
//===----------------------------------------------------------------------===//
#include "Instrumentation.h"

#include "RuntimeAbi.h"
#include "SiteTable.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/IR/Instructions.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

#define DEBUG_TYPE "hotline-count"

ALWAYS_ENABLED_STATISTIC(NumCounted, "Functions counted");
ALWAYS_ENABLED_STATISTIC(NumNotCounted,
                         "Functions not counted (skipped, excluded, naked, GPU code)");
ALWAYS_ENABLED_STATISTIC(NumSkippedByName, "Functions skipped: named by skip=");
ALWAYS_ENABLED_STATISTIC(NumCountOnlyByName, "Functions marked count-only: named by count-only=");
ALWAYS_ENABLED_STATISTIC(NumSkippedSystemHeader,
                         "Functions skipped: in a system header, without a loop");
ALWAYS_ENABLED_STATISTIC(NumLibraryCode, "Functions moved into the library-code section");

namespace hotline {

// Marks the functions that skip= and count-only= name (see CountOnlyMetadataName).
static void markNamedFunctions(Module &M, const Options &Opts) {
  if (Opts.Skip.empty() && Opts.CountOnly.empty())
    return;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (Opts.Skip.contains(F.getName())) {
      F.setMetadata(SkipMetadataName, MDNode::get(M.getContext(), {}));
      ++NumSkippedByName;
    } else if (Opts.CountOnly.contains(F.getName())) {
      F.setMetadata(CountOnlyMetadataName, MDNode::get(M.getContext(), {}));
      ++NumCountOnlyByName;
    }
  }
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
    if (Backedges.empty()) {
      F.setMetadata(SkipMetadataName, MDNode::get(M.getContext(), {}));
      ++NumSkippedSystemHeader;
    }
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
    if (!F.isDeclaration() && !F.hasSection() && definedInSystemHeader(F, Opts)) {
      F.setSection(HOTLINE_ABI_LIBRARY_CODE_SECTION);
      ++NumLibraryCode;
    }
}

// At pipeline start a counter is one llvm.instrprof.increment.step call naming this module's
// counter marker: the inliner costs it as one instruction (the lowered sequence would look ten
// times bigger and stop small functions from being inlined), and it moves with the code it counts.
// CounterLoweringPass turns it into the real increment after the optimizer.
// It has no source line: counting is not the program's work (the marker would otherwise take
// the line of the first statement after it).
static void insertCounter(Function &F, unsigned Local, SiteTable &Sites) {
  CallInst *Marker =
      Sites.emitCounterMarker(Local, ConstantInt::get(Type::getInt64Ty(F.getContext()), 1),
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
    if (!isInstrumentable(F, Opts)) {
      if (!F.isDeclaration() && !F.getName().starts_with(InternalPrefix))
        ++NumNotCounted;
      continue;
    }
    insertCounter(F, Sites.siteFor(F), Sites);
    ++NumCounted;
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hotline
