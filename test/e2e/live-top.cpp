// The live view: a program run with HOTLINE_LIVE=1 HOTLINE_LIVE_MS=100 spends its time in a hot
// function inside the region data_loading until the test creates a stop file. While it runs,
// its live file is <XDG_RUNTIME_DIR>/hotline/<pid>.live, mode 0600 in a 0700 directory;
// `hotline top PID` piped prints one snapshot with the function and the region; in a terminal
// (tmux) it redraws the view until 'q', and when the program ends while it watches, it says so
// and exits with status 0. After the program the file is gone, and the program's output and
// status are those of the plain build. A program killed with SIGKILL leaves its file, and top
// says the process is not running. Waits poll with deadlines of a minute (loaded CI machines).
// REQUIRES: tmux
// RUN: %clangxx_hotline -O2 -g %s -o %t
// RUN: %clangxx_plain -O2 -g -Wno-unknown-attributes -I%hotline_include %s -o %t.plain
// RUN: rm -rf %t.xdg %t.d %t.stop %t.tmux && mkdir -p %t.xdg %t.d && chmod 700 %t.xdg && touch %t.stop-now
// RUN: %t.plain %t.stop-now > %t.plain.out; echo "exit $?" >> %t.plain.out
//
// RUN: env XDG_RUNTIME_DIR=%t.xdg HOTLINE_LIVE=1 HOTLINE_LIVE_MS=100 HOTLINE_DIR=%t.d %t %t.stop > %t.out 2> %t.err & echo $! > %t.pid
// RUN: for i in $(seq 1200); do test -e %t.xdg/hotline/$(cat %t.pid).live && break; sleep 0.05; done
// RUN: stat -c %%a %t.xdg/hotline %t.xdg/hotline/$(cat %t.pid).live | FileCheck %s --check-prefix=MODES
// MODES: 700
// MODES-NEXT: 600
//
// Piped: one snapshot, once the function has been counted.
// RUN: for i in $(seq 600); do env XDG_RUNTIME_DIR=%t.xdg %hotline top $(cat %t.pid) > %t.top; \
// RUN:   grep -Eq '[1-9][0-9,]*  hot_function' %t.top && break; sleep 0.1; done
// RUN: FileCheck %s --check-prefix=TOP -DPID=$(cat %t.pid) --input-file %t.top
// TOP:      hotline top: live-top.cpp.tmp, pid [[PID]], running {{.*}}, 1 thread, CPU {{.*}}%
// TOP-NEXT: heap: {{.*}} in use, peak {{.*}}
// TOP-NEXT: GPU: no data
// TOP:      Hottest functions since start
// TOP-NEXT: self{{ +}}share{{ +}}total{{ +}}calls{{ +}}function
// TOP:      {{[1-9][0-9.]*}} {{ns|µs|ms|s}} {{.*}}  {{[1-9][0-9,]*}}  hot_function(unsigned long) (live-top.cpp:{{[0-9]+}})
// TOP:      Regions since start
// TOP-NEXT: time{{ +}}share{{ +}}entries{{ +}}region
// TOP-NEXT: {{[1-9][0-9.]*}} {{ns|µs|ms|s}} {{.*}}  1  data_loading
//
// In a terminal: the view, and 'q' ends it (the tmux session closes with it).
// RUN: tmux -S %t.tmux new-session -d -s view -x 160 -y 50 "env XDG_RUNTIME_DIR=%t.xdg %hotline top --interval 200 $(cat %t.pid)"
// RUN: for i in $(seq 600); do tmux -S %t.tmux capture-pane -p -t view > %t.screen; \
// RUN:   grep -q 'Hottest functions, last [0-9]' %t.screen && break; sleep 0.1; done
// RUN: FileCheck %s --check-prefix=SCREEN --input-file %t.screen
// SCREEN:      hotline top: live-top.cpp.tmp, pid
// SCREEN:      Hottest functions, last
// SCREEN:      hot_function(unsigned long)
// SCREEN:      Hottest functions since start
// SCREEN:      hot_function(unsigned long)
// SCREEN:      Regions since start
// SCREEN:      data_loading
// SCREEN:      q: quit
// RUN: tmux -S %t.tmux send-keys -t view q
// RUN: for i in $(seq 600); do tmux -S %t.tmux has-session -t view 2> /dev/null || break; sleep 0.1; done
// RUN: not tmux -S %t.tmux has-session -t view
//
// Watching while the program ends: a last line, status 0.
// RUN: tmux -S %t.tmux new-session -d -s end -x 160 -y 50 "env XDG_RUNTIME_DIR=%t.xdg %hotline top --interval 200 $(cat %t.pid); echo status \$?; sleep 120"
// RUN: for i in $(seq 600); do tmux -S %t.tmux capture-pane -p -t end | grep -q 'q: quit' && break; sleep 0.1; done
// RUN: touch %t.stop
// RUN: wait $(cat %t.pid); echo "exit $?" >> %t.out
// RUN: for i in $(seq 600); do tmux -S %t.tmux capture-pane -p -t end > %t.end; grep -q '^status' %t.end && break; sleep 0.1; done
// RUN: tmux -S %t.tmux kill-server
// RUN: FileCheck %s --check-prefix=END -DPID=$(cat %t.pid) --input-file %t.end
// END:      hotline top: live-top.cpp.tmp (pid [[PID]]) ended after {{.*}}
// END-NEXT: status 0
//
// RUN: diff %t.plain.out %t.out
// RUN: not test -e %t.xdg/hotline/$(cat %t.pid).live
// RUN: ls %t.d | FileCheck %s --check-prefix=PROFILE
// PROFILE: live-top.cpp.tmp.{{[0-9]+}}.hotline
//
// Killed: the file stays, top says the process is not running.
// RUN: rm -f %t.stop
// RUN: env XDG_RUNTIME_DIR=%t.xdg HOTLINE_LIVE=1 HOTLINE_LIVE_MS=100 HOTLINE_DIR=%t.d %t %t.stop > /dev/null 2>&1 & echo $! > %t.pid
// RUN: for i in $(seq 1200); do test -e %t.xdg/hotline/$(cat %t.pid).live && break; sleep 0.05; done
// RUN: kill -KILL $(cat %t.pid); wait $(cat %t.pid); test -e %t.xdg/hotline/$(cat %t.pid).live
// RUN: env XDG_RUNTIME_DIR=%t.xdg not %hotline top $(cat %t.pid) 2>&1 | FileCheck %s --check-prefix=KILLED -DPID=$(cat %t.pid) -DXDG=%t.xdg
// KILLED: hotline: error: process [[PID]] is not running ([[XDG]]/hotline/[[PID]].live is left from it)

#include <hotline/hotline.h>

#include <cstdint>
#include <cstdio>
#include <sys/stat.h>
#include <time.h>

static double seconds_now() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

// Busy arithmetic the optimizer cannot drop, about 30 µs a call.
__attribute__((noinline)) uint64_t hot_function(uint64_t state) {
  for (int i = 0; i < 20000; ++i) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
  }
  return state;
}

// Works in the region until the file argv[1] exists (at most two minutes).
int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  uint64_t state = 88172645463325252u;
  double start = seconds_now();
  {
    HOTLINE_REGION("data_loading");
    struct stat st;
    do
      state = hot_function(state);
    while (stat(argv[1], &st) != 0 && seconds_now() - start < 120);
  }
  std::printf("worked: %s\n", state != 0 ? "yes" : "no");
  return 3;
}
