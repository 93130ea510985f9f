// Chooses the clock (invariant TSC or CLOCK_MONOTONIC) and calibrates ticks to nanoseconds.
#include "clock.h"

#include <cpuid.h>

namespace hotline::rt {

bool g_clock_is_tsc = false;

// Two cpuid instructions, not __get_cpuid's four: in a virtual machine each one traps to the
// hypervisor (microseconds, in every process's start).
static bool tsc_is_invariant() {
  unsigned eax, ebx, ecx, edx;
  __cpuid(0x80000000u, eax, ebx, ecx, edx); // the highest extended leaf
  if (eax < 0x80000007u)
    return false;
  __cpuid(0x80000007u, eax, ebx, ecx, edx);
  return (edx & (1u << 8)) != 0; // "Invariant TSC": constant rate in all P-, C- and T-states
}

void clock_init() { g_clock_is_tsc = tsc_is_invariant(); }

HOTLINE_ABI_PRESERVE_MOST uint64_t monotonic_ticks() { return monotonic_ns(); }

const char *clock_source_name() { return g_clock_is_tsc ? "tsc" : "clock_gettime"; }

// Brackets one tick reading between two monotonic readings and keeps the tightest of a few
// tries, so a preemption between the reads does not skew the calibration.
ClockPair read_clock_pair() {
  ClockPair best{now_ticks(), monotonic_ns()};
  uint64_t best_width = UINT64_MAX;
  for (int i = 0; i < 5; ++i) {
    uint64_t before = monotonic_ns();
    uint64_t ticks = now_ticks();
    uint64_t after = monotonic_ns();
    if (after - before < best_width) {
      best_width = after - before;
      best = {ticks, before + (after - before) / 2};
    }
  }
  return best;
}

TickConverter make_tick_converter(ClockPair start, ClockPair end) {
  TickConverter c;
  c.origin_ticks = start.ticks;
  if (g_clock_is_tsc && end.ticks > start.ticks && end.mono_ns > start.mono_ns)
    c.ns_per_tick = double(end.mono_ns - start.mono_ns) / double(end.ticks - start.ticks);
  return c;
}

} // namespace hotline::rt
