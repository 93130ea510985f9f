// Line mode's exact counts in `hotline export`. lcov: each line's executions (DA), each
// function's calls (FN/FNDA; never() has 0) and, where line mode did not count it, a
// function's first line with its calls. callgrind: the same Executions, as ns each timed
// function's self time on its first line (the summary is the measured time), as Sampled_ns
// each line's sampled CPU time (export-callgrind-lines.cpp compares it with hotline lines). The Collatz
// sequences of 1..100000 take 10,753,840 steps, 7,188,948 of them halving, 3,564,892 tripling.
// RUN: %clangxx_hotline -O0 -g -fplugin-arg-hotline-lines %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && env HOTLINE_DIR=%t.d HOTLINE_SAMPLE_HZ=10000 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline export --format lcov %t.d/*.hotline | FileCheck %s --check-prefix=LCOV --match-full-lines
// RUN: %hotline report --format json %t.d/*.hotline > %t.report.json
// RUN: %hotline export --format callgrind %t.d/*.hotline > %t.callgrind
// RUN: cat %t.report.json %t.callgrind | FileCheck %s --check-prefix=CALLGRIND --match-full-lines

#include <cstdio>

// Long calls: their timing is never stopped (HOTLINE_STOP_TIMING_*).
__attribute__((noinline)) long steps_from(unsigned first, unsigned count) {
  long steps = 0;
  for (unsigned i = first; i < first + count; ++i) {
    unsigned n = i;
    while (n != 1) {
      if (n % 2 == 0)
        n /= 2;
      else
        n = 3 * n + 1;
      ++steps;
    }
  }
  return steps;
}

__attribute__((noinline)) int never() { return 0; }

int main(int argc, char **) {
  long total = 0;
  for (unsigned batch = 0; batch < 100; ++batch)
    total += steps_from(1 + 1000 * batch, 1000);
  if (argc > 5)
    total += never();
  std::printf("%ld\n", total);
}

// OUT: 10753840

// LCOV:      TN:
// LCOV-NEXT: SF:{{.*}}export-lines.cpp
// LCOV-NEXT: FN:17,_Z10steps_fromjj
// LCOV-NEXT: FN:32,_Z5neverv
// LCOV-NEXT: FN:34,main
// LCOV-NEXT: FNDA:100,_Z10steps_fromjj
// LCOV-NEXT: FNDA:0,_Z5neverv
// LCOV-NEXT: FNDA:1,main
// LCOV-NEXT: FNF:3
// LCOV-NEXT: FNH:2
// LCOV-NEXT: DA:17,100
// LCOV-NEXT: DA:18,100
// LCOV-NEXT: DA:19,100100
// LCOV-NEXT: DA:20,100000
// LCOV-NEXT: DA:21,10853840
// LCOV-NEXT: DA:22,10753840
// LCOV-NEXT: DA:23,7188948
// LCOV-NEXT: DA:25,3564892
// LCOV-NEXT: DA:26,10753840
// LCOV-NEXT: DA:28,100000
// LCOV-NEXT: DA:29,100
// LCOV-NEXT: DA:32,0
// LCOV-NEXT: DA:34,1
// LCOV-NEXT: DA:35,1
// LCOV-NEXT: DA:36,101
// LCOV-NEXT: DA:37,100
// LCOV-NEXT: DA:38,1
// LCOV-NEXT: DA:39,0
// LCOV-NEXT: DA:40,1
// LCOV-NEXT: DA:41,1
// LCOV-NEXT: LF:20
// LCOV-NEXT: LH:18
// LCOV-NEXT: end_of_record

// CALLGRIND:      "measured_ns": [[NS:[0-9]+]],
// CALLGRIND:      # callgrind format
// CALLGRIND:      events: ns Sampled_ns Executions
// CALLGRIND-NEXT: summary: [[NS]] {{[0-9]+}} {{[0-9]+}}
// CALLGRIND:      fl=({{[0-9]+}}) {{.*}}export-lines.cpp
// CALLGRIND-NEXT: fn=({{[0-9]+}}) main
// CALLGRIND-NEXT: 34 {{[0-9]+}} {{[0-9]+}} 1
// CALLGRIND:      36 0 {{[0-9]+}} 101
// CALLGRIND-NEXT: 37 0 {{[0-9]+}} 100
// CALLGRIND:      cfn=([[STEPS:[0-9]+]]) steps_from(unsigned int, unsigned int)
// CALLGRIND-NEXT: calls=100 17
// CALLGRIND-NEXT: 34 {{[0-9]+}}
// CALLGRIND:      fn=([[STEPS]])
// CALLGRIND-NEXT: 17 {{[0-9]+}} {{[0-9]+}} 100
// CALLGRIND-NEXT: 18 0 {{[0-9]+}} 100
// CALLGRIND-NEXT: 19 0 {{[0-9]+}} 100100
// CALLGRIND-NEXT: 20 0 {{[0-9]+}} 100000
// CALLGRIND-NEXT: 21 0 {{[0-9]+}} 10853840
// CALLGRIND-NEXT: 22 0 {{[0-9]+}} 10753840
// CALLGRIND-NEXT: 23 0 {{[0-9]+}} 7188948
// CALLGRIND-NEXT: 25 0 {{[0-9]+}} 3564892
// CALLGRIND-NEXT: 26 0 {{[0-9]+}} 10753840
