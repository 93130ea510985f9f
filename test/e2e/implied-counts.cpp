// Counters that the optimized code always bumps together share one increment: the plugin keeps
// one and the runtime adds it to the others' counts (abi.h __hotline_implied_count). Counts stay
// exact where a stretch of code is cut short: here an exception thrown between two inlined
// calls of `twice`, and a loop whose first line and body blocks are counted with its entry.
// RUN: %clangxx_hotline -O2 -g %s -o %t
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t.lines
// RUN: rm -rf %t.d && mkdir -p %t.d/functions %t.d/lines
// RUN: env HOTLINE_DIR=%t.d/functions %t | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.d/lines %t.lines | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --top 0 --sort calls --format json %t.d/functions/*.hotline > %t.functions.json
// RUN: %hotline report --top 0 --sort calls --format json %t.d/lines/*.hotline > %t.lines-functions.json
// RUN: FileCheck %s < %t.functions.json
// RUN: FileCheck %s < %t.lines-functions.json
// RUN: FileCheck %s --check-prefix=WORK < %t.functions.json
// RUN: FileCheck %s --check-prefix=WORK < %t.lines-functions.json
// RUN: FileCheck %s --check-prefix=CHECKED < %t.functions.json
// RUN: FileCheck %s --check-prefix=CHECKED < %t.lines-functions.json
// RUN: %hotline lines --top 0 --format json %t.d/lines/*.hotline > %t.lines.json
// RUN: FileCheck %s --check-prefix=TWICE < %t.lines.json
// RUN: FileCheck %s --check-prefix=THROW < %t.lines.json
// RUN: FileCheck %s --check-prefix=RETURN < %t.lines.json
// RUN: FileCheck %s --check-prefix=AFTER-THROW < %t.lines.json

#include <cstdio>

static int twice(int x) { return 2 * x; }

__attribute__((noinline)) int check(int i) {
  if (i % 7 == 0)
    throw i;
  return i;
}

__attribute__((noinline)) int work(int i) {
  int a = twice(i);
  a += check(i);
  return twice(a);
}

int main() {
  long sum = 0;
  int thrown = 0;
  for (int i = 0; i < 1000; ++i) {
    try {
      sum += work(i);
    } catch (int) {
      ++thrown;
    }
  }
  printf("sum %ld, thrown %d\n", sum, thrown);
  return 0;
}

// OUT: sum 2570574, thrown 143

// twice: once at work's start (1000), once after check returns (1000 - 143 thrown).
// CHECK:      "name": "twice(int)",
// CHECK-NEXT: "linkage_name": "_ZL5twicei",
// CHECK-NEXT: "file": "{{.*}}implied-counts.cpp",
// CHECK-NEXT: "line": 26,
// CHECK-NEXT: "calls": 1857,
// CHECK:      "name": "main",
// CHECK:      "calls": 1,
// work and check tie at 1000 calls, listed in either order.
// WORK:       "name": "work(int)",
// WORK:       "calls": 1000,
// CHECKED:    "name": "check(int)",
// CHECKED:    "calls": 1000,

// Line mode: twice's line, check's two ways out, and work's lines after the call that may
// throw: the block is split after the call, so they count the 857 times check returned.
// TWICE:      "line": 26,
// TWICE-NEXT: "function": "twice(int)",
// TWICE-NEXT: "function_line": 26,
// TWICE-NEXT: "counted": true,
// TWICE-NEXT: "count": 1857,
// THROW:      "line": 30,
// THROW-NEXT: "function": "check(int)",
// THROW-NEXT: "function_line": 28,
// THROW-NEXT: "counted": true,
// THROW-NEXT: "count": 143,
// RETURN:      "line": 31,
// RETURN-NEXT: "function": "check(int)",
// RETURN-NEXT: "function_line": 28,
// RETURN-NEXT: "counted": true,
// RETURN-NEXT: "count": 857,
// AFTER-THROW:      "line": 37,
// AFTER-THROW-NEXT: "function": "work(int)",
// AFTER-THROW-NEXT: "function_line": 34,
// AFTER-THROW-NEXT: "counted": true,
// AFTER-THROW-NEXT: "count": 857,
