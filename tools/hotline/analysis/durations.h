// How long single calls took, function by function (HOTLINE_HISTOGRAMS): the call nodes'
// histograms merged per function, and the percentiles read from them.
#pragma once

#include "analysis/call_tree.h"
#include "analysis/functions.h"
#include "profile/reader.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace hotline::analysis {

struct DurationStats {
  uint64_t calls = 0; // the completed calls the histograms counted
  uint64_t shortest_ns = 0;
  uint64_t p50_ns = 0;
  uint64_t p90_ns = 0;
  uint64_t p99_ns = 0;
  uint64_t longest_ns = 0;
};

struct DurationTable {
  std::vector<std::pair<FunctionId, DurationStats>> functions; // by FunctionId
  // Call paths with completed calls but no histogram: beyond HOTLINE_HISTOGRAM_MB.
  uint64_t paths_without_histogram = 0;

  const DurationStats *find(FunctionId id) const;
};

// The distribution of the calls in `ranges`, any nodes' (sorted and joined here).
DurationStats duration_stats(std::vector<profile::HistogramRange> ranges);

// Absent unless a profile kept histograms. Every call node of a function counts, in every
// thread and profile (a recursive function's inner calls too: each is a call); loops' nodes
// are their loops' (LoopStats::durations).
std::optional<DurationTable> compute_durations(const std::vector<profile::Profile> &profiles,
                                               const FunctionCatalog &catalog);

// Each call tree node's (by index in tree.nodes), from the calls of its profiles' call nodes;
// empty unless a profile kept histograms.
std::vector<DurationStats> tree_durations(const std::vector<profile::Profile> &profiles,
                                          const FunctionCatalog &catalog, const CallTree &tree);

// The duration that `fraction` (0 to 1) of the calls in `ranges` did not exceed, read from
// ranges sorted by lower_ns: within the range holding that call, by linear interpolation
// (HdrHistogram's "value at percentile", without its rounding up to the range's end). 0 for
// no ranges; fraction 1 gives the last range's upper_ns, the longest call.
uint64_t duration_at(const std::vector<profile::HistogramRange> &ranges, double fraction);

} // namespace hotline::analysis
