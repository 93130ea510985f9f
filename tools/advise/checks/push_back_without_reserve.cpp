// push-back-without-reserve: push_back/emplace_back in a hot loop into a local std::vector
// that the function never reserve()s: the vector reallocates and moves its elements
// log2(n) times as it grows.
#include "checks/check.h"

#include "cli/text_format.h"

#include <fmt/format.h>

namespace hotline::advise {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

// Whether `function` calls reserve() on `vector` anywhere (before the loop or not: a reserve
// that the loop reaches some other way still counts).
bool reserved(CheckContext &context, const FunctionDecl &function, const VarDecl &vector) {
  auto reserve = cxxMemberCallExpr(callee(cxxMethodDecl(hasName("reserve"))),
                                   on(ignoringParenImpCasts(declRefExpr(to(equalsNode(&vector))))));
  return !match(stmt(hasDescendant(reserve)), *function.getBody(), context.ast).empty();
}

} // namespace

void check_push_back_without_reserve(CheckContext &context) {
  auto append = cxxMemberCallExpr(callee(cxxMethodDecl(hasAnyName("push_back", "emplace_back"))))
                    .bind("node");
  context.for_each_in_hot_loops(
      append, false, [&](const BoundNodes &bound, const HotLoopStmt &loop) {
        const auto *call = bound.getNodeAs<CXXMemberCallExpr>("node");
        const Expr *object = call_object(*call);
        if (!object || !is_std_class(object->getType(), {"vector"}))
          return;
        // Only a local vector: a parameter's or a member's capacity is set somewhere else.
        const VarDecl *vector = named_variable(object);
        if (!vector || !vector->hasLocalStorage() || isa<ParmVarDecl>(vector) ||
            vector->getType()->isReferenceType())
          return;
        if (!loop.function || !loop.function->getBody() ||
            reserved(context, *loop.function, *vector))
          return;
        std::string name = vector->getNameAsString();
        Finding finding = context.loop_finding(
            "push-back-without-reserve", call->getSourceRange(), loop,
            fmt::format("{} into '{}' in a hot loop, and '{}' is never reserve()d: it reallocates "
                        "and moves its elements as it grows",
                        call->getMethodDecl()->getName().str(), name, name));
        // The growth's allocations, when the memory profile placed them on this line.
        for (const LoopAllocation &allocation : context.places.allocations)
          if (allocation.file == finding.file && allocation.line == finding.line) {
            finding.counts["allocations"] = allocation.allocations;
            finding.evidence.push_back(fmt::format("{} heap allocations ({}) at this line",
                                                   text::format_count(allocation.allocations),
                                                   text::format_bytes(allocation.bytes)));
          }
        context.findings.push_back(std::move(finding));
      });
}

} // namespace hotline::advise
