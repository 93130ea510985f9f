// When the runtime stops timing a site: once its calls have proved too short to be worth two
// clock reads. Its calls are still counted exactly, and their time becomes their callers'.
#pragma once

#include "threads.h"

#include <stdint.h>

namespace hotline::rt {

// __hotline_exit checks a node's mean time when its timed calls reach this number: a copy of
// options().stop_timing_after kept in a plain global, so the hot path reads it without a
// call (0 never matches, since a completed node has at least one call).
extern uint64_t g_stop_timing_check_calls;

// The slow path of that check: stops timing the node's site when the node's calls took less
// than HOTLINE_STOP_TIMING_BELOW_NS on average.
HOTLINE_ABI_PRESERVE_MOST void consider_stopping_timing(const CallNode &node);

} // namespace hotline::rt
