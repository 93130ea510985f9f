// Call counts are exact at the source level at any -O: -O2 turns one of fib's two recursive
// calls into a loop, yet fib(20) still reports the 21891 calls the source makes. Timing is
// never stopped here (HOTLINE_STOP_TIMING_AFTER=0), so timed calls are exact too.
// RUN: %clangxx_hotline -O0 -g %s -o %t.O0
// RUN: %clangxx_hotline -O2 -g %s -o %t.O2
// RUN: %clangxx_hotline -O3 %s -o %t.O3
// RUN: rm -rf %t.d && mkdir -p %t.d/O0 %t.d/O2 %t.d/O3
// RUN: env HOTLINE_DIR=%t.d/O3 HOTLINE_STOP_TIMING_AFTER=0 %t.O3 | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --sort calls --format json %t.d/O3/*.hotline | FileCheck %s --check-prefix=O3
// RUN: env HOTLINE_DIR=%t.d/O0 HOTLINE_STOP_TIMING_AFTER=0 %t.O0 | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.d/O2 HOTLINE_STOP_TIMING_AFTER=0 %t.O2 | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --top 1000 --sort calls --format json %t.d/O0/*.hotline | FileCheck %s
// RUN: %hotline report --top 1000 --sort calls --format json %t.d/O2/*.hotline | FileCheck %s --check-prefixes=CHECK,O2

#include <cstdio>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main() {
  printf("fib(20) = %ld\n", fib(20));
  return 0;
}

// OUT: fib(20) = 6765

// CHECK:      "name": "fib(int)",
// CHECK-NEXT: "linkage_name": "_Z3fibi",
// CHECK-NEXT: "file": "{{.*}}fib-exact-counts.cpp",
// CHECK-NEXT: "line": 17,
// CHECK-NEXT: "calls": 21891,
// After tail-recursion elimination only 10946 calls remain to be timed.
// O2-NEXT:    "timed_calls": 10946,
// O3:         "name": "fib(int)",
// O3:         "calls": 21891,
// CHECK:      "name": "main",
// CHECK:      "calls": 1,
