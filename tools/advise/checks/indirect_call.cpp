// indirect-call: calls through std::function and virtual calls in the hottest loop: an
// indirect branch per iteration that the compiler can neither inline nor vectorize across.
#include "checks/check.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>

#include <fmt/format.h>

namespace hotline::advise {

using namespace clang;
using namespace clang::ast_matchers;

void check_indirect_call(CheckContext &context) {
  // Only the hottest loop (and the loops inside it): elsewhere an indirect call is rarely
  // what the time goes to.
  auto calls = stmt(anyOf(cxxOperatorCallExpr(hasOverloadedOperatorName("()")).bind("node"),
                          cxxMemberCallExpr(callee(cxxMethodDecl(isVirtual()))).bind("node")));
  context.for_each_in_hot_loops(calls, true, [&](const BoundNodes &bound, const HotLoopStmt &loop) {
    std::string message;
    if (const auto *call = bound.getNodeAs<CXXOperatorCallExpr>("node")) {
      if (!is_std_class(call->getArg(0)->getType(), {"function"}))
        return;
      message = fmt::format("a call through std::function '{}' in the hottest loop: an indirect "
                            "call that cannot be inlined",
                            context.text_of(call->getArg(0)->getSourceRange()));
    } else {
      const auto *member = bound.getNodeAs<CXXMemberCallExpr>("node");
      const auto *callee = dyn_cast<MemberExpr>(member->getCallee()->IgnoreParens());
      const CXXMethodDecl *method = member->getMethodDecl();
      // Qualified calls (Base::f()), final methods and classes, and calls on an object whose
      // dynamic type is known are direct.
      if (!callee || !method || !callee->performsVirtualDispatch(context.ast.getLangOpts()) ||
          method->getDevirtualizedMethod(member->getImplicitObjectArgument(), false))
        return;
      message = fmt::format("a virtual call to {} in the hottest loop: an indirect call that "
                            "cannot be inlined",
                            method->getQualifiedNameAsString() + "()");
    }
    const auto *node = bound.getNodeAs<Stmt>("node");
    context.findings.push_back(
        context.loop_finding("indirect-call", node->getSourceRange(), loop, message));
  });
}

} // namespace hotline::advise
