// A program built with AddressSanitizer and linked with the shipped runtime: ASan's
// interceptors are linked ahead of the runtime, so the process's malloc and write are ASan's
// and no allocation or I/O call reaches hotline's hooks. Before, `hotline memory` said
// "Heap 0 allocations" and `hotline io` "No I/O was recorded", as if the program did none; now
// the profile says the hooks were not in effect (RUN flags) and the reports say why. A plain
// build of the same program is tracked (its allocations, the 80 bytes written to the file and
// the 5 of "done").
// REQUIRES: asan-ubsan
// RUN: %clang_hotline -g -fsanitize=address %s -o %t.asan
// RUN: %clang_hotline -g %s -o %t
// RUN: rm -rf %t.d %t.plain.d && mkdir -p %t.d %t.plain.d
// RUN: env ASAN_OPTIONS=detect_leaks=0 HOTLINE_DIR=%t.d HOTLINE_QUIET=1 %t.asan %t.d/out.txt | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.plain.d HOTLINE_QUIET=1 %t %t.plain.d/out.txt | FileCheck %s --check-prefix=OUT
// RUN: %hotline memory %t.d/*.hotline | FileCheck %s --check-prefix=MEMORY
// RUN: %hotline io %t.d/*.hotline | FileCheck %s --check-prefix=IO
// RUN: %hotline report %t.d/*.hotline | FileCheck %s --check-prefix=REPORT
// RUN: %hotline memory --format json %t.d/*.hotline | FileCheck %s --check-prefix=JSON
// RUN: %hotline memory %t.plain.d/*.hotline | FileCheck %s --check-prefix=TRACKED
// RUN: %hotline io %t.plain.d/*.hotline | FileCheck %s --check-prefix=TRACKED-IO
// OUT: done
// MEMORY: No heap numbers: memory tracking saw no allocation, as the program's malloc was
// MEMORY-NEXT: not hotline's: a sanitizer's interceptors or an allocator came first, or the
// IO: No I/O numbers: I/O tracking saw no call, as the program's write was not
// REPORT: Peak RSS {{.*}}; memory tracking saw no allocation: the program's malloc
// REPORT: No I/O numbers: I/O tracking saw no call
// JSON: "not_hooked_profiles": 1,
// TRACKED-NOT: No heap numbers
// TRACKED: Heap{{ +}}{{[1-9][0-9]*}} allocations
// TRACKED: 800 B{{ +}}8{{ +}}8{{ +}}0 B{{.*}}sanitizer-shipped-runtime.c:{{[0-9]+}} main{{$}}
// TRACKED-IO-NOT: No I/O numbers
// TRACKED-IO: Written{{ +}}85 B in 9 calls

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  FILE *f = fopen(argv[1], "w");
  if (!f)
    return 1;
  for (int i = 0; i < 8; ++i) {
    char *p = malloc(100);
    memset(p, 'a' + i, 100);
    fwrite(p, 1, 10, f);
    free(p);
  }
  fclose(f);
  puts("done");
  return 0;
}
