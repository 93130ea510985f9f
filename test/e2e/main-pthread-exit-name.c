// The main thread ends with pthread_exit while another thread works on: the process exits when
// that thread does, and the profile is written then, after the main thread is gone, when
// /proc/self/exe can no longer be read. Before, the profile was named `program.PID.hotline`
// with an empty program and command line; the runtime now reads them when it starts.
// RUN: %clang_hotline -g %s -lpthread -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env HOTLINE_DIR=%t.d %t one two | FileCheck %s --check-prefix=OUT
// RUN: ls %t.d | sed 's/[0-9][0-9]*/PID/' | FileCheck %s --check-prefix=NAME
// RUN: %hotline report %t.d/*.hotline | FileCheck %s
// OUT: main ends
// OUT: worker done, main thread gone
// NAME: main-pthread-exit-name.c.tmp.PID.hotline
// CHECK: Program {{.*}}/main-pthread-exit-name.c.tmp (pid
// CHECK: Command {{.*}}/main-pthread-exit-name.c.tmp one two
// CHECK: worker

#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static volatile int main_ending;

// Waits until the main thread is gone: /proc/self/exe reads no more (10 s at most).
__attribute__((noinline)) void *worker(void *arg) {
  (void)arg;
  char exe[4096];
  int waited_ms = 0;
  while (!__atomic_load_n(&main_ending, __ATOMIC_ACQUIRE) ||
         (readlink("/proc/self/exe", exe, sizeof exe) > 0 && waited_ms < 10000)) {
    usleep(1000);
    ++waited_ms;
  }
  printf("worker done, main thread %s\n",
         readlink("/proc/self/exe", exe, sizeof exe) > 0 ? "still there" : "gone");
  return NULL;
}

int main(void) {
  pthread_t thread;
  if (pthread_create(&thread, NULL, worker, NULL) != 0)
    return 1;
  puts("main ends");
  fflush(stdout);
  __atomic_store_n(&main_ending, 1, __ATOMIC_RELEASE);
  pthread_exit(NULL);
}
