// string-concatenation: `s = s + x` building a string in a hot loop: each iteration copies
// all of s into a new string, so building n pieces costs O(n²); `s += x` appends in place.
#include "checks/check.h"

#include <clang/AST/ExprCXX.h>

#include <fmt/format.h>

namespace hotline::advise {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

// `a + b` on strings, temporaries and conversions looked through; nullptr otherwise.
const CXXOperatorCallExpr *string_plus(const Expr *expr) {
  const auto *plus = dyn_cast<CXXOperatorCallExpr>(expr->IgnoreImplicit());
  if (!plus || plus->getOperator() != OO_Plus || plus->getNumArgs() != 2 ||
      !is_std_class(plus->getType(), {"basic_string"}))
    return nullptr;
  return plus;
}

} // namespace

void check_string_concatenation(CheckContext &context) {
  auto assign = cxxOperatorCallExpr(hasOverloadedOperatorName("=")).bind("node");
  context.for_each_in_hot_loops(
      assign, false, [&](const BoundNodes &bound, const HotLoopStmt &loop) {
        const auto *assignment = bound.getNodeAs<CXXOperatorCallExpr>("node");
        if (assignment->getNumArgs() != 2 ||
            !is_std_class(assignment->getArg(0)->getType(), {"basic_string"}))
          return;
        const VarDecl *target = named_variable(assignment->getArg(0));
        const CXXOperatorCallExpr *plus = string_plus(assignment->getArg(1));
        if (!target || !plus)
          return;
        // The leftmost operand of a chain s + a + b is ((s + a) + b)'s innermost left.
        const CXXOperatorCallExpr *innermost = plus;
        size_t pieces = 1;
        while (const CXXOperatorCallExpr *left = string_plus(innermost->getArg(0))) {
          innermost = left;
          ++pieces;
        }
        bool appends = named_variable(innermost->getArg(0)) == target;
        bool prepends = pieces == 1 && named_variable(plus->getArg(1)) == target;
        if (!appends && !prepends)
          return;
        std::string name = target->getNameAsString();
        Finding finding = context.loop_finding(
            "string-concatenation", assignment->getSourceRange(), loop,
            fmt::format("'{0} = {1}' in a hot loop copies all of '{0}' on every iteration", name,
                        appends ? name + " + ..." : "... + " + name));
        // Only `s = s + x` becomes `s += x` as it is: in `s = s + a + b`, `a + b` alone could be
        // pointer arithmetic.
        if (appends && pieces == 1) {
          SourceLocation equals = assignment->getOperatorLoc();
          SourceLocation piece = plus->getArg(1)->getBeginLoc();
          if (context.add_replacement(finding, CharSourceRange::getCharRange(equals, piece), "+= "))
            finding.fix = fmt::format("append in place: '{} += {}'", name,
                                      context.text_of(plus->getArg(1)->getSourceRange()));
          else
            finding.replacements.clear();
        }
        context.findings.push_back(std::move(finding));
      });
}

} // namespace hotline::advise
