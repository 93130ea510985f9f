// fork: each process writes its own profile, the child's with only what it did after the fork
// (its calls nest under those open at the fork, which it does not count): together they count
// each call once, as uftrace records both processes.
// REQUIRES: uftrace
// RUN: %check_nesting --tracer uftrace --work %t %s
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile int sink;

__attribute__((noinline)) void leaf(int i) { sink = i; }
__attribute__((noinline)) void child_work(void) { leaf(1); leaf(2); }
__attribute__((noinline)) void spawn(void) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    child_work();
    exit(0);
  }
  waitpid(pid, NULL, 0);
}

int main(void) {
  leaf(0);
  spawn();
  leaf(3);
  printf("%d\n", sink);
  return 0;
}
