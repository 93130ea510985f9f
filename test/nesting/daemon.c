// daemon(): the parent leaves at once with _exit, which writes no profile; the child carries on
// the process and its profile keeps the parent's calls before daemon() (no other profile has
// them), so the one profile counts every call once, as uftrace records both processes.
// REQUIRES: uftrace
// RUN: %check_nesting --tracer uftrace --work %t %s
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static volatile int sink;

__attribute__((noinline)) void leaf(int i) { sink = i; }
__attribute__((noinline)) void prepare(void) { leaf(1); }
__attribute__((noinline)) void serve(void) { leaf(2); leaf(3); }

int main(void) {
  prepare();
  fflush(stdout);
  if (daemon(1, 1) != 0) // keep the directory and stdout: the test reads the child's output
    return 1;
  serve();
  printf("%d\n", sink);
  return 0;
}
