// Trace mode keeps each thread's timeline: calls, regions and I/O calls above the floor, large
// allocations; a full buffer drops events and counts them exactly; off by default.
// RUN: %clangxx_hotline -O2 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d/on %t.d/full %t.d/off %t.d/bad
// RUN: env HOTLINE_DIR=%t.d/on HOTLINE_TRACE=1 HOTLINE_TRACE_MIN_NS=1000000 %t > /dev/null
// RUN: python3 %S/Inputs/trace_events.py %t.d/on/*.hotline | FileCheck %s --check-prefix=ON
// RUN: env HOTLINE_DIR=%t.d/full HOTLINE_TRACE=1 HOTLINE_TRACE_MIN_NS=1000000 HOTLINE_TRACE_EVENTS=2 %t > /dev/null
// RUN: python3 %S/Inputs/trace_events.py %t.d/full/*.hotline | FileCheck %s --check-prefix=FULL
// RUN: %hotline export --format chrome %t.d/full/*.hotline -o %t.chrome.json 2> %t.export.err
// RUN: FileCheck %s --check-prefix=EXPORT --input-file %t.export.err
// RUN: FileCheck %s --check-prefix=CHROME --input-file %t.chrome.json
// RUN: env HOTLINE_DIR=%t.d/off %t > /dev/null
// RUN: python3 %S/Inputs/trace_events.py %t.d/off/*.hotline | FileCheck %s --check-prefix=OFF
// RUN: env HOTLINE_DIR=%t.d/bad HOTLINE_TRACE=maybe HOTLINE_TRACE_EVENTS=0 HOTLINE_QUIET=0 %t 2>&1 >/dev/null | FileCheck %s --check-prefix=BAD

// ON: trace min_ns=1000000 allocation_min_bytes=1048576 dropped=0 capacity=250000
// ON-NEXT: main call main
// ON-NEXT: main region phase
// ON-NEXT: main allocation - bytes=4194304
// ON-NEXT: main call spin_ms(int)
// ON-NEXT: main call step(int)
// ON-NEXT: main call spin_ms(int)
// ON-NEXT: main call step(int)
// ON-NEXT: main call spin_ms(int)
// ON-NEXT: main call step(int)
// ON-NEXT: main call spin_ms(int)
// ON-NOT: {{.}}

// Ten events, two kept: the first two to end (the allocation and the region's spin).
// FULL: trace min_ns=1000000 allocation_min_bytes=1048576 dropped=8 capacity=2
// FULL-NEXT: main allocation - bytes=4194304
// FULL-NEXT: main call spin_ms(int)
// FULL-NOT: {{.}}

// EXPORT: hotline: export: {{.*}}.hotline: the program's timeline lacks 8 events that did not fit its threads' buffers (HOTLINE_TRACE_EVENTS=2 per thread)
// CHROME: "events_dropped_by_runtime":8

// OFF: no trace

// BAD: hotline: HOTLINE_TRACE=maybe is not a boolean (use 1/0, true/false, yes/no, on/off); using 0
// BAD: hotline: HOTLINE_TRACE_EVENTS=0 is not between 1 and 50000000 events per thread; using 250000

#include <hotline/hotline.h>

#include <cstdlib>
#include <ctime>

static volatile long sink;
static char *volatile kept; // so the optimizer keeps the allocations

__attribute__((noinline)) void spin_ms(int ms) {
  timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  do {
    sink = sink + 1;
    clock_gettime(CLOCK_MONOTONIC, &now);
  } while ((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000 < ms);
}

__attribute__((noinline)) void tiny(int i) { sink = sink + i; }

__attribute__((noinline)) void step(int i) {
  for (int k = 0; k < 100; ++k)
    tiny(k); // far below the floor: never in the timeline
  spin_ms(2 + i);
}

int main() {
  {
    HOTLINE_REGION("phase");
    char *large = static_cast<char *>(malloc(4 << 20)); // kept: at least 1 MiB
    char *small = static_cast<char *>(malloc(64 << 10)); // not kept
    kept = large;
    kept = small;
    free(small);
    free(large);
    spin_ms(2);
  }
  for (int i = 0; i < 3; ++i)
    step(i);
  // No output: a write preempted for a millisecond on a loaded machine is above the floor
  // like any call, and one did show in the timeline (and made the events 11).
  return 0;
}
