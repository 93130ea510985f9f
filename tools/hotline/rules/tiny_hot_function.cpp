// tiny-hot-function: a function called very often whose calls are so short
// that the call itself is a large part of their cost.
#include "rules/rules.h"

#include "text_format.h"

#include <fmt/format.h>

namespace hotline::rules {

constexpr uint64_t kMinCalls = 1000000;
constexpr uint64_t kTinyCallNs = 100; // mean time of a call, callees included

void check_tiny_hot_function(const ReportData &data, const Thresholds &thresholds,
                             std::vector<Finding> &findings) {
  const analysis::FunctionTable &table = *data.functions;
  if (table.measured_ns == 0)
    return;
  for (const analysis::FunctionStats &f : table.functions) {
    if (!f.timed || f.timed_calls == 0 || f.calls < kMinCalls)
      continue;
    double mean_ns = double(f.total_ns) / double(f.timed_calls);
    // Calls whose timing stopped are not in total_ns: estimate all calls at the mean.
    double percent = 100.0 * mean_ns * double(f.calls) / double(table.measured_ns);
    if (mean_ns > double(kTinyCallNs) || percent < thresholds.hot_percent)
      continue;
    Finding finding;
    finding.rule = "tiny-hot-function";
    finding.location = f.function.line ? fmt::format("{}:{}", text::printable(f.function.file), f.function.line)
                                       : text::printable(f.function.file);
    finding.finding = fmt::format("{} was called {} times for {:.1f} ns a call on average.",
                                  text::printable(f.function.name), text::format_count(f.calls), mean_ns);
    finding.evidence.push_back(fmt::format("about {} in all ({} of the measured time){}",
                                           text::format_duration(uint64_t(mean_ns * double(f.calls))),
                                           text::format_percent(percent),
                                           f.timing_stopped ? "; timing stopped after its first calls" : ""));
    finding.suggestion = "make the call disappear: let it inline (define it in the header or the "
                         "same file, mark it inline, or build with -flto), or change it to work "
                         "on a whole batch of items per call";
    finding.impact_percent = percent;
    findings.push_back(std::move(finding));
  }
}

} // namespace hotline::rules
