// Line mode counts each loop's work in the optimized code, exactly, whatever the vector
// width: daxpy does 2 double FLOPs and moves 24 bytes per iteration, a float dot product
// 2 single FLOPs and 8 bytes, memset moves its length, a call is counted and its work is
// not; an outer loop's work holds its inner loops'. FLOPs are the same at -O0 (every
// local lives in memory there, so bytes are not).
// RUN: %clang_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t.O2
// RUN: %clang_hotline -O3 -march=x86-64-v3 -g -fplugin-arg-hotline-lines %s -o %t.avx2
// RUN: %clang_hotline -O0 -g -fplugin-arg-hotline-lines %s -o %t.O0
// RUN: rm -rf %t.d && mkdir -p %t.d/O2 %t.d/avx2 %t.d/O0
// RUN: env HOTLINE_DIR=%t.d/O2 %t.O2 | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.d/avx2 %t.avx2 | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.d/O0 %t.O0 | FileCheck %s --check-prefix=OUT
// RUN: %hotline loops --top 0 --format json %t.d/O2/*.hotline > %t.O2.json
// RUN: FileCheck %s < %t.O2.json && FileCheck %s --check-prefix=BYTES < %t.O2.json
// RUN: %hotline loops --top 0 --format json %t.d/avx2/*.hotline > %t.avx2.json
// RUN: FileCheck %s < %t.avx2.json && FileCheck %s --check-prefix=BYTES < %t.avx2.json
// RUN: %hotline loops --top 0 --format json %t.d/O0/*.hotline | FileCheck %s
// RUN: %hotline loops --top 0 %t.d/O2/*.hotline | FileCheck %s --check-prefix=TEXT

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) void daxpy(int n, double a, const double *x, double *y) {
  for (int i = 0; i < n; ++i) // DAXPY
    y[i] = a * x[i] + y[i];
}

__attribute__((noinline)) float dot(int n, const float *x, const float *y) {
  float s = 0;
  for (int i = 0; i < n; ++i) // DOT
    s += x[i] * y[i];
  return s;
}

__attribute__((noinline)) void clear(char *buffer, int n, int times) {
  for (int r = 0; r < times; ++r) // CLEAR
    memset(buffer, r, n);
}

// A copy reads and writes its length; the rows it copies are apart, so it stays one memcpy
// per iteration. The second copy's length is computed in the loop: 2 * (0 + 1 + ... + 7 + 0 + 1).
__attribute__((noinline)) void copy_rows(char *to, const char *from, int n, int rows) {
  for (int r = 0; r < rows; ++r) { // COPY
    memcpy(to + r * (n + 8), from + r * n, n);
    memcpy(to + r * (n + 8) + n, from, r % 8);
  }
}

__attribute__((noinline)) double twice(double v) { return 2 * v; }

__attribute__((noinline)) double calls(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) // CALLS
    s += twice(x[i]);
  return s;
}

// 2 * n^3 double FLOPs, whatever the optimizer keeps in registers.
__attribute__((noinline)) void matmul(int n, const double *a, const double *b, double *c) {
  for (int i = 0; i < n; ++i) // MATMUL_I
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < n; ++j) // MATMUL_J
        c[i * n + j] += a[i * n + k] * b[k * n + j];
}

int main(int argc, char **argv) {
  (void)argv;
  int n = 999 + argc; // 1000, unknown to the compiler
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  float *f = malloc(n * sizeof *f), *g = malloc(n * sizeof *g);
  for (int i = 0; i < n; ++i) {
    x[i] = i % 7;
    y[i] = 1;
    f[i] = (float)(i % 5);
    g[i] = 0.5f;
  }
  for (int r = 0; r < 100; ++r)
    daxpy(n, 1.5, x, y);
  float s = 0;
  for (int r = 0; r < 10; ++r)
    s += dot(n, f, g);
  char *buffer = calloc(10, n); // copy_rows reads 10 rows of it; clear sets the first
  clear(buffer, n, 100);
  char *rows = malloc(10 * (n + 8));
  copy_rows(rows, buffer, n, 10);
  double c = calls(x, n);
  int m = 63 + argc; // 64
  double *a = calloc(m * m, sizeof *a), *b = calloc(m * m, sizeof *b), *p = calloc(m * m, sizeof *p);
  for (int i = 0; i < m * m; ++i)
    a[i] = b[i] = i % 3;
  matmul(m, a, b, p);
  printf("%g %g %d %d %g %g\n", y[1], s, buffer[0], rows[9 * (n + 8)], c, p[m + 1]);
  return 0;
}
// OUT: 151 10000 99 0 5994 106

// The JSON lists loops by time: each check anchors on the loop's function.
// CHECK-DAG: "function": "daxpy",{{([^}]|[[:space:]])*}}"iterations": 100000,{{([^}]|[[:space:]])*}}"flops32": 0,{{[[:space:]]*}}"flops64": 200000,{{[[:space:]]*}}"bytes": {{[0-9]+}},{{[[:space:]]*}}"calls": 0,
// CHECK-DAG: "function": "dot",{{([^}]|[[:space:]])*}}"iterations": 10000,{{([^}]|[[:space:]])*}}"flops32": 20000,{{[[:space:]]*}}"flops64": 0,
// CHECK-DAG: "function": "clear",{{([^}]|[[:space:]])*}}"iterations": 100,{{([^}]|[[:space:]])*}}"flops64": 0,
// CHECK-DAG: "function": "copy_rows",{{([^}]|[[:space:]])*}}"iterations": 10,{{([^}]|[[:space:]])*}}"flops64": 0,
// CHECK-DAG: "function": "calls",{{([^}]|[[:space:]])*}}"iterations": 1000,{{([^}]|[[:space:]])*}}"flops64": 1000,{{([^}]|[[:space:]])*}}"calls": 1000,
// CHECK-DAG: "function": "matmul",{{([^}]|[[:space:]])*}}"iterations": 64,{{([^}]|[[:space:]])*}}"flops64": 524288,
// CHECK-DAG: "function": "matmul",{{([^}]|[[:space:]])*}}"iterations": 262144,{{([^}]|[[:space:]])*}}"flops64": 524288,

// Optimized, the loops move exactly their arrays' bytes: 24 and 8 per iteration, and the
// memset's length, twice the memcpy's.
// BYTES-DAG: "function": "daxpy",{{([^}]|[[:space:]])*}}"bytes": 2400000,
// BYTES-DAG: "function": "dot",{{([^}]|[[:space:]])*}}"bytes": 80000,
// BYTES-DAG: "function": "clear",{{([^}]|[[:space:]])*}}"bytes": 100000,
// BYTES-DAG: "function": "copy_rows",{{([^}]|[[:space:]])*}}"bytes": 20058,
// BYTES-DAG: "function": "calls",{{([^}]|[[:space:]])*}}"bytes": 8000,

// TEXT: GFLOP/s  GB/s  FLOP/B  FLOP/iter  B/iter  compute  memory  verdict
// TEXT-DAG: {{^ *[0-9.]+ +[0-9.]+ +0.083 +8192.0 +98816.0 +- +- +- \(too short to judge\)}}
// TEXT-DAG: {{^ *[0-9.]+ +[0-9.]+ +0.125 +1.0 +8.0 +- +- +- \(calls out\)}}
// TEXT-DAG: {{^ *(-|~[0-9.]+) +(-|~[0-9.]+) +0.250 +2.0 +8.0 +- +- +- \((no time|too short to judge)\)}}
