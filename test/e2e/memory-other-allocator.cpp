// A program linked with another allocator library (jemalloc) keeps using it: the hooks
// forward to the next definition, which is jemalloc's, and still count exactly.
// REQUIRES: jemalloc
// RUN: %clangxx_hotline -O2 -g %s -ljemalloc -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline memory --top 0 --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/memory_places.py %t.json %s | FileCheck %s

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <malloc.h>

extern "C" int mallctl(const char *name, void *old, size_t *old_size, void *value, size_t size);

void *volatile sink;

uint64_t jemalloc_allocated() {
  uint64_t bytes = 0;
  size_t size = sizeof bytes;
  return mallctl("thread.allocated", &bytes, &size, nullptr, 0) == 0 ? bytes : 0;
}

int main() {
  uint64_t before = jemalloc_allocated();
  for (int i = 0; i < 100; ++i) {
    char *p = new char[1000]; // LINE: new
    sink = p;
    delete[] p;
  }
  void *q = malloc(5000); // LINE: malloc
  bool usable = malloc_usable_size(q) >= 5000;
  free(q);
  uint64_t served = jemalloc_allocated() - before;
  printf("jemalloc served at least 105000 bytes: %s, usable size right: %s\n",
         served >= 105000 ? "yes" : "no", usable ? "yes" : "no");
  return 0;
}

// OUT: jemalloc served at least 105000 bytes: yes, usable size right: yes
// CHECK: new: allocations 100, bytes 100000, frees 100, not freed 0 (0 bytes), temporaries 100
// CHECK: malloc: allocations 1, bytes 5000, frees 1, not freed 0 (0 bytes), temporaries 1
