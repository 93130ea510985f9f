// The passes count what they decided, as clang statistics (docs/plugin-options.md,
// "Statistics"): -save-stats=obj writes them as JSON next to the object (named after the
// source), -Xclang -print-stats prints them on stderr. Of the eight functions defined here,
// five are counted: skipped is named by skip=, excluded_helper by exclude=, and sys_accessor
// comes from a system header and has no loop. Three are timed: tiny is a small leaf, and
// counted_only is named by count-only=. In line mode, loops gets its lines and two loops,
// the one that calls is timed.
// RUN: rm -rf %t.default %t.lines && mkdir -p %t.default %t.lines
// RUN: %clang_plain %hotline_cflags -O1 -g -c %s -o %t.default/statistics.o -save-stats=obj \
// RUN:   -fplugin-arg-hotline-skip=skipped -fplugin-arg-hotline-count-only=counted_only \
// RUN:   -fplugin-arg-hotline-exclude=^excluded
// RUN: FileCheck %s < %t.default/statistics.stats
// RUN: %clang_plain %hotline_cflags -O1 -g -c %s -o %t.default/statistics.o -Xclang -print-stats 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TEXT
// RUN: %clang_plain %hotline_cflags -O1 -g -c %s -o %t.lines/statistics.o -save-stats=obj \
// RUN:   -fplugin-arg-hotline-lines-include=^loops$
// RUN: FileCheck %s --check-prefix=LINES < %t.lines/statistics.stats

// CHECK:      "hotline-count.NumCountOnlyByName": 1,
// CHECK-NEXT: "hotline-count.NumCounted": 5,
// CHECK-NEXT: "hotline-count.NumLibraryCode": 1,
// CHECK-NEXT: "hotline-count.NumNotCounted": 3,
// CHECK-NEXT: "hotline-count.NumSkippedByName": 1,
// CHECK-NEXT: "hotline-count.NumSkippedSystemHeader": 1,
// CHECK-NEXT: "hotline-functions.NumCountOnly": 1,
// CHECK-NEXT: "hotline-functions.NumExitPoints": 3,
// CHECK-NEXT: "hotline-functions.NumTimed": 3,
// CHECK-NEXT: "hotline-functions.NumTooSmall": 1,
// CHECK-NOT:  "hotline-lines.

// Without options: seven functions counted, six timed (tiny is still a small leaf).
// TEXT:      Statistics Collected
// TEXT:      {{^ *}}7 hotline-count {{ *}}- Functions counted
// TEXT:      {{^ *}}6 hotline-functions {{ *}}- Functions timed
// TEXT-NEXT: {{^ *}}1 hotline-functions {{ *}}- Functions not timed: a small leaf (min-instructions)

// LINES:      "hotline-count.NumCounted": 7,
// LINES:      "hotline-functions.NumTimed": 6,
// LINES:      "hotline-lines.NumBlocksCounted": 11,
// LINES-NEXT: "hotline-lines.NumLineFunctions": 1,
// LINES-NEXT: "hotline-lines.NumLineSites": 11,
// LINES-NEXT: "hotline-lines.NumLoops": 2,
// LINES-NEXT: "hotline-lines.NumLoopsTimed": 1,
// LINES-NEXT: "hotline-loop-work.NumLoopsCallingOut": 1,

void work(void);
int sys_accessor(int x);
int table[100];

int tiny(int x) { return x + 1; }

void calls(void) { work(); }

int counted_only(int n) {
  work();
  return n;
}

void skipped(void) { work(); }

void excluded_helper(void) { work(); }

void loops(int n) {
  for (int i = 0; i < n; ++i)
    work();
  for (int i = 0; i < 100; ++i)
    table[i] = i;
}

int main(void) {
  calls();
  loops(3);
  return tiny(counted_only(1)) + sys_accessor(2);
}

// What follows is in a system header, as if included from one.
# 1 "/usr/include/hotline-statistics-test.h" 1 3
int sys_accessor(int x) { return x * 2; }
