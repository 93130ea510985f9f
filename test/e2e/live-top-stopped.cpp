// The live view estimates what the runtime stopped timing: tiny() is called millions of times,
// too short to time after its first 1000 calls, and `hotline top` shows its time scaled to all
// its calls (marked `*`), not the first calls' microseconds. Each call costs at least a
// nanosecond, so ten million calls are at least 10 ms whatever the machine's load.
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-min-instructions=0 %s -o %t
// RUN: rm -rf %t.xdg %t.d %t.stop && mkdir -p %t.xdg %t.d && chmod 700 %t.xdg
// RUN: env XDG_RUNTIME_DIR=%t.xdg HOTLINE_LIVE=1 HOTLINE_LIVE_MS=100 HOTLINE_DIR=%t.d %t %t.stop > %t.out 2> %t.err & echo $! > %t.pid
// RUN: for i in $(seq 1200); do test -e %t.xdg/hotline/$(cat %t.pid).live && break; sleep 0.05; done
// RUN: for i in $(seq 600); do env XDG_RUNTIME_DIR=%t.xdg %hotline top $(cat %t.pid) > %t.top; \
// RUN:   grep -Eq '[0-9],[0-9]{3},[0-9]{3},[0-9]{3}  tiny|[1-9][0-9],[0-9]{3},[0-9]{3}  tiny' %t.top && break; sleep 0.1; done
// RUN: touch %t.stop; wait $(cat %t.pid)
// RUN: FileCheck %s --input-file %t.top
// CHECK:      Hottest functions since start
// CHECK:      {{[0-9.]+ (ms|s) +[0-9.]+% +[0-9.]+ (ms|s) +[0-9,]+  tiny\(unsigned long\) \(live-top-stopped.cpp:[0-9]+\) \*}}

#include <cstdint>
#include <sys/stat.h>
#include <time.h>

__attribute__((noinline)) uint64_t tiny(uint64_t state) {
  state ^= state << 13;
  state ^= state >> 7;
  return state ^ (state << 17);
}

static double seconds_now() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

// Calls tiny() until the file argv[1] exists (at most two minutes).
int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  uint64_t state = 88172645463325252u;
  double start = seconds_now();
  struct stat st;
  do
    for (int i = 0; i < 1000000; ++i)
      state = tiny(state);
  while (stat(argv[1], &st) != 0 && seconds_now() - start < 120);
  return state == 0;
}
