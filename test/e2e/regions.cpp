// Regions from the three ways of opening one (the attribute, the scoped macro, begin/end),
// nested and on two threads, with their exact entries and counters; an exception leaving a
// region function closes its region; a region still open at exit is marked so. Without the
// plugin, hotline.h compiles to nothing and the program behaves the same.
// RUN: %clangxx_hotline -O2 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/regions_summary.py %t.json | FileCheck %s
// RUN: %hotline report %t.d/*.hotline | FileCheck %s --check-prefix=TEXT
// RUN: %clangxx_plain -O2 -Wno-unknown-attributes -I%hotline_include %s -o %t.plain
// RUN: %t.plain | FileCheck %s --check-prefix=OUT
// RUN: nm %t.plain | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: __hotline

// OUT: sum 32 caught 1

// CHECK: region after | category=other entries=1 threads=1 open=false counters=-
// CHECK-NEXT: region compute | category=compute entries=3 threads=2 open=false counters=steps=30
// CHECK-NEXT: region data_loading | category=data loading entries=4 threads=1 open=false counters=samples=32
// CHECK-NEXT: region may_throw | category=other entries=1 threads=1 open=false counters=-
// CHECK-NEXT: region preprocessing/normalize | category=preprocessing entries=4 threads=1 open=false counters=-
// CHECK-NEXT: region preprocessing/normalize > resize | category=preprocessing entries=8 threads=1 open=false counters=bytes=8192
// CHECK-NEXT: region still_open | category=other entries=1 threads=1 open=true counters=-
// CHECK-NEXT: outside unassigned=5
// CHECK: category data loading
// CHECK: category preprocessing

// TEXT: Regions (time summed over threads
// TEXT: data_loading {{ *}}data loading {{ *}}samples 32 (
// TEXT: Time by category

#include <hotline/hotline.h>

#include <cstdio>
#include <thread>
#include <unistd.h>

volatile long sink;

[[hotline::region("data_loading")]] __attribute__((noinline)) void load_batch(int n) {
  for (int i = 0; i < n; ++i) {
    HOTLINE_COUNT("samples", 1);
    sink = sink + i;
  }
  usleep(2000);
}

__attribute__((noinline)) void normalize() {
  HOTLINE_REGION("preprocessing/normalize");
  for (int i = 0; i < 2; ++i) {
    HOTLINE_REGION("resize");
    HOTLINE_COUNT("bytes", 1024);
    usleep(500);
  }
}

__attribute__((noinline)) void compute(int steps) {
  hotline_region_begin("compute");
  for (int i = 0; i < steps; ++i)
    HOTLINE_COUNT("steps", 1);
  usleep(1000);
  hotline_region_end();
}

[[hotline::region("may_throw")]] __attribute__((noinline)) void may_throw() { throw 42; }

int main() {
  for (int batch = 0; batch < 4; ++batch) {
    load_batch(8);
    normalize();
  }
  compute(10);
  std::thread worker([] {
    compute(10);
    compute(10);
  });
  worker.join();
  int caught = 0;
  try {
    may_throw();
  } catch (int) {
    caught = 1;
  }
  {
    HOTLINE_REGION("after"); // top-level: the exception closed may_throw
  }
  HOTLINE_COUNT("unassigned", 5);
  std::printf("sum %ld caught %d\n", (long)sink - 4 * 28 + 32, caught);
  hotline_region_begin("still_open");
  return 0;
}
