// The timing-cost calibration behind the profile's TIMING_COST section.
#include "timing_cost.h"

#include "clock.h"
#include "duration_histograms.h"
#include "threads.h"
#include "timing_policy.h"

#include <hotline/abi.h>

namespace hotline::rt {

namespace {

uint8_t untimed_byte = 1;
uint64_t untimed_calls = 0;

uint64_t unexpected_exits = 0;

TimingCost g_cost{};

// An instrumented function whose timing stopped, with no work of its own: it finds its
// site's untimed byte set and only counts the call, then checks at its exit whether it may
// be open (abi.h: it is not, since no call of this thread is open below its caller).
__attribute__((noinline)) void untimed_empty_function() {
  if (__atomic_load_n(&untimed_byte, __ATOMIC_RELAXED))
    untimed_calls = untimed_calls + 1;
  asm volatile("" ::: "memory");
  if (__hotline_open_call_key <= uintptr_t(__builtin_frame_address(0)))
    unexpected_exits = unexpected_exits + 1;
}

// The exit of an instrumented function (abi.h).
inline void exit_if_open(uint32_t site, uintptr_t key) {
  if (__hotline_open_call_key <= key)
    __hotline_exit(site, key);
}

TimingCost measure_timing_cost() {
  constexpr uint32_t kCallerSite = 0, kCalleeSite = 1;
  constexpr uintptr_t kCallerKey = 2, kCalleeKey = 1; // a callee's key is below its caller's
  // 1,024 timed calls, about 55 us on the project's VM. 16,384 (64 rounds of 256, about
  // 0.9 ms, most of an empty program's cost over plain) spread as widely between processes
  // (40.8 to 50.0 ticks over 8 measurements, against 40.2 to 45.4 with these): what varies
  // is the machine's state from one process to the next, not the sample.
  constexpr int kCallsPerRound = 64, kRounds = 16;

  // A two-node tree built in place, so the calibration allocates nothing. Its nodes are
  // never weighed for stopping (next_check 0), so these calls never make the runtime stop
  // timing the real sites that share their ids.
  ThreadState scratch{};
  Frame frames[4] = {};
  CallNode caller{}, callee{};
  scratch.frames = frames;
  scratch.current = &scratch.root;
  scratch.root.site = UINT32_MAX;
  scratch.root.first_child = &caller;
  // With histograms, every call's exit counts it in its node's: the calibration measures that
  // too, on histograms of its own.
  DurationHistogram caller_histogram{}, callee_histogram{};
  caller = {&scratch.root, &callee, nullptr, 0, 0, kCallerSite, 1, 0, 0, 0, 0, &caller_histogram};
  callee = {&caller, nullptr, nullptr, 0, 0, kCalleeSite, 2, 0, 0, 0, 0, &callee_histogram};

  // Direct calls, as from instrumented code; they live in another file, so they are never
  // inlined here.
  ThreadState *own = swap_current_thread(&scratch);
  uint64_t exit_slow_from = pause_windows();
  // The fastest round is the one least disturbed by interrupts and preemption.
  double self = 1e300, with_call = 1e300;
  for (int round = 0; round < kRounds; ++round) {
    uint64_t caller_before = caller.inclusive_ticks, callee_before = callee.inclusive_ticks;
    __hotline_enter(kCallerSite, kCallerKey);
    for (int i = 0; i < kCallsPerRound; ++i) {
      __hotline_enter(kCalleeSite, kCalleeKey);
      exit_if_open(kCalleeSite, kCalleeKey);
    }
    exit_if_open(kCallerSite, kCallerKey);
    double round_self = double(callee.inclusive_ticks - callee_before) / kCallsPerRound;
    double round_with_call = double(caller.inclusive_ticks - caller_before) / kCallsPerRound;
    self = round_self < self ? round_self : self;
    with_call = round_with_call < with_call ? round_with_call : with_call;
  }
  resume_windows(exit_slow_from);
  swap_current_thread(own);

  // What the same calls cost once their timing stopped: the least any call costs.
  double untimed = 1e300;
  for (int round = 0; round < kRounds; ++round) {
    uint64_t start = now_ticks();
    for (int i = 0; i < kCallsPerRound; ++i)
      untimed_empty_function();
    double round_untimed = double(now_ticks() - start) / kCallsPerRound;
    untimed = round_untimed < untimed ? round_untimed : untimed;
  }
  return {self, with_call, untimed};
}

} // namespace

const TimingCost &timing_cost() { return g_cost; }

void timing_cost_init() { g_cost = measure_timing_cost(); }

} // namespace hotline::rt
