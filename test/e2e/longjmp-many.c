// 100,000 longjmps out of three nested calls: each ends the skipped calls where setjmp returns
// again, so the tree keeps five paths with exact counts, instead of growing a level a jump
// (1,004 frames after 500 jumps, 191 MB after 3 million before the fix).
// RUN: %clang_hotline -O2 %s -o %t.exe && rm -rf %t.dir && mkdir %t.dir
// RUN: env HOTLINE_DIR=%t.dir HOTLINE_QUIET=1 %t.exe | FileCheck %s --check-prefix=OUT
// OUT: 100000
// RUN: %hotline export --format folded --metric calls %t.dir/*.hotline | sort > %t.folded
// RUN: FileCheck %s --input-file %t.folded
// CHECK:      {{^}}main 1{{$}}
// CHECK-NEXT: {{^}}main;after 100000{{$}}
// CHECK-NEXT: {{^}}main;outer 100000{{$}}
// CHECK-NEXT: {{^}}main;outer;middle 100000{{$}}
// CHECK-NEXT: {{^}}main;outer;middle;jump 100000{{$}}
// CHECK-EMPTY:
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;
static volatile int sink;

__attribute__((noinline)) void jump(int i) {
  sink = i;
  for (int k = 0; k < 40; ++k) // worth timing
    sink += k;
  longjmp(env, 1);
}
__attribute__((noinline)) void middle(int i) { jump(i); sink = 1; }
__attribute__((noinline)) void outer(int i) { middle(i); sink = 2; }
__attribute__((noinline)) void after(void) {
  for (int k = 0; k < 40; ++k)
    sink += k;
}

int main(void) {
  int jumps = 0;
  for (int i = 0; i < 100000; i++) {
    if (setjmp(env) == 0)
      outer(i);
    else
      ++jumps;
    after();
  }
  printf("%d\n", jumps);
  return 0;
}
