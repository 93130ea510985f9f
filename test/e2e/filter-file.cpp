// -fplugin-arg-hotline-filter=FILE reads options from a file, one per line, with comments and
// blank lines: skip:: is not instrumented, kept() gets line mode, main() does not. A bad line
// is an error naming the file and line; an unreadable file names the file and why.
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: printf '# what to profile\nexclude=^skip::\n\n  lines-include=^kept\n' > good.filter
// RUN: %clangxx_hotline -O1 -g -fplugin-arg-hotline-filter=good.filter %s -o filtered
// RUN: ./filtered | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json filtered.*.hotline | FileCheck %s --check-prefix=FUNCTIONS
// RUN: %hotline lines filtered.*.hotline | FileCheck %s --check-prefix=LINES
// RUN: printf 'exclude=^skip::\ntiming=later\n' > bad.filter
// RUN: not %clangxx_hotline -c -fplugin-arg-hotline-filter=bad.filter %s -o bad.o 2>&1 | FileCheck %s --check-prefix=BAD-LINE
// RUN: not %clangxx_hotline -c -fplugin-arg-hotline-filter=missing.filter %s -o bad.o 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: printf 'filter=good.filter\n' > nested.filter
// RUN: not %clangxx_hotline -c -fplugin-arg-hotline-filter=nested.filter %s -o bad.o 2>&1 | FileCheck %s --check-prefix=NESTED

#include <cstdio>

namespace skip {
__attribute__((noinline)) int one(int x) { return x * 3 + (x & 1); }
} // namespace skip

__attribute__((noinline)) int kept(int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i)
    sum += skip::one(i);
  return sum;
}

int main() {
  std::printf("sum %d\n", kept(5));
  return 0;
}

// OUT: sum 32
// FUNCTIONS-NOT: "name": "skip::one
// FUNCTIONS:     "name": "kept(int)",
// FUNCTIONS:     "calls": 1,
// FUNCTIONS-NOT: "name": "skip::one
// The program runs a millisecond: a sample may land outside its lines (once, in the dynamic
// loader, a sixth line), so the lines are not counted.
// LINES: Lines by time ({{[0-9]+}} of {{[0-9]+}})
// LINES: 6 {{.*}}filter-file.cpp:24 kept(int)
// LINES: 5 {{.*}}filter-file.cpp:25 kept(int)
// LINES-NOT: {{  main$}}
// BAD-LINE: error: hotline: -fplugin-arg-hotline-filter=bad.filter: bad.filter:2: option 'timing' must be after-inlining, before-inlining or off, not 'later'
// MISSING: error: hotline: -fplugin-arg-hotline-filter=missing.filter: option 'filter': cannot read 'missing.filter': No such file or directory
// NESTED: error: hotline: -fplugin-arg-hotline-filter=nested.filter: nested.filter:1: a filter file cannot name another
