// A 64 MiB file written in 1 MiB writes, then read in 4 KiB reads and in 4 KiB freads, shows
// the exact bytes and calls per way of reading, at their lines, and the file's path.
// RUN: %clang_hotline -O2 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t %t.d/data.bin | FileCheck %s --check-prefix=OUT
// RUN: %hotline io --top 0 --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/io_places.py %t.json %s | FileCheck %s
// RUN: %hotline io %t.d/*.hotline | FileCheck %s --check-prefix=TEXT
// TEXT: {{.*}}data.bin

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FILE_BYTES (64 << 20)
#define CHUNK 4096

static char buffer[1 << 20];

__attribute__((noinline)) void write_file(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644); // LINE: open-write
  memset(buffer, 7, sizeof buffer);
  for (int i = 0; i < FILE_BYTES / (int)sizeof buffer; ++i)
    if (write(fd, buffer, sizeof buffer) != (ssize_t)sizeof buffer) // LINE: write
      exit(1);
  fsync(fd); // LINE: fsync
  close(fd);
}

__attribute__((noinline)) long read_with_read(const char *path) {
  int fd = open(path, O_RDONLY); // LINE: open-read
  long total = 0;
  ssize_t n;
  while ((n = read(fd, buffer, CHUNK)) > 0) // LINE: read
    total += n;
  close(fd);
  return total;
}

__attribute__((noinline)) long read_with_fread(const char *path) {
  FILE *f = fopen(path, "rb"); // LINE: fopen
  long total = 0;
  size_t n;
  while ((n = fread(buffer, 1, CHUNK, f)) > 0) // LINE: fread
    total += (long)n;
  fclose(f);
  return total;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  write_file(argv[1]);
  long a = read_with_read(argv[1]);
  long b = read_with_fread(argv[1]);
  printf("read %ld and %ld bytes\n", a, b);
  return 0;
}

// OUT: read 67108864 and 67108864 bytes

// 16384 reads that return 4 KiB and the one that finds the end.
// CHECK: open-write: opens 1
// CHECK: write: writes 64, write bytes 67108864
// CHECK: fsync: syncs 1
// CHECK: open-read: opens 1
// CHECK: read: reads 16385, read bytes 67108864
// CHECK: fopen: opens 1
// CHECK: fread: reads 16385, read bytes 67108864
// CHECK: file data.bin: opens 3, reads 32770, read bytes 134217728, writes 64, write bytes 67108864, syncs 1
