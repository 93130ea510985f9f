// Counting does not cost a loop its vectorization: the entry counters of the small
// functions inlined into a loop (an accessor, std::vector's operator[] and size()) are kept in
// registers, and one bumped once per iteration is computed from the trip count at the exit.
// The vectorizer says the same with and without hotline, and the counts stay exact.
// RUN: %clangxx_plain -O2 -g -c %s -o /dev/null -Rpass=loop-vectorize 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clangxx_hotline -O2 -g %s -o %t -Rpass=loop-vectorize 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --top 0 --format json %t.d/*.hotline | FileCheck %s

#include <cstddef>
#include <cstdio>
#include <vector>

struct Signal {
  std::vector<float> samples;
  float &at(std::size_t i) { return samples[i]; }
};

__attribute__((noinline)) void scale(Signal &signal, float factor) {
  for (std::size_t i = 0; i < signal.samples.size(); ++i) // SCALE
    signal.at(i) *= factor;
}

int main(int argc, char **) {
  Signal signal{std::vector<float>(1000 + argc - 1, 1.0f)};
  for (int r = 0; r < 10; ++r)
    scale(signal, 1.5f);
  std::printf("%g\n", signal.samples[999]);
  return 0;
}
// REMARK: vectorized-with-counters.cpp:20:3: remark: vectorized loop (vectorization width: {{[0-9]+}}, interleaved count: {{[0-9]+}})
// OUT: 57.665

// CHECK-DAG: "name": "Signal::at(unsigned long)",{{([^}]|[[:space:]])*}}"calls": 10000,
// CHECK-DAG: "name": "scale(Signal&, float)",{{([^}]|[[:space:]])*}}"calls": 10,
