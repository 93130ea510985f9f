// io-in-hot-loop: std::endl and other flushes, std::cerr and unbuffered system-call writes
// in a hot loop: each is a write(2) per iteration where a buffer would make one per few
// kilobytes.
#include "checks/check.h"

#include <clang/AST/ExprCXX.h>

#include <fmt/format.h>

namespace hotline::advise {

using namespace clang;
using namespace clang::ast_matchers;

void check_io_in_hot_loop(CheckContext &context) {
  // `os << std::endl`: the same output as '\n', then a flush.
  auto endl = declRefExpr(to(functionDecl(hasName("::std::endl")))).bind("manipulator");
  auto streamed_endl = cxxOperatorCallExpr(hasOverloadedOperatorName("<<"),
                                           hasArgument(1, ignoringParenImpCasts(endl)))
                           .bind("node");
  context.for_each_in_hot_loops(
      streamed_endl, false, [&](const BoundNodes &bound, const HotLoopStmt &loop) {
        const auto *manipulator = bound.getNodeAs<DeclRefExpr>("manipulator");
        Finding finding =
            context.loop_finding("io-in-hot-loop", manipulator->getSourceRange(), loop,
                                 "std::endl in a hot loop flushes the stream on every iteration");
        if (context.add_replacement(
                finding, CharSourceRange::getTokenRange(manipulator->getSourceRange()), "'\\n'"))
          finding.fix =
              "replace std::endl with '\\n': the same output, flushed when the buffer fills";
        else
          finding.replacements.clear();
        context.findings.push_back(std::move(finding));
      });

  // Explicit flushes: std::flush, ostream::flush(), fflush().
  auto flush = stmt(
      anyOf(cxxOperatorCallExpr(hasOverloadedOperatorName("<<"),
                                hasArgument(1, ignoringParenImpCasts(declRefExpr(
                                                   to(functionDecl(hasName("::std::flush")))))))
                .bind("node"),
            cxxMemberCallExpr(
                callee(cxxMethodDecl(hasName("flush"), ofClass(hasName("::std::basic_ostream")))))
                .bind("node"),
            callExpr(callee(functionDecl(hasAnyName("::fflush", "::std::fflush")))).bind("node")));
  context.for_each_in_hot_loops(
      flush, false, [&](const BoundNodes &bound, const HotLoopStmt &loop) {
        const auto *node = bound.getNodeAs<Stmt>("node");
        context.findings.push_back(context.loop_finding(
            "io-in-hot-loop", node->getSourceRange(), loop,
            "a flush in a hot loop makes a write(2) system call on every iteration"));
      });

  // Writes that no buffer stands in front of: the write(2) system call itself, and std::cerr,
  // which flushes after every output operation (unitbuf).
  auto unbuffered = stmt(anyOf(
      callExpr(callee(functionDecl(hasAnyName("::write", "::pwrite", "::writev")))).bind("node"),
      declRefExpr(to(varDecl(hasAnyName("::std::cerr", "::std::wcerr")))).bind("node")));
  context.for_each_in_hot_loops(
      unbuffered, false, [&](const BoundNodes &bound, const HotLoopStmt &loop) {
        const auto *node = bound.getNodeAs<Stmt>("node");
        bool cerr = isa<DeclRefExpr>(node);
        context.findings.push_back(context.loop_finding(
            "io-in-hot-loop", node->getSourceRange(), loop,
            cerr ? "std::cerr is unbuffered: each output operation in this hot loop is a write(2)"
                 : "an unbuffered write(2) on every iteration of a hot loop"));
      });
}

} // namespace hotline::advise
