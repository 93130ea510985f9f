// Overhead compensation: the cost of timing, measured by the runtime, taken out
// of the call times.
#include "analysis/timing_cost.h"

#include <algorithm>

namespace hotline::analysis {

namespace {

uint64_t minus_ps(uint64_t ns, uint64_t ps) {
  uint64_t subtracted_ns = (ps + 500) / 1000;
  return ns > subtracted_ns ? ns - subtracted_ns : 0;
}

void subtract_from(profile::Profile &profile) {
  const uint64_t self_ps = profile.timing_cost.self_ps;
  const uint64_t caller_ps = profile.timing_cost.caller_ps;
  std::vector<profile::CallNode> &nodes = profile.nodes;
  // Children come after their parents, so one backward pass sums each node's
  // timed calls below it (all levels) and of its direct children.
  std::vector<uint64_t> calls_below(nodes.size(), 0);
  std::vector<uint64_t> child_calls(nodes.size(), 0);
  for (size_t i = nodes.size(); i-- > 0;) {
    uint32_t parent = nodes[i].parent;
    if (parent == profile::kNoParent)
      continue;
    calls_below[parent] += nodes[i].calls + calls_below[i];
    child_calls[parent] += nodes[i].calls;
  }
  for (size_t i = 0; i < nodes.size(); ++i) {
    profile::CallNode &node = nodes[i];
    node.inclusive_ns =
        minus_ps(node.inclusive_ns,
                 node.calls * self_ps + calls_below[i] * caller_ps);
    node.exclusive_ns =
        minus_ps(node.exclusive_ns,
                 node.calls * self_ps + child_calls[i] * (caller_ps - self_ps));
  }
}

} // namespace

TimingCostSummary subtract_timing_cost(std::vector<profile::Profile> &profiles,
                                       bool subtract) {
  TimingCostSummary summary;
  summary.subtracted = subtract;
  for (profile::Profile &profile : profiles) {
    if (!profile.timing_cost.measured)
      continue;
    uint64_t cost = profile.timing_cost.caller_ps;
    summary.min_caller_ps = summary.measured_profiles == 0
                                ? cost
                                : std::min(summary.min_caller_ps, cost);
    summary.max_caller_ps = std::max(summary.max_caller_ps, cost);
    ++summary.measured_profiles;
    if (subtract)
      subtract_from(profile);
  }
  return summary;
}

} // namespace hotline::analysis
