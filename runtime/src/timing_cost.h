// Measures what timing one call costs on this machine, so reports can subtract it.
#pragma once

namespace hotline::rt {

struct TimingCost {
  double self_ticks;   // recorded inside a timed call's own inclusive time
  double caller_ticks; // added to its caller's inclusive time, self_ticks included
};

// Times an empty function through __hotline_enter and __hotline_exit, the way instrumented
// code calls them, on a scratch thread state that no profile includes. Takes about 55 us;
// the profile writer calls it.
TimingCost measure_timing_cost();

} // namespace hotline::rt
