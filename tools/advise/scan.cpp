// Parses the translation units that hold hot places with Clang's tooling library, finds the
// hot functions (file, line, linkage name) and hot loops (file, first line, column) in their
// ASTs, and runs the checks on those bodies and statements only.
#include "scan.h"

#include "analysis/symbolizer.h"
#include "checks/check.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/Mangle.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Tooling/ArgumentsAdjusters.h>
#include <clang/Tooling/JSONCompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <tuple>

#ifndef HOTLINE_CLANG_RESOURCE_DIR
#error "HOTLINE_CLANG_RESOURCE_DIR must come from the build: the builtin headers of this Clang"
#endif

namespace hotline::advise {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

bool starts_with(const std::string &text, const char *prefix) { return text.rfind(prefix, 0) == 0; }

// What a profiling build adds that parsing must not do (load the hotline plugin, write -MJ
// fragments), and the compiler's own resource directory: the builtin headers must be those
// of the Clang that parses.
tooling::CommandLineArguments strip_arguments(const tooling::CommandLineArguments &args,
                                              llvm::StringRef) {
  tooling::CommandLineArguments kept;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (arg == "-MJ" || arg == "-resource-dir") {
      ++i;
      continue;
    }
    if (starts_with(arg, "-fplugin=") || starts_with(arg, "-fplugin-arg-") ||
        starts_with(arg, "-fpass-plugin=") || starts_with(arg, "-resource-dir=") ||
        starts_with(arg, "-MJ"))
      continue;
    kept.push_back(arg);
  }
  return kept;
}

// Keeps the first error, to say in one line why a unit did not parse; prints nothing.
class FirstError : public DiagnosticConsumer {
public:
  std::string first;

  void HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < DiagnosticsEngine::Error || !first.empty())
      return;
    llvm::SmallString<256> text;
    info.FormatDiagnostic(text);
    first = std::string(text);
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      PresumedLoc at = info.getSourceManager().getPresumedLoc(info.getLocation());
      if (at.isValid())
        first = fmt::format("{}:{}:{}: {}", at.getFilename(), at.getLine(), at.getColumn(), first);
    }
  }
};

// Finds the hot functions and hot loops of one translation unit.
class Locator : public RecursiveASTVisitor<Locator> {
public:
  Locator(CheckContext &context, std::set<const HotFunction *> &functions_found,
          std::set<const HotLoop *> &loops_found)
      : context_(context), names_(context.ast), functions_found_(functions_found),
        loops_found_(loops_found) {
    for (const HotFunction &function : context.places.functions)
      files_.insert(function.file);
    for (const HotLoop &loop : context.places.loops)
      files_.insert(loop.file);
  }

  // Hot code is often a template's instantiation.
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *function) {
    // A template's pattern has no code of its own: its instantiations are visited.
    if (!function->doesThisDeclarationHaveABody() || !function->getBody() ||
        function->isDependentContext())
      return true;
    std::string file = context_.file_of(function->getLocation());
    unsigned line = context_.line_of(function->getLocation());
    for (const HotFunction &hot : context_.places.functions) {
      // Without debug information the profile knows a function by its name only.
      if (hot.line != 0 && (hot.file != file || hot.line != line))
        continue;
      if (!named(*function, hot.linkage_name) || !seen_functions_.insert(function).second)
        continue;
      context_.functions.push_back({function, &hot});
      functions_found_.insert(&hot);
    }
    if (files_.count(file))
      find_loops(*function, file);
    return true;
  }

  // A lambda's body is its call operator, which the traversal may not visit as a function.
  bool VisitLambdaExpr(LambdaExpr *lambda) { return VisitFunctionDecl(lambda->getCallOperator()); }

private:
  bool named(const FunctionDecl &function, const std::string &linkage_name) {
    // Constructors and destructors have one name per variant (C1, C2, D0...).
    if (isa<CXXConstructorDecl>(function) || isa<CXXDestructorDecl>(function)) {
      std::vector<std::string> all = names_.getAllManglings(&function);
      return std::find(all.begin(), all.end(), linkage_name) != all.end();
    }
    return names_.getName(&function) == linkage_name;
  }

  void find_loops(const FunctionDecl &function, const std::string &file) {
    const Stmt &body = *function.getBody();
    unsigned first = context_.line_of(body.getBeginLoc());
    unsigned last = context_.line_of(body.getEndLoc());
    bool any = false;
    for (const HotLoop &hot : context_.places.loops)
      any = any || (hot.file == file && hot.line >= first && hot.line <= last);
    if (!any)
      return;
    auto loop = stmt(anyOf(forStmt(), whileStmt(), doStmt(), cxxForRangeStmt())).bind("loop");
    const SourceManager &sm = context_.ast.getSourceManager();
    for (const BoundNodes &bound : match(stmt(forEachDescendant(loop)), body, context_.ast)) {
      const auto *statement = bound.getNodeAs<Stmt>("loop");
      SourceLocation begin = sm.getFileLoc(statement->getBeginLoc());
      unsigned line = sm.getSpellingLineNumber(begin);
      unsigned column = sm.getSpellingColumnNumber(begin);
      for (const HotLoop &hot : context_.places.loops) {
        if (hot.line != line || (hot.column != 0 && hot.column != column) ||
            hot.file != context_.file_of(begin) || !seen_loops_.insert(statement).second)
          continue;
        context_.loops.push_back({statement, &function, &hot});
        loops_found_.insert(&hot);
      }
    }
  }

  CheckContext &context_;
  ASTNameGenerator names_;
  std::set<std::string> files_; // that hold a hot function or loop
  std::set<const FunctionDecl *> seen_functions_;
  std::set<const Stmt *> seen_loops_;
  std::set<const HotFunction *> &functions_found_;
  std::set<const HotLoop *> &loops_found_;
};

