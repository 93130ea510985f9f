// ordered-lookup: std::map/std::set (and multi-) lookups in a hot loop: each one walks a
// balanced tree, a cache miss per level.
#include "checks/check.h"

#include <clang/AST/ExprCXX.h>

#include <fmt/format.h>

namespace hotline::advise {

using namespace clang;
using namespace clang::ast_matchers;

void check_ordered_lookup(CheckContext &context) {
  auto lookup =
      stmt(anyOf(cxxMemberCallExpr(
                     callee(cxxMethodDecl(hasAnyName("find", "count", "contains", "at",
                                                     "lower_bound", "upper_bound", "equal_range"))))
                     .bind("node"),
                 cxxOperatorCallExpr(hasOverloadedOperatorName("[]")).bind("node")));
  context.for_each_in_hot_loops(
      lookup, false, [&](const BoundNodes &bound, const HotLoopStmt &loop) {
        const Expr *object = nullptr;
        std::string method;
        if (const auto *call = bound.getNodeAs<CXXMemberCallExpr>("node")) {
          object = call_object(*call);
          method = call->getMethodDecl()->getName().str();
        } else if (const auto *index = bound.getNodeAs<CXXOperatorCallExpr>("node")) {
          object = index->getArg(0)->IgnoreParenImpCasts();
          method = "operator[]";
        }
        if (!object || !is_std_class(object->getType(), {"map", "set", "multimap", "multiset"}))
          return;
        std::string container = object->getType()
                                    .getNonReferenceType()
                                    .getCanonicalType()
                                    ->getAsCXXRecordDecl()
                                    ->getName()
                                    .str();
        const auto *node = bound.getNodeAs<Stmt>("node");
        context.findings.push_back(context.loop_finding(
            "ordered-lookup", node->getSourceRange(), loop,
            fmt::format("std::{}::{} in a hot loop walks a balanced tree on every iteration (one "
                        "cache miss per level); a hash table (std::unordered_{}) or a sorted "
                        "std::vector looks up faster",
                        container, method, container)));
      });
}

} // namespace hotline::advise
