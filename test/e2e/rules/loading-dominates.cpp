// loading-dominates: a main thread spending most of its time in a data_loading region is
// reported with the categories' times; one that mostly computes is not.
// RUN: %clangxx_hotline -O2 -g -DLOAD_MS=60 -DCOMPUTE_MS=10 %s -o %t.trigger
// RUN: %clangxx_hotline -O2 -g -DLOAD_MS=3 -DCOMPUTE_MS=60 %s -o %t.clean
// RUN: rm -rf %t.d && mkdir -p %t.d/trigger %t.d/clean
// RUN: env HOTLINE_DIR=%t.d/trigger %t.trigger && env HOTLINE_DIR=%t.d/clean %t.clean
// RUN: %hotline report %t.d/trigger/*.hotline | FileCheck %s --check-prefix=TRIGGER
// RUN: %hotline report %t.d/clean/*.hotline | FileCheck %s --check-prefix=CLEAN
// TRIGGER: [loading-dominates] Data loading and preprocessing take {{[0-9.]+}}% of the main thread's time.
// TRIGGER-NEXT: evidence: data loading {{.*}}, preprocessing {{.*}}, I/O {{.*}}, compute
// TRIGGER-NEXT: evidence: region data_loading: {{.*}} in 3 entries
// CLEAN: Suggestions
// CLEAN-NOT: [loading-dominates]

#include <hotline/hotline.h>

#include <unistd.h>

[[hotline::region("data_loading")]] __attribute__((noinline)) void load_batch() { usleep(LOAD_MS * 1000 / 3); }

[[hotline::region("compute")]] __attribute__((noinline)) void train_step() { usleep(COMPUTE_MS * 1000 / 3); }

int main() {
  for (int batch = 0; batch < 3; ++batch) {
    load_batch();
    train_step();
  }
  return 0;
}
