// throw-on-hot-path: a throw that ran often in a hot function or loop: each exception costs
// microseconds of unwinding (and a heap allocation), against nanoseconds for a return code.
#include "checks/check.h"

#include "cli/text_format.h"

#include <clang/AST/ExprCXX.h>

#include <fmt/format.h>

#include <set>

namespace hotline::advise {

using namespace clang;
using namespace clang::ast_matchers;

void check_throw_on_hot_path(CheckContext &context) {
  std::set<const Stmt *> seen;
  auto report = [&](const CXXThrowExpr &throw_expr, const HotFunctionBody *function) {
    if (!seen.insert(&throw_expr).second)
      return;
    // Only line counts tell a throw that runs from one that never does.
    std::optional<uint64_t> count = context.places.line_count(
        context.file_of(throw_expr.getBeginLoc()), context.line_of(throw_expr.getBeginLoc()));
    if (!count || *count < context.places.thresholds.min_count)
      return;
    std::string what = throw_expr.getSubExpr()
                           ? throw_expr.getSubExpr()->getType().getUnqualifiedType().getAsString()
                           : std::string("a rethrow");
    std::string message = fmt::format(
        "throws {} on a hot path, {} times: each throw allocates and unwinds the stack, "
        "thousands of times the cost of returning an error",
        throw_expr.getSubExpr() ? what : "again", text::format_count(*count));
    const HotLoopStmt *loop = context.loop_around(throw_expr.getBeginLoc());
    Finding finding =
        loop
            ? context.loop_finding("throw-on-hot-path", throw_expr.getSourceRange(), *loop, message)
            : context.function_finding("throw-on-hot-path", throw_expr.getSourceRange(), *function,
                                       message);
    finding.counts["count"] = *count;
    if (loop)
      finding.evidence.back() =
          fmt::format("line {} threw {} times", finding.line, text::format_count(*count));
    else
      finding.evidence.push_back(
          fmt::format("line {} threw {} times", finding.line, text::format_count(*count)));
    context.findings.push_back(std::move(finding));
  };

  auto throws = cxxThrowExpr().bind("node");
  for (const HotLoopStmt &loop : context.loops)
    for (const BoundNodes &bound : match(stmt(forEachDescendant(throws)), *loop.stmt, context.ast))
      report(*bound.getNodeAs<CXXThrowExpr>("node"), nullptr);
  for (const HotFunctionBody &function : context.functions)
    for (const BoundNodes &bound :
         match(stmt(forEachDescendant(throws)), *function.decl->getBody(), context.ast))
      report(*bound.getNodeAs<CXXThrowExpr>("node"), &function);
}

} // namespace hotline::advise
