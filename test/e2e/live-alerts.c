// HOTLINE_ALERT: rules checked every HOTLINE_LIVE_MS by the live thread, which the rules alone
// start (without HOTLINE_LIVE, and then without a live file). The program spends its first
// second in the region data_loading and all its time in spin(); it holds 3 MiB of heap twice,
// a second each, with a second between. So the region rule fires once (its share falls
// below 50% later, and never crosses again), the function rule once, the heap rule twice;
// rules on a region never entered and on more heap than ever used never fire. Each alert is
// one line on stderr. A bad rule is one line naming it and what was expected, and then no
// rule is checked; the program's output and status never change. Bad HOTLINE_LIVE_MS values
// are one line each.
// RUN: %clang_hotline -O1 -g %s -o %t
// RUN: %clang_plain -O1 -g -Wno-unknown-attributes -I%hotline_include %s -o %t.plain
// RUN: rm -rf %t.d %t.xdg && mkdir -p %t.d %t.xdg && chmod 700 %t.xdg
// RUN: %t.plain > %t.plain.out; echo "exit $?" >> %t.plain.out
// RUN: %t.plain quick > %t.quick.out; echo "exit $?" >> %t.quick.out
//
// RUN: env XDG_RUNTIME_DIR=%t.xdg HOTLINE_DIR=%t.d HOTLINE_LIVE_MS=20 \
// RUN:   HOTLINE_ALERT='region:data_loading>50%; function:spin>90%, heap>2M;region:never_entered>1%,heap>1G' \
// RUN:   %t > %t.out 2> %t.err; echo "exit $?" >> %t.out
// RUN: diff %t.plain.out %t.out
// RUN: FileCheck %s --check-prefix=FIRED --input-file %t.err
// FIRED-DAG: hotline: alert: region data_loading at {{[0-9.]+}}% of the run (rule region:data_loading>50%)
// FIRED-DAG: hotline: alert: function spin at {{[0-9.]+}}% of the run (rule function:spin>90%)
// FIRED-DAG: hotline: alert: heap in use {{3\.[0-9]+}} MiB (rule heap>2M)
// RUN: not grep -E 'never_entered|heap>1G' %t.err
// RUN: grep -c 'alert: region data_loading' %t.err | FileCheck %s --check-prefix=ONCE
// RUN: grep -c 'alert: function spin' %t.err | FileCheck %s --check-prefix=ONCE
// RUN: grep -c 'alert: heap in use' %t.err | FileCheck %s --check-prefix=TWICE
// ONCE: {{^1$}}
// TWICE: {{^2$}}
// RUN: not ls %t.xdg/hotline
//
// RUN: env HOTLINE_DIR=%t.d HOTLINE_ALERT='region:x>abc' %t quick > %t.bad.out 2> %t.bad.err; echo "exit $?" >> %t.bad.out
// RUN: diff %t.quick.out %t.bad.out
// RUN: FileCheck %s --check-prefix=PERCENT --input-file %t.bad.err
// PERCENT: hotline: HOTLINE_ALERT: 'region:x>abc': expected a percentage after '>' (as in region:x>50%); alerts are off
// RUN: env HOTLINE_DIR=%t.d HOTLINE_ALERT='heap>1K; cpu>5%' %t > %t.bad.out 2> %t.bad.err; echo "exit $?" >> %t.bad.out
// RUN: diff %t.plain.out %t.bad.out
// RUN: FileCheck %s --check-prefix=KIND --input-file %t.bad.err
// KIND: hotline: HOTLINE_ALERT: 'cpu>5%': expected region:NAME>PCT%, function:NAME>PCT% or heap>SIZE; alerts are off
// KIND-NOT: alert:
// RUN: env HOTLINE_DIR=%t.d HOTLINE_ALERT='heap>2X' %t quick > %t.bad.out 2> %t.bad.err; echo "exit $?" >> %t.bad.out
// RUN: diff %t.quick.out %t.bad.out
// RUN: FileCheck %s --check-prefix=SIZE --input-file %t.bad.err
// SIZE: hotline: HOTLINE_ALERT: 'heap>2X': expected a size after '>' (bytes, or with K, M or G: heap>2G); alerts are off
// RUN: env HOTLINE_DIR=%t.d HOTLINE_ALERT='function:>10%' %t quick > %t.bad.out 2> %t.bad.err; echo "exit $?" >> %t.bad.out
// RUN: diff %t.quick.out %t.bad.out
// RUN: FileCheck %s --check-prefix=NAME --input-file %t.bad.err
// NAME: hotline: HOTLINE_ALERT: 'function:>10%': expected a name after 'function:'; alerts are off
//
// RUN: env HOTLINE_DIR=%t.d HOTLINE_LIVE_MS=5 HOTLINE_ALERT='heap>1G' %t quick > %t.bad.out 2> %t.bad.err; echo "exit $?" >> %t.bad.out
// RUN: diff %t.quick.out %t.bad.out
// RUN: FileCheck %s --check-prefix=PERIOD --input-file %t.bad.err
// PERIOD: hotline: HOTLINE_LIVE_MS=5 is not between 10 and 3600000 milliseconds; using 1000
// RUN: env HOTLINE_DIR=%t.d HOTLINE_LIVE_MS=soon HOTLINE_LIVE=perhaps %t quick > %t.bad.out 2> %t.bad.err; echo "exit $?" >> %t.bad.out
// RUN: diff %t.quick.out %t.bad.out
// RUN: FileCheck %s --check-prefix=WORDS --input-file %t.bad.err
// WORDS-DAG: hotline: HOTLINE_LIVE=perhaps is not a boolean (use 1/0, true/false, yes/no, on/off); using 0
// WORDS-DAG: hotline: HOTLINE_LIVE_MS=soon is not a non-negative integer; using 1000

#include <hotline/hotline.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double seconds_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double g_start;

// Busy until `until` seconds after the start.
__attribute__((noinline)) uint64_t spin(uint64_t state, double until) {
  while (seconds_now() - g_start < until)
    for (int i = 0; i < 10000; ++i) {
      state ^= state << 13;
      state ^= state >> 7;
      state ^= state << 17;
    }
  return state;
}

// A block the optimizer cannot take away: written, and freed through a volatile pointer.
static char *volatile g_block;

static void hold_heap(size_t bytes) {
  g_block = malloc(bytes);
  memset(g_block, 1, bytes);
}

int main(int argc, char **argv) {
  int quick = argc > 1 && !strcmp(argv[1], "quick");
  uint64_t state = 1;
  g_start = seconds_now();
  hotline_region_begin("data_loading");
  state = spin(state, quick ? 0.01 : 1.0);
  hotline_region_end();
  if (!quick) {
    hold_heap(3u << 20);
    state = spin(state, 2.0);
    free(g_block);
    state = spin(state, 3.0);
    hold_heap(3u << 20);
    state = spin(state, 4.0);
    free(g_block);
    state = spin(state, 4.5);
  }
  printf("spun: %s\n", state != 0 ? "yes" : "no");
  return 4;
}
