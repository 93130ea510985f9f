// Functions defined in system headers (the standard library's, and any -isystem
// library's) are instrumented only when they have a loop: accessors like Ring::at and
// std::vector::operator[], inlined into every loop, are part of their callers. The
// program's own functions keep their exact counts. -fplugin-arg-hotline-system-headers
// instruments them all.
// RUN: %clangxx_hotline -O2 -g -isystem %S/Inputs/system-headers/include %s -o %t
// RUN: %clangxx_hotline -O2 -g -isystem %S/Inputs/system-headers/include -fplugin-arg-hotline-system-headers %s -o %t.all
// RUN: rm -rf %t.d %t.all.d && mkdir -p %t.d %t.all.d
// RUN: env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.all.d %t.all | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --top 1000 --sort calls --format json %t.d/*.hotline | FileCheck %s --implicit-check-not=operator[] --implicit-check-not=Ring::at
// RUN: %hotline report --top 1000 --sort calls --format json %t.all.d/*.hotline | FileCheck %s --check-prefixes=CHECK,ALL

#include <ring.h>

#include <cstdio>
#include <vector>

__attribute__((noinline)) long add_up(const std::vector<int> &v, const Ring &r) {
  long sum = 0;
  for (size_t i = 0; i < v.size(); ++i)
    sum += v[i] + r.at(int(i));
  return sum + r.total();
}

int main() {
  std::vector<int> v(1000, 2);
  Ring r{{1, 2, 3, 4, 5, 6, 7, 8}};
  long sum = 0;
  for (int round = 0; round < 30; ++round)
    sum += add_up(v, r);
  printf("sum %ld\n", sum);
  return 0;
}

// OUT: sum 196080

// ALL:         "name": "Ring::at(int) const",
// ALL:         "calls": 30000,
// ALL:         "name": "std::vector<int, std::allocator<int>>::operator[](unsigned long) const",
// ALL:         "calls": 30000,
// CHECK:       "name": "add_up(std::vector<int, std::allocator<int>> const&, Ring const&)",
// CHECK:       "calls": 30,
// CHECK:       "name": "Ring::total() const",
// CHECK:       "calls": 30,
// CHECK:       "name": "main",
// CHECK:       "calls": 1,
