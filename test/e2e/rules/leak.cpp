// leak: 2 MiB allocated and never freed are reported at the allocating line; the same blocks
// freed are not. Blocks a library allocated for the program (strdup's copies, 1,100 of them)
// are reported too, at the line that called the library; the few blocks a library keeps
// for the life of each process (the C++ library's exception pool, stdout's buffer) are not,
// however many processes add up past 1 MiB (16 runs of the clean program here).
// RUN: %clangxx_hotline -O2 -g -DTRIGGER %s -o %t.trigger
// RUN: %clangxx_hotline -O2 -g -DLIBRARY %s -o %t.library
// RUN: %clangxx_hotline -O2 -g %s -o %t.clean
// RUN: rm -rf %t.d && mkdir -p %t.d/trigger %t.d/library %t.d/clean
// RUN: env HOTLINE_DIR=%t.d/trigger %t.trigger && env HOTLINE_DIR=%t.d/library %t.library
// RUN: for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do env HOTLINE_DIR=%t.d/clean %t.clean > /dev/null || exit 1; done
// RUN: %hotline report %t.d/trigger/*.hotline | FileCheck %s --check-prefix=TRIGGER
// RUN: %hotline report %t.d/library/*.hotline | FileCheck %s --check-prefix=LIBRARY
// RUN: %hotline report %t.d/clean/*.hotline | FileCheck %s --check-prefix=CLEAN
// RUN: %hotline memory %t.d/clean/*.hotline | FileCheck %s --check-prefix=CLEAN-HEAP
// TRIGGER: [leak] {{.*}}leak.cpp:[[#]]: 2.10 MB allocated here were never freed.
// TRIGGER-NEXT: evidence: 32 of 32 blocks still allocated at exit
// LIBRARY: [leak] {{.*}}leak.cpp:[[#@LINE+24]]: 1.13 MB allocated here were never freed.
// LIBRARY-NEXT: evidence: 1,100 of 1,100 blocks still allocated at exit
// CLEAN: Suggestions
// CLEAN-NOT: [leak]
// CLEAN-HEAP: Not freed {{ *}}[[#]] blocks, {{[1-9][.0-9]*}} MB, when the profile was written

#include <cstdio>
#include <cstdlib>
#include <cstring>

void *volatile sink;

__attribute__((noinline)) void *make_block(int i) {
  char *block = static_cast<char *>(std::malloc(65536));
  block[0] = char(i);
  return block;
}

// Each copy is a block that strdup, in the C library, allocates.
__attribute__((noinline)) void copy_names(int n) {
  static char name[1024];
  for (int i = 0; i < 1023; ++i)
    name[i] = 'a' + i % 26;
  for (int i = 0; i < n; ++i)
    sink = strdup(name); // the leak's line
}

int main() {
#ifdef LIBRARY
  copy_names(1100);
#endif
  for (int i = 0; i < 32; ++i) {
    sink = make_block(i);
#ifndef TRIGGER
    std::free(sink);
#endif
  }
  std::puts("done");
  return 0;
}
