// `hotline diff` in line mode: two runs of one program with different inputs are compared
// line by line, matched by file and line, with exact counts. work(int)'s loop (lines 44
// and 45) ran 200,000 more times; every other line ran once in both. Sampling is off, so
// no line has time and the order is by the change in count.
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d/base %t.d/new
// RUN: env HOTLINE_DIR=%t.d/base HOTLINE_SAMPLE_HZ=0 %t 100000 | FileCheck %s --check-prefix=OUT-BASE
// RUN: env HOTLINE_DIR=%t.d/new HOTLINE_SAMPLE_HZ=0 %t 300000 | FileCheck %s --check-prefix=OUT-NEW
// OUT-BASE: 599992
// OUT-NEW: 1800000
// RUN: %hotline diff --top 2 %t.d/base/*.hotline %t.d/new/*.hotline | FileCheck %s --check-prefix=TEXT --match-full-lines -DFILE=%s
// TEXT:      Lines by change in sampled time (2 of {{[0-9]+}})
// TEXT-NEXT: base   new  change  change%  base count  new count  count change  line{{ +}}function
// TEXT-NEXT: 0 ns  0 ns    0 ns     0.0%     100,001    300,001      +200,000  [[FILE]]:44  work(int)
// TEXT-NEXT: 0 ns  0 ns    0 ns     0.0%     100,000    300,000      +200,000  [[FILE]]:45  work(int)
// RUN: %hotline diff --format json %t.d/base/*.hotline %t.d/new/*.hotline | FileCheck %s --check-prefix=JSON -DFILE=%s
// JSON:      "lines": [
// JSON-NEXT:   {
// JSON-NEXT:     "file": "[[FILE]]",
// JSON-NEXT:     "line": 44,
// JSON-NEXT:     "function": "work(int)",
// JSON-NEXT:     "status": "both",
// JSON-NEXT:     "base_time_ns": 0,
// JSON-NEXT:     "new_time_ns": 0,
// JSON-NEXT:     "change_ns": 0,
// JSON-NEXT:     "change_percent": 0,
// JSON-NEXT:     "base_count": 100001,
// JSON-NEXT:     "new_count": 300001,
// JSON-NEXT:     "count_change": 200000
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "file": "[[FILE]]",
// JSON-NEXT:     "line": 45,
// JSON:          "count_change": 200000
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON:          "count_change": 0

#include <cstdio>
#include <cstdlib>

__attribute__((noinline)) long work(int n) {
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += i * 7 % 13;
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 100;
  std::printf("%ld\n", work(n));
  return 0;
}
