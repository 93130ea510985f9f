// allocation-in-hot-loop: a buffer allocated in every iteration of the hot loop is reported
// at the allocating line with the loop; the same work with the buffer hoisted out is not.
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines -DTRIGGER %s -o %t.trigger
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t.clean
// RUN: rm -rf %t.d && mkdir -p %t.d/trigger %t.d/clean
// RUN: env HOTLINE_DIR=%t.d/trigger %t.trigger && env HOTLINE_DIR=%t.d/clean %t.clean
// RUN: %hotline report %t.d/trigger/*.hotline | FileCheck %s --check-prefix=TRIGGER
// RUN: %hotline report %t.d/clean/*.hotline | FileCheck %s --check-prefix=CLEAN
// The place is also short-lived-temporaries' (a larger share, of the heap): one finding per
// place, the other as its evidence.
// TRIGGER: Suggestions (1)
// TRIGGER: [short-lived-temporaries] {{.*}}allocation-in-hot-loop.cpp:28:
// TRIGGER: evidence: [allocation-in-hot-loop] at the same place: 200,000 heap allocations are made inside the loop at {{.*}}allocation-in-hot-loop.cpp:26, which takes {{.*}}; it suggests: allocate once before the loop
// CLEAN: Suggestions
// CLEAN-NOT: [allocation-in-hot-loop]

#include <cstdio>

volatile int *volatile sink;

__attribute__((noinline)) long work(int n) {
  long total = 0;
#ifndef TRIGGER
  int *buffer = new int[64];
#endif
  for (int i = 0; i < n; ++i) {
#ifdef TRIGGER
    int *buffer = new int[64];
#endif
    sink = buffer;
    for (int j = 0; j < 64; ++j)
      buffer[j] = i + j;
    total += buffer[i % 64];
#ifdef TRIGGER
    delete[] buffer;
#endif
  }
#ifndef TRIGGER
  delete[] buffer;
#endif
  return total;
}

int main() {
  std::printf("%ld\n", work(200000));
  return 0;
}
