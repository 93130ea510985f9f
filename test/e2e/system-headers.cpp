// Functions defined in system headers (the standard library's, and any -isystem
// library's) are instrumented only when they have a loop: accessors like Ring::at and
// std::vector::operator[], inlined into every loop, are part of their callers. The
// program's own functions keep their exact counts. -fplugin-arg-hotline-system-headers
// instruments them all. Line mode gives lines and loops to the program's own functions;
// system-headers, or naming a library function with lines-include=, adds the library's.
// RUN: %clangxx_hotline -O2 -g -isystem %S/Inputs/system-headers/include %s -o %t
// RUN: %clangxx_hotline -O2 -g -isystem %S/Inputs/system-headers/include -fplugin-arg-hotline-system-headers %s -o %t.all
// RUN: rm -rf %t.d %t.all.d && mkdir -p %t.d %t.all.d
// RUN: env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.all.d %t.all | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --top 1000 --sort calls --format json %t.d/*.hotline | FileCheck %s --implicit-check-not=operator[] --implicit-check-not=Ring::at
// RUN: %hotline report --top 1000 --sort calls --format json %t.all.d/*.hotline | FileCheck %s --check-prefixes=CHECK,ALL
// RUN: %clangxx_hotline -O2 -g -isystem %S/Inputs/system-headers/include -fplugin-arg-hotline-lines %s -o %t.lines
// RUN: %clangxx_hotline -O2 -g -isystem %S/Inputs/system-headers/include -fplugin-arg-hotline-lines -fplugin-arg-hotline-system-headers %s -o %t.lines-all
// RUN: %clangxx_hotline -O2 -g -isystem %S/Inputs/system-headers/include '-fplugin-arg-hotline-lines-include=^Ring::total' %s -o %t.lines-named
// RUN: rm -rf %t.lines.d %t.lines-all.d %t.lines-named.d && mkdir -p %t.lines.d %t.lines-all.d %t.lines-named.d
// RUN: env HOTLINE_DIR=%t.lines.d %t.lines | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.lines-all.d %t.lines-all | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.lines-named.d %t.lines-named | FileCheck %s --check-prefix=OUT
// RUN: %hotline loops %t.lines.d/*.hotline | FileCheck %s --check-prefix=LOOPS --implicit-check-not=ring.h --implicit-check-not=stl_algobase.h
// RUN: %hotline loops %t.lines-all.d/*.hotline | FileCheck %s --check-prefixes=LOOPS,LOOPS-ALL
// RUN: %hotline loops %t.lines-named.d/*.hotline | FileCheck %s --check-prefix=LOOPS-NAMED --implicit-check-not=system-headers.cpp

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

// LOOPS:         Loops by time inside
// LOOPS-DAG:     system-headers.cpp:[[#@LINE-20]]  main
// LOOPS-DAG:     system-headers.cpp:[[#@LINE-30]]  add_up(
// LOOPS-ALL-DAG: 30         240     8.0      8         -  {{.*}}/include/ring.h:10  Ring::total() const
// LOOPS-NAMED:   Loops by time inside (1 of 1)
// LOOPS-NAMED:   30         240     8.0      8         -  {{.*}}/include/ring.h:10  Ring::total() const
