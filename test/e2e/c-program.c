// Plain C works at -O0 and -O2, with and without -g; without -g functions keep their names
// and the translation unit's file.
// RUN: %clang_hotline -O0 -g %s -o %t.g
// RUN: %clang_hotline -O2 %s -o %t.nog
// RUN: rm -rf %t.d && mkdir -p %t.d/g %t.d/nog
// RUN: env HOTLINE_DIR=%t.d/g %t.g 5000 | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.d/nog %t.nog 5000 | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.d/g/*.hotline | FileCheck %s --check-prefixes=CHECK,DEBUG
// RUN: %hotline report --format json %t.d/nog/*.hotline | FileCheck %s --check-prefixes=CHECK,NODEBUG

#include <stdio.h>
#include <stdlib.h>

static unsigned checksum(const unsigned char *data, size_t n) {
  unsigned sum = 0;
  for (size_t i = 0; i < n; ++i)
    sum = sum * 31 + data[i];
  return sum;
}

__attribute__((noinline)) unsigned process(int round) {
  unsigned char block[256];
  for (int i = 0; i < 256; ++i)
    block[i] = (unsigned char)(i * round);
  return checksum(block, sizeof block);
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 10;
  unsigned total = 0;
  for (int r = 0; r < rounds; ++r)
    total ^= process(r);
  printf("total %u\n", total);
  return 0;
}

// OUT: total

// CHECK:        "name": "process",
// CHECK-NEXT:   "linkage_name": "process",
// DEBUG-NEXT:   "file": "{{.*}}c-program.c",
// DEBUG-NEXT:   "line": 21,
// NODEBUG-NEXT: "file": "{{.*}}c-program.c",
// NODEBUG-NEXT: "line": 0,
// CHECK-NEXT:   "calls": 5000,
