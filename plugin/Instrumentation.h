//===- Instrumentation.h - hotline's IR passes and the helpers they share --===//
//
// The passes, in pipeline order, each in its own file: at pipeline start hotline-count,
// hotline-regions, hotline-cuda-sites, hotline-wait-sites and hotline-lines; before the
// vectorizer hotline-loop-counters (after the plain copy's remarks, CompilerFacts.h); after
// the optimizer hotline-functions (timing), hotline-loop-work and hotline-lower-counters
// (Pipeline.cpp). The helpers that several of them use are defined in Instrumentation.cpp.
// Each pass file counts what it decided in statistics named after the pass (DEBUG_TYPE):
// ALWAYS_ENABLED_STATISTIC, since release builds of LLVM compile a plain STATISTIC away;
// `clang -Xclang -print-stats` or `-save-stats` shows them (docs/plugin-options.md).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Options.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/PassManager.h"

#include <string>
#include <vector>

namespace hotline {

// At the start of the pipeline, before inlining (hotline-count): an exact per-thread entry
// counter in every function, which moves with the code when it is inlined. See CountPass.cpp.
class CountPass : public llvm::PassInfoMixin<CountPass> {
public:
  explicit CountPass(Options Opts) : Opts(std::move(Opts)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  Options Opts;
};

// Replaces the counter markers that CountPass left with the per-thread increments and emits
// the module's site table (hotline-lower-counters; the last of hotline's passes, after the
// optimizer and after TimingPass). Build is how the module was built, for its record
// (Pipeline.h's buildDescription; empty in opt -passes=).
class CounterLoweringPass : public llvm::PassInfoMixin<CounterLoweringPass> {
public:
  explicit CounterLoweringPass(std::string Build = "") : Build(std::move(Build)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  std::string Build;
};

// Before the loop vectorizer (hotline-loop-counters): counter markers inside loops become
// sums in registers, added to the counters outside the loop. See LoopCounterPass.cpp.
class LoopCounterPass : public llvm::PassInfoMixin<LoopCounterPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

// The hash operand of hotline's llvm.instrprof.increment(.step) markers ("hotline" in ASCII),
// which tells them apart from clang's own -fprofile-instr-generate counters: the counter is
// incremented by the step. With the second hash ("hotlinm") it takes the maximum of itself
// and the step instead.
inline constexpr uint64_t CounterMarkerHash = 0x686f746c696e65;
inline constexpr uint64_t CounterMaxMarkerHash = 0x686f746c696e6d;

// The metadata kind that marks hotline's own locals (trip and block counters: at -O0 they
// stay in memory) and its loads and stores of counters: not the program's work.
inline constexpr const char *OwnMetadataName = "hotline.own";

// CountPass marks the functions that count-only= and skip= name with these (empty) metadata
// kinds, at pipeline start where the names are still the source's: copies that the optimizer
// makes later (foo.constprop.0, foo.specialized.1) keep the mark, so TimingPass treats
// them as the function they copy.
inline constexpr const char *CountOnlyMetadataName = "hotline.count-only";
inline constexpr const char *SkipMetadataName = "hotline.skip";

// A counter some of whose increments dropImpliedIncrements removed: its count is its own plus
// ImpliedBy's, whose increments stood for them (module-local site ids).
struct ImpliedCount {
  unsigned Counter;
  unsigned ImpliedBy;
};
// Where counters are always bumped together, keeps one increment and drops the others (the
// markers of constant step 1 naming CounterMarker). See ImpliedCounts.cpp.
std::vector<ImpliedCount> dropImpliedIncrements(llvm::Module &M,
                                                const llvm::GlobalVariable *CounterMarker);

// Line mode (hotline-lines, at pipeline start after hotline-count): per-line counters and
// loop sites in the functions chosen for it. See LinePass.cpp.
class LinePass : public llvm::PassInfoMixin<LinePass> {
public:
  explicit LinePass(Options Opts) : Opts(std::move(Opts)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  Options Opts;
};

// Line mode's roofline (hotline-loop-work, after the optimizer, before the counters are
// lowered): the FLOPs and bytes of each loop's blocks. See LoopWorkPass.cpp.
class LoopWorkPass : public llvm::PassInfoMixin<LoopWorkPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

// After the optimizer, or before inlining on request (hotline-functions): times the functions
// that are still real calls and worth timing, with __hotline_enter at entry and
// __hotline_exit on every way out. See TimingPass.cpp.
class TimingPass : public llvm::PassInfoMixin<TimingPass> {
public:
  explicit TimingPass(Options Opts) : Opts(std::move(Opts)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  Options Opts;
};

// [[hotline::region("name")]] functions (hotline-regions, at pipeline start, before inlining so
// that inlined copies keep their region): __hotline_region_begin at entry and
// __hotline_region_end on every way out.
class RegionPass : public llvm::PassInfoMixin<RegionPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

// CUDA host code (hotline-cuda-sites, at pipeline start, before the kernel stubs are inlined):
// __hotline_cuda_site just before each call of a CUDA runtime function, so the runtime tells
// the GPU work by the line that started it. See CudaSitePass.cpp.
class CudaSitePass : public llvm::PassInfoMixin<CudaSitePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

// Calls of the C++ library's out-of-line waits (hotline-wait-sites, at pipeline start):
// __hotline_wait_site before each and __hotline_wait_site_end after, so that the runtime places
// the wait at the program's line. See WaitSitePass.cpp.
class WaitSitePass : public llvm::PassInfoMixin<WaitSitePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

// The helpers below are shared by several passes (Instrumentation.cpp).

class SiteTable;

// Timing one call of a function or one entry of a loop (abi.h __hotline_enter): before At,
// __hotline_enter(site, key) when the site's untimed byte is 0 (returned: whether it was);
// and before each way out, __hotline_exit(site, key), when Timed is true if it is given,
// else when __hotline_open_call_key <= key. The key is the function's call key less KeyBelow
// (1 for a loop). A function passes no Timed, so that nothing of its entry is kept across its
// body; a loop keeps its own (its function's open loops share one key: an untimed inner
// loop would otherwise call the runtime at each exit to find that it is not open).
llvm::Value *insertTimedEnter(llvm::Instruction *At, unsigned Local, SiteTable &Sites,
                              unsigned KeyBelow);
void insertTimedExit(llvm::Instruction *At, unsigned Local, SiteTable &Sites, unsigned KeyBelow,
                     llvm::Value *Timed);

// Every point where a call of F ends, for code that must run then: before each return,
// resume and musttail call, by adding cleanup pads, on unwinding, and with
// BeforeNoReturnCalls, before calls that never return and never unwind (exit, abort,
// longjmp). Changes F's exception handling to make the last possible.
llvm::SmallVector<llvm::Instruction *, 8> waysOut(llvm::Function &F, bool BeforeNoReturnCalls);

// Whether M is GPU device code (NVPTX, AMDGPU, SPIR-V): never instrumented, since the runtime
// does not run there; GPU work is measured through CUPTI.
bool isGpuDeviceCode(const llvm::Module &M);

// Whether F is ours to instrument at all: a definition, not emitted by hotline, not naked,
// not for a GPU, selected by the include/exclude lists, and not skipped.
bool isInstrumentable(const llvm::Function &F, const Options &Opts);

// Whether F is only to be counted (count-only=, by name or by CountPass's mark).
bool isCountOnly(const llvm::Function &F, const Options &Opts);

// Whether F is defined in a system header (Options::SystemHeaderDirs): its debug information
// names a file under a system directory that is not the file being compiled (googletest's
// build names its own source root with -isystem, and gtest_main.cc's main is the program's,
// as it is for clang). A function without debug information is not.
bool definedInSystemHeader(const llvm::Function &F, const Options &Opts);

// Whether a call is an intrinsic or a call into hotline's runtime: not a call of the program.
bool isRuntimeCall(const llvm::CallBase &Call);

// Whether execution always goes on from I to the next instruction: LLVM's answer, except that
// an inline asm statement is taken to go on. LLVM cannot look inside one; asm that traps,
// exits or jumps away is rare, while Eigen puts an asm comment in every step of its kernels.
bool alwaysGoesOn(const llvm::Instruction &I);

// Whether I is one of hotline's counter markers (either hash) naming CounterMarker.
bool isCounterMarker(const llvm::Instruction &I, const llvm::GlobalVariable *CounterMarker);

// The first point of F's entry block after its static allocas, so they stay in the entry
// block where mem2reg and SROA expect them, and after the stores of its arguments into them:
// unoptimized code (-O0) keeps a value that is used past a branch in a stack slot of its
// own, and an argument stored only after hotline's checks would take one. Instrumentation at
// entry goes here.
llvm::Instruction *afterAllocas(llvm::Function &F);

} // namespace hotline
