// Trace mode with thousands of short threads: each thread's timeline grows in segments taken
// from the runtime's arena, so 20,000 threads that keep one event each add a few memory
// mappings, not one each (the process would run out of mappings, 65,530 by default, long
// before it ran out of memory). Every event is kept, and a thread that fills its buffer keeps
// exactly HOTLINE_TRACE_EVENTS across its segments and counts the rest as dropped.
// RUN: %clangxx_hotline -O1 -g -fplugin-arg-hotline-min-instructions=0 %s -lpthread -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d/churn %t.d/full
// RUN: env HOTLINE_DIR=%t.d/churn HOTLINE_TRACE=1 HOTLINE_TRACE_MIN_NS=0 HOTLINE_STOP_TIMING_AFTER=0 %t churn | FileCheck %s --check-prefix=CHURN
// RUN: python3 %S/Inputs/trace_events.py %t.d/churn/*.hotline | sort | uniq -c | FileCheck %s --check-prefix=CHURN-TRACE
// RUN: env HOTLINE_DIR=%t.d/full HOTLINE_TRACE=1 HOTLINE_TRACE_MIN_NS=0 HOTLINE_TRACE_EVENTS=70000 HOTLINE_STOP_TIMING_AFTER=0 %t full
// RUN: python3 %S/Inputs/trace_events.py %t.d/full/*.hotline | sort | uniq -c | FileCheck %s --check-prefix=FULL

// CHURN: 20000 threads joined; new mappings below 1000: yes
// CHURN-TRACE-DAG: {{^ *}}1 main call main
// CHURN-TRACE-DAG: {{^ *}}20000 other call work(int)
// CHURN-TRACE-DAG: {{^ *}}1 trace min_ns=0 allocation_min_bytes=1048576 dropped=0 capacity=250000

// 100,000 calls and main itself, 70,000 kept: main ends last, so it is among the dropped.
// FULL-DAG: {{^ *}}70000 main call work(int)
// FULL-DAG: {{^ *}}1 trace min_ns=0 allocation_min_bytes=1048576 dropped=30001 capacity=70000

#include <cstdio>
#include <cstring>
#include <thread>

static volatile int sink;

__attribute__((noinline)) static void work(int n) {
  for (int i = 0; i < n; ++i)
    sink = sink + i;
}

static int count_mappings() {
  FILE *maps = std::fopen("/proc/self/maps", "r");
  int lines = 0;
  for (int c; (c = std::fgetc(maps)) != EOF;)
    lines += c == '\n';
  std::fclose(maps);
  return lines;
}

int main(int argc, char **argv) {
  if (argc > 1 && !std::strcmp(argv[1], "churn")) {
    int before = count_mappings();
    for (int i = 0; i < 20000; ++i) {
      std::thread t(work, 10);
      t.join();
    }
    std::printf("20000 threads joined; new mappings below 1000: %s\n",
                count_mappings() - before < 1000 ? "yes" : "no");
  } else {
    for (int i = 0; i < 100000; ++i)
      work(10);
  }
  return 0;
}
