// Process-wide setup: the clock, the options from HOTLINE_* variables, and the exit hook
// that writes the profile.
#include "runtime.h"

#include "call_targets.h"
#include "cuda_tracing.h"
#include "duration_histograms.h"
#include "fatal_signals.h"
#include "heap_tracking.h"
#include "io_tracking.h"
#include "job.h"
#include "live.h"
#include "loaded_objects.h"
#include "memory.h"
#include "modules.h"
#include "mpi_tracking.h"
#include "profile_writer.h"
#include "recording_control.h"
#include "regions.h"
#include "runtime_scope.h"
#include "sampling.h"
#include "start_end_ranges.h"
#include "sync_tracking.h"
#include "system_sampler.h"
#include "threads.h"
#include "timing_cost.h"
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
LiveOptions
    g_live_options; // HOTLINE_LIVE, HOTLINE_LIVE_MS, HOTLINE_ALERT: the live view's (live.h)
ControlOptions
    g_control_options; // HOTLINE_START, HOTLINE_DELAY, HOTLINE_DURATION, HOTLINE_DUMP_SIGNAL
ClockPair g_start_clock;
int64_t g_start_unix_ns;
pid_t g_start_pid;
int g_init_state = 0;               // 0: not started, 1: in progress, 2: done
uint32_t g_hooks_not_in_effect = 0; // HOTLINE_RUN_HEAP_NOT_HOOKED, HOTLINE_RUN_IO_NOT_HOOKED

