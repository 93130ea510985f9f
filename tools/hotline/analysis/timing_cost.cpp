// Overhead compensation: the cost of timing, measured by the runtime, taken out
// of the call times; and the time of calls the runtime stopped timing, estimated.
#include "analysis/timing_cost.h"

#include "analysis/symbolizer.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

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
        minus_ps(node.inclusive_ns, node.calls * self_ps + calls_below[i] * caller_ps);
    node.exclusive_ns =
        minus_ps(node.exclusive_ns, node.calls * self_ps + child_calls[i] * (caller_ps - self_ps));
    // The calls timed in re-timing windows, as the node's calls on average.
    if (node.window_calls > 0)
      node.window_ns =
          minus_ps(node.window_ns, node.window_calls * self_ps +
                                       uint64_t(double(calls_below[i]) * double(caller_ps) *
                                                double(node.window_calls) / double(node.calls)));
  }
  // Each call in a node's histogram less the node's cost of timing per call: its own, and
  // that of its timed calls on average, so that the percentiles agree with the mean.
  for (profile::HistogramRange &range : profile.call_histograms) {
    const profile::CallNode &node = nodes[range.index];
    auto ps = uint64_t(double(self_ps) + (node.calls ? double(calls_below[range.index]) *
                                                           double(caller_ps) / double(node.calls)
                                                     : 0.0));
    range.lower_ns = minus_ps(range.lower_ns, ps);
    range.upper_ns = minus_ps(range.upper_ns, ps);
  }
}

} // namespace

TimingCostSummary subtract_timing_cost(std::vector<profile::Profile> &profiles, bool subtract) {
  TimingCostSummary summary;
  summary.subtracted = subtract;
  for (profile::Profile &profile : profiles) {
    if (!profile.timing_cost.measured)
      continue;
    uint64_t cost = profile.timing_cost.caller_ps;
    summary.min_caller_ps =
        summary.measured_profiles == 0 ? cost : std::min(summary.min_caller_ps, cost);
    summary.max_caller_ps = std::max(summary.max_caller_ps, cost);
    ++summary.measured_profiles;
    if (subtract)
      subtract_from(profile);
  }
  return summary;
}

std::vector<std::optional<uint64_t>> sampled_stopped_ns(const profile::Profile &profile,
                                                        Symbolizer &symbolizer) {
  std::vector<std::optional<uint64_t>> sampled(profile.sites.size());
  bool line_mode = profile.sampling.present;
  const profile::Sampling &sampling =
      line_mode ? profile.sampling : profile.stopped_timing_sampling;
  const std::vector<profile::Sample> &samples =
      line_mode ? profile.samples : profile.stopped_timing_samples;
  if (sampling.period_ns == 0 || sampling.samples < kMinSamplesForEstimates)
    return sampled;
  // The stopped functions by linkage name; a name that two sites share (static functions of
  // two files) is left to the windows.
  std::map<std::string, uint32_t> by_name;
  for (uint32_t site : profile.timing_stopped_sites) {
    if (site >= profile.sites.size() || profile.sites[site].kind != HOTLINE_SITE_FUNCTION ||
        profile.sites[site].linkage_name.empty())
      continue;
    auto [it, added] = by_name.emplace(profile.sites[site].linkage_name, site);
    if (!added)
      it->second = profile::kNoSite;
  }
  for (const auto &[name, site] : by_name)
    if (site != profile::kNoSite)
      sampled[site] = 0;
  for (const profile::Sample &sample : samples) {
    if (sample.object >= profile.objects.size())
      continue;
    const profile::Object &object = profile.objects[sample.object];
    if (object.profiler || !symbolizer.readable(object.path, object.build_id)) // remembered
      continue;
    auto it = by_name.find(symbolizer.linkage_name(object.path, sample.address));
    if (it != by_name.end() && it->second != profile::kNoSite)
      *sampled[it->second] += sample.count * sampling.period_ns;
  }
  return sampled;
}

