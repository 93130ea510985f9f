// By default (HOTLINE_STOP_TIMING_BELOW_NS=auto) the runtime stops timing a function whose first
// 1000 calls took less than 16 times what timing one call costs on this machine, which the
// profile records (TIMING_COST): about 0.8 us on the project's VMs, less on faster clocks.
// Nine functions of 8 to 4000 iterations of a dependent multiply-add (a few ns to about 10 us
// a call) run 3000 times each, the three shortest 20,000 times (a context kept timed is checked
// again at 2000, 4000, ... calls: a preemption in its first calls no longer keeps it timed).
// A second run times every call and keeps each function's durations (HOTLINE_HISTOGRAMS): the
// check (Inputs/stop_timing_auto.py) holds the default run to the threshold of its own profile,
// against each function's median as recorded: every function at most a quarter of it stopped,
// every function at least 4 times it still timed (those in between may go either way on a
// loaded machine), and at least one of each kind. Counts stay exact either way.
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-min-instructions=0 %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d/auto %t.d/named %t.d/all
// RUN: env HOTLINE_DIR=%t.d/auto %t | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.d/all HOTLINE_STOP_TIMING_AFTER=0 HOTLINE_HISTOGRAMS=1 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json --top 0 --no-compensation %t.d/auto > %t.auto.json
// RUN: %hotline report --format json --top 0 --no-compensation %t.d/all > %t.all.json
// RUN: python3 %S/Inputs/stop_timing_auto.py %t.auto.json %t.all.json | FileCheck %s --check-prefix=CHECK-AUTO
// CHECK-AUTO: threshold {{[0-9]+}} ns = 16 x {{[0-9.]+}} ns
// CHECK-AUTO: calls exact in both runs
// CHECK-AUTO: at most a quarter of it stopped: all of {{[1-9][0-9]*}}
// CHECK-AUTO: at least 4 times it timed: all of {{[1-9][0-9]*}}
//
// `auto` can be named; HOTLINE_HELP shows it as the default.
// RUN: env HOTLINE_DIR=%t.d/named HOTLINE_STOP_TIMING_BELOW_NS=auto HOTLINE_HELP=1 %t 2>&1 | FileCheck %s --check-prefix=NAMED
// NAMED: HOTLINE_STOP_TIMING_BELOW_NS count, default auto, values >=0: nanoseconds
// NAMED-NOT: HOTLINE_STOP_TIMING_BELOW_NS{{.*}}, now
// NAMED: done

#include <cstdio>

static volatile double sink;

template <int Iterations> __attribute__((noinline)) double work(int k) {
  double x = k;
  for (int i = 0; i < Iterations + (k & 1); ++i)
    x = x * 0.999 + 1.0;
  return x;
}

int main() {
  double sum = 0;
  for (int k = 0; k < 3000; ++k) {
    sum += work<8>(k);
    sum += work<30>(k);
    sum += work<60>(k);
    sum += work<120>(k);
    sum += work<250>(k);
    sum += work<500>(k);
    sum += work<1000>(k);
    sum += work<2000>(k);
    sum += work<4000>(k);
  }
  for (int k = 0; k < 17000; ++k) {
    sum += work<8>(k);
    sum += work<30>(k);
    sum += work<60>(k);
  }
  sink = sum;
  puts("done");
  return 0;
}

// OUT: done
