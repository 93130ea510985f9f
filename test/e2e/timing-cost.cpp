// The runtime measures what timing one call costs and stores it in the profile; reports
// subtract it by default (--no-compensation shows the times as recorded). phase_many makes
// 200,000 timed calls, so its compensated total is exactly its recorded total minus its own
// call's cost to itself and 200,000 calls' cost to their caller (all of them timed:
// HOTLINE_STOP_TIMING_AFTER=0).
// RUN: %clangxx_hotline -O2 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d HOTLINE_STOP_TIMING_AFTER=0 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report %t.d/*.hotline | FileCheck %s --check-prefix=TEXT
// RUN: %hotline report --no-compensation %t.d/*.hotline | FileCheck %s --check-prefix=RAW-TEXT
// RUN: %hotline tree %t.d/*.hotline | FileCheck %s --check-prefix=TEXT
// RUN: %hotline report --format json %t.d/*.hotline > %t.json
// RUN: %hotline report --format json --no-compensation %t.d/*.hotline > %t.raw.json
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: python3 %S/Inputs/check_timing_cost.py %t.json %t.raw.json | FileCheck %s --check-prefix=CHECK-COST

#include <cstdio>

static volatile double sink;

__attribute__((noinline)) double small(int k) {
  double x = k;
  // A loop that stays a loop (small(int) is timed), long enough that each call takes well
  // over the cost of timing it: a compensated time is clamped at zero.
  for (int i = 0; i < 256 + (k & 7); ++i)
    x = x * 0.999 + 1.0;
  return x;
}

__attribute__((noinline)) void phase_many() {
  double sum = 0;
  for (int k = 0; k < 200000; ++k)
    sum += small(k);
  sink = sum;
}

int main() {
  phase_many();
  puts("done");
  return 0;
}

// OUT: done
// TEXT: Times exclude the cost of timing, {{[0-9]+\.[0-9]}} ns per timed call (measured at exit;
// TEXT-NEXT: --no-compensation shows the times as recorded).
// RAW-TEXT: Times are as recorded: each timed call also added {{[0-9]+\.[0-9]}} ns of timing to its caller.
// JSON: "timing_cost_self_ps": {{[0-9]+}},
// JSON-NEXT: "timing_cost_caller_ps": {{[0-9]+}}
// JSON: "timing_cost_subtracted": true,
// CHECK-COST: cost plausible
// CHECK-COST-NEXT: phase_many() exact
// CHECK-COST-NEXT: small(int) exact
