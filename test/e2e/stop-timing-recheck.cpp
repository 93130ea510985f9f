// A calling context that is still timed after its first HOTLINE_STOP_TIMING_AFTER calls is
// weighed again at twice, four times, ... that many calls: a function whose first calls were
// slow (as a caller is while its short callees are still timed) stops being timed once its
// mean falls below HOTLINE_STOP_TIMING_BELOW_NS, and its calls stay counted exactly.
// warm_then_quick(k) sleeps 2 ms in each of its first 10 calls, then returns at once; with the
// first check after 10 calls and a threshold of 1 ms, the first check (a mean of at least
// 2 ms: a sleep is never shorter than asked) keeps it timed, and a later one stops it. Its
// timed calls before the stop are then 10 x 2^k for some k >= 1, however slow the machine
// made the sleeps (besides them, re-timing windows may time a few: `window_calls`).
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-min-instructions=0 %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env HOTLINE_DIR=%t.d HOTLINE_STOP_TIMING_AFTER=10 HOTLINE_STOP_TIMING_BELOW_NS=1000000 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.d/*.hotline > %t.json
// RUN: python3 -c "import json,sys; f = next(f for f in json.load(open(sys.argv[1]))['functions'] \
// RUN:   if f['name'].startswith('warm_then_quick')); t = f['timed_calls'] - f['window_calls']; \
// RUN:   assert f['calls'] == 100000 and f.get('timing_stopped'), f; \
// RUN:   assert t > 10 and t % 10 == 0 and (t // 10) & (t // 10 - 1) == 0, t; print('rechecked')" %t.json \
// RUN:   | FileCheck %s --check-prefix=JSON
// OUT: done
// JSON: rechecked

#include <cstdio>
#include <time.h>

static volatile long sink;

__attribute__((noinline)) long warm_then_quick(long k) {
  if (k < 10) {
    timespec pause = {0, 2000000};
    nanosleep(&pause, nullptr);
  }
  return k * 3;
}

int main() {
  long sum = 0;
  for (long k = 0; k < 100000; ++k)
    sum += warm_then_quick(k);
  sink = sum;
  puts("done");
  return 0;
}
