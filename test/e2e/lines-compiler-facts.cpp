// The optimizer's account of each loop, taken from its remarks in the same compile, is
// joined to the loop: a loop the vectorizer took says so with its width; one with an opaque
// call says why it was not vectorized; a floating-point sum says it may not reorder the
// additions. Instrumentation does not change what the vectorizer does: with and without
// hotline the same loops are vectorized (-Rpass shows the remarks, as without hotline).
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t -Rpass=loop-vectorize 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: %clangxx_plain -O2 -g -c %s -o /dev/null -Rpass=loop-vectorize 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t 2>&1 | count 0
// RUN: rm -rf %t.d && mkdir %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline loops --format json %t.d/*.hotline | FileCheck %s

#include <cstdio>

__attribute__((noinline)) void scale(float *y, const float *x, int n) {
  for (int i = 0; i < n; ++i)
    y[i] = 2.0f * x[i] + 1.0f;
}

__attribute__((noinline)) void opaque(int i);

__attribute__((noinline)) void each(int n) {
  for (int i = 0; i < n; ++i)
    opaque(i);
}

__attribute__((noinline)) double sum(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}

static int calls;
void opaque(int i) { calls += i; }

int main() {
  static float x[4096], y[4096];
  static double d[4096];
  for (int i = 0; i < 4096; ++i) {
    x[i] = float(i);
    d[i] = i;
  }
  scale(y, x, 4096);
  each(100);
  std::printf("%g %d %g\n", y[4095], calls, sum(d, 4096));
  return 0;
}

// REMARKS: lines-compiler-facts.cpp:15:3: remark: vectorized loop (vectorization width: {{[0-9]+}}
// REMARKS-NOT: remark: vectorized loop
// REMARKS: lines-compiler-facts.cpp:39:3: remark: vectorized loop (vectorization width: {{[0-9]+}}
// REMARKS-NOT: remark:

// OUT: 8191 4950 8.38656e+06

// CHECK-DAG: "line": 15,{{[[:space:]]+}}"column": 3,{{[[:space:]]+}}"function": "scale(float*, float const*, int)",{{[[:space:]]+}}"entries": 1,{{[[:space:]]+}}"iterations": 4096,{{([^}]|[[:space:]])*}}"optimizer": "vectorized loop (vectorization width: {{[0-9]+}}, interleaved count: {{[0-9]+}})
// CHECK-DAG: "line": 22,{{[[:space:]]+}}"column": 3,{{[[:space:]]+}}"function": "each(int)",{{([^}]|[[:space:]])*}}"optimizer": "loop not vectorized: call instruction cannot be vectorized
// CHECK-DAG: "line": 28,{{[[:space:]]+}}"column": 3,{{[[:space:]]+}}"function": "sum(double const*, int)",{{([^}]|[[:space:]])*}}"optimizer": "loop not vectorized: cannot prove it is safe to reorder floating-point operations
