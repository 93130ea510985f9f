// Process-wide runtime state: initialization, options, and the one way to tell the user
// something went wrong.
#pragma once

#include "clock.h"

#include <string.h>
#include <sys/types.h>

namespace hotline::rt {

// HOTLINE_STOP_TIMING_BELOW_NS's default: not a number of nanoseconds, but
// HOTLINE_STOP_TIMING_COST_TIMES times what timing one call costs in this process
// (timing_cost.h), on any machine.
constexpr uint64_t kStopTimingBelowAuto = UINT64_MAX;

struct Options {
  const char *output_dir = "."; // HOTLINE_DIR
  bool quiet = false;           // HOTLINE_QUIET
  // A call node's mean time is checked at its stop_timing_after-th timed call (0: never);
  // below stop_timing_below_ns, its site is no longer timed, only counted.
  uint64_t stop_timing_after = 1000;                    // HOTLINE_STOP_TIMING_AFTER
  uint64_t stop_timing_below_ns = kStopTimingBelowAuto; // HOTLINE_STOP_TIMING_BELOW_NS
  // Line mode: samples per second of each thread's CPU time (0: none), at most kMaxSampleHz.
  uint64_t sample_hz = 1000; // HOTLINE_SAMPLE_HZ
  // The other modes, from the first stop of timing: the same, to estimate the stopped calls.
  uint64_t sample_stopped_hz = 250; // HOTLINE_SAMPLE_STOPPED_HZ
  bool memory = true;               // HOTLINE_MEMORY: track heap allocations
  bool io = true;                   // HOTLINE_IO: track file I/O
  bool sync = true;                 // HOTLINE_SYNC: time waits on locks, conditions, joins
  bool mpi = true;                  // HOTLINE_MPI: time MPI calls (PMPI)
  bool cuda = true;                 // HOTLINE_CUDA: record GPU work through CUPTI
  bool trace = false;               // HOTLINE_TRACE: keep each thread's timeline
  uint64_t trace_min_ns = 10000;    // HOTLINE_TRACE_MIN_NS: shorter spans are not kept
  uint64_t trace_events = 250000;   // HOTLINE_TRACE_EVENTS: per thread, at most
  uint64_t trace_allocation_bytes =
      1u << 20; // HOTLINE_TRACE_ALLOCATION_BYTES: smaller blocks not kept
  // Milliseconds between two readings of the system sampler thread (0: no thread).
  uint64_t system_sample_ms = 0; // HOTLINE_SAMPLE_MS
  // Call-tree nodes the process keeps, all threads together (0: no limit), at most
  // kMaxCallPathsLimit; calls on further paths are counted under their caller (threads.h).
  uint64_t max_call_paths = 500000; // HOTLINE_MAX_CALL_PATHS
  // A histogram of each call node's durations (duration_histograms.h), in at most histogram_mb.
  bool histograms = false;    // HOTLINE_HISTOGRAMS
  uint64_t histogram_mb = 16; // HOTLINE_HISTOGRAM_MB
  const char *tags = nullptr; // HOTLINE_TAGS: key=value,... kept in the profile
  bool help = false;          // HOTLINE_HELP: print the options and their defaults
};

// Each sample costs an interrupt and a signal, a few microseconds on bare metal and tens in a
// virtual machine: beyond this rate sampling would slow the program more than it is worth.
constexpr uint64_t kMaxSampleHz = 20000;
// A thread's trace buffer holds at most this many events (32 bytes each: 1.6 GB).
constexpr uint64_t kMaxTraceEvents = 50000000;
// Call-tree nodes are 88 bytes: 100 million of them, 8.8 GB.
constexpr uint64_t kMaxCallPathsLimit = 100000000;
// Histograms take about 1.4 KB a node: 64 GiB holds 48 million.
constexpr uint64_t kMaxHistogramMb = 65536;

// Whether a boolean option's value turns it off ("0", "false", "no" or "off"), for code that
// must know before the options are read.
bool option_says_off(const char *value);
// The environment's text for the option whose value is `value` (a field of options()), or
// null: for code that must know before the options are read (the heap hooks' first call).
const char *option_text(const void *value);

// Idempotent and safe to call from any constructor, in any order.
void runtime_init();
// Whether runtime_init has finished (false before, and while it runs).
bool runtime_started();
// The tracking that was on but whose hooks another definition bypassed, as HOTLINE_RUN_* flags.
uint32_t hooks_not_in_effect();
// Clears flags of hooks_not_in_effect: hooks put in effect after the start (hook_patching.h).
void lift_hooks_not_in_effect(uint32_t flags);
const Options &options();
ClockPair runtime_start_clock();
// The pid of the process the runtime started in (a fork child has another).
pid_t runtime_start_pid();
int64_t runtime_start_unix_ns();

// A forked child's counts and call tree start at the fork (runtime.cpp); while this is set,
// the next child's keep the parent's instead: daemon() forks a child that carries on the
// process, and a parent that leaves with _exit, which writes no profile.
void set_child_keeps_parent_counts(bool keeps);

// Prints "hotline: <message>" as one line on stderr, without allocating.
void report_problem(const char *format, ...) __attribute__((format(printf, 1, 2)));

// HOTLINE_TAGS' items, separated by commas, each copied (NUL-terminated, without allocating):
// `tag(key, value)` for each "key=value" with a key, `bad(item)` for each other non-empty item
// (no "=", an empty key, or longer than kMaxTagItemBytes).
constexpr size_t kMaxTagItemBytes = 511;
template <typename Tag, typename Bad> void for_each_tag(const char *text, Tag tag, Bad bad) {
  for (const char *item = text; item && *item;) {
    const char *comma = strchr(item, ',');
    size_t length = comma ? size_t(comma - item) : strlen(item);
    char copy[kMaxTagItemBytes + 1];
    size_t kept = length < kMaxTagItemBytes ? length : kMaxTagItemBytes;
    memcpy(copy, item, kept);
    copy[kept] = '\0';
    char *equals = strchr(copy, '=');
    if (length > kMaxTagItemBytes || (length > 0 && (!equals || equals == copy))) {
      bad(copy);
    } else if (length > 0) {
      *equals = '\0';
      tag(static_cast<const char *>(copy), static_cast<const char *>(equals + 1));
    }
    item = comma ? comma + 1 : item + length;
  }
}

} // namespace hotline::rt
