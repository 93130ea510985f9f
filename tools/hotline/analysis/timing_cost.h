// The call times every view shows: the measured cost of timing taken out, and the time of
// the calls the runtime counted without timing them estimated.
#pragma once

#include "profile/reader.h"

#include <hotline/profile_format.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace hotline::analysis {

// What subtract_timing_cost found, for the reports' header.
struct TimingCostSummary {
  size_t measured_profiles = 0; // profiles with a TIMING_COST section
  bool subtracted = false;
  uint64_t min_caller_ps = 0; // the range of the cost of one timed call
  uint64_t max_caller_ps = 0;
};

// Each timed call made its own inclusive time longer by self_ps and its
// caller's by caller_ps (docs/profile-format.md, "How hotline turns a profile
// into numbers"). With `subtract`, every call node of every profile that
// measured its cost loses that: inclusive time loses self_ps per own call and
// caller_ps per timed call below it, exclusive time self_ps per own call and
// caller_ps - self_ps per direct timed callee, each clamped at zero. Without,
// the profiles are left as recorded.
TimingCostSummary subtract_timing_cost(std::vector<profile::Profile> &profiles, bool subtract);

class Symbolizer;

// Sampled estimates need at least this many samples in the profile: fewer say little.
constexpr uint64_t kMinSamplesForEstimates = 50;

// The CPU time sampled in each stopped function's own code (its instructions, and those of the
// functions inlined into it): the samples whose address is in the function, by the linkage
// name of the outermost function there, times the sampling period. A site has no value when
// the profile has fewer than kMinSamplesForEstimates samples, when it is not a stopped
// function, or when its linkage name is another site's too.
std::vector<std::optional<uint64_t>> sampled_stopped_ns(const profile::Profile &profile,
                                                        Symbolizer &symbolizer);

// Once the runtime stops timing a site (HOTLINE_STOP_TIMING_*), its calls are only counted
// and their time is in the self time of the node that called them. For each stopped site,
// the calls not timed (its exact count less its nodes' timed calls) are shared among its
// nodes and that time moves from the parent node's self time to the node (never more than
// the parent's self time holds: the estimate cannot create time). When the runtime timed at
// least HOTLINE_MIN_WINDOW_CALLS of the site's calls again in its re-timing windows (a fair sample
// of the calls after the stop), they are shared as those calls were, each at its node's mean of
// them; otherwise as the timed calls were, at the node's mean of all its timed calls (mostly
// its first ones); a function's never below what an untimed call of an empty function costs
// (TimingCost::untimed_call_ps). A stopped function whose calls were nearly all untimed (at
// least 9 in 10) and that has a value in `sampled_ns` gets its untimed calls' share of that
// sampled time instead, shared among its nodes in the same way: calls of a few nanoseconds
// hide in the cost of the clock reads that time them in windows (test/truth/time.test), and
// samples do not. The nodes say what they estimated (CallNode::estimated_calls, estimated_ns).
void estimate_stopped_calls(profile::Profile &profile,
                            const std::vector<std::optional<uint64_t>> &sampled_ns = {});

// What every view does before reading call times: subtract_timing_cost, then
// estimate_stopped_calls on each profile, with its sampled_stopped_ns when it has samples.
TimingCostSummary settle_call_times(std::vector<profile::Profile> &profiles, bool compensate);

} // namespace hotline::analysis