int64_t realtime_ns() {
  timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

// Every HOTLINE_* variable the runtime reads, once: its type, where its value goes (whose
// initial value, in runtime.h or live.h, is the default), what it does in one line, and for
// counts the values accepted. HOTLINE_HELP=1 prints this table; test/e2e/runtime-options-help.c
// checks docs/runtime-options.md against it.
enum class OptionType { Text, Boolean, Count };
struct RuntimeOption {
  const char *name;
  OptionType type;
  void *value;                         // const char **, bool * or uint64_t *, by type
  const char *help;                    // what it does, for HOTLINE_HELP
  uint64_t low = 0, high = UINT64_MAX; // a count's accepted values
  const char *unit = nullptr;          // what a count with a range counts, for the message
  bool clamp = false;                  // above `high`, high is used rather than the default
  const char *automatic = nullptr; // a count's default chosen at run time (UINT64_MAX): its name
};

// clang-format off
const RuntimeOption kRuntimeOptions[] = {
    {"HOTLINE_DIR", OptionType::Text, &g_options.output_dir, "the directory the profile is written into"},
    {"HOTLINE_QUIET", OptionType::Boolean, &g_options.quiet, "no 'profile written' line on stderr"},
    {"HOTLINE_STOP_TIMING_AFTER", OptionType::Count, &g_options.stop_timing_after,
     "timed calls of a calling context before their mean time is checked (0: never)"},
    {"HOTLINE_STOP_TIMING_BELOW_NS", OptionType::Count, &g_options.stop_timing_below_ns,
     "nanoseconds: a mean below this stops timing the function (0: never; auto: 16 times the cost of timing a call)",
     0, UINT64_MAX, nullptr, false, "auto"},
    {"HOTLINE_SAMPLE_HZ", OptionType::Count, &g_options.sample_hz,
     "line mode: samples per second of each thread's CPU time (0: none)", 0, kMaxSampleHz, "samples per second", true},
    {"HOTLINE_SAMPLE_STOPPED_HZ", OptionType::Count, &g_options.sample_stopped_hz,
     "other modes, once timing stopped: samples per second of CPU time (0: none)", 0, kMaxSampleHz,
     "samples per second", true},
    {"HOTLINE_MEMORY", OptionType::Boolean, &g_options.memory, "track heap allocations and frees"},
    {"HOTLINE_IO", OptionType::Boolean, &g_options.io, "time file reads, writes, opens, mmaps and fsyncs"},
    {"HOTLINE_SYNC", OptionType::Boolean, &g_options.sync, "time waits on locks, conditions, joins and futexes"},
    {"HOTLINE_MPI", OptionType::Boolean, &g_options.mpi, "time MPI calls (through PMPI)"},
    {"HOTLINE_CUDA", OptionType::Boolean, &g_options.cuda, "record GPU work through CUPTI"},
    {"HOTLINE_MAX_CALL_PATHS", OptionType::Count, &g_options.max_call_paths,
     "call paths kept, all threads together (0: no limit)", 0, kMaxCallPathsLimit, "call paths", true},
    {"HOTLINE_HISTOGRAMS", OptionType::Boolean, &g_options.histograms,
     "keep a histogram of each call path's call durations (p50, p99, longest)"},
    {"HOTLINE_HISTOGRAM_MB", OptionType::Count, &g_options.histogram_mb,
     "megabytes the histograms may take, all call paths together", 1, kMaxHistogramMb, "megabytes", true},
    {"HOTLINE_TRACE", OptionType::Boolean, &g_options.trace, "keep each thread's timeline"},
    {"HOTLINE_TRACE_MIN_NS", OptionType::Count, &g_options.trace_min_ns,
     "trace mode: nanoseconds below which a span is left out of the timeline"},
    {"HOTLINE_TRACE_EVENTS", OptionType::Count, &g_options.trace_events, "trace mode: events kept per thread", 1,
     kMaxTraceEvents, "events per thread"},
    {"HOTLINE_TRACE_ALLOCATION_BYTES", OptionType::Count, &g_options.trace_allocation_bytes,
     "trace mode: bytes below which a heap block is left out of the timeline"},
    {"HOTLINE_SAMPLE_MS", OptionType::Count, &g_options.system_sample_ms,
     "milliseconds between readings of CPU, memory, energy and GPUs (0: none)"},
    {"HOTLINE_LIVE", OptionType::Boolean, &g_live_options.publish,
     "publish a snapshot every HOTLINE_LIVE_MS for hotline top"},
    {"HOTLINE_LIVE_MS", OptionType::Count, &g_live_options.period_ms,
     "milliseconds between live snapshots and alert checks", kMinLivePeriodMs, kMaxLivePeriodMs, "milliseconds"},
    {"HOTLINE_ALERT", OptionType::Text, &g_live_options.alerts, "alert rules, separated by , or ;"},
    {"HOTLINE_START", OptionType::Text, &g_control_options.start,
     "'paused': record nothing until the program calls hotline_start() (default: now)"},
    {"HOTLINE_DELAY", OptionType::Text, &g_control_options.delay, "seconds from the start before recording starts"},
    {"HOTLINE_DURATION", OptionType::Text, &g_control_options.duration,
     "seconds of recording, after which it stops (default: to the end)"},
    {"HOTLINE_DUMP_SIGNAL", OptionType::Text, &g_control_options.dump_signal,
     "a signal (USR1, SIGUSR2, 12) that writes a dump of what was recorded so far"},
    {"HOTLINE_TAGS", OptionType::Text, &g_options.tags,
     "key=value pairs, separated by commas, kept in the profile (dataset=imagenet-mini,batch=256)"},
    {"HOTLINE_HELP", OptionType::Boolean, &g_options.help, "print this list at start"},
};
// clang-format on
constexpr size_t kOptionCount = sizeof kRuntimeOptions / sizeof kRuntimeOptions[0];

bool parse_bool(const char *name, const char *value, bool fallback) {
  if (!strcmp(value, "1") || !strcmp(value, "true") || !strcmp(value, "yes") ||
      !strcmp(value, "on"))
    return true;
  if (option_says_off(value))
    return false;
  report_problem("%s=%s is not a boolean (use 1/0, true/false, yes/no, on/off); using %s", name,
                 value, fallback ? "1" : "0");
  return fallback;
}

} // namespace

bool option_says_off(const char *value) {
  return !strcmp(value, "0") || !strcmp(value, "false") || !strcmp(value, "no") ||
         !strcmp(value, "off");
}

