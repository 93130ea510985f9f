// Stops timing sites whose calls are too short (TAU calls this throttling).
#include "timing_policy.h"

#include "modules.h"
#include "runtime.h"

namespace hotline::rt {

uint64_t g_stop_timing_check_calls = 0;

HOTLINE_ABI_PRESERVE_MOST void consider_stopping_timing(CallNode &node) {
  // The tick rate so far; precise enough to compare a mean with a threshold.
  TickConverter time = make_tick_converter(runtime_start_clock(), read_clock_pair());
  double mean_ns = double(node.inclusive_ticks) * time.ns_per_tick / double(node.calls);
  if (mean_ns < double(options().stop_timing_below_ns))
    stop_timing_site(node.site);
  else
    node.next_check = node.calls * 2;
}

} // namespace hotline::rt
