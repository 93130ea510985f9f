// small-reads: a 2 MiB file read 64 bytes at a time is reported at the read; the same file
// read 64 KiB at a time is not.
// RUN: %clang_hotline -O2 -g -DCHUNK=64 %s -o %t.trigger
// RUN: %clang_hotline -O2 -g -DCHUNK=65536 %s -o %t.clean
// RUN: rm -rf %t.d && mkdir -p %t.d/trigger %t.d/clean
// RUN: env HOTLINE_DIR=%t.d/trigger %t.trigger %t.d/data && env HOTLINE_DIR=%t.d/clean %t.clean %t.d/data
// RUN: %hotline report %t.d/trigger/*.hotline | FileCheck %s --check-prefix=TRIGGER
// RUN: %hotline report %t.d/clean/*.hotline | FileCheck %s --check-prefix=CLEAN
// TRIGGER: [small-reads] {{.*}}small-reads.c:[[#]]: Input is read here in 32,769 small reads of 64 bytes on average.
// CLEAN: Suggestions
// CLEAN-NOT: [small-reads]

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static char buffer[1 << 16];

int main(int argc, char **argv) {
  (void)argc;
  int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  for (int i = 0; i < 32; ++i)
    if (write(fd, buffer, sizeof buffer) != (ssize_t)sizeof buffer)
      return 1;
  close(fd);
  fd = open(argv[1], O_RDONLY);
  long total = 0;
  ssize_t n;
  while ((n = read(fd, buffer, CHUNK)) > 0)
    total += n;
  close(fd);
  printf("%ld\n", total);
  return 0;
}
