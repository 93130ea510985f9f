// Every allocation function and every form of operator new and delete is counted exactly,
// at the line that called it, with its frees, what was not freed at exit, and temporaries.
// RUN: %clangxx_hotline -O2 -g -std=c++17 %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline memory --top 0 --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/memory_places.py %t.json %s | FileCheck %s
//
// With HOTLINE_MEMORY=0 the program runs the same and the profile says tracking was off.
// RUN: rm -rf %t.off && mkdir -p %t.off && env HOTLINE_DIR=%t.off HOTLINE_MEMORY=0 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline memory %t.off/*.hotline | FileCheck %s --check-prefix=OFF
// OFF: memory tracking was off (HOTLINE_MEMORY=0)

#include <cstdio>
#include <cstdlib>
#include <malloc.h>
#include <new>

struct alignas(64) Aligned {
  char bytes[128];
};
struct Sized {
  long values[4];
};

void *volatile sink;

// 1000 blocks of 64 bytes, 900 freed: 100 (6400 bytes) are still live at exit.
__attribute__((noinline)) void leak_some() {
  static void *blocks[1000];
  for (int i = 0; i < 1000; ++i)
    blocks[i] = malloc(64); // LINE: leak
  for (int i = 0; i < 900; ++i)
    free(blocks[i]);
}

// Freed in the same call: temporaries.
__attribute__((noinline)) void temporaries() {
  for (int i = 0; i < 50; ++i) {
    int *a = new int[10]; // LINE: new-array
    sink = a;
    delete[] a;
  }
}

__attribute__((noinline)) void every_form() {
  Sized *s = new Sized; // LINE: new
  sink = s;
  delete s; // sized delete
  Aligned *a = new Aligned; // LINE: new-aligned
  sink = a;
  delete a;
  Aligned *as = new Aligned[3]; // LINE: new-aligned-array
  sink = as;
  delete[] as;
  int *n = new (std::nothrow) int[8]; // LINE: new-nothrow
  sink = n;
  delete[] n;
  void *c = calloc(10, 8); // LINE: calloc
  sink = c;
  free(c);
  void *m = nullptr;
  if (posix_memalign(&m, 256, 1000) == 0) // LINE: posix_memalign
    free(m);
  void *al = aligned_alloc(128, 512); // LINE: aligned_alloc
  sink = al;
  free(al);
  void *ma = memalign(64, 300); // LINE: memalign
  sink = ma;
  free(ma);
  void *v = valloc(100); // LINE: valloc
  sink = v;
  free(v);
}

// realloc counts once per call: 10 allocations of 100, 200, ... 1000 bytes, whose old
// blocks are freed by the next call.
__attribute__((noinline)) void grow() {
  void *p = nullptr;
  for (int i = 1; i <= 10; ++i) {
    p = realloc(p, size_t(i) * 100); // LINE: realloc
    sink = p; // used: otherwise the optimizer may remove the calls
  }
  free(p);
}

int main() {
  leak_some();
  temporaries();
  every_form();
  grow();
  printf("done\n");
  return 0;
}

// OUT: done

// CHECK: leak: allocations 1000, bytes 64000, frees 900, not freed 100 (6400 bytes), temporaries 900
// CHECK: new-array: allocations 50, bytes 2000, frees 50, not freed 0 (0 bytes), temporaries 50
// CHECK: new: allocations 1, bytes 32, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: new-aligned: allocations 1, bytes 128, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: new-aligned-array: allocations 1, bytes 384, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: new-nothrow: allocations 1, bytes 32, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: calloc: allocations 1, bytes 80, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: posix_memalign: allocations 1, bytes 1000, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: aligned_alloc: allocations 1, bytes 512, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: memalign: allocations 1, bytes 300, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: valloc: allocations 1, bytes 100, frees 1, not freed 0 (0 bytes), temporaries 1
// CHECK: realloc: allocations 10, bytes 5500, frees 10, not freed 0 (0 bytes), temporaries 10
