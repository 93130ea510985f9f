// The folded export of a call tree 4,000 calls deep: each line names its whole path, so the
// text grows with the square of the depth (40 MB here, 1.2 GB at 20,000 with longer names);
// it is written line by line, so hotline's peak memory stays within 10 MB of `hotline tree`'s
// on the same profile. Before, the whole text was built in memory first: 74 MB more here,
// 3.7 GB at depth 20,000.
// RUN: %clang_hotline -O1 -g -fplugin-arg-hotline-min-instructions=0 %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env HOTLINE_DIR=%t.d HOTLINE_STOP_TIMING_AFTER=0 %t | FileCheck %s --check-prefix=OUT
// OUT: 4001
// RUN: python3 %S/Inputs/peak_memory.py %hotline %t.d/*.hotline | FileCheck %s --check-prefix=FOLDED
// FOLDED: 4002 lines; text over 35 MB; within 10 MB of the tree's peak
// FOLDED-NEXT: down;down;down;down 1{{$}}

#include <stdio.h>

__attribute__((noinline)) long down(long n) {
  volatile char frame[16];
  frame[n & 15] = 1;
  if (n == 0)
    return 1;
  return down(n - 1) + frame[n & 15];
}

int main(void) {
  printf("%ld\n", down(4000));
  return 0;
}
