// exit from nested calls: the calls still open when the profile is written count once each.
// RUN: %check_nesting --work %t %s
// RUN: %clang_hotline -O2 %s -o %t.exe && rm -rf %t.dir && mkdir %t.dir
// RUN: env HOTLINE_DIR=%t.dir HOTLINE_QUIET=1 not %t.exe
// RUN: %hotline tree %t.dir/*.hotline | FileCheck %s
// The open calls are marked in the tree.
// CHECK: 1 main [open]
// CHECK: 1   outer [open]
// CHECK: 1     inner [open]
#include <stdio.h>
#include <stdlib.h>

static volatile int sink;

__attribute__((noinline)) void inner(void) { printf("bye\n"); exit(3); }
__attribute__((noinline)) void outer(void) { inner(); sink = 1; }

int main(void) {
  outer();
  return 0;
}
