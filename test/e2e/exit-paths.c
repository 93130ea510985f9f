// However the program ends, its exit status is its own, and the profile is written whenever
// exit handlers run: returning from main, exit, quick_exit, exit from another thread. _exit
// runs none, so it leaves no profile (docs/runtime-options.md, "The profile file").
// RUN: %clang_hotline -O1 -g %s -lpthread -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d/return %t.d/exit %t.d/quick %t.d/underscore %t.d/thread
// RUN: env HOTLINE_DIR=%t.d/return %t return; echo "status $?" > %t.d/return.txt
// RUN: env HOTLINE_DIR=%t.d/exit %t exit; echo "status $?" > %t.d/exit.txt
// RUN: env HOTLINE_DIR=%t.d/quick %t quick; echo "status $?" > %t.d/quick.txt
// RUN: env HOTLINE_DIR=%t.d/underscore %t underscore; echo "status $?" > %t.d/underscore.txt
// RUN: env HOTLINE_DIR=%t.d/thread %t thread; echo "status $?" > %t.d/thread.txt
// RUN: cat %t.d/return.txt %t.d/exit.txt %t.d/quick.txt %t.d/underscore.txt %t.d/thread.txt | FileCheck %s --check-prefix=STATUS
// RUN: ls %t.d/return %t.d/exit %t.d/quick %t.d/thread | FileCheck %s --check-prefix=WRITTEN
// RUN: ls %t.d/underscore | count 0
// RUN: %hotline report %t.d/thread/*.hotline | FileCheck %s --check-prefix=THREAD
// RUN: %hotline report %t.d/quick/*.hotline | FileCheck %s --check-prefix=QUICK

// STATUS: status 0
// STATUS-NEXT: status 3
// STATUS-NEXT: status 4
// STATUS-NEXT: status 5
// STATUS-NEXT: status 6

// WRITTEN: {{^}}exit-paths.c.tmp.{{[0-9]+}}.hotline
// WRITTEN: {{^}}exit-paths.c.tmp.{{[0-9]+}}.hotline
// WRITTEN: {{^}}exit-paths.c.tmp.{{[0-9]+}}.hotline
// WRITTEN: {{^}}exit-paths.c.tmp.{{[0-9]+}}.hotline

// The main thread was still waiting in pthread_join when the other thread called exit.
// THREAD: ends_in_exit
// QUICK: work

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile long sink;

__attribute__((noinline)) void work(void) {
  for (int i = 0; i < 100000; ++i)
    sink = sink + i;
}

__attribute__((noinline)) void *ends_in_exit(void *arg) {
  (void)arg;
  work();
  exit(6);
}

int main(int argc, char **argv) {
  const char *how = argc > 1 ? argv[1] : "return";
  work();
  fflush(stdout);
  if (!strcmp(how, "exit"))
    exit(3);
  if (!strcmp(how, "quick"))
    quick_exit(4);
  if (!strcmp(how, "underscore"))
    _exit(5);
  if (!strcmp(how, "thread")) {
    pthread_t thread;
    pthread_create(&thread, NULL, ends_in_exit, NULL);
    pthread_join(thread, NULL);
  }
  return 0;
}
