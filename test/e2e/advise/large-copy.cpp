// large-copy: in a hot function, a std::vector parameter passed by value and never modified
// gets a fix-it to `const std::vector<int> &`, a large trivially copyable struct (128 bytes)
// too; in a template it is advised without a fix-it; a member returned by copy is advised.
// A parameter that is modified (it needs its copy), and the same patterns in a function
// called rarely, get nothing. (The copies are also the allocations of the loop in main.)
// The copies and their page faults, in main, take 65-80% of the run depending on the machine,
// which leaves each hot function 0.5-2%: --min-percent 0.1 keeps them all, and not cold_sum
// (one call, about 0.001%).
// REQUIRES: advise
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx_hotline -fplugin-arg-hotline-lines -O1 -g -c %s -MJ %t/unit.json -o %t/prog.o
// RUN: %clangxx_hotline %t/prog.o -o %t/prog
// RUN: env HOTLINE_DIR=%t %t/prog | FileCheck %s --check-prefix=OUT
// RUN: (echo '['; cat %t/unit.json; echo ']') > %t/compile_commands.json
// RUN: %advise --min-percent 0.1 -p %t %t/*.hotline | FileCheck %s -DFILE=%s

#include <cstdio>
#include <vector>

struct Matrix {
  double cells[16];
};

struct Table {
  std::vector<int> rows;
  __attribute__((noinline)) std::vector<int> copy_rows() const { return rows; }
  // The copy allocates here, once per iteration of main's loop, which calls this:
  // CHECK: [[FILE]]:[[#@LINE-2]]:3: 1.00 heap allocations per iteration of a hot loop are made here: allocate once before the loop and reuse the memory [allocation-per-iteration]
  // CHECK-NEXT: range [[#@LINE-3]]:3-[[#@LINE-3]]:15 in main
  // CHECK: 2,000 allocations (160 MB) at this line inside the loop
  // CHECK: [[FILE]]:[[#@LINE-5]]:66: returns a copy of 'rows' (std::vector<int>, 24 bytes) on every call [large-copy]
  // CHECK-NEXT: range [[#@LINE-6]]:66-[[#@LINE-6]]:76 in Table::copy_rows() const
  // CHECK-NEXT: Table::copy_rows() const was called 2,000 times, {{[0-9.]+}}% of the run with its callees, {{[0-9.]+}}% in itself
};

__attribute__((noinline)) long sum(std::vector<int> values) {
  // CHECK: [[FILE]]:[[#@LINE-1]]:36: 'values' (std::vector<int>, 24 bytes) is passed by value and never modified: every call copies it for nothing [large-copy]
  // CHECK-NEXT: range [[#@LINE-2]]:36-[[#@LINE-2]]:58 in sum(std::vector<int, std::allocator<int>>)
  // CHECK-NEXT: sum(std::vector<int, std::allocator<int>>) was called 2,000 times, {{[0-9.]+}}% of the run with its callees, {{[0-9.]+}}% in itself
  // CHECK-NEXT: fix-it: pass 'values' as 'const std::vector<int> &'
  long total = 0;
  for (int value : values)
    total += value;
  return total;
}

__attribute__((noinline)) long sorted_sum(std::vector<int> values) {
  values[0] = 0; // modified: it needs its copy, so no advice
  long total = 0;
  for (int value : values)
    total += value;
  return total;
}

template <typename T> __attribute__((noinline)) T generic_sum(std::vector<T> values) {
  // CHECK: [[FILE]]:[[#@LINE-1]]:63: 'values' (std::vector<int>, 24 bytes) is passed by value and never modified: every call copies it for nothing [large-copy]
  // CHECK-NEXT: range
  // CHECK-NEXT: int generic_sum<int>(std::vector<int, std::allocator<int>>) was called 2,000 times
  // CHECK-EMPTY:
  T total = 0;
  for (T value : values)
    total += value;
  return total;
}

// Enough work to be hot itself: a function too short to time has its time in its callers'.
__attribute__((noinline)) double trace(Matrix m) {
  // CHECK: [[FILE]]:[[#@LINE-1]]:40: 'm' (Matrix, 128 bytes) is passed by value and never modified: every call copies it for nothing [large-copy]
  // CHECK: fix-it: pass 'm' as 'const Matrix &'
  double total = 0;
  for (int i = 0; i < 10000; ++i)
    total += m.cells[i % 16] * i;
  return total;
}

__attribute__((noinline)) long cold_sum(std::vector<int> values) {
  long total = 0;
  for (int value : values)
    total += value;
  return total;
}

int main() {
  std::vector<int> data(20000, 1);
  Table table{data};
  Matrix m{};
  m.cells[5] = 2;
  long total = 0;
  for (int round = 0; round < 2000; ++round)
    total += sum(data) + sorted_sum(data) + generic_sum(data) + static_cast<long>(trace(m)) +
             static_cast<long>(table.copy_rows().size());
  // The three by-value vectors are copied at the call (std::vector's copy constructor, from a
  // system header and without a loop, is not instrumented: its allocations are this line's).
  // CHECK: [[FILE]]:[[#@LINE-4]]:5: 3.00 heap allocations per iteration of a hot loop are made here: {{.*}} [allocation-per-iteration]
  // CHECK: 6,000 allocations (480 MB) at this line inside the loop
  total += cold_sum(data);
  std::printf("%ld\n", total);
  return 0;
}

// OUT: 12652518000
// CHECK: 6 findings, 2 with a fix-it
