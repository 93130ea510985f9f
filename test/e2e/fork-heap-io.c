// A forked child's profile holds the allocations, I/O and waits the child made, not the
// parent's before the fork: the blocks live at the fork are marked inherited (the parent
// allocated them; the child may free them). The parent writes 10 x 1000 bytes, keeps 5 blocks
// of 100 kB and frees one of 50 kB, then forks; the child writes 7 bytes, frees one kept
// block and allocates 333 bytes that it keeps. Before, the child's profile repeated the
// parent's 10 writes, 1 open and 6 allocations (reading both counted them twice). The bytes
// each process wrote agree with strace's write calls of that process.
// REQUIRES: strace
// RUN: %clang_hotline -O1 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env HOTLINE_DIR=%t.d strace -f -qq -y -o %t.strace -e trace=write %t %t.d/out.bin
// RUN: for f in %t.d/*.hotline; do %hotline io --format json --top 0 $f > $f.io.json; \
// RUN:   %hotline memory --format json --top 0 $f > $f.memory.json; done
// RUN: %hotline memory --format json --top 0 %t.d/*.hotline > %t.d/both.memory.json
// RUN: python3 %S/Inputs/fork_heap_io.py %t.d %t.strace | FileCheck %s
// CHECK:      parent: writes 10, 10000 bytes (strace 10000), opens 1; allocations 6, inherited 0, frees 1, not freed 5
// CHECK-NEXT: child: writes 1, 7 bytes (strace 7), opens 0; allocations 1, inherited 5 (500000 bytes), frees 1, not freed 5
// CHECK-NEXT: both: allocations 7, not freed 10

#include <fcntl.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static char buffer[1000];

__attribute__((noinline)) void write_block(int fd, size_t bytes) {
  if (write(fd, buffer, bytes) != (ssize_t)bytes)
    exit(3);
}

__attribute__((noinline)) void *allocate(size_t bytes) { return malloc(bytes); }

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  for (int i = 0; i < 10; ++i)
    write_block(fd, 1000);
  void *kept[5];
  for (int i = 0; i < 5; ++i)
    kept[i] = allocate(100000);
  free(allocate(50000));
  pid_t child = fork();
  if (child == 0) {
    write_block(fd, 7);
    free(kept[0]);
    void *own = allocate(333);
    (void)own;
    exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
