// A program that ends from inside a loop: the `exit` written in the loop is one of the loop's
// ways out, so the iterations, the block counts and the work summed in registers are all
// added before the program ends. 601 iterations ran (i = 0 to 600), each with one load of 8
// bytes and two double FLOPs; the `exit` ran once, and the back edge (line 22) 600 times.
// RUN: %clang_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline loops --top 0 --format json %t.d/*.hotline | FileCheck %s
// RUN: %hotline lines --top 0 --format json %t.d/*.hotline | FileCheck %s --check-prefix=LINES

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void sum_until(const double *x, int n, int stop) {
  double s = 0;
  for (int i = 0; i < n; ++i) { // SUM
    s += x[i] * 3;
    if (i == stop) {
      printf("%g\n", s);
      exit(0);
    }
  }
}

int main(int argc, char **argv) {
  (void)argv;
  int n = 999 + argc; // 1000, unknown to the compiler
  double *x = malloc(n * sizeof *x);
  for (int i = 0; i < n; ++i)
    x[i] = i % 7;
  sum_until(x, n, 599 + argc);
  return 1;
}
// OUT: 5400

// CHECK: "function": "sum_until",{{([^}]|[[:space:]])*}}"iterations": 601,{{([^}]|[[:space:]])*}}"flops32": 0,{{[[:space:]]*}}"flops64": 1202,{{[[:space:]]*}}"bytes": 4808,{{[[:space:]]*}}"calls": 0,

// LINES-DAG: "line": 17,{{[[:space:]]*}}"function": "sum_until",{{([^}]|[[:space:]])*}}"count": 601,
// LINES-DAG: "line": 18,{{[[:space:]]*}}"function": "sum_until",{{([^}]|[[:space:]])*}}"count": 601,
// LINES-DAG: "line": 20,{{[[:space:]]*}}"function": "sum_until",{{([^}]|[[:space:]])*}}"count": 1,
// LINES-DAG: "line": 22,{{[[:space:]]*}}"function": "sum_until",{{([^}]|[[:space:]])*}}"count": 600,
// LINES-DAG: "line": 32,{{[[:space:]]*}}"function": "main",{{([^}]|[[:space:]])*}}"count": 0,
