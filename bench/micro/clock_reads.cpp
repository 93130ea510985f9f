// The floor under a timed call: the micro benchmarks' callee bracketed by two out-of-line
// calls that do nothing but read the clock and keep the reading, with the calling convention
// of hotline's __hotline_enter and __hotline_exit (preserve_most). It has no call tree and no
// check, so it is what any runtime that times a call from two out-of-line functions pays at
// the least on this machine; hotline's own bookkeeping is what a timed call costs above it.
#include <stdint.h>
#include <x86intrin.h>

static uint64_t g_start_ticks, g_total_ticks;

extern "C" __attribute__((noinline, preserve_most)) void clock_read_enter() { g_start_ticks = __rdtsc(); }

extern "C" __attribute__((noinline, preserve_most)) void clock_read_exit() {
  g_total_ticks += __rdtsc() - g_start_ticks;
}

extern "C" __attribute__((noinline)) int callee_clock_reads(int x) {
  clock_read_enter();
  int result = x * 3 + 1;
  clock_read_exit();
  return result;
}
