// Where each loop stands against the machine's roofs: its FLOP rate and memory
// bandwidth (exact work counts over measured or sampled time) next to the peaks
// `hotline calibrate` measured, and which roof, if any, limits it.
#pragma once

#include "analysis/lines.h"

#include <cstdint>
#include <string>

namespace hotline::analysis {

// One thread's peaks (what `hotline calibrate` measures).
struct Roofs {
  double flops32_per_s = 0;
  double flops64_per_s = 0;
  double bytes_per_s = 0;
};

enum class LoopBound {
  Unjudged,   // see LoopThroughput::unjudged
  Memory,     // at least kNearRoof of the memory bandwidth
  Compute,    // at least kNearRoof of the peak FLOP rate for its mix of precisions
  Cache,      // moves bytes kInCache times faster than memory can: its data
              // stays in cache
  BelowRoofs, // far below both: latency-, dependency- or branch-bound
};

inline constexpr double kNearRoof = 0.5;
// A memory-bound loop lands near 100% of the calibrated bandwidth, give or take
// the noise of both measurements (sampled time is known to ±1/√samples): only
// well above it is the loop surely served by caches.
inline constexpr double kInCache = 1.5;

struct LoopThroughput {
  bool has_rates = false; // the loop has work counted and a time to divide it by
  bool sampled = false;   // the time is its lines' samples, not measured
  double seconds = 0;
  double flops_per_s = 0;
  double bytes_per_s = 0;
  double intensity = 0;     // FLOPs per byte (0 without bytes)
  double compute_share = 0; // of the compute roof, for its precision mix
  double memory_share = 0;  // of the memory roof
  LoopBound bound = LoopBound::Unjudged;
  std::string unjudged; // why there is no verdict, when there is none
};

// The loop's rates, and its verdict when `roofs` is given and the loop ran long
// enough to judge: 1 ms measured, or 20 samples of `sample_period_ns`.
LoopThroughput loop_throughput(const LoopStats &loop, const Roofs *roofs,
                               uint64_t sample_period_ns);

// "memory-bound", "compute-bound", "in cache", "below both roofs", "-".
const char *bound_name(LoopBound bound);

} // namespace hotline::analysis
