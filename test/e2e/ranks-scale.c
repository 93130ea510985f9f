// `hotline ranks` over a job of 512 ranks: 512 profiles of a program with 90 functions, each
// rank's work different, as PMI would start them. Comparing them takes at most 60 s and 300 MB
// (0.06 s and 60 MB on the machine this was written on), and 512 ranks cost at most 24 MB
// more than 64 (measured: 4.4 MB): memory is bounded by the functions, not the ranks. The report
// names the slowest rank, whose work is made the largest on purpose.
// RUN: %clang_hotline -O1 -g %s -o %t
// RUN: rm -rf %t.d %t.small && mkdir -p %t.d %t.small
// RUN: sh -c 'i=0; while [ $i -lt 512 ]; do HOTLINE_QUIET=1 HOTLINE_DIR=%t.d PMI_RANK=$i PMI_SIZE=512 %t || exit 1; i=$((i+1)); done'
// RUN: ls %t.d | wc -l | FileCheck %s --check-prefix=COUNT
// RUN: cp %t.d/*.1[0-9].*.hotline %t.d/*.2[0-9].*.hotline %t.d/*.3[0-9].*.hotline %t.d/*.4[0-9].*.hotline %t.d/*.5[0-9].*.hotline %t.d/*.6[0-9].*.hotline %t.d/*.7[0-3].*.hotline %t.small
// RUN: python3 %S/Inputs/ranks_scale.py %hotline %t.small %t.d 60 300 24 | FileCheck %s --check-prefix=SCALE
// RUN: %hotline ranks %t.d | FileCheck %s

// COUNT: 512
// SCALE: small: 64 ranks
// SCALE-NEXT: large: 512 ranks
// CHECK: Ranks (512 profiles;
// CHECK-NEXT: rank 300 is the slowest: {{.*}}; heavy takes

#include <stdlib.h>

static volatile double sink;

#define WORK(n)                                                                                  \
  __attribute__((noinline)) void work_##n(int rank) {                                            \
    int iterations = 200 + (rank % 7) * 50 + n;                                                  \
    for (int i = 0; i < iterations; ++i)                                                         \
      sink = sink + i * 0.5;                                                                     \
  }
#define TEN(d) WORK(d##0) WORK(d##1) WORK(d##2) WORK(d##3) WORK(d##4) WORK(d##5) WORK(d##6) WORK(d##7) WORK(d##8) WORK(d##9)
TEN(1) TEN(2) TEN(3) TEN(4) TEN(5) TEN(6) TEN(7) TEN(8) TEN(9)

#define CALL(n) work_##n(rank);
#define CALL_TEN(d) CALL(d##0) CALL(d##1) CALL(d##2) CALL(d##3) CALL(d##4) CALL(d##5) CALL(d##6) CALL(d##7) CALL(d##8) CALL(d##9)

// Rank 300's share of the job, a thousand times the others': about 0.7 s here, so that
// no other rank overtakes it by a stall on a loaded machine (one was preempted for 158 ms
// when rank 300 had a hundred times, 30 ms, and the report named it the slowest).
__attribute__((noinline)) void heavy(int rank) {
  int iterations = rank == 300 ? 200000000 : 200000;
  for (int i = 0; i < iterations; ++i)
    sink = sink + i * 0.25;
}

int main(void) {
  const char *rank_text = getenv("PMI_RANK");
  int rank = rank_text ? atoi(rank_text) : 0;
  for (int repeat = 0; repeat < 3; ++repeat) {
    CALL_TEN(1) CALL_TEN(2) CALL_TEN(3) CALL_TEN(4) CALL_TEN(5) CALL_TEN(6) CALL_TEN(7) CALL_TEN(8) CALL_TEN(9)
  }
  heavy(rank);
  return 0;
}
