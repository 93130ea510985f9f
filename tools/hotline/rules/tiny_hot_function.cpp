// tiny-hot-function: a function called very often whose calls are so short
// that the call itself is a large part of their cost.
#include "rules/rules.h"

#include "cli/readable_names.h"
#include "cli/text_format.h"

#include <fmt/format.h>

#include <algorithm>

namespace hotline::rules {

constexpr uint64_t kMinCalls = 1000000;
constexpr double kMinCallsPerSecond = 1e6; // of the processes' wall time
constexpr double kTinyCallNs = 100;        // mean time of a call, callees included

void check_tiny_hot_function(const ReportData &data, const Thresholds &,
                             std::vector<Finding> &findings) {
  const analysis::FunctionTable &table = *data.functions;
  uint64_t wall_ns = data.regions->wall_ns;
  if (wall_ns == 0)
    return;
  for (const analysis::FunctionStats &f : table.functions) {
    if (!f.timed || f.timed_calls == 0 || f.calls < kMinCalls)
      continue;
    // Once timing stopped, total_ns holds every call, the later ones estimated.
    uint64_t calls_in_total = f.timing_stopped ? std::max(f.calls, f.timed_calls) : f.timed_calls;
    double mean_ns = double(f.total_ns) / double(calls_in_total);
    double per_second = double(f.calls) * 1e9 / double(wall_ns);
    if (mean_ns > kTinyCallNs || per_second < kMinCallsPerSecond)
      continue;
    double percent =
        table.measured_ns ? 100.0 * mean_ns * double(f.calls) / double(table.measured_ns) : 0;
    Finding finding;
    finding.rule = "tiny-hot-function";
    finding.location = f.function.line
                           ? fmt::format("{}:{}", text::printable(f.function.file), f.function.line)
                           : text::printable(f.function.file);
    finding.finding =
        fmt::format("{} was called {} times, {} times a second, for {:.1f} ns a call on average.",
                    text::display_name(f.function.name), text::format_count(f.calls),
                    text::format_count(uint64_t(per_second)), mean_ns);
    finding.evidence.push_back(fmt::format(
        "about {} in its calls ({} of the measured time){}",
        text::format_duration(uint64_t(mean_ns * double(f.calls))), text::format_percent(percent),
        f.timing_stopped ? "; timing stopped after its first calls, the later ones estimated"
                         : ""));
    finding.suggestion = "make the call disappear: let it inline (define it in the header or the "
                         "same file, mark it inline, or build with -flto), or change it to work "
                         "on a whole batch of items per call";
    finding.impact_percent = percent;
    findings.push_back(std::move(finding));
  }
}

} // namespace hotline::rules
