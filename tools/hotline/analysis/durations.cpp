// Merges the call nodes' histograms per function and reads percentiles from them.
#include "analysis/durations.h"

#include <hotline/profile_format.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace hotline::analysis {

using profile::HistogramRange;
using profile::Profile;

const DurationStats *DurationTable::find(FunctionId id) const {
  auto it = std::lower_bound(functions.begin(), functions.end(), id,
                             [](const auto &entry, FunctionId key) { return entry.first < key; });
  return it != functions.end() && it->first == id ? &it->second : nullptr;
}

uint64_t duration_at(const std::vector<HistogramRange> &ranges, double fraction) {
  uint64_t total = 0;
  for (const HistogramRange &range : ranges)
    total += range.count;
  if (total == 0)
    return 0;
  // The rank of the call, from 1: the smallest that is at least `fraction` of all.
  auto rank = uint64_t(std::ceil(std::clamp(fraction, 0.0, 1.0) * double(total)));
  rank = std::max<uint64_t>(rank, 1);
  uint64_t before = 0;
  for (const HistogramRange &range : ranges) {
    if (before + range.count >= rank) {
      // The range's calls spread evenly over it; the last one ends at upper_ns.
      double within = double(rank - before) / double(range.count);
      return range.lower_ns +
             uint64_t(std::llround(within * double(range.upper_ns - range.lower_ns)));
    }
    before += range.count;
  }
  return ranges.back().upper_ns;
}

DurationStats duration_stats(std::vector<HistogramRange> ranges) {
  DurationStats stats;
  if (ranges.empty())
    return stats;
  std::sort(ranges.begin(), ranges.end(), [](const HistogramRange &a, const HistogramRange &b) {
    return a.lower_ns != b.lower_ns ? a.lower_ns < b.lower_ns : a.upper_ns < b.upper_ns;
  });
  // Nodes share the runtime's buckets: the calls of one bucket, in any node, are one range to
  // interpolate in.
  std::vector<HistogramRange> joined;
  for (const HistogramRange &range : ranges)
    if (!joined.empty() && joined.back().lower_ns == range.lower_ns &&
        joined.back().upper_ns == range.upper_ns)
      joined.back().count += range.count;
    else
      joined.push_back(range);
  for (const HistogramRange &range : joined) {
    stats.calls += range.count;
    stats.longest_ns = std::max(stats.longest_ns, range.upper_ns);
  }
  stats.shortest_ns = joined.front().lower_ns;
  stats.p50_ns = duration_at(joined, 0.50);
  stats.p90_ns = duration_at(joined, 0.90);
  stats.p99_ns = duration_at(joined, 0.99);
  return stats;
}

std::optional<DurationTable> compute_durations(const std::vector<Profile> &profiles,
                                               const FunctionCatalog &catalog) {
  if (std::none_of(profiles.begin(), profiles.end(), [](const Profile &p) { return p.histograms; }))
    return std::nullopt;
  DurationTable table;
  std::map<FunctionId, std::vector<HistogramRange>> merged;
  for (size_t p = 0; p < profiles.size(); ++p) {
    const Profile &profile = profiles[p];
    if (!profile.histograms)
      continue;
    std::vector<bool> has_histogram(profile.nodes.size(), false);
    for (const HistogramRange &range : profile.call_histograms) {
      has_histogram[range.index] = true;
      uint32_t site = profile.nodes[range.index].site;
      if (site == profile.other_call_paths_site ||
          profile.sites[site].kind != HOTLINE_SITE_FUNCTION)
        continue; // not one function's calls; a loop's entries
      merged[catalog.function_of(p, site)].push_back(range);
    }
    for (size_t n = 0; n < profile.nodes.size(); ++n)
      if (!has_histogram[n] && profile.nodes[n].calls > profile.nodes[n].open_calls)
        ++table.paths_without_histogram;
  }
  for (auto &[id, ranges] : merged)
    table.functions.emplace_back(id, duration_stats(std::move(ranges)));
  return table;
}

std::vector<DurationStats> tree_durations(const std::vector<Profile> &profiles,
                                          const FunctionCatalog &catalog, const CallTree &tree) {
  std::vector<std::vector<HistogramRange>> ranges(tree.nodes.size());
  bool any = false;
  for (size_t p = 0; p < profiles.size(); ++p) {
    const Profile &profile = profiles[p];
    any |= profile.histograms;
    for (const HistogramRange &range : profile.call_histograms) {
      uint32_t site = profile.nodes[range.index].site;
      // A loop's entries are not calls of the function whose tree node it is part of.
      if (profile.sites[site].kind == HOTLINE_SITE_FUNCTION &&
          node_role(profile, catalog, p, range.index) == NodeRole::Call)
        ranges[tree.node_of[p][range.index]].push_back(range);
    }
  }
  std::vector<DurationStats> stats;
  if (!any)
    return stats;
  stats.reserve(ranges.size());
  for (std::vector<HistogramRange> &node_ranges : ranges)
    stats.push_back(duration_stats(std::move(node_ranges)));
  return stats;
}

} // namespace hotline::analysis
