// A stack overflow: the SIGSEGV comes when the thread's stack is full, where no handler can
// run, unless on an alternate signal stack. The runtime gives each thread that has none its
// own (a program's own stack, installed before or after, is kept), so the profile is written
// before the process dies of the signal as it would without hotline, on the main thread and
// on a thread of the program's. Before, the handler could not run and no profile was left.
// (The stack is limited to 8 MiB: where it is unlimited, the main thread's would grow until
// memory ran out.)
// RUN: %clang_hotline -O1 -g %s -o %t
// RUN: %clang_plain -O1 -g %s -o %t.plain
// RUN: rm -rf %t.d && mkdir -p %t.d/main %t.d/thread %t.d/own
// RUN: sh -c 'ulimit -c 0; ulimit -s 8192; for how in main thread own; do %t.plain $how; echo "$how $?"; done' > %t.plain.out 2>/dev/null
// RUN: sh -c 'ulimit -c 0; ulimit -s 8192; for how in main thread own; do HOTLINE_DIR=%t.d/$how %t $how; echo "$how $?"; done' > %t.out 2>/dev/null
// RUN: diff %t.plain.out %t.out
// RUN: FileCheck %s --check-prefix=STATUS --input-file %t.out
// RUN: for how in main thread own; do %hotline report --format json %t.d/$how/*.hotline | FileCheck %s; done
// STATUS: main 139
// STATUS: thread 139
// STATUS: own handler ran on the program's stack
// STATUS: own 139
// CHECK: "name": "deeper",
// CHECK: "calls": {{[0-9][0-9][0-9][0-9]+}},

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char own_stack[1 << 16];

__attribute__((noinline)) long deeper(long n) {
  volatile char frame[64];
  frame[n & 63] = (char)n;
  return deeper(n + 1) + frame[(n + 1) & 63];
}

static void *overflow(void *arg) {
  (void)arg;
  return (void *)deeper(0);
}

static void on_segv(int signal) {
  stack_t current;
  sigaltstack(NULL, &current);
  if (current.ss_sp == own_stack)
    fputs("own handler ran on the program's stack\n", stdout);
  fflush(stdout);
  struct sigaction reset;
  memset(&reset, 0, sizeof reset);
  reset.sa_handler = SIG_DFL;
  sigaction(signal, &reset, NULL);
  raise(signal);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "thread") == 0) {
    pthread_t thread;
    pthread_create(&thread, NULL, overflow, NULL);
    pthread_join(thread, NULL);
  }
  if (argc > 1 && strcmp(argv[1], "own") == 0) {
    stack_t stack = {own_stack, 0, sizeof own_stack};
    sigaltstack(&stack, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_segv;
    action.sa_flags = SA_ONSTACK;
    sigaction(SIGSEGV, &action, NULL);
  }
  return (int)deeper(0);
}
