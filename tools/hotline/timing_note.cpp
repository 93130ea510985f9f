// Says whether the times shown include the cost of timing, and how much it was.
#include "timing_note.h"

#include <fmt/format.h>

namespace hotline {

std::string timing_cost_note(const analysis::TimingCostSummary &summary) {
  if (summary.measured_profiles == 0)
    return "";
  auto ns = [](uint64_t ps) { return fmt::format("{:.1f}", double(ps) / 1000); };
  std::string cost = summary.min_caller_ps == summary.max_caller_ps
                         ? ns(summary.max_caller_ps) + " ns"
                         : ns(summary.min_caller_ps) + "-" +
                               ns(summary.max_caller_ps) + " ns";
  if (summary.subtracted)
    return fmt::format("Times exclude the cost of timing, {} per timed call "
                       "(measured at exit;\n--no-compensation shows the times "
                       "as recorded).\n",
                       cost);
  return fmt::format("Times are as recorded: each timed call also added {} of "
                     "timing to its caller.\n",
                     cost);
}

} // namespace hotline
