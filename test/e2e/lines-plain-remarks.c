// The vectorizer's reasons that `hotline loops` shows are the plain build's: hotline's
// counters change them (a loop with a counted branch is vectorized 2 wide instead of 4, a
// clamp is not vectorized at all, a search loop is "early exit with reductions" instead of
// "uncountable"), so line mode asks the vectorizer about a copy of each function without the
// counters. What the counters changed is said too. Compared with the plain build's
// -Rpass/-Rpass-missed/-Rpass-analysis=loop-vectorize remarks, loop by loop.
// RUN: %clang_plain -O2 -g -c %s -o %t.plain.o -Rpass=loop-vectorize -Rpass-missed=loop-vectorize \
// RUN:   -Rpass-analysis=loop-vectorize 2> %t.plain-remarks
// RUN: %clang_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline loops --top 0 --format json %t.d/*.hotline > %t.loops.json
// RUN: python3 %S/Inputs/plain_remarks.py %t.plain-remarks %t.loops.json | FileCheck %s
// OUT: 500 1.5 0
// CHECK:      loop [[#@LINE+13]]: same
// CHECK-NEXT: loop [[#@LINE+12]]: with hotline's counters: vectorized loop (vectorization width: 2, interleaved count: 2)
// CHECK-NEXT: loop [[#@LINE+18]]: same
// CHECK-NEXT: loop [[#@LINE+17]]: with hotline's counters: not vectorized: the cost-model indicates that vectorization is not beneficial
// CHECK-NEXT: loop [[#@LINE+26]]: same
// CHECK-NEXT: loop [[#@LINE+39]]: same
// CHECK-NEXT: loop [[#@LINE+38]]: with hotline's counters: vectorized loop (vectorization width: 2, interleaved count: 2)
// CHECK-NOT:  loop

#include <stdio.h>

int count_positive(const int *a, int n) {
  int c = 0;
  for (int i = 0; i < n; ++i)
    if (a[i] > 0)
      ++c;
  return c;
}

void clamp(float *a, int n) {
  for (int i = 0; i < n; ++i) {
    if (a[i] < 0)
      a[i] = 0;
    else if (a[i] > 1)
      a[i] = 1;
  }
}

long search(const char *text, int n, char c) {
  long hits = 0;
  for (int i = 0; i < n; ++i) {
    if (text[i] == c)
      ++hits;
    if (text[i] == 0)
      break;
  }
  return hits;
}

int main(int argc, char **argv) {
  (void)argv;
  static int a[1000];
  static float f[1000];
  static char t[1000];
  for (int i = 0; i < 1000; ++i) {
    a[i] = i % 2 ? argc : -argc;
    f[i] = (float)(i % 3) - 0.5f;
    t[i] = (char)('a' + argc);
  }
  t[999] = 0;
  clamp(f, 1000);
  printf("%d %.1f %ld\n", count_positive(a, 1000), f[0] + f[1] + f[2], search(t, 1000, 'z'));
  return 0;
}
