// Line mode's results across one or many profiles: exact counts and sampled
// time per source line, and entries, iterations and time per loop.
#pragma once

#include "analysis/durations.h"
#include "analysis/symbolizer.h"
#include "profile/reader.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotline::analysis {

struct LineStats {
  std::string file;
  uint32_t line = 0;
  std::string function;       // the enclosing function, demangled
  uint32_t function_line = 0; // where that function starts, when counted
  // Instrumented in line mode: `count` is exact. Lines outside (libraries,
  // functions built without line mode) only have samples.
  bool counted = false;
  uint64_t count = 0;   // executions: its busiest basic block's, as llvm-cov
  uint64_t samples = 0; // CPU-time samples whose instruction was on this line
  uint64_t time_ns = 0; // samples × the sampling period
  double percent = 0;   // of all samples
  std::string loop;     // "file:line" of the innermost loop around it, or ""
};

struct LoopStats {
  std::string file;
  uint32_t line = 0;
  uint32_t column = 0;
  std::string function;
  std::string parent; // "file:line" of the loop around it in its function, or ""
  std::string facts;  // what the optimizer did with it, from its remarks
  uint64_t entries = 0;
  uint64_t iterations = 0;
  uint64_t max_trips = 0; // most iterations of one entry
  uint64_t timed_entries = 0;
  uint64_t inclusive_ns = 0; // time inside its entries, callees included
  // The runtime stopped timing it (entries too short): the entries after
  // timed_entries are in inclusive_ns as estimated_ns (settle_call_times).
  bool timing_stopped = false;
  uint64_t estimated_ns = 0;
  uint64_t window_entries = 0; // of timed_entries, those timed in re-timing windows
  // HOTLINE_HISTOGRAMS: how long its timed entries took (calls 0 without histograms).
  DurationStats durations;
  double percent = 0; // of the measured time (as the function table's)
  // Loops that were not timed (innermost, without calls): the CPU time sampled
  // on their lines, and its share of all samples.
  uint64_t sampled_ns = 0;
  double sampled_percent = 0;
  // The work done inside it, inner loops included, as counted in the optimized
  // code: floating-point operations (single and double precision) and bytes
  // loaded and stored. Work in functions it calls is not included (its facts
  // name them).
  uint64_t flops32 = 0;
  uint64_t flops64 = 0;
  uint64_t bytes = 0;
  uint64_t calls = 0; // calls made from it, whose work is not counted

  // Its timed time and share, or its sampled ones when it was not timed.
  uint64_t time_ns() const { return timed_entries > 0 ? inclusive_ns : sampled_ns; }
  double time_percent() const { return timed_entries > 0 ? percent : sampled_percent; }
};

struct LineTable {
  bool sampled = false;   // some profile has SAMPLING
  uint64_t period_ns = 0; // of the first sampled profile
  std::string method;
  uint64_t samples = 0;  // all samples of all profiles
  uint64_t dropped = 0;  // samples the runtime could not record
  uint64_t unplaced = 0; // samples with no known source line
  // Samples in hotline's own code: its runtime, and the libraries it loaded for itself
  // (CUPTI, NVML). Part of `samples`, never a line's: the profiler's overhead.
  uint64_t profiler = 0;
  std::vector<std::string> unreadable_objects; // their samples are unplaced
  std::vector<LineStats> lines;                // by time, then count
};

// Profiles without line mode give an empty table.
LineTable compute_line_table(const std::vector<profile::Profile> &profiles, Symbolizer &symbolizer);

// By inclusive time (sampled for loops that were not timed), then iterations.
// With a line table, loops that were not timed get their lines' sampled time.
std::vector<LoopStats> compute_loop_table(const std::vector<profile::Profile> &profiles,
                                          const LineTable *lines = nullptr);

} // namespace hotline::analysis
