// The heap hooks keep each block's record in a trailer at its end (runtime/src/heap_hooks.cpp)
// and the program never notices: every malloc-family function gives what the C library's
// gives (alignment, usable size, contents that realloc keeps, realloc to 0 frees), so the
// program prints the same as its plain build; and each call is counted at its line, with its
// exact bytes also where the block's slack is too large for the trailer (a block mapped by
// itself) and where the program wrote a byte past its block.
// (Valgrind cannot check it: its memcheck replaces the executable's malloc-family functions,
// the hooks included.)
// -fno-builtin: LLVM takes malloc-family calls to leave errno alone, and removes a block only
// compared with null.
// RUN: %clang_plain -O1 -g -fno-builtin %s -o %t.plain
// RUN: %clang_hotline -O1 -g -fno-builtin %s -o %t
// RUN: %t.plain > %t.plain.out 2> %t.plain.err
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d HOTLINE_QUIET=1 %t > %t.out 2> %t.err
// RUN: diff %t.plain.out %t.out
//
// The trailer is in effect: it takes 8 of the 24 bytes that glibc gives a 16-byte block.
// RUN: FileCheck %s --check-prefix=PLAIN-ROOM < %t.plain.err
// RUN: FileCheck %s --check-prefix=TRAILER-ROOM < %t.err
// PLAIN-ROOM: a 16-byte block's usable size: 24
// TRAILER-ROOM: a 16-byte block's usable size: 16
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: %hotline memory --top 0 --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/memory_places.py %t.json %s | FileCheck %s
//
// With HOTLINE_MEMORY=0 the blocks have no trailer, and the program runs the same.
// RUN: rm -rf %t.off && mkdir -p %t.off && env HOTLINE_DIR=%t.off HOTLINE_QUIET=1 HOTLINE_MEMORY=0 %t > %t.off.out
// RUN: diff %t.plain.out %t.off.out
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// C23's, which glibc 2.36 does not have: the runtime's in the instrumented build.
void free_sized(void *p, size_t bytes) __attribute__((weak));

// Alignments the compiler does not see (it warns of those that are not powers of two).
volatile size_t odd_alignment = 48, huge_alignment = SIZE_MAX;

void *volatile sink;

static int aligned(void *p, size_t alignment) { return ((uintptr_t)p % alignment) == 0; }

// Fills a block with a pattern that depends on its size, and checks it.
static void fill(unsigned char *p, size_t n) {
  for (size_t i = 0; i < n; ++i)
    p[i] = (unsigned char)(i * 7 + n);
}
static int kept(const unsigned char *p, size_t n, size_t was) {
  for (size_t i = 0; i < n; ++i)
    if (p[i] != (unsigned char)(i * 7 + was))
      return 0;
  return 1;
}

// Every byte malloc_usable_size promises can be written, for blocks of 0 to 300 bytes.
static void usable_sizes(void) {
  int ok = 1;
  for (size_t n = 0; n <= 300; ++n) {
    unsigned char *p = malloc(n); // LINE: usable
    size_t usable = malloc_usable_size(p);
    ok &= usable >= n && usable < n + 64;
    memset(p, 0xab, usable);
    free(p);
  }
  printf("usable sizes: %s\n", ok ? "ok" : "wrong");
}

static void alignments(void) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  void *a = NULL;
  int result = posix_memalign(&a, 4096, 100); // LINE: posix-memalign
  printf("posix_memalign 4096: %d %d\n", result, aligned(a, 4096));
  printf("posix_memalign 24: %d\n", posix_memalign(&a, 24, 100) == EINVAL);
  void *b = aligned_alloc(64, 640); // LINE: aligned-alloc
  void *c = memalign(odd_alignment, 100); // LINE: memalign-48
  void *d = valloc(10);             // LINE: valloc
  void *e = pvalloc(10);            // LINE: pvalloc
  printf("aligned_alloc 64: %d\nmemalign 48 -> 64: %d\nvalloc: %d\npvalloc: %d, usable a page: %d\n",
         aligned(b, 64), aligned(c, 64), aligned(d, page), aligned(e, page),
         malloc_usable_size(e) >= page);
  errno = 0;
  void *huge = memalign(huge_alignment, 10);
  int error = errno;
  printf("memalign too large: %d %d\n", huge == NULL, error == EINVAL);
  free(a);
  free(b);
  free(c);
  free(d);
  free(e);
}

