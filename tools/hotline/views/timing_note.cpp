// Says whether the times shown include the cost of timing, and how much it was.
#include "views/timing_note.h"

#include "cli/text_format.h"

#include <fmt/format.h>

#include <algorithm>

namespace hotline {

std::string timing_cost_note(const analysis::TimingCostSummary &summary) {
  if (summary.measured_profiles == 0)
    return "";
  auto ns = [](uint64_t ps) { return fmt::format("{:.1f}", double(ps) / 1000); };
  std::string cost = summary.min_caller_ps == summary.max_caller_ps
                         ? ns(summary.max_caller_ps) + " ns"
                         : ns(summary.min_caller_ps) + "-" + ns(summary.max_caller_ps) + " ns";
  if (summary.subtracted)
    return fmt::format("Times exclude the cost of timing, {} per timed call "
                       "(measured at exit;\n--no-compensation shows the times "
                       "as recorded).\n",
                       cost);
  return fmt::format("Times are as recorded: each timed call also added {} of "
                     "timing to its caller.\n",
                     cost);
}

std::string call_paths_note(const std::vector<profile::Profile> &profiles) {
  uint64_t entries = 0, ns = 0;
  uint32_t limited = 0, limit_low = UINT32_MAX, limit_high = 0;
  for (const profile::Profile &profile : profiles) {
    if (profile.other_call_paths_site == profile::kNoSite)
      continue;
    ++limited;
    limit_low = std::min(limit_low, profile.run.max_call_paths);
    limit_high = std::max(limit_high, profile.run.max_call_paths);
    for (const profile::CallNode &node : profile.nodes)
      if (node.site == profile.other_call_paths_site) {
        entries += node.calls;
        ns += node.inclusive_ns;
      }
  }
  if (limited == 0)
    return "";
  std::string limit = limit_low == limit_high
                          ? text::format_count(limit_high)
                          : text::format_count(limit_low) + "-" + text::format_count(limit_high);
  return fmt::format(
      "{} reached its limit of {} call paths (HOTLINE_MAX_CALL_PATHS): calls on paths\n"
      "first seen after it are timed as \"{}\" under their callers ({} entries,\n"
      "{}); the calls of functions inside them are counted, their time is in those entries.\n",
      profiles.size() == 1 ? "The run" : fmt::format("{} of {} runs", limited, profiles.size()),
      limit, profile::kOtherCallPathsName, text::format_count(entries), text::format_duration(ns));
}

} // namespace hotline
