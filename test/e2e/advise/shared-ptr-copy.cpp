// shared-ptr-copy: `for (auto p : pointers)` in a hot loop gets a fix-it to `const auto &p`;
// a loop variable that is moved from, and a copy passed by value, are advised without one;
// the same loops over references and in a cold function are not.
// REQUIRES: advise
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx_hotline -fplugin-arg-hotline-lines -O2 -g -c %s -MJ %t/unit.json -o %t/prog.o
// RUN: %clangxx_hotline %t/prog.o -o %t/prog
// RUN: env HOTLINE_DIR=%t %t/prog | FileCheck %s --check-prefix=OUT
// RUN: (echo '['; cat %t/unit.json; echo ']') > %t/compile_commands.json
// RUN: %advise -p %t %t/*.hotline | FileCheck %s -DFILE=%s

#include <cstdio>
#include <memory>
#include <utility>
#include <vector>

struct Node {
  long value = 1;
};

__attribute__((noinline)) long weight(std::shared_ptr<Node> node) { return node->value; }

__attribute__((noinline)) long hot(const std::vector<std::shared_ptr<Node>> &nodes, int rounds) {
  long total = 0;
  std::vector<std::shared_ptr<Node>> kept;
  for (int round = 0; round < rounds; ++round) {
    for (auto node : nodes)
      // CHECK: [[FILE]]:[[#@LINE-1]]:10: 'node' copies each std::shared_ptr of the range: two atomic reference-count updates per iteration [shared-ptr-copy]
      // CHECK-NEXT: range [[#@LINE-2]]:10-[[#@LINE-2]]:18 in hot(
      // CHECK-NEXT: the loop at [[FILE]]:[[#@LINE-3]] ran 2,000,000 iterations in 4,000 entries, {{[0-9.]+}}% of the run
      // CHECK-NEXT: line [[#@LINE-4]] ran 2,004,000 times
      // CHECK-NEXT: fix-it: loop over references: 'const auto &node'
      total += node->value;
    for (const auto &node : nodes)
      total += weight(node);
    // CHECK: [[FILE]]:[[#@LINE-1]]:23: copies the std::shared_ptr 'node' in a hot loop: two atomic reference-count updates per iteration [shared-ptr-copy]
    for (auto node : nodes) {
      // CHECK: [[FILE]]:[[#@LINE-1]]:10: 'node' copies each std::shared_ptr of the range
      // CHECK-NOT: fix-it
      // CHECK: 3 findings
      if (node->value < 0)
        kept.push_back(std::move(node)); // moved from: it needs its own copy; never runs
    } // (node's destructor is counted on this line, not on the push_back's)
  }
  return total + static_cast<long>(kept.size());
}

// 2,000 copies: often enough, but not hot.
__attribute__((noinline)) long cold(const std::vector<std::shared_ptr<Node>> &nodes) {
  long total = 0;
  for (int round = 0; round < 4; ++round)
    for (auto node : nodes)
      total += node->value;
  return total;
}

int main() {
  std::vector<std::shared_ptr<Node>> nodes;
  nodes.reserve(500);
  for (int i = 0; i < 500; ++i) // fewer than --min-count: no allocation advice
    nodes.push_back(std::make_shared<Node>());
  long total = hot(nodes, 4000) + cold(nodes);
  std::printf("%ld\n", total);
  return 0;
}

// OUT: 4002000
// CHECK-SAME: , 1 with a fix-it
