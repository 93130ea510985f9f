// main-thread-blocked-on-io: a main thread that waits 100 ms for 1 MiB from a pipe a slow
// writer feeds is reported; when a worker thread does that reading while the main thread
// computes, it is not; nor when the main thread waits 100 ms for a child's pipe to close and
// reads nothing, or reads the child's one status byte (how googletest's death tests wait for
// their child, which made this rule fire on googletest's suite): that is waiting for another
// process.
// RUN: %clang_hotline -O2 -g -DTRIGGER %s -o %t.trigger -lpthread
// RUN: %clang_hotline -O2 -g %s -o %t.clean -lpthread
// RUN: %clang_hotline -O2 -g -DCHILD_CLOSES %s -o %t.child -lpthread
// RUN: %clang_hotline -O2 -g -DCHILD_CLOSES -DSTATUS_BYTE %s -o %t.status -lpthread
// RUN: rm -rf %t.d && mkdir -p %t.d/trigger %t.d/clean %t.d/child %t.d/status
// RUN: env HOTLINE_DIR=%t.d/trigger %t.trigger && env HOTLINE_DIR=%t.d/clean %t.clean
// RUN: env HOTLINE_DIR=%t.d/child %t.child | FileCheck %s --check-prefix=CHILD-OUT
// RUN: env HOTLINE_DIR=%t.d/status %t.status | FileCheck %s --check-prefix=STATUS-OUT
// RUN: %hotline report %t.d/status/*.hotline | FileCheck %s --check-prefix=CLEAN
// RUN: %hotline report %t.d/trigger/*.hotline | FileCheck %s --check-prefix=TRIGGER
// RUN: %hotline report %t.d/clean/*.hotline | FileCheck %s --check-prefix=CLEAN
// RUN: %hotline report %t.d/child/*.hotline | FileCheck %s --check-prefix=CLEAN
// RUN: %hotline io %t.d/child/*.hotline | FileCheck %s --check-prefix=CHILD-IO
// TRIGGER: [main-thread-blocked-on-io] The main thread of {{.*}} was blocked in I/O for
// TRIGGER-NEXT: evidence: {{.*}} blocked of {{.*}} wall time
// TRIGGER-NEXT: evidence: pipe:[{{[0-9]+}}]: 1.05 MB in {{.*}}
// CLEAN: Suggestions
// CLEAN-NOT: [main-thread-blocked-on-io]
// CHILD-OUT: child closed its end: read 0 bytes
// STATUS-OUT: child closed its end: read 1 bytes
// CHILD-IO: main thread blocked in I/O for {{[1-9][0-9]\.[0-9]}}% of its

#include <pthread.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <stdio.h>
#include <unistd.h>

#include "../Inputs/compute_for_ms.h"

static int pipe_ends[2];

enum { kChunk = 64 << 10, kChunks = 16 }; // 1 MiB, 64 KiB every 6 ms or so

static void *slow_writer(void *unused) {
  (void)unused;
  static char chunk[kChunk];
  for (int i = 0; i < kChunks; ++i) {
    usleep(6250);
    for (size_t done = 0; done < sizeof chunk;) {
      ssize_t n = write(pipe_ends[1], chunk + done, sizeof chunk - done);
      if (n <= 0)
        return NULL;
      done += (size_t)n;
    }
  }
  return NULL;
}

static void *reader(void *unused) {
  (void)unused;
  static char buffer[kChunk];
  long total = 0;
  while (total < (long)kChunk * kChunks) {
    ssize_t n = read(pipe_ends[0], buffer, sizeof buffer);
    if (n <= 0)
      break;
    total += n;
  }
  return (void *)total;
}

int main(void) {
  if (pipe(pipe_ends) != 0)
    return 1;
#ifdef CHILD_CLOSES
  pid_t child = fork();
  if (child == 0) {
    usleep(100000);
#ifdef STATUS_BYTE
    if (write(pipe_ends[1], "x", 1) != 1)
      _exit(1);
#endif
    _exit(0); // closes its end of the pipe
  }
  close(pipe_ends[1]);
  char c;
  printf("child closed its end: read %ld bytes\n", (long)read(pipe_ends[0], &c, 1));
  waitpid(child, NULL, 0);
  return 0;
#endif
  pthread_t writer, worker;
  pthread_create(&writer, NULL, slow_writer, NULL);
#ifdef TRIGGER
  reader(NULL);
#else
  pthread_create(&worker, NULL, reader, NULL);
  compute_for_ms(150);
  pthread_join(worker, NULL);
#endif
  pthread_join(writer, NULL);
  puts("done");
  return 0;
}
