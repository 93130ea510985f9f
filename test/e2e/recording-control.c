// Control over the recording (hotline.h hotline_stop/hotline_start/hotline_dump, HOTLINE_START,
// HOTLINE_DELAY, HOTLINE_DURATION, HOTLINE_DUMP_SIGNAL; docs/runtime-options.md): what every
// thread counts, enters and waits for while the recording is stopped is left out exactly, and
// the profile says which windows it covers; a dump mid-run and the profile at exit are two
// readable profiles of one process, and hotline diff says so. The same program without hotline
// prints the same.
// RUN: %clang_hotline -O2 -g %s -o %t -lpthread
// RUN: %clang_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t.lines -lpthread
// RUN: %clang_plain -O2 -g -I%hotline_include %s -o %t.plain -lpthread
// RUN: rm -rf %t.d && mkdir -p %t.d/stop %t.d/nostop %t.d/paused %t.d/dump %t.d/signal %t.d/bad %t.d/timer %t.d/lines-stop %t.d/lines-nostop
//
// Stopped from the 300th to the 700th of 1000 iterations, with a thread that counted 100 calls
// before and 50 during the stop, then ended: 600 and 100 are left, and the regions and
// counters of those iterations; main's 5 ms wait on a condition during the stop is gone.
// RUN: env HOTLINE_DIR=%t.d/stop HOTLINE_QUIET=1 %t stop > %t.stop.out
// RUN: %t.plain stop | diff - %t.stop.out
// RUN: python3 %S/Inputs/recording_summary.py %hotline %s %t.d/stop/*.hotline | FileCheck %s --check-prefix=STOP
// STOP: profile windows 2 ordered work 600 in_thread 100 batch 600 items 1200 timed wait out
// RUN: env HOTLINE_DIR=%t.d/nostop HOTLINE_QUIET=1 %t nostop > %t.nostop.out
// RUN: %t.plain nostop | diff - %t.nostop.out
// RUN: python3 %S/Inputs/recording_summary.py %hotline %s %t.d/nostop/*.hotline | FileCheck %s --check-prefix=NOSTOP
// NOSTOP: profile windows none - work 1000 in_thread 150 batch 1000 items 2000 timed wait in
// RUN: %hotline report %t.d/stop/*.hotline | FileCheck %s --check-prefix=TEXT
// TEXT: Wall time
// TEXT-NEXT: Recorded   2 windows, {{.*}} of {{.*}}: 0 ns-{{.*}}, {{.*}} (the recording was stopped in between)
//
// HOTLINE_START=paused, started at the 400th iteration: one window, from then on.
// RUN: env HOTLINE_DIR=%t.d/paused HOTLINE_QUIET=1 HOTLINE_START=paused %t paused > %t.paused.out
// RUN: %t.plain paused | diff - %t.paused.out
// RUN: python3 %S/Inputs/recording_summary.py %hotline %s %t.d/paused/*.hotline | FileCheck %s --check-prefix=PAUSED
// PAUSED: profile windows 1 ordered work 600 in_thread 0 batch 0 items 0
//
// A dump after 500 iterations: the dump holds 500, the profile at exit 1000; a directory
// stands for the latest of them, and diff says the change is what ran in between.
// RUN: env HOTLINE_DIR=%t.d/dump HOTLINE_QUIET=1 %t dump > %t.dump.out
// RUN: %t.plain dump | diff - %t.dump.out
// RUN: python3 %S/Inputs/recording_summary.py %hotline %s %t.d/dump/*.dump-1.hotline %t.d/dump/*[0-9][0-9].hotline | FileCheck %s --check-prefix=DUMP
// DUMP: dump windows none - work 500
// DUMP-NEXT: profile windows none - work 1000
// RUN: %hotline report %t.d/dump | FileCheck %s --check-prefix=DIRECTORY
// DIRECTORY: Profile    {{.*}}dump/recording-control.c.tmp.{{[0-9]+}}.hotline
// Named one by one, the dump is left out too, with a note: work counts 1000, not 1500.
// RUN: %hotline report --format json %t.d/dump/*.dump-1.hotline %t.d/dump/*[0-9][0-9].hotline 2> %t.named.err | python3 -c "import json, sys; r = json.load(sys.stdin); print(len(r['runs']), [f['calls'] for f in r['functions'] if f['name'] == 'work'])" | FileCheck %s --check-prefix=NAMED
// RUN: FileCheck %s --check-prefix=NAMEDNOTE < %t.named.err
// NAMED: 1 [1000]
// NAMEDNOTE: hotline: note: left out {{.*}}.dump-1.hotline: {{.*}}.{{[0-9]+}}.hotline, a later profile of its process, holds all it holds
// RUN: %hotline diff %t.d/dump/*.dump-1.hotline %t.d/dump/*[0-9][0-9].hotline | FileCheck %s --check-prefix=DIFF
// DIFF: One process: BASE is its dump at {{.*}}, NEW its profile at {{.*}}; the changes are what it recorded in the {{.*}} between
// DIFF: +500 work
//
// HOTLINE_DUMP_SIGNAL: the program signals itself after 250 iterations and waits for the dump.
// RUN: env HOTLINE_DIR=%t.d/signal HOTLINE_QUIET=1 HOTLINE_DUMP_SIGNAL=SIGUSR1 %t signal > %t.signal.out
// RUN: python3 %S/Inputs/recording_summary.py %hotline %s %t.d/signal/*.dump-1.hotline %t.d/signal/*[0-9][0-9].hotline | FileCheck %s --check-prefix=SIGNAL
// SIGNAL: dump windows none - work 250
// SIGNAL-NEXT: profile windows none - work 1000
//
// Line mode: every line of work() counted 600/1000 of the unstopped run's count.
// RUN: env HOTLINE_DIR=%t.d/lines-stop HOTLINE_QUIET=1 %t.lines stop > /dev/null
// RUN: env HOTLINE_DIR=%t.d/lines-nostop HOTLINE_QUIET=1 %t.lines nostop > /dev/null
// RUN: %hotline lines --format json --top 0 %t.d/lines-stop > %t.lines-stop.json
// RUN: %hotline lines --format json --top 0 %t.d/lines-nostop > %t.lines-nostop.json
// RUN: python3 -c "import json, sys; \
// RUN:   counts = [{l['line']: l['count'] for l in json.load(open(f))['lines'] if l['function'] == 'work' and l['counted']} for f in sys.argv[1:]]; \
// RUN:   print('lines', len(counts[1]), 'all at 0.6', all(counts[0][n] * 1000 == c * 600 for n, c in counts[1].items()))" %t.lines-stop.json %t.lines-nostop.json | FileCheck %s --check-prefix=LINES
// LINES: lines {{[1-9][0-9]*}} all at 0.6 True
//
// Bad values: one line each, and the defaults.
// RUN: env HOTLINE_DIR=%t.d/bad HOTLINE_QUIET=1 HOTLINE_START=later HOTLINE_DELAY=soon HOTLINE_DURATION=0 HOTLINE_DUMP_SIGNAL=KILL %t nostop 2> %t.bad.err | diff - %t.nostop.out
// RUN: FileCheck %s --check-prefix=BAD < %t.bad.err
// BAD: hotline: HOTLINE_START=later is not now, paused, cudaProfilerApi or nvtx:NAME; using now
// BAD-NEXT: hotline: HOTLINE_DELAY=soon is not a number of seconds from 0 to 31622400; using 0
// BAD-NEXT: hotline: HOTLINE_DURATION=0 is not a number of seconds above 0, at most 31622400; recording to the end
// BAD-NEXT: hotline: HOTLINE_DUMP_SIGNAL=KILL is not a signal a dump can take (USR1, SIGUSR2, 10, none; not KILL, STOP, PROF, TERM, INT, HUP, QUIT or a fault's); none used
// BAD-NOT: hotline:
// RUN: python3 %S/Inputs/recording_summary.py %hotline %s %t.d/bad/*.hotline | FileCheck %s --check-prefix=NOSTOP
//
// HOTLINE_DELAY and HOTLINE_DURATION: one window, from 0.3 s on, of 0.5 s (or to the write, if
// the timer's thread woke that late); the program sleeps 1.5 s.
// RUN: env HOTLINE_DIR=%t.d/timer HOTLINE_QUIET=1 HOTLINE_DELAY=0.3 HOTLINE_DURATION=0.5 %t timer
// RUN: %hotline report --format json %t.d/timer | python3 -c "import json, sys; \
// RUN:   run = json.load(sys.stdin)['runs'][0]; w = run['windows']; \
// RUN:   print('windows', len(w), 'after the delay', w[0]['start_ns'] >= 300000000, \
// RUN:         'for the duration', w[0]['end_ns'] - w[0]['start_ns'] >= 499000000 or run['wall_ns'] - w[0]['end_ns'] < 1000000)" | FileCheck %s --check-prefix=TIMER
// TIMER: windows 1 after the delay True for the duration True

