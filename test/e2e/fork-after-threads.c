// A child forked after other threads ran: its calls and counts start at the fork, but the heap
// blocks it inherited (one a thread allocated and kept) still name their places in that
// thread's call tree, which the child's profile keeps, emptied and ended at the fork. Both
// profiles read, and together they count each call once.
// RUN: %clang_hotline -O1 -g -fplugin-arg-hotline-min-instructions=0 %s -o %t -lpthread
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d HOTLINE_QUIET=1 %t | FileCheck %s --check-prefix=OUT
// OUT: child 7
// RUN: %hotline memory %t.d/*.hotline > /dev/null
// RUN: %hotline export --format folded --metric calls %t.d/*.hotline | sort | FileCheck %s
// CHECK:      {{^}}main 1{{$}}
// CHECK-NEXT: {{^}}main;child_work 1{{$}}
// CHECK-NEXT: {{^}}main;parent_work 1{{$}}
// CHECK-NEXT: {{^}}thread_main 1{{$}}
// CHECK-NEXT: {{^}}thread_main;keep_block 1{{$}}
// CHECK-EMPTY:
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static void *volatile kept;
static volatile int sink;

__attribute__((noinline)) void keep_block(void) { kept = malloc(1000); }
__attribute__((noinline)) void *thread_main(void *arg) {
  keep_block();
  return arg;
}
__attribute__((noinline)) void child_work(void) { sink = 7; }
__attribute__((noinline)) void parent_work(void) { sink = 1; }

int main(void) {
  pthread_t thread;
  pthread_create(&thread, NULL, thread_main, NULL);
  pthread_join(thread, NULL);
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    child_work();
    printf("child %d\n", sink);
    exit(0);
  }
  waitpid(pid, NULL, 0);
  parent_work();
  return 0;
}
