// Functions inlined together into a loop's step share one sum (LoopCounterPass.cpp): `scale`
// and `shift` run in the same step of each loop, `clamp` after a call that may throw. Their
// counts stay exact when the call throws in the middle of the 701st step: scale and shift
// were entered 701 times there, clamp 700. The second loop has no call and is vectorized:
// 4,096 steps each.
// RUN: %clangxx_hotline -O2 -g %s -o %t
// RUN: %clangxx_plain -O2 -g %s -o %t.plain
// RUN: %t.plain > %t.plain.out
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d HOTLINE_QUIET=1 %t > %t.out
// RUN: diff %t.plain.out %t.out
// RUN: %hotline report --top 0 --format json %t.d/*.hotline | python3 -c "import json, sys; \
// RUN:   calls = {f['name'].split('(')[0]: f['calls'] for f in json.load(sys.stdin)['functions']}; \
// RUN:   print(*(f'{n} {calls.get(n, 0)}' for n in ('scale', 'shift', 'clamp', 'check', 'widen', 'narrow')))" | FileCheck %s
// CHECK: scale 701 shift 701 clamp 700 check 701 widen 4096 narrow 4096

#include <cstdio>

static long scale(long x) { return 3 * x; }
static long shift(long x) { return x + 11; }
static long clamp(long x) { return x > 1000 ? 1000 : x; }
static double widen(double x) { return x * 1.5; }
static double narrow(double x) { return x - 0.25; }

__attribute__((noinline)) void check(int i) {
  if (i == 700)
    throw i;
}

double values[4096];

int main() {
  long sum = 0;
  try {
    for (int i = 0; i < 1000; ++i) {
      sum += shift(scale(i));
      check(i);
      sum += clamp(sum);
    }
  } catch (int at) {
    std::printf("thrown at %d, sum %ld\n", at, sum);
  }
  for (int i = 0; i < 4096; ++i)
    values[i] = narrow(widen(double(i)));
  double total = 0;
  for (double v : values)
    total += v;
  std::printf("total %.2f\n", total);
  return 0;
}
