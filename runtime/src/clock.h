// The runtime's clock: rdtsc when the TSC is invariant, CLOCK_MONOTONIC otherwise.
#pragma once

#include <hotline/abi.h>

#include <stdint.h>
#include <time.h>
#include <x86intrin.h>

namespace hotline::rt {

extern bool g_clock_is_tsc;

inline uint64_t monotonic_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return uint64_t(ts.tv_sec) * 1000000000u + uint64_t(ts.tv_nsec);
}

// monotonic_ns out of line, preserve_most: the fallback of now_ticks, which the preserve_most
// __hotline_enter and __hotline_exit call (abi.h HOTLINE_ABI_PRESERVE_MOST).
HOTLINE_ABI_PRESERVE_MOST uint64_t monotonic_ticks();

// Ticks of the runtime's clock; converted to nanoseconds only when the profile is written.
inline uint64_t now_ticks() {
  if (__builtin_expect(g_clock_is_tsc, 1))
    return __rdtsc();
  return monotonic_ticks();
}

// A reading of both clocks at (nearly) the same instant, for calibration.
struct ClockPair {
  uint64_t ticks;
  uint64_t mono_ns;
};

void clock_init();
ClockPair read_clock_pair();
const char *clock_source_name();

// Converts tick counts to nanoseconds using two calibration points.
struct TickConverter {
  double ns_per_tick = 1.0;
  uint64_t origin_ticks = 0;
  uint64_t duration_ns(uint64_t ticks) const { return uint64_t(double(ticks) * ns_per_tick + 0.5); }
  uint64_t duration_ps(double ticks) const { return uint64_t(ticks * ns_per_tick * 1000 + 0.5); }
  uint64_t since_origin_ns(uint64_t ticks) const {
    return ticks <= origin_ticks ? 0 : duration_ns(ticks - origin_ticks);
  }
};
TickConverter make_tick_converter(ClockPair start, ClockPair end);

} // namespace hotline::rt