class Scanner {
public:
  Scanner(const HotPlaces &places, const ScanOptions &options) : places(places), options(options) {}

  void analyze(ASTContext &ast) {
    CheckContext context(ast, places);
    Locator(context, functions_found, loops_found).TraverseAST(ast);
    for (const Check &check : all_checks())
      if (options.checks.count(check.name))
        check.run(context);
    for (Finding &finding : context.findings)
      findings.push_back(std::move(finding));
  }

  const HotPlaces &places;
  const ScanOptions &options;
  std::vector<Finding> findings;
  std::set<const HotFunction *> functions_found;
  std::set<const HotLoop *> loops_found;
};

class Consumer : public ASTConsumer {
public:
  explicit Consumer(Scanner &scanner) : scanner_(scanner) {}
  void HandleTranslationUnit(ASTContext &ast) override {
    // A unit with errors is reported as failed; its AST is not trusted.
    if (!ast.getDiagnostics().hasErrorOccurred())
      scanner_.analyze(ast);
  }

private:
  Scanner &scanner_;
};

class Action : public ASTFrontendAction {
public:
  explicit Action(Scanner &scanner) : scanner_(scanner) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<Consumer>(scanner_);
  }

private:
  Scanner &scanner_;
};

class Factory : public tooling::FrontendActionFactory {
public:
  explicit Factory(Scanner &scanner) : scanner_(scanner) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<Action>(scanner_); }

private:
  Scanner &scanner_;
};

std::unique_ptr<tooling::CompilationDatabase> load_database(const std::string &build_dir) {
  std::string path = build_dir;
  if (llvm::sys::fs::is_directory(path))
    path = build_dir + "/compile_commands.json";
  if (!llvm::sys::fs::exists(path))
    throw DatabaseError(
        fmt::format("no compile_commands.json in {} (CMake writes it with "
                    "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON; clang writes fragments with -MJ)",
                    build_dir));
  std::string error;
  std::unique_ptr<tooling::CompilationDatabase> database =
      tooling::JSONCompilationDatabase::loadFromFile(path, error,
                                                     tooling::JSONCommandLineSyntax::AutoDetect);
  if (!database) {
    std::replace(error.begin(), error.end(), '\n', ' ');
    throw DatabaseError(fmt::format("cannot read {}: {}", path, error));
  }
  return database;
}

// Whether the unit at `path` (absolute) is the one a profile's module names as `source`,
// which is as the compiler was given it: maybe relative to its working directory.
bool same_unit(const std::string &path, const std::string &source) {
  std::string wanted = analysis::normal_path(source);
  if (llvm::sys::path::is_absolute(wanted))
    return path == wanted;
  return path.size() > wanted.size() &&
         path.compare(path.size() - wanted.size(), wanted.size(), wanted) == 0 &&
         path[path.size() - wanted.size() - 1] == '/';
}

} // namespace

ScanResult scan(const HotPlaces &places, const ScanOptions &options) {
  ScanResult result;
  std::unique_ptr<tooling::CompilationDatabase> database = load_database(options.build_dir);
  std::vector<std::string> units = database->getAllFiles();
  result.database_units = units.size();

  // Only the units the profiles name for their hot places, and those whose main file holds one.
  std::set<std::string> place_files;
  for (const HotFunction &function : places.functions)
    place_files.insert(function.file);
  for (const HotLoop &loop : places.loops)
    place_files.insert(loop.file);
  std::vector<std::string> wanted;
  std::set<std::string> sources_seen;
  for (const std::string &unit : units) {
    std::string path = analysis::normal_path(unit);
    bool hot = place_files.count(path) != 0;
    for (const std::string &source : places.source_files)
      if (same_unit(path, source)) {
        hot = true;
        sources_seen.insert(source);
      }
    if (hot)
      wanted.push_back(unit);
  }
  for (const std::string &source : places.source_files)
    if (!sources_seen.count(source))
      result.missing_units.push_back(source);

  Scanner scanner(places, options);
  Factory factory(scanner);
  for (const std::string &unit : wanted) {
    tooling::ClangTool tool(*database, {unit});
    FirstError diagnostics;
    tool.setDiagnosticConsumer(&diagnostics);
    tool.setPrintErrorMessage(false);
    tool.appendArgumentsAdjuster(strip_arguments);
    tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        // -fno-caret-diagnostics also keeps Clang from printing "N errors generated".
        tooling::CommandLineArguments{std::string("-resource-dir=" HOTLINE_CLANG_RESOURCE_DIR),
                                      std::string("-w"), std::string("-fno-caret-diagnostics")},
        tooling::ArgumentInsertPosition::END));
    int status = tool.run(&factory);
    if (status != 0 || diagnostics.getNumErrors() > 0)
      result.failures.push_back(fmt::format(
          "{} does not parse: {}", unit,
          diagnostics.first.empty() ? std::string("the compiler failed") : diagnostics.first));
    else
      result.parsed_units.push_back(unit);
  }
  result.functions_found = scanner.functions_found.size();
  result.loops_found = scanner.loops_found.size();

  // A header's hot code is found once per unit that includes it: one finding per place.
  std::map<std::tuple<std::string, uint32_t, uint32_t, std::string>, Finding> unique;
  for (Finding &finding : scanner.findings)
    unique.emplace(std::make_tuple(finding.file, finding.line, finding.column, finding.check),
                   std::move(finding));
  for (auto &[key, finding] : unique)
    result.findings.push_back(std::move(finding));
  return result;
}

} // namespace hotline::advise
