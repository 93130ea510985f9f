// A call of a stopped function that lasts as long as a re-timing window stays out of the
// window sample (runtime/src/timing_policy.h): each call in the sample stands for hundreds of
// untimed ones, and such a call is mostly one that lost the CPU (preempted, or interrupted
// for long). On a loaded machine a few preempted calls in windows made truth/time.test's
// `append` (1.9 million calls of a few nanoseconds) read 7.7% for perf's 0.5%, and its
// caller's self time fall to zero. Here grow() stands in for such a function: every 1,000th
// call it is off the CPU for 110 us (nanosleep, with a timer slack of 1 us: it ends within
// the next window length, before the runtime's thread stops counting window calls, as a
// preempted call does when that thread itself wakes late), the other calls return at once;
// work() calls it 1,000,000 times a round and does ten xorshift steps of its own per call.
// Most windows catch a call off the CPU. With those calls in the sample, grow's 12 million
// untimed calls took nearly all of work's self time (the estimate is capped there); left
// out, grow's estimate is that of its short calls, and the time off the CPU of its untimed
// calls stays in work's self time, where it was recorded.
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-min-instructions=0 %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env HOTLINE_DIR=%t.d HOTLINE_STOP_TIMING_AFTER=100 HOTLINE_STOP_TIMING_BELOW_NS=1000000 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json --top 0 %t.d/*.hotline > %t.json
// RUN: python3 -c "import json,sys; fs = {f['name'].split('(')[0]: f for f in json.load(open(sys.argv[1]))['functions']}; \
// RUN:   grow, work = fs['grow'], fs['work']; \
// RUN:   assert grow['calls'] == 12000000 and grow.get('timing_stopped') and grow['window_calls'] >= 32, grow; \
// RUN:   assert grow['self_percent'] < 20 and work['self_percent'] > 60, (grow, work); print('long calls left out')" %t.json \
// RUN:   | FileCheck %s --check-prefix=JSON
// OUT: 586
// JSON: long calls left out

#include <cstdio>
#include <sys/prctl.h>
#include <time.h>

static volatile unsigned long sink;

__attribute__((noinline)) unsigned long grow(unsigned long k) {
  static unsigned long calls;
  if (++calls % 1000 == 0) {
    timespec pause = {0, 110000};
    nanosleep(&pause, nullptr);
  }
  return k * 3;
}

__attribute__((noinline)) unsigned long work(unsigned long seed) {
  unsigned long sum = 0, x = seed | 1;
  for (unsigned long i = 0; i < 1000000; ++i) {
    sum += grow(i);
    for (int j = 0; j < 10; ++j) { // xorshift: ten dependent steps per call of grow
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
    }
  }
  return sum + x;
}

int main() {
  prctl(PR_SET_TIMERSLACK, 1000UL); // nanosleep wakes within 1 us of the time asked, not 50
  unsigned long total = 0;
  for (unsigned long round = 0; round < 12; ++round)
    total += work(round);
  sink = total;
  printf("%lu\n", total % 1000);
  return 0;
}
