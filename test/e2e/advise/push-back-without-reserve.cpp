// push-back-without-reserve: push_back in the hot loop into a vector that is never
// reserve()d is advised, with the loop's exact iterations and the line's count; the same in
// a reserve()d vector, and in a cold function (5,000 iterations: often enough, but not hot),
// is not.
// REQUIRES: advise
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx_hotline -fplugin-arg-hotline-lines -O2 -g -c %s -MJ %t/unit.json -o %t/prog.o
// RUN: %clangxx_hotline %t/prog.o -o %t/prog
// RUN: env HOTLINE_DIR=%t %t/prog | FileCheck %s --check-prefix=OUT
// RUN: (echo '['; cat %t/unit.json; echo ']') > %t/compile_commands.json
// Hot is --min-percent 25: the hot places take 66% and more of the run, the cold function under 0.1%, so neither crosses it when a loaded machine
// stops the program for a few milliseconds (the default 5% was crossed so).
// RUN: %advise --min-percent 25 -p %t %t/*.hotline | FileCheck %s -DFILE=%s

#include <cstdio>
#include <vector>

__attribute__((noinline)) long unreserved(int n) {
  std::vector<int> out;
  for (int i = 0; i < n; ++i)
    out.push_back(i * 3);
  // CHECK: [[FILE]]:[[#@LINE-1]]:5: push_back into 'out' in a hot loop, and 'out' is never reserve()d: it reallocates and moves its elements as it grows [push-back-without-reserve]
  // CHECK-NEXT: range [[#@LINE-2]]:5-[[#@LINE-2]]:24 in unreserved(int)
  // CHECK-NEXT: the loop at [[FILE]]:[[#@LINE-4]] ran 20,000,000 iterations in 1,000 entries, {{[0-9.]+}}% of the run
  // CHECK-NEXT: line [[#@LINE-4]] ran 20,000,000 times
  // The vector grows 16 times in each of the 1,000 calls; std::vector's functions are not
  // instrumented (a system header's, without a loop), so the allocations are this line's:
  // CHECK-NEXT: 16,000 heap allocations (262 MB) at this line
  return static_cast<long>(out.size()) + out[n / 2];
}

__attribute__((noinline)) long reserved(int n) {
  std::vector<int> out;
  out.reserve(n);
  // reserve() allocates here once per call: once per iteration of main's loop.
  // CHECK: [[FILE]]:[[#@LINE-2]]:3: 1.00 heap allocations per iteration of a hot loop are made here: allocate once before the loop and reuse the memory [allocation-per-iteration]
  // CHECK-NEXT: range [[#@LINE-3]]:3-[[#@LINE-3]]:5 in main
  // CHECK: 1,000 allocations (80.0 MB) at this line inside the loop
  for (int i = 0; i < n; ++i)
    out.push_back(i * 3);
  return static_cast<long>(out.size()) + out[n / 2];
}

__attribute__((noinline)) long cold(int n) {
  std::vector<int> out;
  for (int i = 0; i < n; ++i)
    out.push_back(i);
  return static_cast<long>(out.size());
}

int main() {
  long sum = 0;
  for (int round = 0; round < 1000; ++round)
    sum += unreserved(20000) + reserved(20000);
  sum += cold(5000);
  std::printf("%ld\n", sum);
  return 0;
}

// OUT: 100005000
// CHECK: 2 findings, 0 with a fix-it