namespace {

// An option's value, copied out of where it goes: the defaults are kept this way, before
// read_options sets the values (a copy of one word each; formatted only for HOTLINE_HELP).
union OptionValue {
  const char *text;
  bool flag;
  uint64_t count;
};
OptionValue value_of(const RuntimeOption &option) {
  OptionValue value;
  if (option.type == OptionType::Text)
    value.text = *static_cast<const char **>(option.value);
  else if (option.type == OptionType::Boolean)
    value.flag = *static_cast<bool *>(option.value);
  else
    value.count = *static_cast<uint64_t *>(option.value);
  return value;
}

// An option's value as HOTLINE_HELP prints it.
struct OptionText {
  char text[160];
};
OptionText format_value(const RuntimeOption &option, OptionValue value) {
  OptionText out;
  if (option.type == OptionType::Text)
    snprintf(out.text, sizeof out.text, "%s", value.text ? value.text : "(none)");
  else if (option.type == OptionType::Boolean)
    snprintf(out.text, sizeof out.text, "%d", int(value.flag));
  else if (option.automatic && value.count == UINT64_MAX)
    snprintf(out.text, sizeof out.text, "%s", option.automatic);
  else
    snprintf(out.text, sizeof out.text, "%llu", (unsigned long long)value.count);
  return out;
}

uint64_t parse_count(const RuntimeOption &option, const char *value, uint64_t fallback) {
  if (option.automatic && !strcmp(value, option.automatic))
    return UINT64_MAX;
  char *end = nullptr;
  errno = 0;
  unsigned long long n = value[0] >= '0' && value[0] <= '9' ? strtoull(value, &end, 10) : 0;
  if (!end || *end != '\0' || errno != 0) {
    report_problem("%s=%s is not a non-negative integer; using %s", option.name, value,
                   format_value(option, OptionValue{.count = fallback}).text);
    return fallback;
  }
  if (n > option.high && option.clamp) {
    report_problem("%s=%s is above the limit of %llu %s; using %llu", option.name, value,
                   (unsigned long long)option.high, option.unit, (unsigned long long)option.high);
    return option.high;
  }
  if (n < option.low || n > option.high) {
    report_problem("%s=%s is not between %llu and %llu %s; using %s", option.name, value,
                   (unsigned long long)option.low, (unsigned long long)option.high, option.unit,
                   format_value(option, OptionValue{.count = fallback}).text);
    return fallback;
  }
  return n;
}

OptionValue g_defaults[kOptionCount];

// One line per option on stderr: its name, type, default, accepted values, the value in force
// where it is not the default, and what it does.
void print_runtime_options() {
  report_problem(
      "runtime options (docs/runtime-options.md): name type, default, values[, now]: what it does");
  for (size_t i = 0; i < kOptionCount; ++i) {
    const RuntimeOption &option = kRuntimeOptions[i];
    const char *type = "count";
    char values[64];
    if (option.type == OptionType::Text) {
      type = "text";
      snprintf(values, sizeof values, "any");
    } else if (option.type == OptionType::Boolean) {
      type = "boolean";
      snprintf(values, sizeof values, "0/1");
    } else if (option.high != UINT64_MAX) {
      snprintf(values, sizeof values, "%llu-%llu", (unsigned long long)option.low,
               (unsigned long long)option.high);
    } else {
      snprintf(values, sizeof values, ">=%llu", (unsigned long long)option.low);
    }
    OptionText now = format_value(option, value_of(option));
    OptionText fallback = format_value(option, g_defaults[i]);
    char in_force[sizeof now.text + 8] = "";
    if (strcmp(now.text, fallback.text))
      snprintf(in_force, sizeof in_force, ", now %s", now.text);
    report_problem("  %s %s, default %s, values %s%s: %s", option.name, type, fallback.text, values,
                   in_force, option.help);
  }
}

// The option whose value goes to `value`.
const RuntimeOption &option_of(const void *value) {
  for (const RuntimeOption &option : kRuntimeOptions)
    if (option.value == value)
      return option;
  __builtin_trap(); // every value an option names is in the table
}

void read_options() {
  for (size_t i = 0; i < kOptionCount; ++i)
    g_defaults[i] = value_of(kRuntimeOptions[i]);
  for (const RuntimeOption &option : kRuntimeOptions) {
    const char *value = getenv(option.name);
    if (!value)
      continue;
    switch (option.type) {
    case OptionType::Text:
      if (option.value == &g_options.output_dir && !value[0]) {
        report_problem("%s is empty; writing the profile to the current directory", option.name);
        break;
      }
      *static_cast<const char **>(option.value) = value;
      break;
    case OptionType::Boolean: {
      bool &flag = *static_cast<bool *>(option.value);
      flag = parse_bool(option.name, value, flag);
      break;
    }
    case OptionType::Count: {
      uint64_t &count = *static_cast<uint64_t *>(option.value);
      count = parse_count(option, value, count);
      break;
    }
    }
  }
  for_each_tag(
      g_options.tags, [](const char *, const char *) {},
      [](const char *item) {
        report_problem("%s item '%s' is not key=value (a key, '=', a value, at most %zu bytes); "
                       "left out",
                       option_of(&g_options.tags).name, item, kMaxTagItemBytes);
      });
  g_stop_timing_check_calls = g_options.stop_timing_after;
  g_max_call_paths = g_options.max_call_paths;
  if (g_options.help)
    print_runtime_options();
}

} // namespace

