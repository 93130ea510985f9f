// A child killed as soon as it is forked (a multiprocessing pool terminating a worker that the
// machine had not yet run): the signal is delivered when the child first returns from fork,
// before the fork handlers have released the runtime's locks, which the parent's handlers took
// for the fork. The child must still write its profile and die of the signal, at once (not
// after the profile write's 10-second alarm, without a profile). Parent and children share one
// CPU, so that the parent, which goes on running after fork, signals each child before it runs.
// RUN: %clang_hotline -O1 -g %s -o %t
// RUN: %clang_plain -O1 -g %s -o %t.plain
// RUN: %t.plain > %t.plain.out
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d HOTLINE_QUIET=1 %t > %t.out
// RUN: diff %t.plain.out %t.out
// RUN: FileCheck %s --input-file %t.out
// CHECK: children killed by SIGTERM 10 of 10
// RUN: ls %t.d/*.hotline | wc -l | FileCheck %s --check-prefix=PROFILES
// PROFILES: 11

#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile long sink;

__attribute__((noinline)) void child_work(void) {
  for (int i = 0; i < 1000; ++i)
    sink = sink + i;
}

int main(void) {
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(sched_getcpu(), &one);
  sched_setaffinity(0, sizeof one, &one); // inherited by the children
  fflush(stdout);
  int killed = 0;
  for (int i = 0; i < 10; ++i) {
    pid_t child = fork();
    if (child == 0) {
      child_work();
      for (;;)
        pause();
    }
    kill(child, SIGTERM);
    int status = 0;
    waitpid(child, &status, 0);
    killed += WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM;
  }
  printf("children killed by SIGTERM %d of 10\n", killed);
  return 0;
}
