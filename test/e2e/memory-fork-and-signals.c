// Allocation tracking survives fork (each process writes its own profile, the child's with
// the blocks live at the fork as inherited, not as its allocations) and signal handlers that allocate while the program
// is allocating (no deadlock, no lost count on the program's own blocks).
// RUN: %clang_hotline -O2 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: ls %t.d/*.hotline | wc -l | FileCheck %s --check-prefix=TWO
// TWO: 2
// RUN: for f in %t.d/*.hotline; do %hotline memory --top 0 --format json $f > $f.json; \
// RUN:   python3 %S/Inputs/memory_places.py $f.json %s; done | sort | FileCheck %s

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t handled = 0;
static void *volatile sink;

static void on_alarm(int signal) {
  (void)signal;
  void *p = malloc(32); // allocation in a signal handler: not safe, but programs do it
  sink = p;
  free(p);
  ++handled;
}

__attribute__((noinline)) static void before_fork(void) {
  for (int i = 0; i < 10; ++i)
    sink = malloc(100); // LINE: before-fork
}

__attribute__((noinline)) static void in_child(void) {
  for (int i = 0; i < 5; ++i)
    sink = malloc(200); // LINE: child
}

__attribute__((noinline)) static void under_signals(void) {
  struct sigaction action = {0};
  action.sa_handler = on_alarm;
  sigaction(SIGALRM, &action, NULL);
  struct itimerval every_ms = {{0, 1000}, {0, 1000}};
  setitimer(ITIMER_REAL, &every_ms, NULL);
  for (long i = 0; i < 2000000 && handled < 100; ++i) {
    void *p = malloc(48); // LINE: under-signals
    sink = p;
    free(p);
  }
  struct itimerval off = {{0, 0}, {0, 0}};
  setitimer(ITIMER_REAL, &off, NULL);
}

int main(void) {
  before_fork();
  pid_t child = fork();
  if (child == 0) {
    in_child();
    return 0;
  }
  int status = 0;
  waitpid(child, &status, 0);
  under_signals();
  printf("child exited %d, signals handled: %s\n", WEXITSTATUS(status), handled > 0 ? "yes" : "no");
  return 0;
}

// OUT: child exited 0, signals handled: yes

// Both processes have the 10 blocks from before the fork, not freed: the parent allocated
// them, the child inherited them; only the child has its 5.
// CHECK: before-fork: allocations 0, bytes 0, frees 0, not freed 10 (1000 bytes), temporaries 0
// CHECK: before-fork: allocations 10, bytes 1000, frees 0, not freed 10 (1000 bytes), temporaries 0
// CHECK: child: allocations 5, bytes 1000, frees 0, not freed 5 (1000 bytes), temporaries 0
// CHECK: under-signals: allocations {{[0-9]+}}, bytes {{[0-9]+}}, frees {{[0-9]+}}, not freed 0 (0 bytes)
