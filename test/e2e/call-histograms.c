// Call durations (HOTLINE_HISTOGRAMS, docs/runtime-options.md): every completed call of every
// call path is counted in its node's histogram, exactly (the histograms' calls are the timed
// calls, in threads, in a forked child, across pthread_exit), the percentiles fall where the
// calls' durations put them, a stop of the recording leaves its calls out, and the histograms'
// memory is bounded. The same program without hotline prints the same.
// RUN: %clang_hotline -O1 -g %s -o %t -lpthread
// RUN: %clang_plain -O1 -g -I%hotline_include %s -o %t.plain -lpthread
// RUN: rm -rf %t.d && mkdir -p %t.d/on %t.d/off %t.d/stop %t.d/deep %t.d/bad
//
// 1000 calls of work(), of which every tenth sleeps 2 ms, each in a region "step": the median
// is short, p99 and the longest are at least 2 ms; in_thread() 100 calls and leave() the one that called
// pthread_exit; the forked child's in_child() 50 calls, none of the parent's.
// RUN: env HOTLINE_DIR=%t.d/on HOTLINE_QUIET=1 HOTLINE_HISTOGRAMS=1 HOTLINE_STOP_TIMING_AFTER=0 %t all > %t.on.out
// RUN: %t.plain all | diff - %t.on.out
// RUN: python3 %S/Inputs/histogram_summary.py %hotline %t.d/on/*.hotline | FileCheck %s --check-prefix=ON
// ON-DAG: in_child: calls 50 histogram 50 ordered short-median
// ON-DAG: work: calls 1000 histogram 1000 ordered short-median tail>=2ms
// ON-DAG: in_thread: calls 100 histogram 100 ordered short-median
// ON-DAG: leave: calls 1 histogram 1 ordered
// ON-DAG: region step: entries 1000 histogram 1000 ordered short-median tail>=2ms
// ON-DAG: every timed function: histogram = timed calls; paths without histogram 0
// ON-DAG: every timed function: histogram = timed calls; paths without histogram 0
// RUN: %hotline report %t.d/on --top 0 | FileCheck %s --check-prefix=TEXT
// TEXT: Call durations (HOTLINE_HISTOGRAMS: each call's time, callees included)
// TEXT: calls mean p50 p90 p99 longest function
// TEXT-DAG: {{^ *}}1,000 {{.*}} work
// TEXT-DAG: {{^ *}}100 {{.*}} in_thread
// TEXT: Region entries' durations (HOTLINE_HISTOGRAMS; those that ended)
// TEXT: entries mean p50 p90 p99 longest region
// A forked child's regions start at the fork, as its calls do (docs/runtime-options.md): the
// parent's 1000 entries, once (they were counted twice when the child kept the parent's).
// TEXT-NEXT: {{^ *}}1,000 {{.*}} step
// RUN: %hotline tree %t.d/on | FileCheck %s --check-prefix=TREE
// TREE: p50, p99 and longest: single calls' times, from the runs' histograms (HOTLINE_HISTOGRAMS).
// TREE: incl% inclusive self calls p50 p99 longest function
// TREE: {{ 1 +[0-9.]+ ms +[0-9.]+ ms +[0-9.]+ ms +main$}}
// TREE-NEXT: {{ 1,000 +[0-9.]+ [^ ]+ +[0-9.]+ ms +[0-9.]+ ms +work$}}
//
// Line mode: the loops that are timed have their entries' durations too (main's loop of
// 1000 calls, entered once).
// RUN: %clang_hotline -O1 -g -fplugin-arg-hotline-lines %s -o %t.lines -lpthread
// RUN: rm -rf %t.d/lines && mkdir %t.d/lines
// RUN: env HOTLINE_DIR=%t.d/lines HOTLINE_QUIET=1 HOTLINE_HISTOGRAMS=1 HOTLINE_STOP_TIMING_AFTER=0 %t.lines stop > %t.lines.out
// RUN: %t.plain stop | diff - %t.lines.out
// RUN: python3 %S/Inputs/histogram_summary.py %hotline %t.d/lines/*.hotline | FileCheck %s --check-prefix=LINES
// LINES: work: calls 600 histogram 600 ordered short-median tail>=2ms
// LINES: loop {{[0-9]+}}: timed entries 1 histogram 1
// LINES: every timed function: histogram = timed calls; paths without histogram 0
//
// Without HOTLINE_HISTOGRAMS: no histogram, no durations in the reports.
// RUN: env HOTLINE_DIR=%t.d/off HOTLINE_QUIET=1 HOTLINE_STOP_TIMING_AFTER=0 %t all > /dev/null
// RUN: python3 %S/Inputs/histogram_summary.py %hotline %t.d/off/*.hotline | FileCheck %s --check-prefix=OFF
// RUN: %hotline report %t.d/off/*.hotline | FileCheck %s --check-prefix=OFFTEXT
// OFF: no histograms
// OFFTEXT-NOT: Call durations
//
// The recording stopped from the 300th to the 700th call: those 400 are not in the histogram,
// nor are the 40 long ones among them.
// RUN: env HOTLINE_DIR=%t.d/stop HOTLINE_QUIET=1 HOTLINE_HISTOGRAMS=1 HOTLINE_STOP_TIMING_AFTER=0 %t stop > %t.stop.out
// RUN: %t.plain stop | diff - %t.stop.out
// RUN: python3 %S/Inputs/histogram_summary.py %hotline %t.d/stop/*.hotline | FileCheck %s --check-prefix=STOP
// STOP: work: calls 600 histogram 600 ordered short-median tail>=2ms
// STOP: region step: entries 600 histogram 600 ordered short-median tail>=2ms
// STOP: every timed function: histogram = timed calls; paths without histogram 0
//
// 1 MB holds 771 histograms of 1360 bytes: of main's and deep()'s 1001 call paths, the 230
// whose calls ended last (the outermost) have none, and the reports say so.
// RUN: env HOTLINE_DIR=%t.d/deep HOTLINE_QUIET=1 HOTLINE_HISTOGRAMS=1 HOTLINE_HISTOGRAM_MB=1 HOTLINE_STOP_TIMING_AFTER=0 %t deep > %t.deep.out
// RUN: %t.plain deep | diff - %t.deep.out
// RUN: python3 %S/Inputs/histogram_summary.py %hotline %t.d/deep/*.hotline | FileCheck %s --check-prefix=DEEP
// RUN: %hotline report %t.d/deep/*.hotline | FileCheck %s --check-prefix=DEEPTEXT
// DEEP: deep: calls 1000 histogram 771 ordered
// DEEP: paths without histogram 230
// DEEPTEXT: 230 call paths with calls had no room for a histogram (HOTLINE_HISTOGRAM_MB); their calls are not counted here.
//
// Bad values: one line each, and the default.
// RUN: env HOTLINE_DIR=%t.d/bad HOTLINE_QUIET=1 HOTLINE_HISTOGRAMS=maybe HOTLINE_HISTOGRAM_MB=0 %t deep 2>&1 >/dev/null | FileCheck %s --check-prefix=BAD
// BAD: HOTLINE_HISTOGRAMS=maybe is not a boolean (use 1/0, true/false, yes/no, on/off); using 0
// BAD-NEXT: HOTLINE_HISTOGRAM_MB=0 is not between 1 and 65536 megabytes; using 16
// RUN: python3 %S/Inputs/histogram_summary.py %hotline %t.d/bad/*.hotline | FileCheck %s --check-prefix=OFF

