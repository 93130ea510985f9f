// allocation-per-iteration: from the memory profile, a hot loop that allocates a vector on
// every iteration is advised at the allocating statement, with the exact allocations and
// bytes, whether the allocation was inlined there or made in a constructor that was not
// (std::vector's functions, from a system header and without a loop, are not instrumented,
// so their allocations are the calling line's); a hot loop that reuses its buffer, and a cold
// loop that allocates every iteration, are not. An allocation inside a library's compiled
// code is advised at the loop (fix-its.test).
// REQUIRES: advise
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx_hotline -fplugin-arg-hotline-lines -O2 -g -c %s -MJ %t/unit.json -o %t/prog.o
// RUN: %clangxx_hotline %t/prog.o -o %t/prog
// RUN: env HOTLINE_DIR=%t %t/prog | FileCheck %s --check-prefix=OUT
// RUN: (echo '['; cat %t/unit.json; echo ']') > %t/compile_commands.json
// Hot is --min-percent 15: the hot loops take 40% and more of the run, the cold one under 0.1%, so neither crosses it when a loaded machine
// stops the program for a few milliseconds (the default 5% was crossed so).
// RUN: %advise --min-percent 15 -p %t %t/*.hotline | FileCheck %s -DFILE=%s

#include <cstdio>
#include <vector>

int *volatile sink; // keeps the optimizer from removing the allocations

__attribute__((noinline)) long fresh(int rows) {
  long total = 0;
  for (int row = 0; row < rows; ++row) {
    std::vector<int> fields(100); // the allocation is inlined here
    // CHECK: [[FILE]]:[[#@LINE-1]]:5: 1.00 heap allocations per iteration of a hot loop are made here: allocate once before the loop and reuse the memory [allocation-per-iteration]
    // CHECK-NEXT: range [[#@LINE-2]]:5-[[#@LINE-2]]:33 in fresh(int)
    // CHECK-NEXT: the loop at [[FILE]]:[[#@LINE-4]] ran 500,000 iterations in 1 entry, {{[0-9.]+}}% of the run
    // CHECK-NEXT: line [[#@LINE-4]] ran 500,000 times
    // CHECK-NEXT: 500,000 allocations (200 MB) at this line inside the loop
    fields[row % 100] = row;
    sink = fields.data();
    for (int i = 0; i < 100; ++i)
      total += fields[i] ^ i;
  }
  return total;
}

__attribute__((noinline)) long filled(int rows) {
  long total = 0;
  for (int row = 0; row < rows; ++row) {
    std::vector<int> fields(100, row); // the allocation is in the constructor, not inlined
    // CHECK: [[FILE]]:[[#@LINE-1]]:5: 1.00 heap allocations per iteration of a hot loop are made here: allocate once before the loop and reuse the memory [allocation-per-iteration]
    // CHECK-NEXT: range [[#@LINE-2]]:5-[[#@LINE-2]]:38 in filled(int)
    // CHECK-NEXT: the loop at [[FILE]]:[[#@LINE-4]] ran 500,000 iterations in 1 entry, {{[0-9.]+}}% of the run
    // CHECK-NEXT: line [[#@LINE-4]] ran 500,000 times
    // CHECK-NEXT: 500,000 allocations (200 MB) at this line inside the loop
    sink = fields.data();
    for (int i = 0; i < 100; ++i)
      total += fields[i] ^ i;
  }
  return total;
}

__attribute__((noinline)) long reused(int rows) {
  long total = 0;
  std::vector<int> fields(100);
  for (int row = 0; row < rows; ++row) {
    fields.assign(100, row);
    sink = fields.data();
    for (int i = 0; i < 100; ++i)
      total += fields[i] ^ i;
  }
  return total;
}

__attribute__((noinline)) long cold(int rows) {
  long total = 0;
  for (int row = 0; row < rows; ++row) {
    std::vector<int> fields(100, row);
    sink = fields.data();
    total += fields[row % 100];
  }
  return total;
}

int main() {
  std::printf("%ld %ld %ld %ld\n", fresh(500000), filled(500000), reused(500000), cold(1000));
  return 0;
}

// OUT: {{[0-9]+}} {{[0-9]+}} {{[0-9]+}} 499500
// CHECK: 2 findings, 0 with a fix-it
