// The runtime stops timing a site once a call node's first HOTLINE_STOP_TIMING_AFTER calls
// (default 1000) took less than HOTLINE_STOP_TIMING_BELOW_NS (default: 16 times what timing a call costs) on average; its
// calls are still counted. tiny(int) runs 100,000 times from one place, so exactly the first
// 1000 (or 500) calls are timed. The exact runs set the threshold to 1 ms so that a loaded
// machine cannot push tiny's mean above it; slow(int) takes tens of microseconds a call, so
// with the default threshold it stays timed. (min-instructions=0: every function is timed,
// however small the optimizer makes it.)
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-min-instructions=0 %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d/default %t.d/500 %t.d/never %t.d/zero %t.d/slow
// RUN: env HOTLINE_DIR=%t.d/default HOTLINE_STOP_TIMING_BELOW_NS=1000000 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.d/default/*.hotline | FileCheck %s --check-prefix=DEFAULT
// RUN: %hotline report %t.d/default/*.hotline | FileCheck %s --check-prefix=TEXT
// RUN: env HOTLINE_DIR=%t.d/500 HOTLINE_STOP_TIMING_BELOW_NS=1000000 HOTLINE_STOP_TIMING_AFTER=500 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.d/500/*.hotline | FileCheck %s --check-prefix=FIVE-HUNDRED
// RUN: env HOTLINE_DIR=%t.d/never HOTLINE_STOP_TIMING_BELOW_NS=1000000 HOTLINE_STOP_TIMING_AFTER=0 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.d/never/*.hotline | FileCheck %s --check-prefix=NEVER
// RUN: env HOTLINE_DIR=%t.d/zero HOTLINE_STOP_TIMING_BELOW_NS=0 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.d/zero/*.hotline | FileCheck %s --check-prefix=NEVER
// RUN: env HOTLINE_DIR=%t.d/slow %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.d/slow/*.hotline | FileCheck %s --check-prefix=SLOW
//
// A bad value is one line on stderr and the default; the program's output and status stay.
// RUN: env HOTLINE_DIR=%t.d/default HOTLINE_STOP_TIMING_AFTER=many HOTLINE_STOP_TIMING_BELOW_NS=-5 %t > %t.out 2> %t.err; echo "exit $?" >> %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=BAD < %t.err

#include <cstdio>

static volatile double sink;

__attribute__((noinline)) double tiny(int k) {
  double x = k;
  for (int i = 0; i < 4 + (k & 3); ++i)
    x = x * 0.5 + 1.0;
  return x;
}

__attribute__((noinline)) double slow(int k) {
  double x = k;
  for (int i = 0; i < 20000 + (k & 3); ++i)
    x = x * 0.999 + 1.0;
  return x;
}

int main() {
  double sum = 0;
  for (int k = 0; k < 100000; ++k)
    sum += tiny(k);
  for (int k = 0; k < 1100; ++k)
    sum += slow(k);
  sink = sum;
  puts("done");
  return 0;
}

// OUT: done
// DEFAULT:      "name": "tiny(int)",
// DEFAULT:      "calls": 100000,
// DEFAULT-NEXT: "timed_calls": 1000,
// DEFAULT:      "timed": true,
// DEFAULT-NEXT: "timing_stopped": true
// TEXT: tiny(int) *
// TEXT: *: timing stopped once its calls proved too short to time (HOTLINE_STOP_TIMING_*);
// FIVE-HUNDRED:      "name": "tiny(int)",
// FIVE-HUNDRED:      "calls": 100000,
// FIVE-HUNDRED-NEXT: "timed_calls": 500,
// NEVER:      "name": "tiny(int)",
// NEVER:      "calls": 100000,
// NEVER-NEXT: "timed_calls": 100000,
// NEVER-NOT:  "timing_stopped"
// SLOW:       "name": "slow(int)",
// SLOW:       "calls": 1100,
// SLOW-NEXT:  "timed_calls": 1100,
// SLOW:       "timed": true
// SLOW-NEXT:  }
// BAD-DAG: hotline: HOTLINE_STOP_TIMING_AFTER=many is not a non-negative integer; using 1000
// BAD-DAG: hotline: HOTLINE_STOP_TIMING_BELOW_NS=-5 is not a non-negative integer; using auto
// OUT-NOT: exit {{[1-9]}}
