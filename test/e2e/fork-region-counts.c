// A forked child's regions start at the fork, as its calls do: the parent enters "step" 10
// times (counting 10 items) inside "outer", forks inside "outer", and the child enters "step"
// 3 times (3 items) and leaves "outer", which it never entered. Each profile holds its own
// process's entries and counts, and the two together hold every entry once: 13 steps, 13
// items, "outer" entered once; the child's "outer" lasted only from the fork, 300 ms less
// than the parent's, which slept that long before forking.
// RUN: %clang_hotline -O1 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d HOTLINE_QUIET=1 %t | FileCheck %s --check-prefix=OUT
// OUT: child 3
// OUT-NEXT: parent 10
// RUN: for f in %t.d/*.hotline; do %hotline report --format json $f > $f.json; python3 %S/Inputs/regions_summary.py $f.json; done | grep '^region' | sort | FileCheck %s
// CHECK:      region outer > step | category=other entries=10 threads=1 open=false counters=items=10
// CHECK-NEXT: region outer > step | category=other entries=3 threads=1 open=false counters=items=3
// CHECK-NEXT: region outer | category=other entries=0 threads=1 open=false counters=-
// CHECK-NEXT: region outer | category=other entries=1 threads=1 open=false counters=-
// RUN: %hotline report --format json %t.d > %t.merged.json
// RUN: python3 %S/Inputs/regions_summary.py %t.merged.json | FileCheck %s --check-prefix=MERGED
// MERGED:      region outer | category=other entries=1 threads=2 open=false counters=-
// MERGED-NEXT: region outer > step | category=other entries=13 threads=2 open=false counters=items=13
// RUN: python3 -c "import json, sys; \
// RUN:   outer = sorted((r['entries'], r['inclusive_ns']) for f in sys.argv[1:] for r in json.load(open(f))['regions']['regions'] if r['path'] == 'outer'); \
// RUN:   print('child from the fork', outer[1][1] - outer[0][1] >= 300_000_000)" %t.d/*.hotline.json | FileCheck %s --check-prefix=TIME
// TIME: child from the fork True

#include <hotline/hotline.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void steps(int n) {
  for (int i = 0; i < n; ++i) {
    hotline_region_begin("step");
    HOTLINE_COUNT("items", 1);
    hotline_region_end();
  }
}

int main(void) {
  hotline_region_begin("outer");
  steps(10);
  struct timespec pause = {0, 300 * 1000 * 1000};
  nanosleep(&pause, NULL);
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    steps(3);
    hotline_region_end();
    printf("child 3\n");
    return 0;
  }
  int status = 0;
  waitpid(child, &status, 0);
  hotline_region_end();
  printf("parent 10\n");
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
