// Stops timing sites whose calls are too short (TAU calls this throttling), and times them
// again in short windows spread over the run, whose calls the reports estimate the rest from.
#include "timing_policy.h"

#include "modules.h"
#include "runtime.h"
#include "runtime_scope.h"
#include "spin_lock.h"

#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

namespace hotline::rt {

uint64_t g_stop_timing_check_calls = 0;
bool g_window_counting = false;

namespace {

uint64_t window_opened = 0; // when the last window opened, in ticks
bool windows_started = false;
SpinLock windows_start_lock;

void pause_ns(uint64_t ns) {
  timespec pause{time_t(ns / 1000000000u), long(ns % 1000000000u)};
  while (nanosleep(&pause, &pause) != 0) {
  }
}

void set_timed_again(bool timed) {
  while (!set_stopped_sites_timed(timed))
    sched_yield();
}

// The windows' thread. A window opens at a moment no program thread chooses, so every call
// of a stopped site has the same chance to fall in one. A window that lasted longer than
// asked (a loaded machine wakes the thread late) is followed by a longer pause, so that the
// stopped sites stay timed again no more than kRetimeWindowNs / kRetimePeriodNs of the time.
void *windows_main(void *) {
  tls_in_runtime = true; // everything this thread does is the runtime's
  prctl(PR_SET_TIMERSLACK, 1000UL); // wake within a microsecond of the asked time, not 50
  uint64_t pause = kRetimePeriodNs;
  for (;;) {
    pause_ns(pause);
    uint64_t opened_ns = monotonic_ns();
    __atomic_store_n(&window_opened, now_ticks(), __ATOMIC_RELAXED);
    __atomic_store_n(&g_window_counting, true, __ATOMIC_RELEASE);
    set_timed_again(true);
    pause_ns(kRetimeWindowNs);
    set_timed_again(false);
    uint64_t open_ns = monotonic_ns() - opened_ns;
    pause_ns(kRetimeWindowNs); // the calls begun in the window end
    __atomic_store_n(&g_window_counting, false, __ATOMIC_RELAXED);
    uint64_t in_proportion = open_ns * (kRetimePeriodNs / kRetimeWindowNs);
    pause = in_proportion > kRetimePeriodNs ? in_proportion : kRetimePeriodNs;
  }
  return nullptr;
}

// Once, at the first stop of a process (a forked child starts its own at its first stop).
void start_windows() {
  if (__atomic_load_n(&windows_started, __ATOMIC_RELAXED) || !windows_start_lock.try_lock())
    return;
  if (!windows_started) {
    int error = start_runtime_thread(windows_main, "hotline-retime");
    if (error != 0)
      report_problem("cannot start the re-timing thread: %s; the time of functions whose timing "
                     "stopped is estimated from their first calls",
                     strerror(error));
    __atomic_store_n(&windows_started, true, __ATOMIC_RELAXED);
  }
  windows_start_lock.unlock();
}

// In a forked child the windows' thread is gone, maybe in a window: the stopped sites are
// untimed again, and the child starts a thread of its own at its next stop.
void windows_after_fork_in_child() {
  __atomic_store_n(&g_window_counting, false, __ATOMIC_RELAXED);
  set_stopped_sites_timed(false);
  __atomic_store_n(&windows_started, false, __ATOMIC_RELAXED);
}

} // namespace

HOTLINE_ABI_PRESERVE_MOST void consider_stopping_timing(CallNode &node) {
  // The tick rate so far; precise enough to compare a mean with a threshold.
  TickConverter time = make_tick_converter(runtime_start_clock(), read_clock_pair());
  double mean_ns = double(node.inclusive_ticks) * time.ns_per_tick / double(node.calls);
  if (mean_ns >= double(options().stop_timing_below_ns)) {
    node.next_check = node.calls * 2;
    return;
  }
  stop_timing_site(node.site);
  start_windows();
}

HOTLINE_ABI_PRESERVE_MOST void count_window_call(CallNode &node, uint64_t start, uint64_t end) {
  if (start >= __atomic_load_n(&window_opened, __ATOMIC_RELAXED) && timing_stopped(node.site)) {
    node.window_calls++;
    node.window_ticks += end - start;
  }
}

bool pause_windows() { return __atomic_exchange_n(&g_window_counting, false, __ATOMIC_RELAXED); }
void resume_windows(bool counting) {
  if (counting)
    __atomic_store_n(&g_window_counting, true, __ATOMIC_RELAXED);
}

void timing_policy_init() {
  // After the registry's handlers (modules_init), so that the registry is usable here.
  pthread_atfork(nullptr, nullptr, windows_after_fork_in_child);
}

} // namespace hotline::rt
