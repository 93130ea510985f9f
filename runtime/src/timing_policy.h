// When the runtime stops timing a site: once its calls have proved too short to be worth two
// clock reads. Its calls are still counted exactly, and their time becomes their callers'.
#pragma once

#include "threads.h"

#include <stdint.h>

namespace hotline::rt {

// __hotline_exit first checks a node's mean time when its timed calls reach this number
// (options().stop_timing_after; 0 never matches, since a completed node has at least one
// call): each new node's next_check starts at it.
extern uint64_t g_stop_timing_check_calls;

// The slow path of that check: stops timing the node's site when the node's calls took less
// than HOTLINE_STOP_TIMING_BELOW_NS on average; otherwise checks again at twice the calls.
// A node's first calls may be slow only because its callees were still timed (each timed
// call costs tens of nanoseconds): {fmt}'s format-spec handler calls five short functions,
// which stop being timed at their own first check, and its mean then falls below the
// threshold. The later checks see that, at a cost of one more check per doubling.
HOTLINE_ABI_PRESERVE_MOST void consider_stopping_timing(CallNode &node);

} // namespace hotline::rt
