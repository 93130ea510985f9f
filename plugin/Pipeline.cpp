//===- Pipeline.cpp - Registering hotline's passes ------------------------===//
#include "Pipeline.h"

#include "CompilerFacts.h"
#include "Instrumentation.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Transforms/Scalar/IndVarSimplify.h"
#include "llvm/Transforms/Scalar/LICM.h"

using namespace llvm;

namespace hotline {

std::string buildDescription(const Options &Opts, OptimizationLevel Level) {
  std::string Text = "clang " LLVM_VERSION_STRING ", -O";
  if (Level == OptimizationLevel::Os)
    Text += "s";
  else if (Level == OptimizationLevel::Oz)
    Text += "z";
  else
    Text += std::to_string(Level.getSpeedupLevel()); // -Og and -O1 are O1, -Ofast is O3
  if (std::string Described = Opts.describe(); !Described.empty())
    Text += ", hotline: " + Described;
  return Text;
}

void registerPipelinePasses(PassBuilder &PB, const Options &Opts) {
  PB.registerPipelineStartEPCallback([Opts](ModulePassManager &MPM, OptimizationLevel) {
    MPM.addPass(CountPass(Opts));
    MPM.addPass(RegionPass());
    MPM.addPass(CudaSitePass());
    MPM.addPass(WaitSitePass());
    MPM.addPass(LinePass(Opts));
    if (Opts.Timing == TimingMode::BeforeInlining)
      MPM.addPass(TimingPass(Opts));
  });
  PB.registerVectorizerStartEPCallback([](FunctionPassManager &FPM, OptimizationLevel Level) {
    // The vectorizer runs from -O2 on (clang's default): only then are there reasons to give.
    if (Level.getSpeedupLevel() >= 2)
      FPM.addPass(PlainVectorizerRemarksPass());
    FPM.addPass(LoopCounterPass());
    // A sum bumped once per iteration is an induction: its value at the exit is computed
    // from the trip count instead, and it leaves the loop before the vectorizer sees it.
    FPM.addPass(createFunctionToLoopPassAdaptor(IndVarSimplifyPass()));
  });
  // LLVM 20 added the LTO phase as a third argument: `auto...` takes it or nothing.
  PB.registerOptimizerLastEPCallback(
      [Opts](ModulePassManager &MPM, OptimizationLevel Level, auto...) {
        if (Opts.Timing == TimingMode::AfterInlining)
          MPM.addPass(TimingPass(Opts));
        MPM.addPass(LoopWorkPass());
        MPM.addPass(CounterLoweringPass(buildDescription(Opts, Level)));
        // Counters bumped inside loops are kept in registers and stored at the loop exits.
        if (Level != OptimizationLevel::O0)
          MPM.addPass(createModuleToFunctionPassAdaptor(
              createFunctionToLoopPassAdaptor(LICMPass(LICMOptions()), /*UseMemorySSA=*/true)));
      });
}

bool parsePipelineElement(StringRef Name, ModulePassManager &MPM) {
  if (Name == "hotline-lower-counters") {
    MPM.addPass(CounterLoweringPass());
    return true;
  }
  if (Name == "hotline-loop-counters") {
    MPM.addPass(createModuleToFunctionPassAdaptor(LoopCounterPass()));
    return true;
  }
  if (Name == "hotline-regions") {
    MPM.addPass(RegionPass());
    return true;
  }
  if (Name == "hotline-cuda-sites") {
    MPM.addPass(CudaSitePass());
    return true;
  }
  if (Name == "hotline-wait-sites") {
    MPM.addPass(WaitSitePass());
    return true;
  }
  if (Name == "hotline-loop-work") {
    MPM.addPass(LoopWorkPass());
    return true;
  }
  for (StringRef Pass : {"hotline-count", "hotline-lines", "hotline-functions"}) {
    if (!Name.consume_front(Pass))
      continue;
    Options Opts;
    if (!Name.empty()) {
      if (!Name.consume_front("<") || !Name.consume_back(">"))
        return false;
      if (Error E = Opts.parseList(Name)) {
        errs() << "hotline: " << Pass << ": " << toString(std::move(E)) << "\n";
        return false;
      }
    }
    if (Pass == "hotline-count")
      MPM.addPass(CountPass(Opts));
    else if (Pass == "hotline-lines")
      MPM.addPass(LinePass(Opts));
    else
      MPM.addPass(TimingPass(Opts));
    return true;
  }
  return false;
}

} // namespace hotline
