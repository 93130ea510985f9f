//===- HotlinePlugin.cpp - How hotline gets into clang and opt ------------===//
//
// -fplugin=HotlinePlugin.so: a frontend action that runs before the main action, reads the
// -fplugin-arg-hotline-* options, and registers the IR passes through the code generator's
// PassBuilder callbacks. -fpass-plugin= and opt -load-pass-plugin reach the same passes
// through llvmGetPassPluginInfo.
//
//===----------------------------------------------------------------------===//
#include "Instrumentation.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

using namespace llvm;

namespace hotline {
namespace {

// Adds hotline's passes at the points of the pipeline where they belong.
void registerPipelinePasses(PassBuilder &PB, const Options &Opts) {
  PB.registerPipelineStartEPCallback([Opts](ModulePassManager &MPM, OptimizationLevel) {
    MPM.addPass(CountPass(Opts));
    if (Opts.Timing == TimingMode::BeforeInlining)
      MPM.addPass(TimingPass(Opts));
  });
  if (Opts.Timing == TimingMode::AfterInlining)
    PB.registerOptimizerLastEPCallback(
        [Opts](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) { MPM.addPass(TimingPass(Opts)); });
}

class HotlineAction : public clang::PluginASTAction {
protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI, StringRef) override {
    CI.getCodeGenOpts().PassBuilderCallbacks.push_back(
        [Opts = Opts](PassBuilder &PB) { registerPipelinePasses(PB, Opts); });
    return std::make_unique<clang::ASTConsumer>();
  }

  bool ParseArgs(const clang::CompilerInstance &CI, const std::vector<std::string> &Args) override {
    for (const std::string &Arg : Args)
      if (Error E = Opts.parse(Arg)) {
        clang::DiagnosticsEngine &Diags = CI.getDiagnostics();
        unsigned ID = Diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                            "hotline: -fplugin-arg-hotline-%0: %1");
        Diags.Report(ID) << Arg << toString(std::move(E));
        return false;
      }
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  Options Opts;
};

// opt -passes='hotline-count' / 'hotline-functions<min-instructions=0;include=^f>'
bool parsePipelineElement(StringRef Name, ModulePassManager &MPM) {
  for (StringRef Pass : {"hotline-count", "hotline-functions"}) {
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
    if (Pass == StringRef("hotline-count"))
      MPM.addPass(CountPass(Opts));
    else
      MPM.addPass(TimingPass(Opts));
    return true;
  }
  return false;
}

} // namespace
} // namespace hotline

static clang::FrontendPluginRegistry::Add<hotline::HotlineAction>
    RegisterAction("hotline", "hotline: instrument functions for profiling");

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "hotline", "0.1.0", [](PassBuilder &PB) {
            PB.registerPipelineParsingCallback(
                [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
                  return hotline::parsePipelineElement(Name, MPM);
                });
            // -fpass-plugin=: the same passes as -fplugin=, with default options.
            hotline::registerPipelinePasses(PB, hotline::Options());
          }};
}
