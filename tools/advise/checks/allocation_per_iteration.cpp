// allocation-per-iteration: a hot loop that allocates on the heap on (about) every iteration,
// from the memory profile's allocations by place; the source only gives the statement.
#include "checks/check.h"

#include "cli/text_format.h"

#include <clang/Basic/SourceManager.h>

#include <fmt/format.h>

namespace hotline::advise {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

// The outermost statement of the loop that begins on `line` of `file`; invalid when the
// line is elsewhere (in a function the loop calls).
SourceRange statement_on_line(CheckContext &context, const HotLoopStmt &loop,
                              const std::string &file, uint32_t line) {
  SourceRange found;
  const SourceManager &sm = context.ast.getSourceManager();
  for (const BoundNodes &bound :
       match(stmt(forEachDescendant(stmt().bind("statement"))), *loop.stmt, context.ast)) {
    const auto *statement = bound.getNodeAs<Stmt>("statement");
    if (context.line_of(statement->getBeginLoc()) != line ||
        context.file_of(statement->getBeginLoc()) != file)
      continue;
    SourceRange range(sm.getFileLoc(statement->getBeginLoc()),
                      sm.getFileLoc(statement->getEndLoc()));
    if (found.isInvalid() || sm.isBeforeInTranslationUnit(range.getBegin(), found.getBegin()) ||
        (range.getBegin() == found.getBegin() &&
         sm.isBeforeInTranslationUnit(found.getEnd(), range.getEnd())))
      found = range;
  }
  return found;
}

// The first token of `line` of `file`, when this translation unit has read that file.
SourceRange first_token_of_line(CheckContext &context, const std::string &file, uint32_t line) {
  SourceManager &sm = context.ast.getSourceManager();
  llvm::Expected<FileEntryRef> entry = sm.getFileManager().getFileRef(file);
  if (!entry) {
    llvm::consumeError(entry.takeError());
    return {};
  }
  SourceLocation at = sm.translateFileLineCol(&entry->getFileEntry(), line, 1);
  if (at.isInvalid())
    return {};
  bool invalid = false;
  const char *text = sm.getCharacterData(at, &invalid);
  if (invalid)
    return {};
  unsigned skipped = 0;
  while (text[skipped] == ' ' || text[skipped] == '\t')
    ++skipped;
  at = at.getLocWithOffset(skipped);
  return {at, at};
}

} // namespace

void check_allocation_per_iteration(CheckContext &context) {
  for (const LoopAllocation &allocation : context.places.allocations) {
    const HotLoop &hot = *allocation.loop;
    // About one per iteration or more (0.9: a first or last iteration may not allocate).
    if (allocation.allocations < context.places.thresholds.min_count ||
        allocation.allocations * 10 < hot.iterations * 9)
      continue;
    for (const HotLoopStmt &loop : context.loops) {
      if (loop.hot != &hot)
        continue;
      double per_iteration =
          hot.iterations ? double(allocation.allocations) / double(hot.iterations) : 0;
      std::string message;
      SourceRange range;
      if (allocation.line == 0) {
        // Only the loop is known: the allocating call was library code called in it.
        range = SourceRange(loop.stmt->getBeginLoc(), loop.stmt->getBeginLoc());
        message = fmt::format("this hot loop makes {:.2f} heap allocations per iteration, in "
                              "library code it calls: allocate once before the loop and reuse "
                              "the memory",
                              per_iteration);
      } else {
        range = statement_on_line(context, loop, allocation.file, allocation.line);
        if (range.isInvalid())
          range = first_token_of_line(context, allocation.file, allocation.line);
        std::string inside; // the share made inside a library the line calls
        if (allocation.via_allocations && allocation.via_allocations == allocation.allocations)
          inside = ", inside " + allocation.via;
        else if (allocation.via_allocations)
          inside = fmt::format(" ({:.2f} inside {})",
                               double(allocation.via_allocations) / double(hot.iterations),
                               allocation.via);
        message = fmt::format("{:.2f} heap allocations per iteration of a hot loop are made "
                              "here{}: allocate once before the loop and reuse the memory",
                              per_iteration, inside);
      }
      if (range.isInvalid())
        continue;
      Finding finding = context.loop_finding("allocation-per-iteration", range, loop, message);
      finding.counts["allocations"] = allocation.allocations;
      finding.counts["allocated_bytes"] = allocation.bytes;
      finding.evidence.push_back(fmt::format(
          "{} allocations ({}) {} inside the loop", text::format_count(allocation.allocations),
          text::format_bytes(allocation.bytes), allocation.line ? "at this line" : "in its calls"));
      context.findings.push_back(std::move(finding));
      break;
    }
  }
}

} // namespace hotline::advise
