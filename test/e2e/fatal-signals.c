// A crash, abort, or a terminating signal: the exit status is the same as without hotline
// (the signal is raised again with its default action), and the profile is written first. A
// program with its own handler keeps it.
// RUN: %clang_hotline -O1 -g %s -o %t
// RUN: %clang_plain -O1 -g %s -o %t.plain
// RUN: rm -rf %t.d && mkdir -p %t.d/segv %t.d/abort %t.d/term %t.d/hup %t.d/handled
// RUN: sh -c 'ulimit -c 0; for how in segv abort term hup handled; do %t.plain $how; echo "$how $?"; done' > %t.plain.out 2>/dev/null
// RUN: sh -c 'ulimit -c 0; for how in segv abort term hup handled; do HOTLINE_DIR=%t.d/$how %t $how; echo "$how $?"; done' > %t.out 2>/dev/null
// RUN: diff %t.plain.out %t.out
// RUN: FileCheck %s --check-prefix=STATUS --input-file %t.out
// RUN: for how in segv abort term hup handled; do %hotline report %t.d/$how/*.hotline | FileCheck %s; done

// 128 + the signal's number, as the shell reports a death by signal.
// STATUS: segv 139
// STATUS: abort 134
// STATUS: term 143
// STATUS: hup 129
// STATUS: handled 7

// CHECK: work

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile long sink;
static int *volatile nowhere;

__attribute__((noinline)) void work(void) {
  for (int i = 0; i < 100000; ++i)
    sink = sink + i;
}

static void exit_seven(int signal) {
  (void)signal;
  exit(7);
}

int main(int argc, char **argv) {
  const char *how = argc > 1 ? argv[1] : "";
  work();
  fflush(stdout);
  if (!strcmp(how, "segv"))
    *nowhere = 1;
  if (!strcmp(how, "abort"))
    abort();
  if (!strcmp(how, "term"))
    raise(SIGTERM);
  if (!strcmp(how, "hup")) // not SIGINT: a shell's background jobs ignore it, as lit's do
    kill(getpid(), SIGHUP);
  if (!strcmp(how, "handled")) {
    signal(SIGTERM, exit_seven);
    raise(SIGTERM);
  }
  return 0;
}
