// A call tree 20,000 calls deep (recursion): the speedscope export is linear in the tree's
// size, two events a call path, 41,000-odd lines and about 1.4 MB. It wrote one sample per
// call path naming the whole path, which grows as depth squared: about 1.2 GB here, and at
// 100,000 calls deep it did not finish in a minute. (The folded format names the whole path
// on each line by definition: past 1,000 frames deep it collapses recursion,
// export-folded-deep.test.)
// RUN: %clang_hotline -O1 -g -fplugin-arg-hotline-min-instructions=0 %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env HOTLINE_DIR=%t.d HOTLINE_STOP_TIMING_AFTER=0 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline export --format speedscope %t.d/*.hotline -o %t.json
// RUN: python3 -c "import json, os, sys; d = json.load(open(sys.argv[1])); \
// RUN:   events = d['profiles'][0]['events']; opened = [e for e in events if e['type'] == 'O']; \
// RUN:   depth = max(sum(1 if e['type'] == 'O' else -1 for e in events[:i + 1]) for i in range(0, len(events), 997)); \
// RUN:   print(len(opened), 'opened,', 'at most 2 MB' if os.path.getsize(sys.argv[1]) < 2 << 20 else 'bigger', depth > 19000)" %t.json \
// RUN:   | FileCheck %s --check-prefix=SPEEDSCOPE
// OUT: 20001
// SPEEDSCOPE: 20002 opened, at most 2 MB True

#include <stdio.h>

__attribute__((noinline)) long down(long n) {
  volatile char frame[16];
  frame[n & 15] = 1;
  if (n == 0)
    return 1;
  return down(n - 1) + frame[n & 15];
}

#ifndef DEPTH
#define DEPTH 20000 // export-folded-deep.test builds it 4,000 deep
#endif

int main(void) {
  printf("%ld\n", down(DEPTH));
  return 0;
}
