// Eight threads record independently and lose nothing: exact counts across threads, and a
// thread's data is kept after it exits.
// RUN: %clangxx_hotline -O2 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d HOTLINE_STOP_TIMING_AFTER=0 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --top 1000 --sort calls --format json %t.d/*.hotline | FileCheck %s

#include <cstdio>
#include <thread>
#include <vector>

__attribute__((noinline)) double work(int i) {
  double x = i;
  for (int k = 0; k < 50; ++k)
    x = x * 0.999 + k;
  return x;
}

__attribute__((noinline)) double worker(int calls) {
  double sum = 0;
  for (int i = 0; i < calls; ++i)
    sum += work(i);
  return sum;
}

int main() {
  std::vector<std::thread> threads;
  std::vector<double> results(8);
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&results, t] { results[t] = worker(10000); });
  for (auto &t : threads)
    t.join();
  printf("%d threads done, first %.1f\n", int(threads.size()), results[0]);
  return 0;
}

// OUT: 8 threads done

// CHECK:      "threads": 9,
// CHECK:      "name": "work(int)",
// CHECK:      "calls": 80000,
// CHECK-NEXT: "timed_calls": 80000,
// CHECK:      "name": "worker(int)",
// CHECK:      "calls": 8,
// CHECK-NEXT: "timed_calls": 8,