const char *option_text(const void *value) { return getenv(option_of(value).name); }

namespace {

void write_profile_at_exit() {
  write_profile_as_process_ends();
  keep_modules_until_exit();
}

bool g_child_keeps_parent_counts = false; // inside daemon(): see runtime.h

// A forked child's profile holds what the child did: its calls, counts, call targets,
// allocations, I/O, waits and regions start at the fork; the heap blocks live then are marked
// as inherited (they are the child's to free).
void start_counting_in_child() {
  bool keeps_counts = __atomic_load_n(&g_child_keeps_parent_counts, __ATOMIC_RELAXED);
  recording_control_after_fork(!keeps_counts);
  if (keeps_counts)
    return;
  forget_parent_calls();
  forget_parent_regions();
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
  memory_init();         // first: see hold_across_fork
  loaded_objects_init(); // its lock is taken inside the others, none inside it but ld.so's
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
  histograms_init(); // before timing_policy_init, which sends exits to the slow path
  timing_policy_init();
  regions_init();
  start_end_ranges_init();
  heap_tracking_init();
  io_tracking_init();
  sync_tracking_init();
  mpi_tracking_init();
  threads_init();
  timing_cost_init(); // after the thread states and the timing policy: it times calls
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
  recording_control_init(g_control_options);
  live_init(g_live_options);       // its thread reads what the others set up
  sampling_init();                 // its fork handler takes its lock before all others'
  hold_sent_signals_across_fork(); // after every other fork handler: see there
  __atomic_store_n(&g_init_state, 2, __ATOMIC_RELEASE);
}

void set_child_keeps_parent_counts(bool keeps) {
  __atomic_store_n(&g_child_keeps_parent_counts, keeps, __ATOMIC_RELAXED);
}

bool runtime_started() { return __atomic_load_n(&g_init_state, __ATOMIC_ACQUIRE) == 2; }
uint32_t hooks_not_in_effect() { return __atomic_load_n(&g_hooks_not_in_effect, __ATOMIC_RELAXED); }
void lift_hooks_not_in_effect(uint32_t flags) {
  __atomic_fetch_and(&g_hooks_not_in_effect, ~flags, __ATOMIC_RELAXED);
}
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
  size_t length = size_t(n) + (m < 0                             ? 0
                               : size_t(m) < sizeof line - n - 1 ? size_t(m)
                                                                 : sizeof line - n - 2);
  line[length++] = '\n';
  ssize_t ignored = write(STDERR_FILENO, line, length);
  (void)ignored;
}

} // namespace hotline::rt

// Initialize before ordinary constructors, so code they run is recorded.
__attribute__((constructor(101))) static void hotline_runtime_constructor() {
  hotline::rt::runtime_init();
}
