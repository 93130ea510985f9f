// `hotline pgo` turns line mode's exact counts into a sample profile that clang reads
// without a warning: every line of a function by its offset from the function's first line,
// the blocks that share a line apart by their discriminators, two runs added up. The
// optimizer then weighs the branches by the exact counts, and the program built with the
// profile prints the same.
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env HOTLINE_DIR=%t.d %t long | FileCheck %s --check-prefix=OUT-LONG
// RUN: env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT-SHORT
// RUN: %hotline pgo %t.d -o %t.prof 2>&1 | FileCheck %s --check-prefix=NOTE
// RUN: FileCheck %s --check-prefix=PROFILE --match-full-lines < %t.prof
// RUN: llvm-profdata show --sample --function=_ZL8classifyi %t.prof | FileCheck %s --check-prefix=SHOW
// RUN: %clangxx_plain -O2 -g -fprofile-sample-use=%t.prof -Werror -Wall -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %clangxx_plain -O2 -g -fprofile-sample-use=%t.prof -Werror -Wall %s -o %t.pgo
// RUN: %t.pgo long | FileCheck %s --check-prefix=OUT-LONG
// RUN: %hotline pgo %t.d -o - 2>/dev/null | cmp - %t.prof
// Functions outside line mode have entry counts only: they are left out, and said so.
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines-include=classify %s -o %t.some
// RUN: rm -rf %t.some.d && mkdir -p %t.some.d && env HOTLINE_DIR=%t.some.d %t.some long
// RUN: %hotline pgo %t.some.d -o %t.some.prof 2>&1 | FileCheck %s --check-prefix=SOME
// RUN: FileCheck %s --check-prefix=SOME-PROFILE --match-full-lines < %t.some.prof
// RUN: %hotline pgo %t.d -o %t.d/missing/app.prof > %t.unwritable 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=UNWRITABLE -DDIR=%t.d < %t.unwritable

#include <cstdio>

static int classify(int x) {
  if (x % 7 == 0)
    return 3;
  else if (x % 3 == 0)
    return 2;
  return x & 1;
}

int main(int argc, char **) {
  int n = argc == 2 ? 1000 : 10;
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += classify(i);
  std::printf("%ld\n", sum);
  return 0;
}

// OUT-LONG: 1287
// OUT-SHORT: 14

// NOTE: hotline pgo: 2 functions from 2 profiles
// SOME: hotline pgo: 1 function from 1 profile; left out 1 function that ran without line counts (built without line mode or debug information)
// SOME-PROFILE:      _ZL8classifyi:{{[0-9]+}}:1000
// SOME-PROFILE-NOT:  main
// UNWRITABLE: hotline: error: [[DIR]]/missing/app.prof: cannot write: No such file or directory

// 0..999 and 0..9: 145 multiples of 7, 289 other multiples of 3, 576 others.
// PROFILE:      _ZL8classifyi:3895:1010
// PROFILE-NEXT:  1: 1010
// PROFILE-NEXT:  2: 145
// PROFILE-NEXT:  3: 865
// PROFILE-NEXT:  4: 289
// PROFILE-NEXT:  5: 576
// PROFILE-NEXT:  6: 1010
// PROFILE-NEXT: main:{{[0-9]+}}:2
// The for line's blocks: its start once per run, its test once more than its body.
// PROFILE:       3: 2
// PROFILE-NEXT:  3.1: 1012
// PROFILE-NEXT:  3.2: 1010
// PROFILE-NEXT:  4: 1010
// PROFILE-NEXT:  5: 2

// SHOW: Function: _ZL8classifyi: 3895, 1010, 6 sampled lines

// The branches of classify, weighed by the exact counts (LLVM 19's sample loader still added
// one or two to each weight).
// IR-DAG: !{!"branch_weights", i32 {{145|147}}, i32 {{865|866}}}
// IR-DAG: !{!"branch_weights", i32 {{289|290}}, i32 {{576|577}}}
