// `hotline loops` judges loops against this machine's roofs, measured by `hotline
// calibrate` in the same run: a STREAM triad over arrays far larger than the caches is
// memory-bound, a daxpy over 8 KB repeated moves more bytes per second than memory can (in
// cache), and a walk down a random linked list, one dependent load at a time, is below both
// roofs. Without a calibration there are rates and no verdicts.
// The triad's own verdict is not checked here: it compares the triad's bandwidth with
// calibrate's, measured at another moment, and on a loaded machine either can be the
// faster (test/unit/roofline_test.cpp checks the verdicts at their thresholds). The loops
// are compared with each other instead, measured in the same run.
// RUN: %clang_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %hotline calibrate --file %t.d/peaks.json > /dev/null
// RUN: env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline loops --machine-file %t.d/peaks.json %t.d/*.hotline | FileCheck %s
// RUN: %hotline loops --format json --machine-file %t.d/peaks.json %t.d/*.hotline | python3 %S/Inputs/roofline_order.py | FileCheck %s --check-prefix=ORDER
// RUN: %hotline loops --machine-file %t.d/none.json %t.d/*.hotline | FileCheck %s --check-prefix=NONE

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { kBig = 1 << 22, kSmall = 1024 }; // 32 MB and 8 KB of doubles

__attribute__((noinline)) void triad(double *a, const double *b, const double *c, long n) {
  for (long i = 0; i < n; ++i) // TRIAD
    a[i] = b[i] + 3.0 * c[i];
}

__attribute__((noinline)) void daxpy(double *y, const double *x, long n) {
  for (long i = 0; i < n; ++i) // DAXPY
    y[i] = 0.5 * x[i] + y[i];
}

__attribute__((noinline)) long chase(const long *next, long hops) {
  long at = 0;
  for (long h = 0; h < hops; ++h) // CHASE
    at = next[at];
  return at;
}

int main(void) {
  double *a = malloc(kBig * sizeof *a), *b = malloc(kBig * sizeof *b), *c = malloc(kBig * sizeof *c);
  for (long i = 0; i < kBig; ++i)
    a[i] = b[i] = c[i] = (double)(i & 7);
  for (int r = 0; r < 24; ++r)
    triad(a, b, c, kBig);

  for (int r = 0; r < 400000; ++r)
    daxpy(a, b, kSmall);

  // One cycle through all kBig slots in random order (Sattolo's shuffle).
  long *next = malloc(kBig * sizeof *next);
  for (long i = 0; i < kBig; ++i)
    next[i] = i;
  uint64_t random = 88172645463325252u;
  for (long i = kBig - 1; i > 0; --i) {
    random ^= random << 13, random ^= random >> 7, random ^= random << 17;
    long j = (long)(random % (uint64_t)i), t = next[i];
    next[i] = next[j], next[j] = t;
  }
  long end = chase(next, kBig / 2);
  printf("%g %d\n", a[5], end >= 0);
  return 0;
}
// OUT: {{[0-9.e+]+}} 1

// CHECK: GFLOP/s {{.*}} verdict
// CHECK-DAG: {{^ .* 0.083 +2.0 +24.0 .* +.*lines-roofline.c:25$}}
// CHECK-DAG: {{^ .* 0.083 +2.0 +24.0 .* in cache +.*lines-roofline.c:30$}}
// CHECK-DAG: {{^ .* 0.000 +0.0 +8.0 .* below both roofs +.*lines-roofline.c:36$}}

// ORDER: bandwidths in order

// NONE: No verdicts: no calibration for this machine: run 'hotline calibrate'.
// NONE: GFLOP/s {{.*}} verdict
// NONE-DAG: {{.* \(no calibration\) +.*lines-roofline.c:25$}}
