// hotline diff of the same source checked out and built in two directories: every function
// and line is matched with itself through the files' common path ending (src/..., include/...),
// none is added or removed, and the function whose timing the runtime stopped in both runs is
// compared by its estimated time (marked ~; a few ns a call, close to the cost of timing, so
// the estimate itself is noisy: one run may say 0 ns, and two runs' estimates of it have
// differed elevenfold, 136 µs against 1.58 ms, +1060.3%), and never as a timed figure against
// an estimated one (+3,784,565% before): both sides carry the estimate's mark. (A line sampled in
// one run only is "added" or "removed" with no count: samples are samples.) Both runs set the
// stopping threshold to 1 ms, so that a loaded machine cannot keep step() timed past its first
// check in one run (its estimate would then come from a later, preempted check).
// RUN: rm -rf %t %t.d && mkdir -p %t/a/src %t/a/include %t/b/src %t/b/include %t.d/a %t.d/b
// RUN: cp %s %t/a/src/main.cpp && cp %S/Inputs/checkout_step.h %t/a/include/
// RUN: cp %s %t/b/src/main.cpp && cp %S/Inputs/checkout_step.h %t/b/include/
// RUN: cd %t/a && %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines -Iinclude src/main.cpp -o prog
// RUN: cd %t/b && %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines -Iinclude src/main.cpp -o prog
// RUN: env HOTLINE_DIR=%t.d/a HOTLINE_STOP_TIMING_BELOW_NS=1000000 %t/a/prog | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.d/b HOTLINE_STOP_TIMING_BELOW_NS=1000000 %t/b/prog | FileCheck %s --check-prefix=OUT
// RUN: %hotline diff --top 0 %t.d/a %t.d/b | FileCheck %s
// RUN: %hotline diff --top 0 %t.d/a %t.d/b | FileCheck %s --check-prefix=NONE
// RUN: %hotline diff --format json %t.d/a %t.d/b | FileCheck %s --check-prefix=JSON
// OUT: 1000000
// CHECK:      2 source files of BASE are matched with NEW's under another root:
// CHECK-DAG:    {{.*}}/a/src/main.cpp = {{.*}}/b/src/main.cpp
// CHECK-DAG:    {{.*}}/a/include/checkout_step.h = {{.*}}/b/include/checkout_step.h
// CHECK:      Functions by change in self time
// CHECK:      ~{{[0-9.]+ (m|µ|n)?s}} ~{{[0-9.]+ (m|µ|n)?s}} {{[-+]?[0-9.]+ (m|µ|n)?s}} {{-|[-+][0-9,]+\.[0-9]%|0\.0%}} 2,000,000 2,000,000 0 step(unsigned long)
// CHECK:      ~: partly estimated
// NONE:       Functions by change in self time
// NONE-NOT:   {{added|removed}}
// NONE:       Lines by change in sampled time
// NONE-NOT:   {{added|removed}} {{[0-9,]+}} {{[0-9,]+}}
// JSON:       "matched_files": [
// JSON:       "base_estimated_ns": {{[0-9]+}},
// JSON-NEXT:  "new_estimated_ns": {{[0-9]+}}

#include "checkout_step.h"

#include <cstdio>

int main() {
  unsigned long x = 1;
  for (int i = 0; i < 2000000; ++i)
    x = step(x);
  std::printf("%d\n", x ? 1000000 : 0);
  return 0;
}
