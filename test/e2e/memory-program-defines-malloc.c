// A program that defines some malloc-family functions itself (here malloc, calloc and realloc,
// counting calls and forwarding to glibc's __libc_* functions, as allocation counters do) and
// leaves free and the others to the C library: the runtime's free and the others are the
// process's then, and get blocks the hooks never handed out. They must take them as they are
// (no header in front, runtime/src/heap_hooks.cpp): the program runs as its plain build does,
// and the profile says that the heap was not tracked.
// RUN: %clang_plain -O1 -g %s -o %t.plain
// RUN: %clang_hotline -O1 -g %s -o %t
// RUN: %t.plain > %t.plain.out
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d HOTLINE_QUIET=1 %t > %t.out
// RUN: diff %t.plain.out %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: %hotline memory %t.d/*.hotline | FileCheck %s --check-prefix=MEMORY
#define _GNU_SOURCE
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);

static unsigned long calls;

void *malloc(size_t bytes) {
  ++calls;
  return __libc_malloc(bytes);
}
void *calloc(size_t count, size_t size) {
  ++calls;
  return __libc_calloc(count, size);
}
void *realloc(void *p, size_t bytes) {
  ++calls;
  return __libc_realloc(p, bytes);
}

int main(void) {
  char *blocks[1000];
  for (int i = 0; i < 1000; ++i) {
    blocks[i] = malloc(16 + i);
    memset(blocks[i], 'x', 16 + i);
  }
  for (int i = 0; i < 1000; ++i) {
    blocks[i] = realloc(blocks[i], 2000);
    if (malloc_usable_size(blocks[i]) < 2000)
      return 1;
  }
  for (int i = 0; i < 1000; ++i)
    free(blocks[i]);
  char *copy = strdup("inside the C library");
  void *zeroed = calloc(10, 10);
  // At least the program's own calls (the runtime's work in the C library may add a few).
  printf("%s, %s\n", copy, calls >= 2002 ? "every call through the program's functions" : "calls missed");
  free(copy);
  free(zeroed);
  return 0;
}

// strdup's malloc inside glibc comes to the program's malloc too.
// OUT: inside the C library, every call through the program's functions
// MEMORY: No heap numbers: memory tracking saw no allocation, as the program's malloc was
