// Files planted where the profile's temporary file used to go: `.PROGRAM.PID.hotline.tmp` in
// HOTLINE_DIR, a regular file for one run and a link to a file elsewhere for another. Before,
// the runtime created exactly that name (O_EXCL), failed with "File exists" and lost the
// profile; the temporary name is now unpredictable. The profile is written under its usual
// name, the planted files are left as they were (the link's target untouched), and no
// temporary file is left behind.
// RUN: %clang_hotline -g %s -o %t
// RUN: rm -rf %t.d %t.link.d && mkdir -p %t.d %t.link.d
// RUN: echo planted > %t.target
// RUN: env HOTLINE_DIR=%t.d %t file 2>&1 | FileCheck %s
// RUN: env HOTLINE_DIR=%t.link.d %t %t.target 2>&1 | FileCheck %s
// RUN: ls -A %t.d | sed 's/[0-9][0-9]*/PID/' | sort | FileCheck %s --check-prefix=FILES
// RUN: ls -A %t.link.d | sed 's/[0-9][0-9]*/PID/' | sort | FileCheck %s --check-prefix=FILES
// RUN: cat %t.target | FileCheck %s --check-prefix=TARGET
// RUN: %hotline report %t.d/planted-temporary.c.tmp.*.hotline | FileCheck %s --check-prefix=REPORT
// CHECK: planted
// CHECK-NOT: hotline:
// FILES: .planted-temporary.c.tmp.PID.hotline.tmp
// FILES-NEXT: planted-temporary.c.tmp.PID.hotline
// FILES-EMPTY:
// TARGET: planted
// REPORT: main

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  const char *dir = getenv("HOTLINE_DIR");
  const char *program = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
  char path[4096];
  snprintf(path, sizeof path, "%s/.%s.%d.hotline.tmp", dir, program, (int)getpid());
  if (argc > 1 && strcmp(argv[1], "file") == 0) {
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (fd < 0 || close(fd) != 0)
      return 1;
  } else if (argc > 1 && symlink(argv[1], path) != 0) {
    return 1;
  }
  puts("planted");
  fflush(stdout);
  return 0;
}