void estimate_stopped_calls(profile::Profile &profile,
                            const std::vector<std::optional<uint64_t>> &sampled_ns) {
  std::vector<bool> stopped(profile.sites.size(), false);
  for (uint32_t site : profile.timing_stopped_sites)
    if (site < stopped.size())
      stopped[site] = true;
  std::vector<uint64_t> timed_calls(profile.sites.size(), 0);
  std::vector<uint64_t> window_calls(profile.sites.size(), 0);
  for (const profile::CallNode &node : profile.nodes)
    if (stopped[node.site]) {
      timed_calls[node.site] += node.calls;
      window_calls[node.site] += node.window_calls;
    }
  // Parents come before their children: a stopped node inside another takes its time
  // from what its parent holds once estimated itself.
  for (profile::CallNode &node : profile.nodes) {
    uint32_t site = node.site;
    if (!stopped[site] || node.calls == 0 || node.parent == profile::kNoParent ||
        profile.site_counts[site] <= timed_calls[site])
      continue;
    // The untimed calls are shared among the site's nodes as its calls in re-timing windows
    // were (a fair sample of the calls after the stop), each at that sample's mean; with too
    // few of them, as its timed calls were, at their mean.
    bool from_windows = window_calls[site] >= HOTLINE_MIN_WINDOW_CALLS;
    uint64_t sample_calls = from_windows ? node.window_calls : node.calls;
    uint64_t sample_ns = from_windows ? node.window_ns : node.inclusive_ns;
    if (sample_calls == 0)
      continue;
    uint64_t untimed = profile.site_counts[site] - timed_calls[site];
    auto calls =
        uint64_t(std::llround(double(untimed) * double(sample_calls) /
                              double(from_windows ? window_calls[site] : timed_calls[site])));
    // Calls of a few nanoseconds hide in the cost of timing them (their body runs alongside
    // the clock reads), so the mean left after subtracting that cost can be near zero; no
    // call costs less than an untimed call of an empty function. (A loop's entry can.)
    double mean_ns = double(sample_ns) / double(sample_calls);
    if (profile.sites[site].kind == HOTLINE_SITE_FUNCTION)
      mean_ns = std::max(mean_ns, double(profile.timing_cost.untimed_call_ps) / 1000.0);
    double estimate_ns = mean_ns * double(calls);
    // Sampled, when the site's calls were nearly all untimed (so that its samples are of them):
    // its untimed calls' share of its sampled time, shared among its nodes as its calls are.
    bool from_samples =
        site < sampled_ns.size() && sampled_ns[site] && untimed >= 9 * timed_calls[site];
    if (from_samples)
      estimate_ns = double(*sampled_ns[site]) * double(calls) / double(untimed + timed_calls[site]);
    profile::CallNode &parent = profile.nodes[node.parent];
    uint64_t ns = std::min(uint64_t(std::llround(estimate_ns)), parent.exclusive_ns);
    parent.exclusive_ns -= ns;
    node.calls += calls;
    node.inclusive_ns += ns;
    node.exclusive_ns += ns;
    node.estimated_calls += calls;
    node.estimated_ns += ns;
    if (from_samples)
      node.sampled_estimate_ns += ns;
  }
}

TimingCostSummary settle_call_times(std::vector<profile::Profile> &profiles, bool compensate) {
  TimingCostSummary summary = subtract_timing_cost(profiles, compensate);
  std::optional<Symbolizer> symbolizer; // made when a profile has samples to read
  for (profile::Profile &profile : profiles) {
    std::vector<std::optional<uint64_t>> sampled;
    if (!profile.timing_stopped_sites.empty() &&
        (!profile.samples.empty() || !profile.stopped_timing_samples.empty())) {
      if (!symbolizer)
        symbolizer.emplace();
      sampled = sampled_stopped_ns(profile, *symbolizer);
    }
    estimate_stopped_calls(profile, sampled);
  }
  return summary;
}

} // namespace hotline::analysis
