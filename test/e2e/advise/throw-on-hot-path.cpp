// throw-on-hot-path: a throw that ran 8,000 times in a hot function, and one that ran 4,000
// times in a hot loop, are advised with their exact counts; a throw in the hot loop that
// never ran, and one that ran 1,000 times in a cold function, are not.
// REQUIRES: advise
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx_hotline -fplugin-arg-hotline-lines -O2 -g -c %s -MJ %t/unit.json -o %t/prog.o
// RUN: %clangxx_hotline %t/prog.o -o %t/prog
// RUN: env HOTLINE_DIR=%t %t/prog | FileCheck %s --check-prefix=OUT
// RUN: (echo '['; cat %t/unit.json; echo ']') > %t/compile_commands.json
// Hot is --min-percent 25: the hot places take 87% and more of the run, the cold function under 1%, so neither crosses it when a loaded machine
// stops the program for a few milliseconds (the default 5% was crossed so).
// RUN: %advise --min-percent 25 -p %t %t/*.hotline | FileCheck %s -DFILE=%s

#include <cstdio>
#include <stdexcept>

// Long enough per call to stay timed (HOTLINE_STOP_TIMING_BELOW_NS).
__attribute__((noinline)) long parse(int value) {
  long hash = 0;
  for (int k = 0; k < 400; ++k)
    hash = hash * 31 + (value ^ k);
  if (value % 50 == 0)
    throw std::invalid_argument("round number");
  // CHECK: [[FILE]]:[[#@LINE-1]]:5: throws std::invalid_argument on a hot path, 8,000 times: each throw allocates and unwinds the stack, thousands of times the cost of returning an error [throw-on-hot-path]
  // CHECK-NEXT: range [[#@LINE-2]]:5-[[#@LINE-2]]:47 in parse(int)
  // CHECK-NEXT: parse(int) was called 400,000 times, {{[0-9.]+}}% of the run with its callees, {{[0-9.]+}}% in itself
  // CHECK-NEXT: line [[#@LINE-4]] threw 8,000 times
  return hash & 7;
}

__attribute__((noinline)) long scan(int n) {
  long total = 0;
  for (int i = 1; i <= n; ++i) {
    try {
      total += parse(i);
      if (i % 100 == 1)
        throw std::runtime_error("every hundredth");
      // CHECK: [[FILE]]:[[#@LINE-1]]:9: throws std::runtime_error on a hot path, 4,000 times: {{.*}} [throw-on-hot-path]
      // CHECK-NEXT: range
      // CHECK-NEXT: the loop at [[FILE]]:[[#@LINE-7]] ran 400,000 iterations in 1 entry, {{[0-9.]+}}% of the run
      // CHECK-NEXT: line [[#@LINE-4]] threw 4,000 times
      if (i < 0)
        throw std::logic_error("never");
    } catch (const std::exception &) {
      total -= 1;
    }
  }
  return total;
}

__attribute__((noinline)) long cold(int n) {
  long caught = 0;
  for (int i = 0; i < n; ++i) {
    try {
      throw i;
    } catch (int) {
      ++caught;
    }
  }
  return caught;
}

int main() {
  std::printf("%ld %ld\n", scan(400000), cold(1000));
  return 0;
}

// OUT: -12000 1000
// CHECK-EMPTY:
// CHECK-NEXT: 2 findings, 0 with a fix-it