#include <hotline/hotline.h>

#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

volatile unsigned long sink;

__attribute__((noinline)) void work(unsigned long i) {
  for (int k = 0; k < 10; ++k)
    sink = sink + i * k;
}

__attribute__((noinline)) void in_thread(unsigned long i) { sink = sink + i; }

pthread_barrier_t stopped, started;

void *worker(void *unused) {
  (void)unused;
  for (int i = 0; i < 100; ++i)
    in_thread(i);
  pthread_barrier_wait(&stopped); // main stops the recording after this
  pthread_barrier_wait(&started);
  for (int i = 0; i < 50; ++i)
    in_thread(i); // while stopped; the thread ends before the recording starts again
  return NULL;
}

// A wait on a condition that nobody signals: it always blocks, until its timeout.
void wait_5_ms(void) {
  pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
  pthread_cond_t never = PTHREAD_COND_INITIALIZER;
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  until.tv_nsec += 5000000;
  if (until.tv_nsec >= 1000000000) {
    until.tv_sec += 1;
    until.tv_nsec -= 1000000000;
  }
  pthread_mutex_lock(&mutex);
  while (pthread_cond_timedwait(&never, &mutex, &until) == 0) {
  }
  pthread_mutex_unlock(&mutex);
}

// 1000 iterations, each a region with a counter; `stop` stops the recording from the 300th to
// the 700th, and the worker thread does its second half and ends in that time.
void iterations(int stop) {
  pthread_t thread;
  pthread_barrier_init(&stopped, NULL, 2);
  pthread_barrier_init(&started, NULL, 2);
  pthread_create(&thread, NULL, worker, NULL);
  pthread_barrier_wait(&stopped);
  for (int i = 0; i < 1000; ++i) {
    if (i == 300) {
      if (stop)
        hotline_stop();
      wait_5_ms();
      pthread_barrier_wait(&started);
      pthread_join(thread, NULL);
    }
    if (i == 700 && stop)
      hotline_start();
    hotline_region_begin("batch");
    HOTLINE_COUNT("items", 2);
    work(i);
    hotline_region_end();
  }
}

