// loop-not-vectorized: a hot loop the vectorizer left scalar, with the reason
// it gave in the same compile.
#include "rules/rules.h"

#include "cli/readable_names.h"
#include "cli/text_format.h"

#include <fmt/format.h>

namespace hotline::rules {

// A loop that runs fewer iterations in all spends its time in what it calls or in its inner
// loops, which vectorizing it would not change.
constexpr uint64_t kMinIterations = 10000;

namespace {

// What usually removes the obstacle the optimizer named.
std::string advice_for(const std::string &facts) {
  auto says = [&](const char *text) { return facts.find(text) != std::string::npos; };
  if (says("reorder floating-point"))
    return "the loop sums floating-point values, which vectorizing would reorder: allow it for "
           "this loop with '#pragma clang loop vectorize(enable)' plus -ffp-contract=fast "
           "-fassociative-math (or -ffast-math), or keep several partial sums by hand";
  if (says("call instruction") || says("call"))
    return "a call inside the loop stops vectorization: make the callee inlinable (define it in "
           "the same file or build with -flto), replace it with a vectorizable builtin, or "
           "move it out of the loop";
  if (says("unsafe dependent memory") || says("memory operations"))
    return "the compiler cannot prove the arrays do not overlap: mark the pointers __restrict__ "
           "(or copy into locals) so that loads and stores can be reordered";
  if (says("number of loop iterations") || says("array bounds"))
    return "the compiler cannot compute the trip count: use a counted loop with a loop-invariant "
           "integer bound and index arrays directly";
  if (says("control flow"))
    return "branches inside the loop stop vectorization: compute both sides and select "
           "(a ? b : c), or move the condition out of the loop";
  return "rebuild with -Rpass-missed=loop-vectorize -Rpass-analysis=loop-vectorize for the "
         "optimizer's full account, and remove the obstacle it names";
}

} // namespace

void check_loop_not_vectorized(const ReportData &data, const Thresholds &thresholds,
                               std::vector<Finding> &findings) {
  for (const analysis::LoopStats &loop : *data.loops) {
    double percent = loop.time_percent();
    if (percent < thresholds.hot_percent || loop.iterations < kMinIterations ||
        loop.facts.find("not vectorized") == std::string::npos)
      continue;
    Finding f;
    f.rule = "loop-not-vectorized";
    f.location = fmt::format("{}:{}", text::printable(loop.file), loop.line);
    f.finding = fmt::format("The loop in {} takes {} of the time and was not vectorized.",
                            text::display_name(loop.function), text::format_percent(percent));
    f.evidence.push_back(
        fmt::format("{} {} ({}), {} iterations", loop.timed_entries > 0 ? "time" : "sampled time",
                    text::format_duration(loop.time_ns()), text::format_percent(percent),
                    text::format_count(loop.iterations)));
    f.evidence.push_back("optimizer: " + text::display_facts(loop.facts));
    f.suggestion = advice_for(loop.facts);
    f.impact_percent = percent;
    findings.push_back(std::move(f));
  }
}

} // namespace hotline::rules
