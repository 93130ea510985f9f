//===- FrontendAction.cpp - The -fplugin= entry: hotline's clang action ---===//
//
// Built into HotlineFrontend.so, which HotlinePlugin.so loads when it finds itself inside
// clang (see HotlinePlugin.cpp). The action runs before the main action, reads the
// -fplugin-arg-hotline-* options, and hands the passes to the code generator's PassBuilder.
//
//===----------------------------------------------------------------------===//
#include "Annotations.h"
#include "Pipeline.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"
#include "llvm/Support/Path.h"

using namespace llvm;

// Set once the action has handed clang the passes. HotlinePasses.so reads it (this file is
// loaded RTLD_GLOBAL; PassPluginInfo.cpp) to tell whether it must add them itself: Clang 19 loads
// -fpass-plugin= files only when code generation starts, too late for this action to run.
extern "C" __attribute__((visibility("default"))) bool hotline_frontend_added_passes = false;

namespace hotline {
namespace {

class HotlineAction : public clang::PluginASTAction {
protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI,
                                                        StringRef) override {
    addSystemHeaderDirs(CI);
    CI.getCodeGenOpts().PassBuilderCallbacks.push_back(
        [Opts = Opts](PassBuilder &PB) { registerPipelinePasses(PB, Opts); });
    hotline_frontend_added_passes = true;
    return std::make_unique<clang::ASTConsumer>();
  }

  bool ParseArgs(const clang::CompilerInstance &CI, const std::vector<std::string> &Args) override {
    if (CI.getCodeGenOpts().hasProfileClangInstr()) {
      // Both would lower llvm.instrprof.increment markers, each expecting only its own.
      clang::DiagnosticsEngine &Diags = CI.getDiagnostics();
      Diags.Report(
          Diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                "hotline: cannot be combined with -fprofile-instr-generate"));
      return false;
    }
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
  // The directories whose headers clang treats as system headers: the driver's standard
  // library and C library directories, the compiler's own, and -isystem ones.
  void addSystemHeaderDirs(const clang::CompilerInstance &CI) {
    const clang::HeaderSearchOptions &Search = CI.getHeaderSearchOpts();
    StringRef WorkingDir = CI.getFileSystemOpts().WorkingDir;
    for (const clang::HeaderSearchOptions::Entry &E : Search.UserEntries) {
      if (E.Group == clang::frontend::Quoted || E.Group == clang::frontend::Angled ||
          E.Group == clang::frontend::After)
        continue;
      if (!E.IgnoreSysRoot && Search.Sysroot != "/" && sys::path::is_absolute(E.Path))
        Opts.addSystemHeaderDir(Search.Sysroot + E.Path, WorkingDir);
      else
        Opts.addSystemHeaderDir(E.Path, WorkingDir);
    }
  }

  Options Opts;
};

// An attribute of hotline's that only applies to functions: elsewhere it warns and is ignored.
struct FunctionAttribute : public clang::ParsedAttrInfo {
  bool diagAppertainsToDecl(clang::Sema &S, const clang::ParsedAttr &Attr,
                            const clang::Decl *D) const override {
    if (isa<clang::FunctionDecl>(D))
      return true;
    S.Diag(Attr.getLoc(), clang::diag::warn_attribute_wrong_decl_type_str)
        << Attr << Attr.isRegularKeywordAttribute() << "functions";
    return false;
  }
};

// [[hotline::lines]] (also __attribute__((hotline_lines))) on a function turns on line mode for
// it alone. The attribute becomes an annotation that LinePass looks for in the IR.
struct LinesAttribute : public FunctionAttribute {
  LinesAttribute() {
    static constexpr Spelling Spellings[] = {{clang::ParsedAttr::AS_CXX11, "hotline::lines"},
                                             {clang::ParsedAttr::AS_C23, "hotline::lines"},
                                             {clang::ParsedAttr::AS_GNU, "hotline_lines"}};
    this->Spellings = Spellings;
  }

  AttrHandling handleDeclAttribute(clang::Sema &S, clang::Decl *D,
                                   const clang::ParsedAttr &Attr) const override {
    D->addAttr(
        clang::AnnotateAttr::Create(S.Context, LinesAnnotation, nullptr, 0, Attr.getRange()));
    return AttributeApplied;
  }
};

// [[hotline::region("name")]] (also __attribute__((hotline_region("name")))) on a function makes
// each of its calls a region of that name. The attribute becomes an annotation carrying the
// name, which RegionPass looks for in the IR.
struct RegionAttribute : public FunctionAttribute {
  RegionAttribute() {
    static constexpr Spelling Spellings[] = {{clang::ParsedAttr::AS_CXX11, "hotline::region"},
                                             {clang::ParsedAttr::AS_C23, "hotline::region"},
                                             {clang::ParsedAttr::AS_GNU, "hotline_region"},
                                             // Clang 22 parses the arguments of a scoped
                                             // attribute only when a plugin has a spelling
                                             // equal to its unscoped name (hasAttribute
                                             // compares the name without its scope):
                                             {clang::ParsedAttr::AS_CXX11, "region"},
                                             {clang::ParsedAttr::AS_C23, "region"}};
    this->Spellings = Spellings;
    OptArgs = 15; // counted below, for a message that says what the argument is
  }

  AttrHandling handleDeclAttribute(clang::Sema &S, clang::Decl *D,
                                   const clang::ParsedAttr &Attr) const override {
    const clang::StringLiteral *Name = nullptr;
    if (Attr.getNumArgs() == 1 && Attr.isArgExpr(0))
      Name = dyn_cast<clang::StringLiteral>(Attr.getArgAsExpr(0)->IgnoreParenCasts());
    if (!Name || !Name->isOrdinary() || Name->getString().empty() ||
        Name->getString().contains('\0')) {
      unsigned ID = S.getDiagnostics().getCustomDiagID(
          clang::DiagnosticsEngine::Error,
          "hotline: the region attribute takes one argument, a non-empty string literal naming "
          "the region, as in [[hotline::region(\"data_loading\")]]");
      S.Diag(Attr.getLoc(), ID);
      return AttributeNotApplied;
    }
    std::string Annotation = std::string(RegionAnnotationPrefix) + Name->getString().str();
    D->addAttr(clang::AnnotateAttr::Create(S.Context, Annotation, nullptr, 0, Attr.getRange()));
    return AttributeApplied;
  }
};

} // namespace
} // namespace hotline

static clang::FrontendPluginRegistry::Add<hotline::HotlineAction>
    RegisterAction("hotline", "hotline: instrument functions for profiling");
static clang::ParsedAttrInfoRegistry::Add<hotline::LinesAttribute>
    RegisterLinesAttribute("hotline_lines", "hotline: line mode for one function");
static clang::ParsedAttrInfoRegistry::Add<hotline::RegionAttribute>
    RegisterRegionAttribute("hotline_region", "hotline: a function that is a region");
