// In line mode, the samples that land in hotline's own runtime (tracking every malloc and
// free, reading the clock) are counted once, as its overhead, and are in no line, function or
// bottleneck of the program's. Before, an allocation-heavy program's hottest "lines" were
// runtime/src/heap_tracking.cpp:67 and clock.h:27, a third of its samples.
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && env HOTLINE_DIR=%t.d HOTLINE_SAMPLE_HZ=10000 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline lines --top 0 %t.d/*.hotline | FileCheck %s
// RUN: %hotline report %t.d/*.hotline | FileCheck %s --check-prefix=REPORT
// RUN: %hotline lines --format json %t.d/*.hotline | FileCheck %s --check-prefix=JSON
// OUT: sum {{-?[0-9]+}}
// CHECK:     {{[0-9,]+}} samples ({{[0-9.]+}}%) were in hotline's own code (its runtime, and the libraries it loaded for itself): its overhead, in no line below.
// CHECK-NOT: runtime/src
// CHECK-NOT: hotline::rt
// CHECK:     lines-profiler-overhead.cpp
// CHECK-NOT: runtime/src
// CHECK-NOT: hotline::rt
// REPORT-NOT: runtime/src
// REPORT-NOT: hotline::rt
// JSON: "profiler_samples": {{[1-9][0-9]*}},

#include <cstdio>
#include <cstdlib>
#include <vector>

int main() {
  long sum = 0;
  std::vector<char *> blocks(1000);
  for (int round = 0; round < 6000; ++round) {
    for (int i = 0; i < 1000; ++i) {
      blocks[i] = static_cast<char *>(std::malloc(32 + i % 64));
      blocks[i][0] = char(i);
    }
    for (char *block : blocks) {
      sum += block[0];
      std::free(block);
    }
  }
  std::printf("sum %ld\n", sum);
  return 0;
}
