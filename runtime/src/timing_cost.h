// Measures what timing one call costs on this machine, so reports can subtract it.
#pragma once

namespace hotline::rt {

struct TimingCost {
  double self_ticks;         // recorded inside a timed call's own inclusive time
  double caller_ticks;       // added to its caller's inclusive time, self_ticks included
  double untimed_call_ticks; // an untimed (counted) call of an empty function
};

// Times an empty function through __hotline_enter and __hotline_exit, the way instrumented
// code calls them, on a scratch thread state that no profile includes, then calls of an empty
// function whose timing stopped. Takes about 60 us; the profile writer calls it.
TimingCost measure_timing_cost();

} // namespace hotline::rt