// realloc keeps the contents of plain and aligned blocks, growing and shrinking, and
// realloc(p, 0) frees the block and returns null, as the C library's does.
static void reallocs(void) {
  unsigned char *p = malloc(1000); // LINE: realloc-start
  fill(p, 1000);
  p = realloc(p, 100000); // LINE: realloc-grow
  int ok = kept(p, 1000, 1000);
  fill(p, 100000);
  p = realloc(p, 50); // LINE: realloc-shrink
  ok &= kept(p, 50, 100000);
  unsigned char *q = aligned_alloc(256, 512); // LINE: realloc-aligned-start
  fill(q, 512);
  q = realloc(q, 3000); // LINE: realloc-aligned-grow
  ok &= kept(q, 512, 512);
  printf("realloc keeps contents: %s\n", ok ? "ok" : "wrong");
  printf("realloc to 0: %s\n", realloc(p, 0) == NULL ? "null" : "a block");
  q = reallocarray(q, 10, 100); // LINE: reallocarray
  free(q);
  errno = 0;
  sink = realloc(NULL, SIZE_MAX - 8); // LINE: realloc-too-large
  int error = errno;
  printf("realloc too large: %s %d\n", sink ? "a block" : "null", error == ENOMEM);
}

static void zeroed(void) {
  unsigned char *p = calloc(100, 10); // LINE: calloc
  int zero = 1;
  for (int i = 0; i < 1000; ++i)
    zero &= p[i] == 0;
  printf("calloc zeroed: %d\n", zero);
  if (free_sized)
    free_sized(p, 1000);
  else
    free(p);
}

// A block that glibc maps by itself (above the mmap threshold), of a size whose slack after
// rounding to pages is over 4 kB: the trailer cannot hold it (nor the bytes), the word
// before the trailer does.
static void large_slack(void) {
  mallopt(M_MMAP_THRESHOLD, 128 * 1024);
  size_t bytes = 4096 * 40 - 31;
  unsigned char *p = malloc(bytes); // LINE: large-slack
  fill(p, bytes);
  printf("large slack: %s\n", kept(p, bytes, bytes) ? "ok" : "wrong");
  free(p);
}

// A byte written just past a block, a bug that the C library's slack forgives: the program
// runs on, and the block's place and bytes are still right.
volatile size_t past_the_end = 16;
static void off_by_one(void) {
  unsigned char *p = malloc(16); // LINE: off-by-one
  p[past_the_end] = 0xff;
  free(p);
  printf("off by one: survived\n");
}

int main(void) {
  // glibc maps a block of 200 kB by itself (above its first threshold, 128 kB) unless a free
  // of a larger mapped block raised the threshold: the runtime's start frees none.
  void *big = malloc(200000);
  printf("blocks mapped by themselves: %d\n", mallinfo2().hblks);
  free(big);
  void *small = malloc(16);
  fprintf(stderr, "a 16-byte block's usable size: %zu\n", malloc_usable_size(small));
  free(small);
  usable_sizes();
  alignments();
  reallocs();
  zeroed();
  large_slack();
  off_by_one();
  return 0;
}

// OUT: blocks mapped by themselves: 1
// OUT: usable sizes: ok
// OUT: posix_memalign 4096: 0 1
// OUT: posix_memalign 24: 1
// OUT: aligned_alloc 64: 1
// OUT: memalign 48 -> 64: 1
// OUT: valloc: 1
// OUT: pvalloc: 1, usable a page: 1
// OUT: memalign too large: 1 1
// OUT: realloc keeps contents: ok
// OUT: realloc to 0: null
// OUT: realloc too large: null 1
// OUT: calloc zeroed: 1
// OUT: large slack: ok
// OUT: off by one: survived

// Sizes 0 to 300: 45,150 bytes.
// CHECK: usable: allocations 301, bytes 45150, frees 301, not freed 0 (0 bytes), temporaries 301
// CHECK: posix-memalign: allocations 1, bytes 100, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: aligned-alloc: allocations 1, bytes 640, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: memalign-48: allocations 1, bytes 100, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: valloc: allocations 1, bytes 10, frees 1, not freed 0 (0 bytes), temporaries 1
// pvalloc's block is whole pages.
// CHECK: pvalloc: allocations 1, bytes 4096, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: realloc-start: allocations 1, bytes 1000, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: realloc-grow: allocations 1, bytes 100000, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: realloc-shrink: allocations 1, bytes 50, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: realloc-aligned-start: allocations 1, bytes 512, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: realloc-aligned-grow: allocations 1, bytes 3000, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: reallocarray: allocations 1, bytes 1000, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: realloc-too-large: no place
// CHECK: calloc: allocations 1, bytes 1000, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: large-slack: allocations 1, bytes 163809, frees 1, not freed 0 (0 bytes), temporaries 1
// The byte past the block fell on the trailer's call stamp: whether the block was temporary
// is lost.
// CHECK: off-by-one: allocations 1, bytes 16, frees 1, not freed 0 (0 bytes), temporaries
