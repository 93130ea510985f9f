// What a hotline_stop() and hotline_start() pair costs (runtime/src/recording_control.h: each
// walks every thread's counters and call tree), with the call tree of a recursion `depth` deep
// (depth + 2 call paths). Build and run (numbers in bench/RESULTS.md):
//   clang-22 -O1 -Iruntime/include -fplugin=build/plugin/HotlinePlugin.so \
//     -fplugin-arg-hotline-min-instructions=0 bench/micro/recording_control_cost.c \
//     -Wl,--whole-archive build/runtime/libhotline_rt.a -Wl,--no-whole-archive -ldl -lpthread -o control_cost
//   HOTLINE_QUIET=1 HOTLINE_DIR=/tmp ./control_cost 100; HOTLINE_QUIET=1 HOTLINE_DIR=/tmp ./control_cost 10000
#include <hotline/hotline.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

volatile unsigned long sink;

__attribute__((noinline)) void recurse(int n) {
  sink += n;
  if (n > 0)
    recurse(n - 1);
  sink += 1;
}

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int depth = argc > 1 ? atoi(argv[1]) : 1000;
  recurse(depth);
  const int pairs = 500;
  double start = seconds();
  for (int i = 0; i < pairs; ++i) {
    hotline_stop();
    hotline_start();
  }
  printf("%d call paths: %.2f us per stop and start\n", depth + 2,
         (seconds() - start) / pairs * 1e6);
  return 0;
}
