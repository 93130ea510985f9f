// Loops against the machine's roofs.
#include "analysis/roofline.h"

#include <algorithm>

namespace hotline::analysis {

namespace {

constexpr uint64_t kMinMeasuredNs = 1000000; // 1 ms
constexpr uint64_t kMinSamples = 20;

} // namespace

LoopThroughput loop_throughput(const LoopStats &loop, const Roofs *roofs,
                               uint64_t sample_period_ns) {
  LoopThroughput result;
  uint64_t flops = loop.flops32 + loop.flops64;
  if (flops == 0 && loop.bytes == 0) {
    result.unjudged = loop.calls > 0 ? "calls out" : "no work counted";
    return result;
  }
  // The work counts cover every entry: so must the time.
  uint64_t ns = 0;
  bool long_enough = false;
  if (loop.timed_entries > 0) {
    if (loop.timed_entries != loop.entries) {
      result.unjudged = "timed for part of its entries";
      return result;
    }
    ns = loop.inclusive_ns;
    long_enough = ns >= kMinMeasuredNs;
  } else {
    ns = loop.sampled_ns;
    result.sampled = true;
    long_enough = sample_period_ns > 0 && ns / sample_period_ns >= kMinSamples;
  }
  if (ns == 0) {
    result.unjudged = "no time";
    return result;
  }
  result.has_rates = true;
  result.seconds = double(ns) * 1e-9;
  result.flops_per_s = double(flops) / result.seconds;
  result.bytes_per_s = double(loop.bytes) / result.seconds;
  result.intensity = loop.bytes == 0 ? 0 : double(flops) / double(loop.bytes);
  if (loop.calls > 0) {
    // Its time holds its callees' work, its counts do not.
    result.unjudged = "calls out";
    return result;
  }
  if (!long_enough) {
    result.unjudged = "too short to judge";
    return result;
  }
  if (!roofs) {
    result.unjudged = "no calibration";
    return result;
  }
  // The shortest time its work could take at each roof, as a share of its time.
  double compute_seconds = 0;
  if (roofs->flops32_per_s > 0)
    compute_seconds += double(loop.flops32) / roofs->flops32_per_s;
  if (roofs->flops64_per_s > 0)
    compute_seconds += double(loop.flops64) / roofs->flops64_per_s;
  double memory_seconds = roofs->bytes_per_s > 0 ? double(loop.bytes) / roofs->bytes_per_s : 0;
  result.compute_share = compute_seconds / result.seconds;
  result.memory_share = memory_seconds / result.seconds;
  if (result.memory_share >= kInCache)
    result.bound = result.compute_share >= kNearRoof ? LoopBound::Compute : LoopBound::Cache;
  else if (std::max(result.compute_share, result.memory_share) < kNearRoof)
    result.bound = LoopBound::BelowRoofs;
  else if (result.compute_share >= result.memory_share)
    result.bound = LoopBound::Compute;
  else
    result.bound = LoopBound::Memory;
  return result;
}

const char *bound_name(LoopBound bound) {
  switch (bound) {
  case LoopBound::Memory:
    return "memory-bound";
  case LoopBound::Compute:
    return "compute-bound";
  case LoopBound::Cache:
    return "in cache";
  case LoopBound::BelowRoofs:
    return "below both roofs";
  case LoopBound::Unjudged:
    break;
  }
  return "-";
}

} // namespace hotline::analysis
