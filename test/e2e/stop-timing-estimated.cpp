// A call-heavy inner loop whose entries are short: the runtime stops timing it (and the
// function it calls) after the first entries, and counts the rest. Its time must not look
// small: every view shows the later entries' time estimated at the timed ones' mean, marked
// with `*`, and the rules see it. Before, `hotline loops` showed 0.1% for the loop that the
// samples of the same run, CPU time counted independently of the timers, put near half.
// The estimate is compared as recorded (--no-compensation): an entry here takes about 10 ns
// as timed, and the cost of timing that the reports subtract, measured on an empty call
// (about 10 ns on this machine), is nearly all of it, while the samples say the entries'
// work alone takes about 9.8 ns (the bookkeeping overlaps the loop's work). The compensated
// estimate read 2-6 ms for the samples' 59 ms from the first entries; from re-timing windows
// (this program has them since they start at the stop), 5.6-57 ms for 55-124 ms (issue 32).
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline loops --no-compensation --format json %t.d/*.hotline > %t.loops.json
// RUN: %hotline lines --format json --top 0 %t.d/*.hotline > %t.lines.json
// RUN: python3 %S/Inputs/stopped_loop.py %t.loops.json %t.lines.json | FileCheck %s --check-prefix=TRUTH
// RUN: %hotline loops %t.d/*.hotline | FileCheck %s --check-prefix=LOOPS
// RUN: %hotline report --threshold 0.2 %t.d/*.hotline | FileCheck %s --check-prefix=RULES

#include <cstdio>

static volatile double sink;

__attribute__((noinline)) double step(double x) { return x * 0.5 + 1.0; }

__attribute__((noinline)) double row(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) // ROW
    s += step(v[i]);
  return s;
}

int main() {
  double v[16];
  for (int i = 0; i < 16; ++i)
    v[i] = i;
  double total = 0;
  for (int r = 0; r < 6000000; ++r)
    total += row(v + (r & 7), 4 + (r & 3));
  sink = total;
  puts("done");
  return 0;
}

// OUT: done
// TRUTH: row loop: 6,000,000 entries, 1000 (and each context's longest in windows) timed first, estimated
// TRUTH-NEXT: row loop: estimated time at least half of its sampled time
// LOOPS: {{^ *[0-9.]+ (m|µ)?s \* +[0-9][0-9.]*% +6,000,000 +33,000,000 .* .*stop-timing-estimated.cpp:29 }}
// LOOPS: *: timing stopped once its entries proved too short to time (HOTLINE_STOP_TIMING_*);
// LOOPS-NEXT: the later entries' time is estimated from those timed again in re-timing windows
// The rules see the estimate, at a threshold of 0.2%: the measured time is wall-clock time, and
// on a loaded machine (2.29 s of wall time for 100 ms of samples in one CI run) the loop's
// estimate fell under the default 5%; before the estimate it was 0.02%.
// RULES: [loop-not-vectorized] {{.*}}stop-timing-estimated.cpp:29: The loop in row(double const*, int)
