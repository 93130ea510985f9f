// The helpers every check shares: where a node is, the hot loop around it, findings with
// their evidence, and fix-it edits.
#include "checks/check.h"

#include "analysis/symbolizer.h"
#include "cli/text_format.h"

#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include <fmt/format.h>

#include <set>

namespace hotline::advise {

using namespace clang;
using namespace clang::ast_matchers;

std::string CheckContext::file_of(SourceLocation location) const {
  const SourceManager &sm = ast.getSourceManager();
  SourceLocation at = sm.getFileLoc(location);
  llvm::SmallString<256> path(sm.getFilename(at));
  if (path.empty())
    return "";
  sm.getFileManager().makeAbsolutePath(path);
  return analysis::normal_path(std::string(path));
}

unsigned CheckContext::line_of(SourceLocation location) const {
  const SourceManager &sm = ast.getSourceManager();
  return sm.getSpellingLineNumber(sm.getFileLoc(location));
}

const HotLoopStmt *CheckContext::loop_around(SourceLocation location) const {
  const SourceManager &sm = ast.getSourceManager();
  SourceLocation at = sm.getFileLoc(location);
  const HotLoopStmt *innermost = nullptr;
  SourceLocation innermost_begin;
  for (const HotLoopStmt &loop : loops) {
    SourceLocation begin = sm.getFileLoc(loop.stmt->getBeginLoc());
    SourceLocation end = sm.getFileLoc(loop.stmt->getEndLoc());
    if (sm.isBeforeInTranslationUnit(at, begin) || sm.isBeforeInTranslationUnit(end, at))
      continue;
    // Loops nest, so the one that begins last is the innermost.
    if (!innermost || sm.isBeforeInTranslationUnit(innermost_begin, begin)) {
      innermost = &loop;
      innermost_begin = begin;
    }
  }
  return innermost;
}

void CheckContext::for_each_in_hot_loops(
    const internal::Matcher<Stmt> &matcher, bool hottest_only,
    const std::function<void(const BoundNodes &, const HotLoopStmt &)> &report) {
  std::set<const Stmt *> seen; // a node in nested hot loops is matched from each of them
  for (const HotLoopStmt &loop : loops) {
    if (hottest_only && !loop.hot->hottest)
      continue;
    for (const BoundNodes &bound : match(stmt(forEachDescendant(matcher)), *loop.stmt, ast)) {
      const Stmt *node = bound.getNodeAs<Stmt>("node");
      if (!node || !seen.insert(node).second)
        continue;
      const HotLoopStmt *inner = loop_around(node->getBeginLoc());
      if (!inner)
        inner = &loop;
      std::optional<uint64_t> count =
          places.line_count(file_of(node->getBeginLoc()), line_of(node->getBeginLoc()));
      uint64_t times = count ? *count : inner->hot->iterations;
      if (times < places.thresholds.min_count)
        continue;
      report(bound, *inner);
    }
  }
}

void CheckContext::set_range(Finding &finding, SourceRange range) const {
  const SourceManager &sm = ast.getSourceManager();
  SourceLocation begin = sm.getFileLoc(range.getBegin());
  SourceLocation end = sm.getFileLoc(range.getEnd());
  finding.file = file_of(begin);
  finding.line = sm.getSpellingLineNumber(begin);
  finding.column = sm.getSpellingColumnNumber(begin);
  finding.end_line = sm.getSpellingLineNumber(end);
  unsigned length = Lexer::MeasureTokenLength(end, sm, ast.getLangOpts());
  finding.end_column = sm.getSpellingColumnNumber(end) + (length > 0 ? length - 1 : 0);
}

Finding CheckContext::loop_finding(const char *check, SourceRange range, const HotLoopStmt &loop,
                                   std::string message) const {
  const HotLoop &hot = *loop.hot;
  Finding finding;
  finding.check = check;
  set_range(finding, range);
  finding.message = std::move(message);
  finding.function = hot.function;
  finding.loop = hot.label();
  finding.percent = hot.percent;
  finding.counts["iterations"] = hot.iterations;
  finding.counts["entries"] = hot.entries;
  std::string runs = fmt::format("the loop at {} ran {} in {}", hot.label(),
                                 text::format_count_of(hot.iterations, "iteration", "iterations"),
                                 text::format_count_of(hot.entries, "entry", "entries"));
  if (hot.time_source == "function")
    finding.evidence.push_back(fmt::format("{}; it was not timed, and {} takes {} of the run in "
                                           "itself",
                                           runs, hot.function, text::format_percent(hot.percent)));
  else
    finding.evidence.push_back(fmt::format("{}, {} of the run{}", runs,
                                           text::format_percent(hot.percent),
                                           hot.time_source == "sampled" ? " (sampled)" : ""));
  if (std::optional<uint64_t> count = places.line_count(finding.file, finding.line)) {
    finding.counts["count"] = *count;
    finding.evidence.push_back(fmt::format("line {} ran {}", finding.line,
                                           text::format_count_of(*count, "time", "times")));
  }
  return finding;
}

Finding CheckContext::function_finding(const char *check, SourceRange range,
                                       const HotFunctionBody &function, std::string message) const {
  const HotFunction &hot = *function.hot;
  Finding finding;
  finding.check = check;
  set_range(finding, range);
  finding.message = std::move(message);
  finding.function = hot.name;
  finding.percent = hot.total_percent;
  finding.counts["calls"] = hot.calls;
  finding.evidence.push_back(
      fmt::format("{} was called {}, {} of the run with its callees, {} "
                  "in itself",
                  hot.name, text::format_count_of(hot.calls, "time", "times"),
                  text::format_percent(hot.total_percent), text::format_percent(hot.self_percent)));
  return finding;
}

bool CheckContext::add_replacement(Finding &finding, CharSourceRange range,
                                   const std::string &text) const {
  const SourceManager &sm = ast.getSourceManager();
  if (range.getBegin().isMacroID() || range.getEnd().isMacroID())
    return false;
  CharSourceRange chars = Lexer::makeFileCharRange(range, sm, ast.getLangOpts());
  if (chars.isInvalid())
    return false;
  auto [begin_file, begin] = sm.getDecomposedLoc(chars.getBegin());
  auto [end_file, end] = sm.getDecomposedLoc(chars.getEnd());
  std::string path = file_of(chars.getBegin());
  if (begin_file != end_file || end < begin || path.empty())
    return false;
  // An absolute path: the fix is applied from wherever advise runs, not the build directory.
  finding.replacements.emplace_back(path, begin, end - begin, text);
  return true;
}

std::string CheckContext::text_of(SourceRange range) const {
  return std::string(Lexer::getSourceText(CharSourceRange::getTokenRange(range),
                                          ast.getSourceManager(), ast.getLangOpts()));
}

bool is_std_class(QualType type, std::initializer_list<const char *> names) {
  if (type.isNull())
    return false;
  const CXXRecordDecl *record = type.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  if (!record || !record->isInStdNamespace() || !record->getIdentifier())
    return false;
  for (const char *name : names)
    if (record->getName() == name)
      return true;
  return false;
}

const Expr *call_object(const CXXMemberCallExpr &call) {
  const Expr *object = call.getImplicitObjectArgument();
  return object ? object->IgnoreParenImpCasts() : nullptr;
}

const VarDecl *named_variable(const Expr *expr) {
  if (!expr)
    return nullptr;
  if (const auto *ref = dyn_cast<DeclRefExpr>(expr->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(ref->getDecl());
  return nullptr;
}

const std::vector<Check> &all_checks() {
  static const std::vector<Check> checks = {
      {"push-back-without-reserve",
       "push_back/emplace_back in a hot loop into a local vector never reserve()d",
       check_push_back_without_reserve},
      {"large-copy", "a large object passed by value, or returned as a copy, in a hot function",
       check_large_copy},
      {"io-in-hot-loop", "std::endl, flushes and unbuffered writes in a hot loop",
       check_io_in_hot_loop},
      {"ordered-lookup", "std::map/std::set lookups in a hot loop", check_ordered_lookup},
      {"string-concatenation", "s = s + x building a string in a hot loop",
       check_string_concatenation},
      {"indirect-call", "std::function and virtual calls in the hottest loop", check_indirect_call},
      {"shared-ptr-copy", "std::shared_ptr copies in a hot loop", check_shared_ptr_copy},
      {"throw-on-hot-path", "exceptions thrown in a hot function or loop", check_throw_on_hot_path},
      {"allocation-per-iteration",
       "a hot loop that allocates on the heap each iteration (memory profile)",
       check_allocation_per_iteration},
  };
  return checks;
}

} // namespace hotline::advise
