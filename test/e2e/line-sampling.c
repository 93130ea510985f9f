// In line mode the runtime samples where each thread runs and writes the sampled addresses,
// relative to their object, with the objects mapped at exit (SAMPLING, OBJECTS and SAMPLES).
// The module is simulated: it registers with HOTLINE_ABI_MODULE_LINES and no sites. The
// loop runs for 0.5 s of CPU time, which is 2,000 samples at 4,000 per second.
// RUN: %clang_plain -O1 -g -I%hotline_include %s %hotline_ldflags -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d HOTLINE_SAMPLE_HZ=4000 %t
// RUN: python3 %S/Inputs/read_samples.py %t.d/*.hotline | FileCheck %s
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d HOTLINE_SAMPLE_HZ=0 %t
// RUN: python3 %S/Inputs/read_samples.py %t.d/*.hotline | FileCheck %s --check-prefix=OFF
// RUN: %clang_plain -O1 -g -I%hotline_include -DNOT_LINE_MODE %s %hotline_ldflags -o %t.plain
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t.plain
// RUN: python3 %S/Inputs/read_samples.py %t.d/*.hotline | FileCheck %s --check-prefix=PLAIN

#include <hotline/abi.h>
#include <time.h>

#ifdef NOT_LINE_MODE
#define FLAGS 0
#else
#define FLAGS HOTLINE_ABI_MODULE_LINES
#endif

static struct __hotline_module module = {HOTLINE_ABI_VERSION, 0, 0, __FILE__, 0,
                                         HOTLINE_UNREGISTERED_SITE_BASE, FLAGS};
__attribute__((constructor(101))) static void register_module(void) { __hotline_register_module(&module); }

static double cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

__attribute__((noinline)) double busy_loop(double seconds) {
  volatile double x = 0;
  double start = cpu_seconds();
  while (cpu_seconds() - start < seconds)
    for (int i = 0; i < 100000; ++i)
      x += i * 0.5;
  return x;
}

int main(void) {
  __hotline_thread_counters_init(); // creates the thread's state, as instrumented code would
  busy_loop(0.5);
  return 0;
}

// CHECK: sections RUN STRINGS MODULES SITES SITE_COUNTS THREADS CALL_TREE TIMING_COST TIMING_STOPPED OBJECTS OBJECT_BUILD_IDS HEAP MEMORY_SITES FILES IO_SITES SYSTEM SYSTEM_SAMPLES REGIONS COUNTERS SYNC_SITES SAMPLING SAMPLES
// CHECK-NEXT: period 250000 ns
// CHECK-NEXT: method {{perf task-clock|POSIX thread CPU timer}}
// CHECK-NEXT: samples between 1500 and 2500, none dropped, all in SAMPLES
// CHECK-NEXT: object 0 is the program
// CHECK-NEXT: hottest address in busy_loop
// OFF: sections RUN STRINGS MODULES SITES SITE_COUNTS THREADS CALL_TREE TIMING_COST TIMING_STOPPED OBJECTS OBJECT_BUILD_IDS HEAP MEMORY_SITES FILES IO_SITES SYSTEM SYSTEM_SAMPLES REGIONS COUNTERS SYNC_SITES SAMPLING SAMPLES
// OFF-NEXT: period 0 ns
// OFF-NEXT: method ""
// OFF-NEXT: no samples
// PLAIN: sections RUN STRINGS MODULES SITES SITE_COUNTS THREADS CALL_TREE TIMING_COST TIMING_STOPPED OBJECTS OBJECT_BUILD_IDS HEAP MEMORY_SITES FILES IO_SITES SYSTEM SYSTEM_SAMPLES REGIONS COUNTERS SYNC_SITES{{$}}
