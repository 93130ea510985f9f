// How long each call node's calls and each region's entries lasted (HOTLINE_HISTOGRAMS=1): a
// log-linear histogram per call node and per region node, as HdrHistogram keeps, so that the
// reports can give the slow tail (p99, the longest) and not only the mean. Off, it costs
// nothing; on, every timed call's exit takes exit_slow_path (timing_policy.h), which counts the
// call's duration in its node's histogram, and a region's end counts its entry's.
#pragma once

#include "threads.h"

#include <stdint.h>

namespace hotline::rt {

// The buckets, over clock ticks: one per tick below 8; above, eight to an octave (each at most
// 12.5% wide) up to 2^44 ticks (an hour and a half at 3 GHz). A longer call counts in the last
// bucket; each histogram also keeps its shortest and longest duration exactly.
constexpr uint32_t kHistogramTopOctave = 43;
constexpr uint32_t kHistogramBuckets = (kHistogramTopOctave - 3) * 8 + 16;

struct DurationHistogram {
  uint64_t shortest_ticks;
  uint64_t longest_ticks;
  uint32_t counts[kHistogramBuckets]; // a bucket that reaches UINT32_MAX stays there
};

inline uint32_t histogram_bucket(uint64_t ticks) {
  if (ticks < 8)
    return uint32_t(ticks);
  uint32_t octave = 63 - uint32_t(__builtin_clzll(ticks));
  if (octave > kHistogramTopOctave)
    return kHistogramBuckets - 1;
  uint32_t shift = octave - 3;
  return shift * 8 + uint32_t(ticks >> shift); // ticks >> shift is in [8, 16)
}
// The ticks of bucket b: [lower, upper).
inline uint64_t histogram_bucket_lower(uint32_t b) {
  return b < 16 ? b : uint64_t(b % 8 + 8) << (b / 8 - 1);
}
inline uint64_t histogram_bucket_upper(uint32_t b) {
  return b < 16 ? b + 1 : uint64_t(b % 8 + 9) << (b / 8 - 1);
}

extern bool g_histograms; // HOTLINE_HISTOGRAMS
inline bool histograms_on() { return __atomic_load_n(&g_histograms, __ATOMIC_RELAXED); }

// Counts a duration of `ticks` in *histogram, unless the recording is stopped. The histogram
// is made at its first duration, within HOTLINE_HISTOGRAM_MB for all of them together; beyond,
// *histogram is set to &g_no_room_for_histogram and nothing is counted. Only from the thread
// that owns it.
void record_duration(DurationHistogram *&histogram, uint64_t ticks);
// A completed call of `node`.
inline void record_call_duration(CallNode &node, uint64_t ticks) {
  // A forked child's call inherited from its parent ends at count 0 (forget_parent_calls): the
  // parent's profile holds it.
  if (node.calls != 0)
    record_duration(node.histogram, ticks);
}

// What a histogram beyond HOTLINE_HISTOGRAM_MB points to: it is never written.
inline DurationHistogram g_no_room_for_histogram{};
inline bool has_histogram(const DurationHistogram *h) { return h && h != &g_no_room_for_histogram; }

// Empties a histogram: in a forked child, whose call nodes start empty (forget_parent_calls).
void forget_histogram(DurationHistogram *histogram);

// Called once, from runtime_init, before timing_policy_init: HOTLINE_HISTOGRAMS and
// HOTLINE_HISTOGRAM_MB (options()).
void histograms_init();

// Calls add(lower_ticks, upper_ticks, count) for each non-empty bucket of the histogram (null,
// or one from record_duration), shortest first; the first lower is the shortest duration, the
// last upper the longest (included).
template <typename F> void for_each_histogram_range(const DurationHistogram *histogram, F add) {
  if (!has_histogram(histogram))
    return;
  const DurationHistogram &h = *histogram;
  uint32_t first = kHistogramBuckets, last = 0;
  for (uint32_t b = 0; b < kHistogramBuckets; ++b)
    if (__atomic_load_n(&h.counts[b], __ATOMIC_RELAXED)) {
      first = first < b ? first : b;
      last = b;
    }
  // The owner may be counting a call meanwhile: the extremes are kept within their buckets.
  uint64_t shortest = __atomic_load_n(&h.shortest_ticks, __ATOMIC_RELAXED);
  uint64_t longest = __atomic_load_n(&h.longest_ticks, __ATOMIC_RELAXED);
  auto within = [](uint64_t ticks, uint64_t low, uint64_t high) {
    return ticks < low ? low : ticks > high ? high : ticks;
  };
  for (uint32_t b = first; b <= last && first < kHistogramBuckets; ++b) {
    uint32_t count = __atomic_load_n(&h.counts[b], __ATOMIC_RELAXED);
    if (!count)
      continue;
    uint64_t lower = histogram_bucket_lower(b), upper = histogram_bucket_upper(b);
    uint64_t top = b == kHistogramBuckets - 1 ? UINT64_MAX : upper; // the last holds the rest
    if (b == first)
      lower = within(shortest, lower, upper);
    if (b == last)
      upper = within(longest, lower, top);
    add(lower, upper, count);
  }
}

} // namespace hotline::rt
