// Keeps the calling thread busy on the CPU (not asleep) for about `ms` milliseconds: the
// "computing" between a test program's I/O calls.
#pragma once

#include <time.h>

static volatile double compute_sink;

static void compute_for_ms(long ms) {
  struct timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  do {
    for (int i = 0; i < 1000; ++i)
      compute_sink = compute_sink + i * 0.5;
    clock_gettime(CLOCK_MONOTONIC, &now);
  } while ((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000 < ms);
}
