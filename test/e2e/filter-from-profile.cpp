// hotline filter turns a profile into a filter file for the next build: tiny(unsigned), called
// 3,000,000 times for a few ns each, is counted only; never_called() is skipped; work(int),
// 200 calls of tens of µs, and main stay timed. Rebuilt with the file, the program prints and
// exits the same, tiny still has its exact count but no node in the call tree, and
// never_called has no site (a filter of the new profile has nothing left to say).
// The first run sets the runtime's threshold to 1 ms, so that a loaded machine cannot keep it
// from stopping tiny's timing after exactly 1000 calls (test/e2e/stop-timing.cpp). A run that
// a loaded machine made longer than 20 ms also times some of its later calls in re-timing
// windows: the evidence then says more than 1000 timed.
// RUN: rm -rf %t.d && mkdir -p %t.d/stopped %t.d/timed %t.d/filtered
// RUN: %clangxx_hotline -O2 -g %s -o %t
// RUN: env HOTLINE_DIR=%t.d/stopped HOTLINE_STOP_TIMING_BELOW_NS=1000000 %t > %t.out; echo "exit $?" >> %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: %hotline filter %t.d/stopped -o %t.d/hotline.filter | FileCheck %s --check-prefix=WROTE -DOUT=%t.d/hotline.filter
// RUN: FileCheck %s --check-prefix=FILTER --match-full-lines --strict-whitespace -DDIR=%t.d/stopped -DFILE=%s < %t.d/hotline.filter
//
// Without the runtime's stop, tiny is chosen by its mean (threshold 1 ms: a loaded machine
// cannot push it above); with every threshold open, everything timed but main is.
// RUN: env HOTLINE_DIR=%t.d/timed HOTLINE_STOP_TIMING_AFTER=0 %t > /dev/null
// RUN: %hotline filter %t.d/timed --min-call-ns 1000000 -o %t.d/mean.filter > /dev/null
// RUN: FileCheck %s --check-prefix=MEAN --match-full-lines -DFILE=%s < %t.d/mean.filter
// RUN: %hotline filter %t.d/timed --min-call-ns 10000000000 --min-calls 0 --keep-unrun -o %t.d/open.filter > /dev/null
// RUN: FileCheck %s --check-prefix=OPEN --match-full-lines -DFILE=%s < %t.d/open.filter
//
// The next build reads the file.
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-filter=%t.d/hotline.filter %s -o %t.filtered
// RUN: env HOTLINE_DIR=%t.d/filtered %t.filtered > %t.filtered.out; echo "exit $?" >> %t.filtered.out
// RUN: diff %t.out %t.filtered.out
// RUN: %hotline report --format json %t.d/filtered/*.hotline | FileCheck %s --check-prefix=REPORT
// RUN: %hotline tree --min-percent 0 %t.d/filtered/*.hotline | FileCheck %s --check-prefix=TREE
// RUN: %hotline filter %t.d/filtered -o %t.d/again.filter > /dev/null
// RUN: FileCheck %s --check-prefix=AGAIN --implicit-check-not=count-only= --implicit-check-not=skip= < %t.d/again.filter

// FILTER:# Written by hotline filter (hotline {{[0-9.]+}}) from 1 profile: [[DIR]]
// FILTER-NEXT:# Build with -fplugin-arg-hotline-filter=<this file>, and rebuild when it changes
// FILTER-NEXT:# (docs/filter.md). Names are linkage names; each has its evidence above it.
// FILTER-EMPTY:
// FILTER-NEXT:# count-only: 1 function called at least 1000 times (--min-calls) whose timing the
// FILTER-NEXT:# runtime stopped or whose timed calls cost less than 16 times the measured cost of
// FILTER-NEXT:# timing one call (the runtime's line; --min-call-ns sets another),
// FILTER-NEXT:# the cost of timing included: counted, not timed.
// MEAN:# count-only: 1 function called at least 1000 times (--min-calls) whose timing the
// MEAN-NEXT:# runtime stopped or whose timed calls cost less than 1000000 ns each (--min-call-ns),
// MEAN-NEXT:# the cost of timing included: counted, not timed.

#include <cstdio>

static volatile unsigned sink;

// Too small to time by itself: counted, never timed, so never in the filter.
__attribute__((noinline)) unsigned bump(unsigned k) { return k * 2654435761u; }

// FILTER-NEXT:# tiny(unsigned int) ([[FILE]]:[[#@LINE+4]]): 3000000 calls, {{[1-9][0-9][0-9][0-9]+}} timed, {{[0-9]+\.[0-9]}} ns per timed call, timing stopped by the runtime
// FILTER-NEXT:count-only=_Z4tinyj
// MEAN-NEXT:# tiny(unsigned int) ([[FILE]]:[[#@LINE+2]]): 3000000 calls, 3000000 timed, {{[0-9]+\.[0-9]}} ns per timed call
// MEAN-NEXT:count-only=_Z4tinyj
__attribute__((noinline)) unsigned tiny(unsigned k) { return bump(k) ^ (k >> 3); }

// FILTER-EMPTY:
// FILTER-NEXT:# skip: 1 function never called in these profiles: not instrumented.
// FILTER-NEXT:# never_called() ([[FILE]]:[[#@LINE+2]]): no call
// FILTER-NEXT:skip=_Z12never_calledv
__attribute__((noinline)) void never_called() { std::puts("never"); }

__attribute__((noinline)) unsigned work(int n) {
  unsigned x = unsigned(n);
  for (int i = 0; i < 20000; ++i)
    x = x * 31 + unsigned(i);
  return x;
}

int main(int argc, char **argv) {
  if (argc > 5)
    never_called();
  unsigned sum = 0;
  for (unsigned k = 0; k < 3000000; ++k)
    sum += tiny(k);
  for (int n = 0; n < 200; ++n)
    sum += work(n);
  sink = sum;
  std::printf("done\n");
  return 0;
}

// OUT: done
// OUT-NEXT: exit 0
// WROTE: Wrote [[OUT]]: 1 count-only, 1 skip, from 1 profile
// FILTER-NOT:{{.}}

// MEAN-EMPTY:
// MEAN-NEXT:# skip: 1 function never called in these profiles: not instrumented.

// OPEN:      # count-only: 2 functions called at least 0 times (--min-calls) whose timing the
// OPEN:      count-only=_Z4tinyj
// OPEN-NEXT: # work(int) ([[FILE]]:{{[0-9]+}}): 200 calls, 200 timed, {{[0-9]+\.[0-9]}} ns per timed call
// OPEN-NEXT: count-only=_Z4worki
// OPEN-EMPTY:
// OPEN-NEXT: # skip: none, --keep-unrun: functions that never ran stay instrumented.
// OPEN-NOT:  {{.}}

// REPORT:      "name": "tiny(unsigned int)",
// REPORT:      "calls": 3000000,
// REPORT-NEXT: "timed_calls": 0,
// REPORT:      "timed": false
// TREE:     main
// TREE:     work(int)
// TREE-NOT: tiny
// AGAIN: # count-only: 0 functions
// AGAIN: # skip: 0 functions
