// A program built in line mode gets the HTML report's Lines, Loops and Annotated source: the
// page holds the hottest function's source, read when the page was made, each line with its
// exact count and sampled time, and the loop's entries and iterations under its header. The
// functions table shows 50 rows, all 63 after "Show all" (main, work, steps, 60 step<N>).
// Text from the run (here the command line) is shown as text, even when it looks like markup.
// REQUIRES: html-assets, chromium
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: env HOTLINE_DIR=%t.d HOTLINE_SAMPLE_HZ=10000 %t '</script><!--' | FileCheck %s --check-prefix=OUT
// RUN: %hotline html %t.d/*.hotline -o %t.d/report.html
// RUN: python3 %S/../tools/Inputs/html-browse.py %t.d/report.html %t.d/report.png | FileCheck %s
// RUN: python3 %S/../tools/Inputs/html-browse.py --click '#functions .more button' \
// RUN:   %t.d/report.html %t.d/all.png | FileCheck %s --check-prefix=ALL

#include <cstdio>
#include <utility>

__attribute__((noinline)) unsigned long work(unsigned long n, unsigned long d) {
  unsigned long a = 1, b = 1;
  for (unsigned long i = 1; i <= n; ++i) {
    a = (a + i) / d;
    b = b + (i ^ a);
  }
  if (b == 0)
    std::puts("never");
  return a + b;
}

template <int N> __attribute__((noinline)) unsigned long step(unsigned long x) { return x * 31 + N; }

template <int... N> unsigned long steps(unsigned long x, std::integer_sequence<int, N...>) {
  ((x = step<N>(x)), ...);
  return x;
}

int main(int argc, char **) {
  std::printf("%lu\n", work(20000000, argc + 2) + steps(1, std::make_integer_sequence<int, 60>()));
}

// OUT: {{[0-9]+}}

// CHECK:      errors: none
// CHECK-NEXT: nav: Bottlenecks and suggestions | Flame graph | Functions | Lines | Loops | Annotated source | Memory | GPU (empty) | I/O

// CHECK:      table functions-table: 50 rows
// CHECK:      table lines-table: {{[0-9]+}} rows
// CHECK-NEXT: lines-table header: line | function | count | time | time% | loop
// CHECK-NEXT: lines-table row: …/e2e/html-line-mode.cpp:{{21|22}} | work(unsigned long, unsigned long) | 20,000,000 | {{.+}} | …/e2e/html-line-mode.cpp:20
// CHECK:      table loops-table: 1 rows
// CHECK-NEXT: loops-table header: loop | function | entries | iterations | max trips | time | time% | optimizer
// CHECK-NEXT: loops-table row: …/e2e/html-line-mode.cpp:20 | work(unsigned long, unsigned long) | 1 | 20,000,000 | 20,000,000 | {{.+}}

// The source of work(), from its first line; the line that never ran shows #####.
// CHECK:      source: work(unsigned long, unsigned long) ({{.*}}html-line-mode.cpp:18): {{[0-9.]+}}% of the samples
// CHECK-NEXT: source line: 1 | {{.*}} | 19 | unsigned long a = 1, b = 1;
// CHECK-NEXT: source line: 20,000,001 | {{.*}} | 20 | for (unsigned long i = 1; i <= n; ++i) {
// CHECK-NEXT: source loop: loop: entered 1, 20,000,000 iterations, {{.+}}
// CHECK-NEXT: source line: 20,000,000 | {{.*}} | 21 | a = (a + i) / d;
// CHECK-NEXT: source line: 20,000,000 | {{.*}} | 22 | b = b + (i ^ a);
// CHECK:      source line: ##### | {{.*}} | 25 | std::puts("never");

// CHECK:      summary: {{.*}} | Command: {{.*}}html-line-mode.cpp.tmp </script><!-- | {{.*}}

// ALL: table functions-table: 63 rows
