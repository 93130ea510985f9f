// 16 threads allocating and freeing at once lose no counts, and blocks freed by another
// thread count against the place that allocated them.
// RUN: %clangxx_hotline -O2 -g -std=c++17 %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline memory --top 0 --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/memory_places.py %t.json %s | FileCheck %s

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

constexpr int kThreads = 16;
constexpr int kBlocks = 20000;

void *volatile sink;
std::vector<void *> handed_over[kThreads];

// Each thread allocates kBlocks blocks of 48 bytes and frees all but 100; those 100 are
// freed by main after the threads end.
__attribute__((noinline)) void churn(int index) {
  std::vector<void *> blocks(kBlocks); // LINE: vector
  for (int i = 0; i < kBlocks; ++i)
    blocks[i] = malloc(48); // LINE: churn
  for (int i = 100; i < kBlocks; ++i)
    free(blocks[i]);
  handed_over[index].assign(blocks.begin(), blocks.begin() + 100); // LINE: assign
}

int main() {
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back(churn, t);
  for (auto &t : threads)
    t.join();
  for (auto &blocks : handed_over)
    for (void *p : blocks)
      free(p);
  printf("%d threads done\n", kThreads);
  return 0;
}

// OUT: 16 threads done

// 16 x 20000 blocks of 48 bytes, all freed: 16 x 19900 of them by the thread that allocated
// them in the same call (temporaries), 16 x 100 by main.
// CHECK: vector: allocations 16, bytes 2560000, frees 16, not freed 0 (0 bytes), temporaries 16
// CHECK: churn: allocations 320000, bytes 15360000, frees 320000, not freed 0 (0 bytes), temporaries 318400
