// tiny-hot-function: a bounds-checked accessor called 3 million times for a few nanoseconds a
// call is reported at its definition; a million calls that each sum 1000 elements are not.
// RUN: %clangxx_hotline -O2 -g -DWORK=1 -DCALLS=3000000 %s -o %t.trigger
// RUN: %clangxx_hotline -O2 -g -DWORK=1000 -DCALLS=1000000 %s -o %t.clean
// RUN: rm -rf %t.d && mkdir -p %t.d/trigger %t.d/clean
// RUN: env HOTLINE_DIR=%t.d/trigger %t.trigger && env HOTLINE_DIR=%t.d/clean %t.clean
// RUN: %hotline report %t.d/trigger/*.hotline | FileCheck %s --check-prefix=TRIGGER
// RUN: %hotline report %t.d/clean/*.hotline | FileCheck %s --check-prefix=CLEAN
// TRIGGER: [tiny-hot-function] {{.*}}tiny-hot-function.cpp:[[#@LINE+11]]: element(std::vector<int> const&, unsigned long) was called 3,000,000 times, {{[0-9,]+}} times a second, for {{[0-9.]+}} ns a call on average.
// CLEAN: Suggestions
// CLEAN-NOT: [tiny-hot-function]

#include <cstdio>
#include <vector>

__attribute__((noinline)) int load(const std::vector<int> &v, size_t i) { return v[i]; }

// The call of load keeps a call in the body, so the function is timed (a throw alone, as in
// at(), would not: docs/plugin-options.md): what this rule is about is a call that stays a call.
__attribute__((noinline)) int element(const std::vector<int> &v, size_t i) {
  int sum = 0;
  for (size_t k = 0; k < WORK; ++k)
    sum += load(v, (i + k) & 1023);
  return sum;
}

int main() {
  std::vector<int> values(1024, 1);
  long total = 0;
  for (long i = 0; i < CALLS; ++i)
    total += element(values, size_t(i) & 1023);
  std::printf("%ld\n", total);
  return 0;
}
