// Stops timing sites whose calls are too short (TAU calls this throttling), and times them
// again in short windows spread over the run, whose calls the reports estimate the rest from.
#include "timing_policy.h"

#include "duration_histograms.h"
#include "sampling.h"

#include "modules.h"
#include "runtime.h"
#include "spin_lock.h"
#include "timing_cost.h"

#include <hotline/profile_format.h>

#include <pthread.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

namespace hotline::rt {

uint64_t g_stop_timing_check_calls = 0;
uint64_t g_exit_slow_from = UINT64_MAX;

namespace {

uint64_t windows_slow_from = UINT64_MAX; // g_exit_slow_from as the windows need it
uint64_t window_opened = 0;              // when the last window opened, in ticks
uint64_t period_ticks = 0;               // kRetimePeriodNs in ticks, from the first stop on
uint64_t window_ticks = 0;               // kRetimeWindowNs in ticks
bool window_open = false;                // the stopped sites are timed again
bool windows_started = false;            // the windows' thread was started (or could not be)
SpinLock windows_start_lock;

// With histograms (duration_histograms.h), every exit takes the slow path, whatever the windows
// need.
void set_exit_slow_from(uint64_t ticks) {
  __atomic_store_n(&windows_slow_from, ticks, __ATOMIC_RELAXED);
  __atomic_store_n(&g_exit_slow_from, histograms_on() ? 0 : ticks, __ATOMIC_RELAXED);
}

// The windows' thread is hidden from the C library (threads.h, start_hidden_thread): it
// sleeps and yields through system calls of its own.
void pause_ns(uint64_t ns) {
  timespec pause{time_t(ns / 1000000000u), long(ns % 1000000000u)};
  while (syscall(SYS_nanosleep, &pause, &pause) != 0) {
  }
}
void yield() { syscall(SYS_sched_yield); }

void set_timed_again(bool timed) {
  while (!set_stopped_sites_timed(timed))
    yield();
}

// Closes the open window, if it is still open: by the first exit kRetimeWindowNs after it
// opened, or by the windows' thread. False when the registry was busy.
bool close_window() {
  if (!__atomic_load_n(&window_open, __ATOMIC_RELAXED))
    return true;
  if (!set_stopped_sites_timed(false))
    return false;
  __atomic_store_n(&window_open, false, __ATOMIC_RELAXED);
  return true;
}

// The windows' thread. A window opens at a moment no program thread chooses, so every call
// of a stopped site has the same chance to fall in one. It closes at the first exit
// kRetimeWindowNs later, or when this thread wakes, whichever comes first: a loaded machine
// may wake it milliseconds late, while the program's threads run on.
void windows_main() {
  syscall(SYS_prctl, PR_SET_TIMERSLACK, 1000UL, 0, 0,
          0); // wake within a microsecond of the asked time, not 50
  for (;;) {
    pause_ns(kRetimePeriodNs);
    __atomic_store_n(&window_opened, now_ticks(), __ATOMIC_RELAXED);
    set_exit_slow_from(0); // every exit comes to exit_slow_path, from now on
    set_timed_again(true);
    __atomic_store_n(&window_open, true, __ATOMIC_RELAXED); // after: a closer must see it open
    pause_ns(kRetimeWindowNs);
    while (!close_window())
      yield();
    pause_ns(kRetimeWindowNs); // the calls begun in the window end
    set_exit_slow_from(UINT64_MAX);
  }
}

// Once per process, at its first stop (a process that stops nothing never starts the thread,
// which costs about half a millisecond on these VMs, most of it at exit); in a forked child,
// at the first exit kRetimePeriodNs after the fork.
void start_windows() {
  if (!windows_start_lock.try_lock())
    return;
  if (!windows_started) {
    __atomic_store_n(&windows_started, true, __ATOMIC_RELAXED);
    set_exit_slow_from(UINT64_MAX); // before the thread may set it
    int error = start_hidden_thread(windows_main, "hotline-retime");
    if (error != 0)
      report_problem("cannot start the re-timing thread: %s; the time of functions whose timing "
                     "stopped is estimated from their first calls",
                     strerror(error));
  }
  windows_start_lock.unlock();
}

// In a forked child the windows' thread is gone, maybe in a window: the stopped sites are
// untimed again, and the child starts a thread of its own kRetimePeriodNs from now.
void windows_after_fork_in_child() {
  set_stopped_sites_timed(false);
  __atomic_store_n(&window_open, false, __ATOMIC_RELAXED);
  bool started = __atomic_load_n(&windows_started, __ATOMIC_RELAXED);
  __atomic_store_n(&windows_started, false, __ATOMIC_RELAXED);
  set_exit_slow_from(started ? now_ticks() + period_ticks : UINT64_MAX);
}

// HOTLINE_STOP_TIMING_BELOW_NS, or by default HOTLINE_STOP_TIMING_COST_TIMES times what a timed
// call costs its caller here (0.7-0.8 us on the project's VMs, where a timed call costs its
// caller 43-50 ns; 200 ns, the fixed default before, kept functions of 200 ns to 1 us timed at
// a sixth to a quarter of their time: bench/RESULTS.md).
double stop_timing_below_ns(const TickConverter &time) {
  uint64_t chosen = options().stop_timing_below_ns;
  if (chosen != kStopTimingBelowAuto)
    return double(chosen);
  return double(HOTLINE_STOP_TIMING_COST_TIMES) * timing_cost().caller_ticks * time.ns_per_tick;
}

} // namespace

HOTLINE_ABI_PRESERVE_MOST void consider_stopping_timing(CallNode &node) {
  // The tick rate so far; precise enough to compare a mean with a threshold.
  TickConverter time = make_tick_converter(runtime_start_clock(), read_clock_pair());
  double mean_ns = double(node.inclusive_ticks) * time.ns_per_tick / double(node.calls);
  if (mean_ns >= stop_timing_below_ns(time)) {
    node.next_check = node.calls * 2;
    return;
  }
  stop_timing_site(node.site);
  if (__atomic_load_n(&period_ticks, __ATOMIC_RELAXED) == 0 && windows_start_lock.try_lock()) {
    if (period_ticks == 0) { // the first stop
      __atomic_store_n(&period_ticks, uint64_t(double(kRetimePeriodNs) / time.ns_per_tick),
                       __ATOMIC_RELAXED);
      __atomic_store_n(&window_ticks, uint64_t(double(kRetimeWindowNs) / time.ns_per_tick),
                       __ATOMIC_RELAXED);
    }
    windows_start_lock.unlock();
    // Now, not at a later exit: after the stop, a program may make no call but the stopped
    // ones (a loop around a tiny function), and only the windows would ever time them again.
    start_windows();
  }
}

HOTLINE_ABI_PRESERVE_MOST void exit_slow_path(CallNode &node, uint64_t start, uint64_t end) {
  if (histograms_on()) {
    record_call_duration(node, end - start);
    if (end < __atomic_load_n(&windows_slow_from, __ATOMIC_RELAXED))
      return;
  }
  if (!__atomic_load_n(&windows_started, __ATOMIC_RELAXED)) {
    start_windows();
    return;
  }
  uint64_t opened = __atomic_load_n(&window_opened, __ATOMIC_RELAXED);
  uint64_t length = __atomic_load_n(&window_ticks, __ATOMIC_RELAXED);
  if (end >= opened && end - opened >= length)
    close_window();
  // Each thread is sampled for the stopped calls from its first timed call in a window on,
  // not from the stop: a process that ends within a window period of its first stop (a
  // short child) would take fewer samples than an estimate uses (5 at 250 Hz, for 50), and
  // the perf event and the table cost it 0.15 ms.
  if (ThreadState *t = current_thread_if_started(); t && !t->sampler.table)
    sample_for_stopped_calls(t);
  if (start < opened || start - opened >= length || !timing_stopped(node.site))
    return;
  // Every call in the sample stands for hundreds of untimed ones: one that the scheduler
  // preempted for 4 ms read as 800 ms more of a 4 ns function's time (a loaded machine
  // preempts a few of a run's window calls, and the estimate took all of the caller's self
  // time). A call as long as the window is left out; so is each node's longest call, which
  // an interrupt or a short preemption may have made 50 us long.
  uint64_t ticks = end - start;
  if (ticks >= length)
    return;
  if (node.window_longest_ticks == 0) {
    node.window_longest_ticks = ticks;
    return;
  }
  uint64_t kept = ticks;
  if (ticks > node.window_longest_ticks) {
    kept = node.window_longest_ticks;
    node.window_longest_ticks = ticks;
  }
  node.window_calls++;
  node.window_ticks += kept;
}

uint64_t pause_windows() {
  uint64_t windows = __atomic_load_n(&windows_slow_from, __ATOMIC_RELAXED);
  set_exit_slow_from(UINT64_MAX);
  return windows;
}
void resume_windows(uint64_t exit_slow_from) { set_exit_slow_from(exit_slow_from); }

void timing_policy_init() {
  set_exit_slow_from(UINT64_MAX); // after histograms_init
  // After the registry's handlers (modules_init), so that the registry is usable here.
  pthread_atfork(nullptr, nullptr, windows_after_fork_in_child);
}

} // namespace hotline::rt
