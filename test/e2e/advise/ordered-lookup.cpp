// ordered-lookup: std::map::find, std::map::operator[] and std::set::count in a hot loop are
// advised; std::unordered_map lookups in the same loop and std::map lookups in a cold loop
// are not.
// REQUIRES: advise
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx_hotline -fplugin-arg-hotline-lines -O2 -g -c %s -MJ %t/unit.json -o %t/prog.o
// RUN: %clangxx_hotline %t/prog.o -o %t/prog
// RUN: env HOTLINE_DIR=%t %t/prog | FileCheck %s --check-prefix=OUT
// RUN: (echo '['; cat %t/unit.json; echo ']') > %t/compile_commands.json
// Hot is --min-percent 25: the hot loop takes about 98% of the run, the cold one under 1%, so neither crosses it when a loaded machine
// stops the program for a few milliseconds (the default 5% was crossed so).
// RUN: %advise --min-percent 25 -p %t %t/*.hotline | FileCheck %s -DFILE=%s

#include <cstdio>
#include <map>
#include <set>
#include <unordered_map>

__attribute__((noinline)) long lookups(const std::map<int, long> &prices, std::map<int, long> &counts,
                                       const std::set<int> &banned,
                                       const std::unordered_map<int, long> &hashed, int n) {
  long total = 0;
  for (int i = 0; i < n; ++i) {
    auto found = prices.find(i % 512);
    // CHECK: [[FILE]]:[[#@LINE-1]]:18: std::map::find in a hot loop walks a balanced tree on every iteration (one cache miss per level); a hash table (std::unordered_map) or a sorted std::vector looks up faster [ordered-lookup]
    // CHECK-NEXT: range [[#@LINE-2]]:18-[[#@LINE-2]]:37 in lookups(
    // CHECK-NEXT: the loop at [[FILE]]:[[#@LINE-4]] ran 800,000 iterations in 1 entry
    // CHECK-NEXT: line [[#@LINE-4]] ran 800,000 times
    // CHECK-EMPTY:
    if (found != prices.end())
      total += found->second;
    counts[i % 7] += 1;
    // CHECK: [[FILE]]:[[#@LINE-1]]:5: std::map::operator[] in a hot loop
    total += banned.count(i % 100);
    // CHECK: [[FILE]]:[[#@LINE-1]]:14: std::set::count in a hot loop {{.*}}(std::unordered_set){{.*}} [ordered-lookup]
    total += hashed.at(i % 64);
  }
  return total;
}

__attribute__((noinline)) long cold(const std::map<int, long> &prices, int n) {
  long total = 0;
  for (int i = 0; i < n; ++i)
    total += prices.at(i % 512) + prices.count(i);
  return total;
}

int main() {
  std::map<int, long> prices, counts;
  std::set<int> banned{1, 2, 3};
  std::unordered_map<int, long> hashed;
  for (int i = 0; i < 512; ++i)
    prices[i] = i;
  for (int i = 0; i < 64; ++i)
    hashed[i] = 1;
  long total = lookups(prices, counts, banned, hashed, 800000);
  total += cold(prices, 2000);
  std::printf("%ld %zu\n", total, counts.size());
  return 0;
}

// OUT: 205691608 7
// CHECK: 3 findings, 0 with a fix-it
