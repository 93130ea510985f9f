// What every check is given (the hot function bodies and hot loop statements of one parsed
// translation unit, and the profile's evidence) and the helpers the checks share.
#pragma once

#include "finding.h"
#include "hot_places.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Stmt.h>
#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <clang/ASTMatchers/ASTMatchers.h>

#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

namespace hotline::advise {

// A hot function's definition, found by file, line and linkage name.
struct HotFunctionBody {
  const clang::FunctionDecl *decl = nullptr;
  const HotFunction *hot = nullptr;
};

// A hot loop's statement, found by file, first line and column.
struct HotLoopStmt {
  const clang::Stmt *stmt = nullptr;
  const clang::FunctionDecl *function = nullptr; // the definition it is in
  const HotLoop *hot = nullptr;
};

class CheckContext {
public:
  CheckContext(clang::ASTContext &ast, const HotPlaces &places) : ast(ast), places(places) {}

  clang::ASTContext &ast;
  const HotPlaces &places;
  std::vector<HotFunctionBody> functions;
  std::vector<HotLoopStmt> loops;
  std::vector<Finding> findings;

  // The normalized absolute path of the file a location is in (macro expansions: where they
  // were expanded).
  std::string file_of(clang::SourceLocation location) const;
  unsigned line_of(clang::SourceLocation location) const;

  // The innermost hot loop statement whose range holds `location`, or nullptr.
  const HotLoopStmt *loop_around(clang::SourceLocation location) const;

  // Calls `report` for each node that `matcher` binds to "node" inside the hot loops (only
  // the hottest loop and the loops in it when `hottest_only`), once per node, with the
  // innermost hot loop around it, when that node's line ran at least min_count times (its
  // loop's iterations when the line was not counted).
  void for_each_in_hot_loops(const clang::ast_matchers::internal::Matcher<clang::Stmt> &matcher,
                             bool hottest_only,
                             const std::function<void(const clang::ast_matchers::BoundNodes &,
                                                      const HotLoopStmt &)> &report);

  // A finding over `range` (token range) in a hot loop, its evidence filled in: the loop's
  // iterations, entries and time, and the executions of the range's first line.
  Finding loop_finding(const char *check, clang::SourceRange range, const HotLoopStmt &loop,
                       std::string message) const;
  // The same in a hot function: its calls and time.
  Finding function_finding(const char *check, clang::SourceRange range,
                           const HotFunctionBody &function, std::string message) const;

  // A fix-it edit: replace the characters of `range` with `text`. False (and no edit) when
  // the range is in a macro or its file is not a real file.
  bool add_replacement(Finding &finding, clang::CharSourceRange range,
                       const std::string &text) const;
  // The source text of a token range.
  std::string text_of(clang::SourceRange range) const;

private:
  void set_range(Finding &finding, clang::SourceRange range) const;
};

// `type`, references and typedefs looked through, is the class template std::<name> (any
// inline namespace, as libstdc++'s std::__cxx11) for one of `names`.
bool is_std_class(clang::QualType type, std::initializer_list<const char *> names);
// The object a member call is made on, implicit casts and parentheses stripped.
const clang::Expr *call_object(const clang::CXXMemberCallExpr &call);
// The variable an expression names directly (x, or this->x for a member: nullptr), or
// nullptr.
const clang::VarDecl *named_variable(const clang::Expr *expr);

// The checks, one per file in checks/; each adds to context.findings.
struct Check {
  const char *name;
  const char *summary; // one line, for --help
  void (*run)(CheckContext &context);
};
const std::vector<Check> &all_checks();

void check_push_back_without_reserve(CheckContext &context);
void check_large_copy(CheckContext &context);
void check_io_in_hot_loop(CheckContext &context);
void check_ordered_lookup(CheckContext &context);
void check_string_concatenation(CheckContext &context);
void check_indirect_call(CheckContext &context);
void check_shared_ptr_copy(CheckContext &context);
void check_throw_on_hot_path(CheckContext &context);
void check_allocation_per_iteration(CheckContext &context);

} // namespace hotline::advise
