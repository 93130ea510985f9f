// While a process has one thread, the heap hooks update their tables without locks; from the
// first pthread_create on, with them. Blocks allocated before the threads start are freed by
// the threads, which allocate and free their own at the same time: no count is lost, and the
// peak is the single-threaded one (the held blocks, give or take the C library's and the
// loader's own blocks for stdout and the threads).
// RUN: %clangxx_hotline -O2 -g -std=c++17 %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline memory --top 0 --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/memory_places.py %t.json %s | FileCheck %s
// RUN: python3 -c "import json, sys; h = json.load(open(sys.argv[1]))['heap']; extra = h['peak_live_bytes'] - h['not_freed_bytes'] - 2560000; print('untracked frees', h['untracked_frees'], 'peak:', 'held + less than 8 KiB' if abs(extra) < 8192 else extra)" %t.json | FileCheck %s --check-prefix=TOTALS

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <thread>

constexpr int kThreads = 8;
constexpr int kHeld = 40000;
constexpr int kOwn = 4000;

void *held[kHeld];

__attribute__((noinline)) void allocate_held() {
  for (int i = 0; i < kHeld; ++i)
    held[i] = malloc(64); // LINE: held
}

__attribute__((noinline)) void churn_alone() {
  for (int i = 0; i < kOwn; ++i) {
    void *p = malloc(32); // LINE: alone
    __asm__ volatile("" : : "r"(p) : "memory");
    free(p);
  }
}

std::atomic<int> shares_freed{0};

// Frees its share of the held blocks; once all are freed, allocates its own and frees them
// (8 x 4,000 x 48 bytes at most at once: less than the held blocks).
__attribute__((noinline)) void work(int index) {
  for (int i = index; i < kHeld; i += kThreads)
    free(held[i]);
  shares_freed.fetch_add(1);
  while (shares_freed.load() < kThreads)
    std::this_thread::yield();
  static thread_local void *own[kOwn];
  for (int i = 0; i < kOwn; ++i)
    own[i] = malloc(48); // LINE: threads
  for (int i = 0; i < kOwn; ++i)
    free(own[i]);
}

int main() {
  churn_alone();
  allocate_held();
  std::thread threads[kThreads];
  for (int t = 0; t < kThreads; ++t)
    threads[t] = std::thread(work, t);
  for (auto &t : threads)
    t.join();
  churn_alone();
  printf("%d blocks held, then freed by %d threads\n", kHeld, kThreads);
  return 0;
}

// OUT: 40000 blocks held, then freed by 8 threads

// CHECK: held: allocations 40000, bytes 2560000, frees 40000, not freed 0 (0 bytes), temporaries 0
// CHECK: alone: allocations 8000, bytes 256000, frees 8000, not freed 0 (0 bytes), temporaries 8000
// CHECK: threads: allocations 32000, bytes 1536000, frees 32000, not freed 0 (0 bytes), temporaries 32000

// TOTALS: untracked frees 0 peak: held + less than 8 KiB
