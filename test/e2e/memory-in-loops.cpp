// In line mode loops are timed calls, so allocations made inside a loop are reported with
// the loop they were made in: the hot-path allocations to hoist.
// RUN: %clangxx_hotline -fplugin-arg-hotline-lines -O2 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline memory --top 0 %t.d/*.hotline | FileCheck %s
// RUN: %hotline memory --top 0 --format json %t.d/*.hotline | FileCheck %s --check-prefix=JSON

#include <cstdio>
#include <string>
#include <vector>

int *volatile sink; // keeps the optimizer from removing the allocations

__attribute__((noinline)) size_t tokens(int rows) {
  size_t total = 0;
  for (int row = 0; row < rows; ++row) { // the loop
    std::vector<int> fields(100);        // one allocation per iteration
    fields[row % 100] = row;
    sink = fields.data();
    total += fields.size() + fields[row % 100];
  }
  return total;
}

int main() {
  printf("%zu\n", tokens(1000));
  return 0;
}

// OUT: 599500

// CHECK: Allocations inside loops (1 of 1)
// CHECK: {{.*}}memory-in-loops.cpp:17 {{.*}}tokens(int){{.*}}in loop {{.*}}memory-in-loops.cpp:16
// JSON:      "in_loops": [
// JSON:          "line": 17,
// JSON:          "allocations": 1000,
// JSON-NEXT:     "allocated_bytes": 400000,
// JSON:          "temporaries": 1000,
// JSON:          "loop_allocations": 1000,
// JSON-NEXT:     "loop_bytes": 400000,
// JSON-NEXT:     "loop": "{{.*}}memory-in-loops.cpp:16"
