// A bounded call tree: a program with more distinct call paths than HOTLINE_MAX_CALL_PATHS.
// Two functions that call each other 12 deep make 12,288 paths (leaves included); with a limit
// of 1,000 the profile keeps fewer than 2,000 nodes (each node gets at most one "(other call
// paths)" child, which has none), the exact counts of every function stay the same, and the
// report and tree say the limit was reached. A longjmp from inside the paths beyond the limit
// back to main leaves the later call of after() under main, on its node from before. Before the limit existed, 1.1 million
// paths took 125 MB of memory (bench/ has the full-size run).
// RUN: %clang_hotline -O0 -g -fplugin-arg-hotline-min-instructions=0 %s -o %t
// RUN: %clang_plain -O0 -g %s -o %t.plain
// RUN: rm -rf %t.all %t.cut && mkdir -p %t.all %t.cut
// RUN: %t.plain > %t.plain.out
// RUN: env HOTLINE_DIR=%t.all HOTLINE_QUIET=1 HOTLINE_STOP_TIMING_AFTER=0 HOTLINE_MAX_CALL_PATHS=0 %t > %t.all.out
// RUN: env HOTLINE_DIR=%t.cut HOTLINE_QUIET=1 HOTLINE_STOP_TIMING_AFTER=0 HOTLINE_MAX_CALL_PATHS=1000 %t > %t.cut.out
// RUN: diff %t.plain.out %t.all.out
// RUN: diff %t.plain.out %t.cut.out
// RUN: %hotline export --format speedscope %t.all/*.hotline -o %t.all.json
// RUN: %hotline export --format speedscope %t.cut/*.hotline -o %t.cut.json
// RUN: %hotline report --format json %t.all/*.hotline > %t.all.report.json
// RUN: %hotline report --format json %t.cut/*.hotline > %t.cut.report.json
// RUN: %hotline export --format folded --metric calls %t.all/*.hotline -o %t.all.folded
// RUN: %hotline export --format folded --metric calls %t.cut/*.hotline -o %t.cut.folded
// RUN: python3 %S/Inputs/call_paths_limit.py %t.all.json %t.cut.json %t.all.report.json %t.cut.report.json \
// RUN:   %t.all.folded %t.cut.folded | FileCheck %s --check-prefix=PATHS
// RUN: %hotline report %t.cut/*.hotline | FileCheck %s --check-prefix=REPORT
// RUN: %hotline tree --min-percent 0 %t.cut/*.hotline | FileCheck %s --check-prefix=TREE
// RUN: %hotline html %t.cut/*.hotline -o %t.html
// RUN: FileCheck %s --check-prefix=HTML --input-file %t.html
// RUN: %hotline report %t.all/*.hotline | FileCheck %s --check-prefix=NOLIMIT
// RUN: env HOTLINE_DIR=%t.cut HOTLINE_QUIET=1 HOTLINE_MAX_CALL_PATHS=many %t 2>&1 >/dev/null | FileCheck %s --check-prefix=BAD
// RUN: env HOTLINE_DIR=%t.cut HOTLINE_QUIET=1 HOTLINE_MAX_CALL_PATHS=100000000000 %t 2>&1 >/dev/null | FileCheck %s --check-prefix=HIGH
// PATHS: all: 12289 call paths, limit 0, reached False
// PATHS: cut: between 1000 and 2000 call paths, limit 1000, reached True
// PATHS: same exact counts: a after b leaf main
// PATHS: after: 2 calls, under main
// PATHS: entries into the other paths: as the calls first left out
// REPORT: The run reached its limit of 1,000 call paths (HOTLINE_MAX_CALL_PATHS): calls on paths
// REPORT-NEXT: first seen after it are timed as "(other call paths)" under their callers
// REPORT: (other call paths)
// TREE: (other call paths)
// HTML: The run reached its limit of 1,000 call paths (HOTLINE_MAX_CALL_PATHS)
// NOLIMIT-NOT: call paths (HOTLINE_MAX_CALL_PATHS)
// BAD: HOTLINE_MAX_CALL_PATHS=many is not a non-negative integer; using 500000
// HIGH: HOTLINE_MAX_CALL_PATHS=100000000000 is above the limit of 100000000 call paths; using 100000000

#include <setjmp.h>
#include <stdio.h>

static jmp_buf back;
static long leaves, jump_at_leaf;

void b(int depth, long bits);
void leaf(long bits) {
  if (++leaves == jump_at_leaf)
    longjmp(back, 1);
}
void a(int depth, long bits) {
  if (depth == 0) {
    leaf(bits);
    return;
  }
  a(depth - 1, bits * 2);
  b(depth - 1, bits * 2 + 1);
}
void b(int depth, long bits) {
  if (depth == 0) {
    leaf(bits);
    return;
  }
  a(depth - 1, bits * 2 + 1);
  b(depth - 1, bits * 2);
}
long after(void) { return leaves; }

int main(void) {
  after(); // a path from before the limit
  for (int rep = 0; rep < 2; ++rep)
    a(12, 1);
  // Out of 12 calls deep, from the paths beyond the limit (the last leaves are new paths
  // there), back to main.
  jump_at_leaf = leaves + 4000;
  if (setjmp(back) == 0)
    a(12, 1);
  printf("%ld leaves, %ld after the jump\n", leaves, after());
  return 0;
}