#include <hotline/hotline.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned sink;

__attribute__((noinline)) static void pause_2_ms(void) {
  struct timespec t = {0, 2000000};
  while (nanosleep(&t, &t) != 0) {
  }
}

__attribute__((noinline)) void work(unsigned i) {
  if (i % 10 == 0)
    pause_2_ms();
  else
    sink += i * 3;
}

// A function that makes no call is not timed (the plugin leaves leaf functions too small to
// time to the counters): these call add().
__attribute__((noinline)) static void add(unsigned i) { sink += i; }
__attribute__((noinline)) void in_thread(unsigned i) { add(i); }
__attribute__((noinline)) void in_child(unsigned i) { add(i + 1); }
__attribute__((noinline)) void leave(void) { pthread_exit(NULL); }

static void *thread_main(void *arg) {
  (void)arg;
  for (unsigned i = 0; i < 100; ++i)
    in_thread(i);
  leave();
  return NULL;
}

__attribute__((noinline)) unsigned deep(unsigned n) {
  if (n == 0)
    return 0;
  unsigned below = deep(n - 1);
  sink = below; // after the call: no tail recursion for the optimizer to make a loop of
  return below + 1;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "all";
  if (!strcmp(mode, "deep")) {
    printf("depth %u\n", deep(999)); // 1000 calls, each on a path of its own
    return 0;
  }
  int stop = !strcmp(mode, "stop");
  for (unsigned i = 0; i < 1000; ++i) {
    if (stop && i == 300)
      hotline_stop();
    if (stop && i == 700)
      hotline_start();
    hotline_region_begin("step");
    work(i);
    hotline_region_end();
  }
  if (!stop) {
    pthread_t thread;
    pthread_create(&thread, NULL, thread_main, NULL);
    pthread_join(thread, NULL);
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
      for (unsigned i = 0; i < 50; ++i)
        in_child(i);
      exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    printf("child %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  }
  printf("sink %u\n", sink);
  return 0;
}
