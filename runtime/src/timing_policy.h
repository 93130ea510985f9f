// When the runtime stops timing a site: once its calls have proved too short to be worth two
// clock reads. Its calls are still counted exactly, and their time becomes their callers'.
// The reports estimate that time from calls the runtime times again in short windows spread
// over the run (re-timing windows), so that it does not rest on the site's first calls only.
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

// Re-timing windows. A thread of the runtime's, started at the first stop (in a forked child, by
// the first exit kRetimePeriodNs after the fork), times every stopped site again for
// kRetimeWindowNs every kRetimePeriodNs (the first exit after that closes the window, if the
// thread has not woken yet). The windows open at moments no program thread
// chooses, so every call after the stop has the same chance of being timed: the calls timed
// in windows are a fair sample of the untimed ones, which the first calls are not (buffers
// grow, caches are cold). A call of a stopped site that began in a window and lasted less
// than kRetimeWindowNs is counted in its node's window_calls and window_ticks; longer ones
// (preempted, mostly) stay out of the sample, and so does each node's longest. About
// 0.5% of the stopped sites' calls are timed: the windows cost that much of what timing them
// did.
constexpr uint64_t kRetimePeriodNs = 20'000'000;
constexpr uint64_t kRetimeWindowNs = 100'000;

// The clock reading from which __hotline_exit calls exit_slow_path: UINT64_MAX (never), except
// in a forked child whose parent had the windows' thread, from kRetimePeriodNs after the fork
// on (the slow path starts the child's windows' thread); 0
// while a window is open and kRetimeWindowNs after it (the slow path counts the calls of
// stopped sites), UINT64_MAX between windows. With HOTLINE_HISTOGRAMS, 0 always: the slow path
// counts each call in its node's histogram (duration_histograms.h), and does the windows' work only
// when they would have called it.
extern uint64_t g_exit_slow_from;
HOTLINE_ABI_PRESERVE_MOST void exit_slow_path(CallNode &node, uint64_t start, uint64_t end);

// For the TIMING_COST calibration (timing_cost.h), which times calls of its own: while the
// windows count, every exit takes the slow path, which the calibration must not measure (the
// histograms' part of it, which every call pays, it does).
// pause_windows returns what resume_windows then restores.
uint64_t pause_windows();
void resume_windows(uint64_t exit_slow_from);

// Called once, from runtime_init, after modules_init.
void timing_policy_init();

} // namespace hotline::rt
