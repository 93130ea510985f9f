// The callgrind export says what `hotline lines` and `hotline report` say: each line's
// Sampled_ns is the CPU time sampled on it, each counted line's Executions its exact count
// (a constructor's lines included: no calls added on top), each function's ns its self time,
// on its first line. Lines of the standard library inlined into Record::sum() (the vector's
// iterator) keep their own samples. Before, a function's whole self time was spread over
// the few of its lines that were sampled: a line with 4% of the samples had 49% of the time.
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t
// RUN: rm -rf %t.d && mkdir %t.d && env HOTLINE_DIR=%t.d HOTLINE_SAMPLE_HZ=10000 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline export --format callgrind %t.d/*.hotline -o %t.callgrind
// RUN: %hotline lines --top 0 --format json %t.d/*.hotline > %t.lines.json
// RUN: %hotline report --top 0 --format json %t.d/*.hotline > %t.report.json
// RUN: python3 %S/Inputs/callgrind_agrees.py %t.callgrind %t.lines.json %t.report.json | FileCheck %s
// OUT:   4538403220459
// CHECK: events: ns Sampled_ns Executions
// CHECK: compared: {{[1-9][0-9]*}} sampled lines, {{[1-9][0-9]}} counted lines, 4 timed functions
// CHECK-NEXT: agree

#include <cstdio>
#include <string>
#include <vector>

struct Record {
  std::vector<double> values;
  std::string name;
  Record(int n, const char *label) : values(n, 1.5), name(label) {
    for (int i = 0; i < n; ++i)
      values[i] *= i;
  }
  double sum() const {
    double s = 0;
    for (double v : values)
      s += v;
    return s;
  }
};

static double square_sum(const std::vector<double> &v) {
  double s = 0;
  for (size_t i = 0; i < v.size(); ++i)
    s += v[i] * v[i];
  return s;
}

int main() {
  double total = 0;
  for (int r = 0; r < 6000; ++r) {
    Record record(1000 + r % 7, "a fairly long record label that allocates");
    total += record.sum();
    total += square_sum(record.values);
  }
  std::printf("%.0f\n", total);
}
