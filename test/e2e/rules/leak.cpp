// leak: 2 MiB allocated and never freed are reported at the allocating line; the same blocks
// freed are not.
// RUN: %clangxx_hotline -O2 -g -DTRIGGER %s -o %t.trigger
// RUN: %clangxx_hotline -O2 -g %s -o %t.clean
// RUN: rm -rf %t.d && mkdir -p %t.d/trigger %t.d/clean
// RUN: env HOTLINE_DIR=%t.d/trigger %t.trigger && env HOTLINE_DIR=%t.d/clean %t.clean
// RUN: %hotline report %t.d/trigger/*.hotline | FileCheck %s --check-prefix=TRIGGER
// RUN: %hotline report %t.d/clean/*.hotline | FileCheck %s --check-prefix=CLEAN
// TRIGGER: [leak] {{.*}}leak.cpp:[[#]]: 2.10 MB allocated here were never freed.
// TRIGGER-NEXT: evidence: 32 of 32 blocks still allocated at exit
// CLEAN: Suggestions
// CLEAN-NOT: [leak]

#include <cstdio>
#include <cstdlib>

void *volatile sink;

__attribute__((noinline)) void *make_block(int i) {
  char *block = static_cast<char *>(std::malloc(65536));
  block[0] = char(i);
  return block;
}

int main() {
  for (int i = 0; i < 32; ++i) {
    sink = make_block(i);
#ifndef TRIGGER
    std::free(sink);
#endif
  }
  std::puts("done");
  return 0;
}
