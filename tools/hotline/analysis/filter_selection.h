// What `hotline filter` writes: the functions the next build should only count
// and those it should not instrument at all, chosen from profiles.
#pragma once

#include "profile/reader.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hotline::analysis {

// The line for a function whose profiles have no TIMING_COST: the runtime's fixed default
// before the line followed the cost.
constexpr uint64_t kUnmeasuredMinCallNs = 200;

struct FilterThresholds {
  // A function whose timed calls cost less than this on average, timing
  // included, is counted only. Unset: the runtime's own default line for "too
  // short to time", HOTLINE_STOP_TIMING_COST_TIMES times the measured cost of
  // timing one call (TIMING_COST caller_ps, averaged over the function's calls);
  // kUnmeasuredMinCallNs where no profile measured it.
  std::optional<uint64_t> min_call_ns;
  // ...provided it was called at least this often: HOTLINE_STOP_TIMING_AFTER's
  // default, the calls the runtime waits for before it judges a mean.
  uint64_t min_calls = 1000;
  // Whether functions that never ran are kept instrumented (no skip= lines).
  bool keep_unrun = false;
};

enum class FilterAction { CountOnly, Skip };

// One option line of the filter file, with the evidence for it. Functions that
// share a linkage name (static functions of the same name in several files) are
// one entry: the plugin tells functions apart by that name only.
struct FilterEntry {
  FilterAction action = FilterAction::CountOnly;
  std::string linkage_name;
  std::string name; // demangled
  std::string file; // of the first function of this name
  uint32_t line = 0;
  size_t functions = 1;     // how many functions share the linkage name
  uint64_t calls = 0;       // exact entries, all profiles
  uint64_t timed_calls = 0; // of them, timed
  // Per timed call: its time (callees included, recursion counted once) with
  // the measured cost of timing one call (TIMING_COST caller_ps) added back,
  // what a timed call costs the program. 0 when none was timed.
  double mean_ns = 0;
  bool timing_stopped = false; // the runtime stopped timing it
};

// The count-only entries (sorted by linkage name), then the skip entries
// (likewise), from profiles whose call times have had the cost of timing
// subtracted (subtract_timing_cost(profiles, true)):
// - count-only: timed, called at least min_calls times, and either stopped by
//   the runtime or under min_call_ns per timed call; never `main`, and never a
//   function whose loops (known from line-mode profiles) iterated at least as
//   often as it was called: the mean of such a function may hide a few long
//   calls.
// - skip: registered in some profile but never called in any, unless
//   keep_unrun; never `main`.
std::vector<FilterEntry> select_filter(const std::vector<profile::Profile> &profiles,
                                       const FilterThresholds &thresholds);

} // namespace hotline::analysis
