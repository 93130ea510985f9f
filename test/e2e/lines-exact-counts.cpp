// Line mode counts exactly at any -O: a 1000 x 37 nested loop reports 1000 and 37 000
// iterations, mean and largest trip counts, and gcov/llvm-cov line counts (a for line runs
// once more than its body). A loop left by `break` counts the iteration it left from; one
// left by `return` too. Without line mode there are no lines or loops.
// RUN: %clangxx_hotline -O0 -g -fplugin-arg-hotline-lines %s -o %t.O0
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t.O2
// RUN: %clangxx_hotline -O2 -gline-tables-only -fplugin-arg-hotline-lines %s -o %t.tables
// RUN: %clangxx_hotline -O2 -g %s -o %t.off
// RUN: rm -rf %t.d && mkdir -p %t.d/O0 %t.d/O2 %t.d/tables %t.d/off
// RUN: env HOTLINE_DIR=%t.d/O0 %t.O0 | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.d/O2 %t.O2 | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.d/tables %t.tables | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.d/off %t.off | FileCheck %s --check-prefix=OUT
// RUN: %hotline loops --format json %t.d/O0/*.hotline | FileCheck %s --check-prefix=LOOPS
// RUN: %hotline loops --format json %t.d/O2/*.hotline | FileCheck %s --check-prefix=LOOPS
// RUN: %hotline loops --format json %t.d/tables/*.hotline | FileCheck %s --check-prefix=LOOPS
// RUN: %hotline lines --sort count --top 0 --format json %t.d/O0/*.hotline | FileCheck %s --check-prefix=LINES
// RUN: %hotline lines --sort count --top 0 --format json %t.d/O2/*.hotline | FileCheck %s --check-prefix=LINES
// RUN: %hotline loops %t.d/off/*.hotline | FileCheck %s --check-prefix=OFF

#include <cstdio>

__attribute__((noinline)) long nested(int n, int m) {
  long s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      s += i ^ j;
  return s;
}

__attribute__((noinline)) int first_at_least(const int *a, int n, int key) {
  int i = 0;
  while (i < n) {
    if (a[i] >= key)
      break;
    ++i;
  }
  return i;
}

__attribute__((noinline)) int find(const int *a, int n, int key) {
  for (int i = 0; i < n; ++i)
    if (a[i] == key)
      return i;
  return -1;
}

int main() {
  int a[100];
  for (int i = 0; i < 100; ++i)
    a[i] = i;
  long s = nested(1000, 37);
  int k = first_at_least(a, 100, 10);
  int f = find(a, 100, 5);
  std::printf("%ld %d %d\n", s, k, f);
  return 0;
}

// OUT: 18488412 10 5

// The loops in source order of their lines are matched by line; their order in the output
// is by time, so each is checked on its own.
// LOOPS: "loop_count": 5
// LOOPS-DAG: "line": 25,{{[[:space:]]+}}"column": 3,{{[[:space:]]+}}"function": "nested(int, int)",{{[[:space:]]+}}"entries": 1,{{[[:space:]]+}}"iterations": 1000,{{[[:space:]]+}}"max_trips": 1000,
// LOOPS-DAG: "line": 26,{{[[:space:]]+}}"column": 5,{{[[:space:]]+}}"function": "nested(int, int)",{{[[:space:]]+}}"entries": 1000,{{[[:space:]]+}}"iterations": 37000,{{[[:space:]]+}}"max_trips": 37,
// LOOPS-DAG: "line": 33,{{[[:space:]]+}}"column": 3,{{[[:space:]]+}}"function": "first_at_least(int const*, int, int)",{{[[:space:]]+}}"entries": 1,{{[[:space:]]+}}"iterations": 11,{{[[:space:]]+}}"max_trips": 11,
// LOOPS-DAG: "line": 42,{{[[:space:]]+}}"column": 3,{{[[:space:]]+}}"function": "find(int const*, int, int)",{{[[:space:]]+}}"entries": 1,{{[[:space:]]+}}"iterations": 6,{{[[:space:]]+}}"max_trips": 6,
// LOOPS-DAG: "line": 50,{{[[:space:]]+}}"column": 3,{{[[:space:]]+}}"function": "main",{{[[:space:]]+}}"entries": 1,{{[[:space:]]+}}"iterations": 100,{{[[:space:]]+}}"max_trips": 100,

// LINES-DAG: "line": 26,{{[[:space:]]+}}"function": "nested(int, int)",{{[[:space:]]+}}"function_line": 23,{{[[:space:]]+}}"counted": true,{{[[:space:]]+}}"count": 38000,
// LINES-DAG: "line": 27,{{[[:space:]]+}}"function": "nested(int, int)",{{[[:space:]]+}}"function_line": 23,{{[[:space:]]+}}"counted": true,{{[[:space:]]+}}"count": 37000,
// LINES-DAG: "line": 25,{{[[:space:]]+}}"function": "nested(int, int)",{{[[:space:]]+}}"function_line": 23,{{[[:space:]]+}}"counted": true,{{[[:space:]]+}}"count": 1001,
// LINES-DAG: "line": 34,{{[[:space:]]+}}"function": "first_at_least(int const*, int, int)",{{[[:space:]]+}}"function_line": 31,{{[[:space:]]+}}"counted": true,{{[[:space:]]+}}"count": 11,
// LINES-DAG: "line": 35,{{[[:space:]]+}}"function": "first_at_least(int const*, int, int)",{{[[:space:]]+}}"function_line": 31,{{[[:space:]]+}}"counted": true,{{[[:space:]]+}}"count": 1,
// LINES-DAG: "line": 36,{{[[:space:]]+}}"function": "first_at_least(int const*, int, int)",{{[[:space:]]+}}"function_line": 31,{{[[:space:]]+}}"counted": true,{{[[:space:]]+}}"count": 10,
// LINES-DAG: "line": 43,{{[[:space:]]+}}"function": "find(int const*, int, int)",{{[[:space:]]+}}"function_line": 41,{{[[:space:]]+}}"counted": true,{{[[:space:]]+}}"count": 6,
// LINES-DAG: "line": 44,{{[[:space:]]+}}"function": "find(int const*, int, int)",{{[[:space:]]+}}"function_line": 41,{{[[:space:]]+}}"counted": true,{{[[:space:]]+}}"count": 1,
// LINES-DAG: "line": 45,{{[[:space:]]+}}"function": "find(int const*, int, int)",{{[[:space:]]+}}"function_line": 41,{{[[:space:]]+}}"counted": true,{{[[:space:]]+}}"count": 0,
// LINES-DAG: "line": 50,{{[[:space:]]+}}"function": "main",{{[[:space:]]+}}"function_line": 48,{{[[:space:]]+}}"counted": true,{{[[:space:]]+}}"count": 101,
// LINES-DAG: "line": 51,{{[[:space:]]+}}"function": "main",{{[[:space:]]+}}"function_line": 48,{{[[:space:]]+}}"counted": true,{{[[:space:]]+}}"count": 100,

// OFF: No loop was instrumented: build with -fplugin-arg-hotline-lines and -g.
