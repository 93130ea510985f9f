// Removes the measured cost of timing from the call times of profiles.
#pragma once

#include "profile/reader.h"

#include <cstddef>
#include <cstdint>
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
TimingCostSummary subtract_timing_cost(std::vector<profile::Profile> &profiles,
                                       bool subtract);

} // namespace hotline::analysis
