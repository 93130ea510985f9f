// Exclusive time follows the work done: heavy does four times light's work and is ranked
// first; the caller that only loops has little self time. The ratio is about 4 on a quiet
// machine; the bound is loose because a busy 2-core machine preempts either function.
// RUN: %clangxx_hotline -O2 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report %t.d/*.hotline | FileCheck %s
// RUN: %hotline report --format json %t.d/*.hotline > %t.json
// RUN: python3 -c "import json,sys; f={x['name']:x for x in json.load(open(sys.argv[1]))['functions']}; r=f['heavy(int)']['self_ns']/f['light(int)']['self_ns']; print('ratio ok' if 1.5 < r < 16 else 'ratio %%.2f' %% r)" %t.json | FileCheck %s --check-prefix=RATIO

#include <cstdio>

static volatile double sink;

__attribute__((noinline)) void heavy(int n) { for (int i = 0; i < n; ++i) { double x = 1.0; for (int k = 0; k < 400000; ++k) x = x * 1.0000001 + 0.5; sink = x; } }
__attribute__((noinline)) void light(int n) { for (int i = 0; i < n; ++i) { double x = 1.0; for (int k = 0; k < 100000; ++k) x = x * 1.0000001 + 0.5; sink = x; } }

int main() {
  for (int round = 0; round < 100; ++round) {
    heavy(1);
    light(1);
  }
  puts("done");
  return 0;
}

// OUT: done
// CHECK: Functions by self time
// CHECK: heavy(int)
// CHECK: light(int)
// CHECK: main
// RATIO: ratio ok
