// shared-ptr-copy: std::shared_ptr copies in a hot loop: each copy and its destruction is a
// pair of atomic reference-count updates, contended when threads share the pointer.
#include "checks/check.h"

#include <clang/AST/ExprCXX.h>
#include <clang/AST/StmtCXX.h>
#include <clang/Analysis/Analyses/ExprMutationAnalyzer.h>

#include <fmt/format.h>

#include <map>

namespace hotline::advise {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

// `for (auto p : range)` -> `for (const auto &p : range)` when the body never modifies or
// moves p; false (no edit) where that is not safe.
bool fix_loop_variable(CheckContext &context, Finding &finding, const CXXForRangeStmt &loop,
                       const VarDecl &variable) {
  if (!variable.getIdentifier() || variable.getBeginLoc().isMacroID() ||
      variable.getLocation().isMacroID() ||
      ExprMutationAnalyzer(*loop.getBody(), context.ast).isMutated(&variable))
    return false;
  if (!variable.getType().isLocalConstQualified() &&
      !context.add_replacement(
          finding, CharSourceRange::getCharRange(variable.getBeginLoc(), variable.getBeginLoc()),
          "const "))
    return false;
  return context.add_replacement(
      finding, CharSourceRange::getCharRange(variable.getLocation(), variable.getLocation()), "&");
}

} // namespace

void check_shared_ptr_copy(CheckContext &context) {
  // The range-for loops in the hot loops, by the copy that initializes their variable.
  std::map<const Stmt *, const CXXForRangeStmt *> loop_of_copy;
  auto range_for = cxxForRangeStmt().bind("loop");
  for (const HotLoopStmt &hot : context.loops)
    for (const BoundNodes &bound :
         match(stmt(anyOf(range_for, forEachDescendant(range_for))), *hot.stmt, context.ast)) {
      const auto *loop = bound.getNodeAs<CXXForRangeStmt>("loop");
      if (const Expr *init = loop->getLoopVariable()->getInit())
        loop_of_copy[init->IgnoreImplicit()] = loop;
    }

  auto copy =
      cxxConstructExpr(hasDeclaration(cxxConstructorDecl(isCopyConstructor()))).bind("node");
  context.for_each_in_hot_loops(copy, false, [&](const BoundNodes &bound, const HotLoopStmt &hot) {
    const auto *construct = bound.getNodeAs<CXXConstructExpr>("node");
    if (!is_std_class(construct->getType(), {"shared_ptr"}))
      return;
    auto range_loop = loop_of_copy.find(construct);
    if (range_loop == loop_of_copy.end()) {
      context.findings.push_back(context.loop_finding(
          "shared-ptr-copy", construct->getSourceRange(), hot,
          fmt::format("copies the std::shared_ptr '{}' in a hot loop: two atomic reference-count "
                      "updates per iteration",
                      context.text_of(construct->getArg(0)->getSourceRange()))));
      return;
    }
    const VarDecl &variable = *range_loop->second->getLoopVariable();
    std::string name = variable.getNameAsString();
    Finding finding = context.loop_finding(
        "shared-ptr-copy", SourceRange(variable.getBeginLoc(), variable.getLocation()), hot,
        fmt::format("'{}' copies each std::shared_ptr of the range: two atomic reference-count "
                    "updates per iteration",
                    name));
    const TypeSourceInfo *written = variable.getTypeSourceInfo();
    if (written && fix_loop_variable(context, finding, *range_loop->second, variable))
      finding.fix = fmt::format("loop over references: 'const {} &{}'",
                                context.text_of(written->getTypeLoc().getSourceRange()), name);
    else
      finding.replacements.clear();
    context.findings.push_back(std::move(finding));
  });
}

} // namespace hotline::advise
