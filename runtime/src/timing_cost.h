// Measures what timing one call costs on this machine, so reports can subtract it.
#pragma once

namespace hotline::rt {

struct TimingCost {
  double self_ticks;         // recorded inside a timed call's own inclusive time
  double caller_ticks;       // added to its caller's inclusive time, self_ticks included
  double untimed_call_ticks; // an untimed (counted) call of an empty function
};

// What timing one call costs in this process, measured once by timing_cost_init: the
// stop-timing threshold (timing_policy.h), the live view and the profile use the same figures.
// A forked child keeps its parent's (the same machine).
const TimingCost &timing_cost();

// From runtime_init, once the thread states and the timing policy are set up. Times an empty
// function through __hotline_enter and __hotline_exit, the way instrumented code calls them, on
// a scratch thread state that no profile includes, then calls of an empty function whose timing
// stopped. Takes about 60 us.
void timing_cost_init();

} // namespace hotline::rt
