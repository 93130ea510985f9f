// Process-wide setup: the clock, the options from HOTLINE_* variables, and the exit hook
// that writes the profile.
#include "runtime.h"

#include "call_targets.h"
#include "cuda_tracing.h"
#include "fatal_signals.h"
#include "heap_tracking.h"
#include "io_tracking.h"
#include "job.h"
#include "live.h"
#include "memory.h"
#include "modules.h"
#include "profile_writer.h"
#include "regions.h"
#include "start_end_ranges.h"
#include "runtime_scope.h"
#include "mpi_tracking.h"
#include "sync_tracking.h"
#include "system_sampler.h"
#include "threads.h"
#include "timing_policy.h"
#include "tracing.h"

#include <hotline/profile_format.h>

#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

namespace hotline::rt {

__thread bool tls_in_runtime = false;

namespace {
Options g_options;
LiveOptions g_live_options; // HOTLINE_LIVE, HOTLINE_LIVE_MS, HOTLINE_ALERT: the live view's (live.h)
ClockPair g_start_clock;
int64_t g_start_unix_ns;
pid_t g_start_pid;
int g_init_state = 0; // 0: not started, 1: in progress, 2: done
uint32_t g_hooks_not_in_effect = 0; // HOTLINE_RUN_HEAP_NOT_HOOKED, HOTLINE_RUN_IO_NOT_HOOKED

int64_t realtime_ns() {
  timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

bool parse_bool(const char *name, const char *value, bool fallback) {
  if (!strcmp(value, "1") || !strcmp(value, "true") || !strcmp(value, "yes") || !strcmp(value, "on"))
    return true;
  if (!strcmp(value, "0") || !strcmp(value, "false") || !strcmp(value, "no") || !strcmp(value, "off"))
    return false;
  report_problem("%s=%s is not a boolean (use 1/0, true/false, yes/no, on/off); using %s", name,
                 value, fallback ? "1" : "0");
  return fallback;
}

uint64_t parse_count(const char *name, const char *value, uint64_t fallback) {
  char *end = nullptr;
  errno = 0;
  unsigned long long n = value[0] >= '0' && value[0] <= '9' ? strtoull(value, &end, 10) : 0;
  if (end && *end == '\0' && errno == 0)
    return n;
  report_problem("%s=%s is not a non-negative integer; using %llu", name, value,
                 (unsigned long long)fallback);
  return fallback;
}

void read_options() {
  if (const char *dir = getenv("HOTLINE_DIR")) {
    if (dir[0])
      g_options.output_dir = dir;
    else
      report_problem("HOTLINE_DIR is empty; writing the profile to the current directory");
  }
  if (const char *quiet = getenv("HOTLINE_QUIET"))
    g_options.quiet = parse_bool("HOTLINE_QUIET", quiet, false);
  if (const char *after = getenv("HOTLINE_STOP_TIMING_AFTER"))
    g_options.stop_timing_after =
        parse_count("HOTLINE_STOP_TIMING_AFTER", after, g_options.stop_timing_after);
  if (const char *below = getenv("HOTLINE_STOP_TIMING_BELOW_NS"))
    g_options.stop_timing_below_ns =
        parse_count("HOTLINE_STOP_TIMING_BELOW_NS", below, g_options.stop_timing_below_ns);
  if (const char *hz = getenv("HOTLINE_SAMPLE_HZ")) {
    g_options.sample_hz = parse_count("HOTLINE_SAMPLE_HZ", hz, g_options.sample_hz);
    if (g_options.sample_hz > kMaxSampleHz) {
      report_problem("HOTLINE_SAMPLE_HZ=%s is above the limit of %llu samples per second; "
                     "using %llu",
                     hz, (unsigned long long)kMaxSampleHz, (unsigned long long)kMaxSampleHz);
      g_options.sample_hz = kMaxSampleHz;
    }
  }
  if (const char *memory = getenv("HOTLINE_MEMORY"))
    g_options.memory = parse_bool("HOTLINE_MEMORY", memory, true);
  if (const char *io = getenv("HOTLINE_IO"))
    g_options.io = parse_bool("HOTLINE_IO", io, true);
  if (const char *sync = getenv("HOTLINE_SYNC"))
    g_options.sync = parse_bool("HOTLINE_SYNC", sync, true);
  if (const char *mpi = getenv("HOTLINE_MPI"))
    g_options.mpi = parse_bool("HOTLINE_MPI", mpi, true);
  if (const char *cuda = getenv("HOTLINE_CUDA"))
    g_options.cuda = parse_bool("HOTLINE_CUDA", cuda, true);
  if (const char *trace = getenv("HOTLINE_TRACE"))
    g_options.trace = parse_bool("HOTLINE_TRACE", trace, false);
  if (const char *min = getenv("HOTLINE_TRACE_MIN_NS"))
    g_options.trace_min_ns = parse_count("HOTLINE_TRACE_MIN_NS", min, g_options.trace_min_ns);
  if (const char *events = getenv("HOTLINE_TRACE_EVENTS")) {
    g_options.trace_events = parse_count("HOTLINE_TRACE_EVENTS", events, g_options.trace_events);
    if (g_options.trace_events == 0 || g_options.trace_events > kMaxTraceEvents) {
      report_problem("HOTLINE_TRACE_EVENTS=%s is not between 1 and %llu events per thread; using 250000", events,
                     (unsigned long long)kMaxTraceEvents);
      g_options.trace_events = 250000;
    }
  }
  if (const char *bytes = getenv("HOTLINE_TRACE_ALLOCATION_BYTES"))
    g_options.trace_allocation_bytes =
        parse_count("HOTLINE_TRACE_ALLOCATION_BYTES", bytes, g_options.trace_allocation_bytes);
  if (const char *ms = getenv("HOTLINE_SAMPLE_MS"))
    g_options.system_sample_ms = parse_count("HOTLINE_SAMPLE_MS", ms, g_options.system_sample_ms);
  if (const char *live = getenv("HOTLINE_LIVE"))
    g_live_options.publish = parse_bool("HOTLINE_LIVE", live, false);
  if (const char *ms = getenv("HOTLINE_LIVE_MS")) {
    g_live_options.period_ms = parse_count("HOTLINE_LIVE_MS", ms, g_live_options.period_ms);
    if (g_live_options.period_ms < kMinLivePeriodMs || g_live_options.period_ms > kMaxLivePeriodMs) {
      report_problem("HOTLINE_LIVE_MS=%s is not between %llu and %llu milliseconds; using 1000", ms,
                     (unsigned long long)kMinLivePeriodMs, (unsigned long long)kMaxLivePeriodMs);
      g_live_options.period_ms = 1000;
    }
  }
  if (const char *paths = getenv("HOTLINE_MAX_CALL_PATHS")) {
    g_options.max_call_paths = parse_count("HOTLINE_MAX_CALL_PATHS", paths, g_options.max_call_paths);
    if (g_options.max_call_paths > kMaxCallPathsLimit) {
      report_problem("HOTLINE_MAX_CALL_PATHS=%s is above the limit of %llu call paths; using %llu", paths,
                     (unsigned long long)kMaxCallPathsLimit, (unsigned long long)kMaxCallPathsLimit);
      g_options.max_call_paths = kMaxCallPathsLimit;
    }
  }
  g_live_options.alerts = getenv("HOTLINE_ALERT");
  g_stop_timing_check_calls = g_options.stop_timing_after;
  g_max_call_paths = g_options.max_call_paths;
}

void write_profile_at_exit() {
  write_profile();
  keep_modules_until_exit();
}

bool g_child_keeps_parent_counts = false; // inside daemon(): see runtime.h

// A forked child's profile holds what the child did: its calls, counts, call targets,
// allocations, I/O and waits start at the fork; the heap blocks live then are marked as
// inherited (they are the child's to free). Its regions go on from the parent's.
void start_counting_in_child() {
  if (__atomic_load_n(&g_child_keeps_parent_counts, __ATOMIC_RELAXED))
    return;
  forget_parent_calls();
  forget_call_target_counts();
  forget_parent_heap_counts();
  forget_parent_io_counts();
  forget_parent_waits();
}
} // namespace

void runtime_init() {
  if (__atomic_load_n(&g_init_state, __ATOMIC_ACQUIRE) == 2)
    return;
  int expected = 0;
  if (!__atomic_compare_exchange_n(&g_init_state, &expected, 1, false, __ATOMIC_ACQ_REL,
                                   __ATOMIC_ACQUIRE)) {
    while (__atomic_load_n(&g_init_state, __ATOMIC_ACQUIRE) != 2)
      sched_yield(); // another thread is initializing
    return;
  }
  RuntimeScope scope;
  memory_init(); // first: see hold_across_fork
  clock_init();
  g_start_clock = read_clock_pair();
  g_start_unix_ns = realtime_ns();
  g_start_pid = getpid();
  read_options();
  remember_run_facts();
  job_init();
  set_heap_tracking(g_options.memory);
  set_io_tracking(g_options.io);
  set_sync_tracking(g_options.sync);
  set_mpi_tracking(g_options.mpi);
  set_cuda_tracing(g_options.cuda);
  modules_init();
  timing_policy_init();
  regions_init();
  start_end_ranges_init();
  heap_tracking_init();
  io_tracking_init();
  sync_tracking_init();
  mpi_tracking_init();
  threads_init();
  pthread_atfork(nullptr, nullptr, start_counting_in_child);
  system_sampler_init();
  // Registered this early, the hook runs after the program's own atexit handlers and static
  // destructors, so their time is recorded too.
  atexit(write_profile_at_exit);
  at_quick_exit(write_profile_at_exit); // quick_exit skips atexit handlers, not these
  if (g_options.memory && !heap_hooks_in_effect())
    g_hooks_not_in_effect |= HOTLINE_RUN_HEAP_NOT_HOOKED;
  if (g_options.io && !io_hooks_in_effect())
    g_hooks_not_in_effect |= HOTLINE_RUN_IO_NOT_HOOKED;
  fatal_signals_init();
  tracing_init();
  cuda_tracing_init();
  live_init(g_live_options); // last: its thread reads what the others set up
  __atomic_store_n(&g_init_state, 2, __ATOMIC_RELEASE);
}

void set_child_keeps_parent_counts(bool keeps) {
  __atomic_store_n(&g_child_keeps_parent_counts, keeps, __ATOMIC_RELAXED);
}

bool runtime_started() { return __atomic_load_n(&g_init_state, __ATOMIC_ACQUIRE) == 2; }
uint32_t hooks_not_in_effect() { return g_hooks_not_in_effect; }
const Options &options() { return g_options; }
ClockPair runtime_start_clock() { return g_start_clock; }
pid_t runtime_start_pid() { return g_start_pid; }
int64_t runtime_start_unix_ns() { return g_start_unix_ns; }

void report_problem(const char *format, ...) {
  RuntimeScope scope;
  char line[512];
  int n = snprintf(line, sizeof line, "hotline: ");
  va_list args;
  va_start(args, format);
  int m = vsnprintf(line + n, sizeof line - n - 1, format, args);
  va_end(args);
  size_t length = size_t(n) + (m < 0 ? 0 : size_t(m) < sizeof line - n - 1 ? size_t(m) : sizeof line - n - 2);
  line[length++] = '\n';
  ssize_t ignored = write(STDERR_FILENO, line, length);
  (void)ignored;
}

} // namespace hotline::rt

// Initialize before ordinary constructors, so code they run is recorded.
__attribute__((constructor(101))) static void hotline_runtime_constructor() {
  hotline::rt::runtime_init();
}
