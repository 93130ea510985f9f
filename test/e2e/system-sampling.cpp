// HOTLINE_SAMPLE_MS=20 samples the process every 20 ms: a program that keeps one thread busy
// for 0.4 s while growing a 64 MiB buffer has about 20 samples (at least 10, at most one a
// period of the run's wall time, which load stretches), in time order, with one core
// busy and the buffer resident. Without HOTLINE_SAMPLE_MS there are no samples, but the
// SYSTEM section's CPU time is there; a bad value is one line and the program still runs.
// The samples' CPU % is checked against the share of a core the program measured itself
// getting (100% on an idle machine, less when other tests run beside it).
// RUN: %clangxx_hotline -O2 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_SAMPLE_MS=20 HOTLINE_DIR=%t.d %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %hotline report --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/system_samples.py %t.json 67108864 %t.out | FileCheck %s --check-prefix=SAMPLED
// RUN: %hotline report %t.d/*.hotline | FileCheck %s --check-prefix=TEXT

// RUN: rm -rf %t.d2 && mkdir -p %t.d2 && env HOTLINE_DIR=%t.d2 %t 100 | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.d2/*.hotline > %t2.json
// RUN: python3 %S/Inputs/system_samples.py %t2.json 67108864 | FileCheck %s --check-prefix=UNSAMPLED
// RUN: %hotline report %t.d2/*.hotline | FileCheck %s --check-prefix=UNSAMPLED-TEXT

// RUN: rm -rf %t.d3 && mkdir -p %t.d3 && env HOTLINE_SAMPLE_MS=abc HOTLINE_DIR=%t.d3 %t 100 2> %t3.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=BAD --input-file %t3.err
// RUN: %hotline report --format json %t.d3/*.hotline > %t3.json
// RUN: python3 %S/Inputs/system_samples.py %t3.json 67108864 | FileCheck %s --check-prefix=UNSAMPLED

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <time.h>

constexpr size_t kBufferBytes = 64u << 20;

static double seconds_on(clockid_t clock) {
  timespec ts;
  clock_gettime(clock, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

static double seconds_now() { return seconds_on(CLOCK_MONOTONIC); }

// Busy arithmetic the optimizer cannot drop.
__attribute__((noinline)) uint64_t spin(uint64_t state, int rounds) {
  for (int i = 0; i < rounds; ++i) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
  }
  return state;
}

// Works for about `seconds` of wall time; the buffer grows to its full size in the first half
// (each new page written, so it is resident) and stays for another half from the moment it is
// full (a loaded machine once stalled the program past the first half's end, and it ended
// with the buffer at 90%).
__attribute__((noinline)) uint64_t work(double seconds) {
  char *buffer = nullptr;
  size_t size = 0;
  uint64_t state = 88172645463325252u;
  double start = seconds_now(), full_since = 0;
  for (double elapsed = 0; size < kBufferBytes || elapsed - full_since < seconds / 2;
       elapsed = seconds_now() - start) {
    size_t target =
        elapsed >= seconds / 2 ? kBufferBytes : size_t(kBufferBytes * (elapsed / (seconds / 2)));
    target &= ~size_t(4095);
    if (target > size) {
      buffer = static_cast<char *>(realloc(buffer, target));
      memset(buffer + size, int(state), target - size);
      size = target;
      full_since = elapsed;
    }
    state = spin(state, 100000);
  }
  uint64_t checksum = state + (size ? uint64_t(buffer[size - 1]) : 0);
  free(buffer);
  return checksum;
}

int main(int argc, char **argv) {
  int ms = argc > 1 ? atoi(argv[1]) : 400;
  double wall = seconds_now(), cpu = seconds_on(CLOCK_PROCESS_CPUTIME_ID);
  uint64_t checksum = work(ms / 1000.0);
  double share = (seconds_on(CLOCK_PROCESS_CPUTIME_ID) - cpu) / (seconds_now() - wall);
  printf("worked %d ms (%llu), CPU share %.1f%%\n", ms, (unsigned long long)(checksum & 1),
         share * 100);
  return 0;
}

// OUT: worked {{[0-9]+}} ms ({{[01]}}), CPU share {{[0-9.]+}}%

// SAMPLED: samples between 10 and one a period of the run: yes
// SAMPLED-NEXT: times increasing: yes
// SAMPLED-NEXT: RSS max at least the buffer: yes
// SAMPLED-NEXT: CPU mean within 15 points of the program's share, at most 110%: yes
// SAMPLED-NEXT: CPU time: yes

// TEXT:      System
// TEXT-NEXT: CPU: {{.+}} of CPU time in the {{.+}} run, {{[0-9.]+}} cores busy on average
// TEXT-NEXT: Energy: {{.+}}
// TEXT-NEXT: {{[0-9]+}} samples, every 20.0 ms:
// TEXT-EMPTY:
// TEXT-NEXT: {{ +}}min{{ +}}mean{{ +}}max
// TEXT-NEXT: CPU {{.+}}%
// TEXT-NEXT: RSS {{.+}} MB

// UNSAMPLED: samples: 0
// UNSAMPLED-NEXT: sample period: 0
// UNSAMPLED-NEXT: CPU time: yes

// UNSAMPLED-TEXT:      System
// UNSAMPLED-TEXT-NEXT: CPU: {{.+}} of CPU time in the {{.+}} run, {{[0-9.]+}} cores busy on average
// UNSAMPLED-TEXT-NEXT: Energy: {{.+}}
// UNSAMPLED-TEXT-NEXT: No samples (HOTLINE_SAMPLE_MS=N reads CPU, RSS and GPUs every N ms)

// BAD:      hotline: HOTLINE_SAMPLE_MS=abc is not a non-negative integer; using 0
// BAD-NOT:  {{.}}
