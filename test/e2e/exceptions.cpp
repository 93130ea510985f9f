// A function left by an exception is still closed: every call through thrower and middle
// completes, and calls after a caught exception are not nested under the frames it left.
// RUN: %clangxx_hotline -O2 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --top 1000 --format json %t.d/*.hotline > %t.json
// RUN: FileCheck %s --check-prefix=THROWER --input-file %t.json
// RUN: FileCheck %s --check-prefix=MIDDLE --input-file %t.json
// RUN: %hotline tree --min-percent 0 %t.d/*.hotline | FileCheck %s --check-prefix=TREE

#include <cstdio>
#include <stdexcept>
#include <string>

static volatile int last_good;
__attribute__((noinline)) void note_good(int i) { last_good = i; }

// The call on its way back makes it worth timing (its throw alone would not: docs/plugin-options.md).
__attribute__((noinline)) void thrower(int i) {
  if (i % 3 == 0)
    throw std::runtime_error("bad " + std::to_string(i));
  note_good(i);
}

__attribute__((noinline)) int middle(int i) {
  std::string label = "item " + std::to_string(i); // a destructor runs during unwinding
  thrower(i);
  return int(label.size());
}

__attribute__((noinline)) int catcher(int n) {
  int caught = 0;
  for (int i = 0; i < n; ++i) {
    try {
      middle(i);
    } catch (const std::runtime_error &) {
      ++caught;
    }
  }
  return caught;
}

int main() {
  printf("caught %d\n", catcher(300));
  return 0;
}

// OUT: caught 100

// THROWER:      "name": "thrower(int)",
// THROWER:      "calls": 300,
// THROWER-NEXT: "timed_calls": 300,
// MIDDLE:       "name": "middle(int)",
// MIDDLE:       "calls": 300,
// MIDDLE-NEXT:  "timed_calls": 300,

// TREE:      main
// TREE-NEXT:   catcher(int)
// TREE-NEXT:     middle(int)
// TREE-NEXT:       thrower(int)
// TREE-NOT:          middle(int)
