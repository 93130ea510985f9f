//===- FrontendAction.cpp - The -fplugin= entry: hotline's clang action ---===//
//
// Built into HotlineFrontend.so, which HotlinePlugin.so loads when it finds itself inside
// clang (see HotlinePlugin.cpp). The action runs before the main action, reads the
// -fplugin-arg-hotline-* options, and hands the passes to the code generator's PassBuilder.
//
//===----------------------------------------------------------------------===//
#include "Pipeline.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"

using namespace llvm;

namespace hotline {
namespace {

class HotlineAction : public clang::PluginASTAction {
protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI, StringRef) override {
    CI.getCodeGenOpts().PassBuilderCallbacks.push_back(
        [Opts = Opts](PassBuilder &PB) { registerPipelinePasses(PB, Opts); });
    return std::make_unique<clang::ASTConsumer>();
  }

  bool ParseArgs(const clang::CompilerInstance &CI, const std::vector<std::string> &Args) override {
    if (CI.getCodeGenOpts().hasProfileClangInstr()) {
      // Both would lower llvm.instrprof.increment markers, each expecting only its own.
      clang::DiagnosticsEngine &Diags = CI.getDiagnostics();
      Diags.Report(Diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                         "hotline: cannot be combined with -fprofile-instr-generate"));
      return false;
    }
    for (const std::string &Arg : Args)
      if (Error E = Opts.parse(Arg)) {
        clang::DiagnosticsEngine &Diags = CI.getDiagnostics();
        unsigned ID =
            Diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "hotline: -fplugin-arg-hotline-%0: %1");
        Diags.Report(ID) << Arg << toString(std::move(E));
        return false;
      }
    return true;
  }

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  Options Opts;
};

} // namespace
} // namespace hotline

static clang::FrontendPluginRegistry::Add<hotline::HotlineAction>
    RegisterAction("hotline", "hotline: instrument functions for profiling");