// Waits until the runtime's thread has written the first dump into `dir`.
void wait_for_dump(const char *dir) {
  for (int found = 0; !found;) {
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));)
      found |= e->d_name[0] != '.' && strstr(e->d_name, ".dump-1.hotline") != NULL;
    if (d)
      closedir(d);
    struct timespec pause = {0, 1000000};
    nanosleep(&pause, NULL);
  }
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "stop";
  if (!strcmp(mode, "stop") || !strcmp(mode, "nostop")) {
    iterations(!strcmp(mode, "stop"));
  } else if (!strcmp(mode, "paused")) {
    for (int i = 0; i < 1000; ++i) {
      if (i == 400)
        hotline_start();
      work(i);
    }
  } else if (!strcmp(mode, "dump")) {
    for (int i = 0; i < 1000; ++i) {
      if (i == 500)
        hotline_dump();
      work(i);
    }
  } else if (!strcmp(mode, "signal")) {
    for (int i = 0; i < 250; ++i)
      work(i);
    kill(getpid(), SIGUSR1);
    wait_for_dump(getenv("HOTLINE_DIR"));
    for (int i = 250; i < 1000; ++i)
      work(i);
  } else if (!strcmp(mode, "timer")) {
    struct timespec pause = {1, 500000000};
    nanosleep(&pause, NULL);
  }
  printf("%s done %lu\n", mode, sink);
  return 0;
}
