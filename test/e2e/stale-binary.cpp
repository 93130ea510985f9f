// A profile read after its program was rebuilt, with changes, must not take the new binary's
// lines for the old one's: the runtime records each object's build id, the ids differ, and
// hotline says it cannot read the program as it was when profiled and places the allocations
// at their timed calls and the samples nowhere. Before, the new binary's lines were printed as
// if they were the run's (and `diff` reported changes that did not happen).
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && env HOTLINE_DIR=%t.d HOTLINE_SAMPLE_HZ=10000 %t
// RUN: %hotline memory %t.d/*.hotline | FileCheck %s --check-prefix=BEFORE
// RUN: %hotline lines %t.d/*.hotline | FileCheck %s --check-prefix=BEFORE-LINES
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines -DREBUILT %s -o %t
// RUN: %hotline memory %t.d/*.hotline | FileCheck %s --check-prefix=AFTER
// RUN: %hotline lines %t.d/*.hotline | FileCheck %s --check-prefix=AFTER-LINES
// BEFORE:      stale-binary.cpp:[[#@LINE+15]] work(int)
// BEFORE-NOT:  Cannot read
// BEFORE-LINES-NOT: Cannot read
// AFTER:       {{ }}work(int) (no line)
// AFTER:       Cannot read {{.*}}stale-binary.cpp.tmp as it was when profiled (moved, deleted, or rebuilt since): its allocations are placed at their timed calls.
// AFTER-LINES: Cannot read {{.*}}stale-binary.cpp.tmp as it was when profiled (moved, deleted, or rebuilt since): its samples have no line.

#include <cstdlib>

__attribute__((noinline)) long work(int n) {
  long sum = 0;
#ifdef REBUILT
  sum = n / 3; // changed code: all below moves in the new binary
#endif
  for (int i = 0; i < n; ++i) {
    char *block = static_cast<char *>(std::malloc(64));
    block[0] = char(i);
    asm volatile("" : : "r"(block) : "memory"); // the allocation stays
    sum += block[0];
    std::free(block);
  }
  return sum;
}

int main() { return work(2000000) == 42; }
