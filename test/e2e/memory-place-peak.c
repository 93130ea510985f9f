// A place's peak is the most bytes its blocks held at once, exactly: the main thread and four
// threads each fill 100 blocks of 1000 bytes at a line of their own, free them, and fill 50
// again (each thread's place is its own: that thread alone raises its peak). The report has one
// row for the threads' line, its peak the largest of theirs.
// RUN: %clang_hotline -O2 -g %s -o %t -lpthread
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline memory --top 0 --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/place_peaks.py %t.json %s | FileCheck %s
// OUT: done
// CHECK: main-fill [(100000, 150, 150)]
// CHECK-NEXT: thread-fill [(100000, 600, 400)]
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { kBlocks = 100, kBytes = 1000, kThreads = 4 };

__attribute__((noinline)) void fill_main(void **blocks, int n) {
  for (int i = 0; i < n; ++i)
    blocks[i] = malloc(kBytes); // LINE: main-fill
}

__attribute__((noinline)) void fill_thread(void **blocks, int n) {
  for (int i = 0; i < n; ++i)
    blocks[i] = malloc(kBytes); // LINE: thread-fill
}

void empty(void **blocks, int n) {
  for (int i = 0; i < n; ++i)
    free(blocks[i]);
}

void *main_blocks[kBlocks];

void *thread_main(void *arg) {
  void *blocks[kBlocks];
  fill_thread(blocks, kBlocks);
  empty(blocks, kBlocks);
  fill_thread(blocks, kBlocks / 2);
  (void)arg;
  return NULL;
}

int main(void) {
  fill_main(main_blocks, kBlocks);
  empty(main_blocks, kBlocks);
  fill_main(main_blocks, kBlocks / 2);
  pthread_t threads[kThreads];
  for (int i = 0; i < kThreads; ++i)
    pthread_create(&threads[i], NULL, thread_main, NULL);
  for (int i = 0; i < kThreads; ++i)
    pthread_join(threads[i], NULL);
  empty(main_blocks, kBlocks / 2);
  printf("done\n");
  return 0;
}
