// exec replaces the process without exit handlers: the profile of the image being replaced is
// written first, and the new image (instrumented too) writes its own under the same pid, as
// <program>.<pid>.1.hotline. An exec that fails leaves no extra profile. A fork child that execs
// writes none for the copy of its parent it was.
// RUN: %clang_hotline -O1 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d/replace %t.d/failed %t.d/child
// RUN: env HOTLINE_DIR=%t.d/replace %t replace %t; echo "status $?" > %t.d/replace.txt
// RUN: env HOTLINE_DIR=%t.d/failed %t failed %t; echo "status $?" > %t.d/failed.txt
// RUN: env HOTLINE_DIR=%t.d/child %t child %t; echo "status $?" > %t.d/child.txt
// RUN: cat %t.d/replace.txt %t.d/failed.txt %t.d/child.txt | FileCheck %s --check-prefix=STATUS
// RUN: ls %t.d/replace | count 2
// RUN: ls %t.d/failed | count 1
// RUN: ls %t.d/child | count 2
// RUN: %hotline report %t.d/replace/exec.c.tmp.[0-9]*[0-9].hotline | FileCheck %s --check-prefix=BEFORE
// RUN: %hotline report %t.d/replace/exec.c.tmp.*.1.hotline | FileCheck %s --check-prefix=AFTER
// RUN: %hotline report %t.d/failed/*.hotline | FileCheck %s --check-prefix=FAILED
// The failed exec's profile, written before it and again at exit under the same name, is
// announced once on stderr.
// RUN: rm -rf %t.d/announced && mkdir %t.d/announced
// RUN: env HOTLINE_QUIET=0 HOTLINE_DIR=%t.d/announced %t failed %t 2> %t.d/announced.err
// RUN: grep -c 'profile written to' %t.d/announced.err | FileCheck %s --check-prefix=ONCE
// ONCE: {{^1$}}

// STATUS: status 0
// STATUS-NEXT: status 0
// STATUS-NEXT: status 0

// BEFORE: before_exec
// BEFORE-NOT: after_exec
// AFTER: after_exec
// AFTER-NOT: before_exec
// FAILED-DAG: before_exec
// FAILED-DAG: after_failure

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile long sink;

__attribute__((noinline)) void before_exec(void) { sink = sink + 1; }
__attribute__((noinline)) void after_exec(void) { sink = sink + 2; }
__attribute__((noinline)) void after_failure(void) { sink = sink + 3; }

int main(int argc, char **argv) {
  const char *how = argc > 1 ? argv[1] : "";
  if (!strcmp(how, "replaced")) { // the new image
    after_exec();
    return 0;
  }
  before_exec();
  fflush(stdout);
  if (!strcmp(how, "replace"))
    execl(argv[2], argv[2], "replaced", (char *)0);
  if (!strcmp(how, "failed")) {
    execl("/nonexistent/program", "program", (char *)0);
    after_failure();
  }
  if (!strcmp(how, "child")) {
    pid_t child = fork();
    if (child == 0)
      execl(argv[2], argv[2], "replaced", (char *)0);
    int status = 0;
    waitpid(child, &status, 0);
  }
  return 0;
}
