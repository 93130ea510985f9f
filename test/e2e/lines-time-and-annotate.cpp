// Line times are sampled: the line with the division costs several times the line with the
// add in the same loop, and `lines` ranks it first; both ran exactly n times. `annotate`
// prints the function's source with counts, times and the loop's facts, marks the line that
// never ran with #####, and leaves lines without code blank. Without -g, line mode says at
// compile time that it needs debug information.
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && env HOTLINE_DIR=%t.d HOTLINE_SAMPLE_HZ=10000 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline lines --top 0 %t.d/*.hotline | FileCheck %s --check-prefix=LINES
// RUN: %hotline annotate --color never --function '^work' %t.d/*.hotline | FileCheck %s --check-prefix=ANNOTATE --strict-whitespace
// RUN: not %hotline annotate --color never --function '^nothing$' %t.d/*.hotline | FileCheck %s --check-prefix=NOMATCH
// RUN: %clangxx_hotline -O2 -fplugin-arg-hotline-lines %s -o %t.nodebug 2>&1 | FileCheck %s --check-prefix=NODEBUG

#include <cstdio>
#include <cstdlib>

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

int main(int argc, char **argv) {
  unsigned long n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 30000000;
  std::printf("%lu\n", work(n, argc + 2));
}

// OUT: {{[0-9]+}}

// LINES: Line times are sampled: {{[0-9,]+}} samples of CPU time, one every 100 µs per thread
// LINES: time{{ +}}±{{ +}}time%{{ +}}count{{ +}}line
// LINES-NEXT: 30,000,000  {{.*}}lines-time-and-annotate.cpp:19  work(unsigned long, unsigned long)  in loop {{.*}}lines-time-and-annotate.cpp:18
// LINES:      30,000,000  {{.*}}lines-time-and-annotate.cpp:20  work(unsigned long, unsigned long)  in loop {{.*}}lines-time-and-annotate.cpp:18

// ANNOTATE: work(unsigned long, unsigned long) ({{.*}}lines-time-and-annotate.cpp:16): {{[0-9.]+}}% of the samples
// ANNOTATE-NEXT:        count       time  time%   line  source
// ANNOTATE-NEXT:                                   16  __attribute__((noinline)) unsigned long work(unsigned long n, unsigned long d) {
// ANNOTATE-NEXT:            1 {{.*}}   17    unsigned long a = 1, b = 1;
// ANNOTATE-NEXT:   30,000,001 {{.*}}   18    for (unsigned long i = 1; i <= n; ++i) {
// ANNOTATE-NEXT:                                  loop: entered 1, 30,000,000 iterations (mean 30000000.0, max 30,000,000), ~{{.*}} sampled; loop not vectorized
// ANNOTATE-NEXT:   30,000,000 {{.*}}   19      a = (a + i) / d;
// ANNOTATE-NEXT:   30,000,000 {{.*}}   20      b = b + (i ^ a);
// ANNOTATE-NEXT:   30,000,000 {{.*}}   21    }
// ANNOTATE-NEXT:            1 {{.*}}   22    if (b == 0)
// ANNOTATE-NEXT:        ##### {{.*}}   23      std::puts("never");
// ANNOTATE-NEXT:            1 {{.*}}   24    return a + b;
// ANNOTATE-NEXT:            1 {{.*}}   25  }
// ANNOTATE-NOT: main

// NOMATCH: No function built in line mode matches --function.

// NODEBUG: warning: hotline: line mode needs debug information: compile {{.*}}lines-time-and-annotate.cpp with -g or -gline-tables-only (2 functions get no line counts)
