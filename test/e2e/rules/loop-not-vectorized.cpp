// loop-not-vectorized: a hot floating-point sum the vectorizer may not reorder is reported at
// its line with the optimizer's reason; the same loop over integers is vectorized and is not.
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines -DTRIGGER %s -o %t.trigger
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t.clean
// RUN: rm -rf %t.d && mkdir -p %t.d/trigger %t.d/clean
// RUN: env HOTLINE_DIR=%t.d/trigger %t.trigger && env HOTLINE_DIR=%t.d/clean %t.clean
// RUN: %hotline report %t.d/trigger/*.hotline | FileCheck %s --check-prefix=TRIGGER
// RUN: %hotline report %t.d/clean/*.hotline | FileCheck %s --check-prefix=CLEAN
// TRIGGER: [loop-not-vectorized] {{.*}}loop-not-vectorized.cpp:[[#LOOP:]]: The loop in sum
// TRIGGER-NEXT: evidence: {{.*}} 20,000,000 iterations
// TRIGGER-NEXT: evidence: optimizer: loop not vectorized: cannot prove it is safe to reorder floating-point operations
// TRIGGER-NEXT: suggestion: {{.*}}floating-point
// CLEAN: Suggestions
// CLEAN-NOT: [loop-not-vectorized]

#include <cstdio>
#include <vector>

#ifdef TRIGGER
using Value = double;
#else
using Value = long;
#endif

__attribute__((noinline)) Value sum(const Value *v, int n) {
  Value total = 0;
  for (int i = 0; i < n; ++i)
    total += v[i];
  return total;
}

int main() {
  std::vector<Value> values(1000000, 1);
  Value total = 0;
  for (int round = 0; round < 20; ++round)
    total += sum(values.data(), int(values.size()));
  std::printf("%g\n", double(total));
  return 0;
}
