// Process-wide runtime state: initialization, options, and the one way to tell the user
// something went wrong.
#pragma once

#include "clock.h"

namespace hotline::rt {

struct Options {
  const char *output_dir = "."; // HOTLINE_DIR
  bool quiet = false;           // HOTLINE_QUIET
};

// Idempotent and safe to call from any constructor, in any order.
void runtime_init();
const Options &options();
ClockPair runtime_start_clock();
int64_t runtime_start_unix_ns();

// Prints "hotline: <message>" as one line on stderr, without allocating.
void report_problem(const char *format, ...) __attribute__((format(printf, 1, 2)));

} // namespace hotline::rt
