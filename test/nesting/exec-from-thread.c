// A thread that execs from inside nested calls while main waits for it: the profile written
// just before the exec counts every call still open, in both threads, once.
// RUN: %check_nesting --work %t %s
// RUN: %clang_hotline -O2 %s -o %t.exe -lpthread && rm -rf %t.dir && mkdir %t.dir
// RUN: env HOTLINE_DIR=%t.dir HOTLINE_QUIET=1 %t.exe
// RUN: %hotline tree %t.dir/*.hotline | FileCheck %s
// CHECK-DAG: 1 main [open]
// CHECK-DAG: 1 thread_main [open]
// CHECK-DAG: 1   run_command [open]
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static volatile int sink;

__attribute__((noinline)) void prepare(int i) { sink = i; }
__attribute__((noinline)) void run_command(void) {
  prepare(1);
  execl("/bin/echo", "echo", "replaced", (char *)NULL);
}
__attribute__((noinline)) void *thread_main(void *arg) {
  run_command();
  return arg;
}

int main(void) {
  prepare(0);
  pthread_t thread;
  pthread_create(&thread, NULL, thread_main, NULL);
  pthread_join(thread, NULL);
  printf("never\n");
  return 0;
}
