// Time inside the heap allocator is the memory category, in whichever region it was spent:
// 40 MiB blocks, which the C library maps and unmaps each time (above its largest mmap
// threshold), in a preprocessing region and outside every region; a compute region that
// allocates nothing has no allocator time. HOTLINE_MEMORY=0 times nothing.
// RUN: %clangxx_hotline -O2 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/allocator_time.py %t.json | FileCheck %s
// RUN: %hotline report %t.d/*.hotline | FileCheck %s --check-prefix=TEXT
// RUN: rm -rf %t.off && mkdir -p %t.off && env HOTLINE_DIR=%t.off HOTLINE_MEMORY=0 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.off/*.hotline > %t.off.json
// RUN: python3 %S/Inputs/allocator_time.py %t.off.json | FileCheck %s --check-prefix=OFF

// OUT: blocks 600

// CHECK: region compute: allocator none
// CHECK-NEXT: region preprocessing: allocator within its time
// CHECK-NEXT: memory category: at least the regions' allocator time
// CHECK-NEXT: categories add up: True

// TEXT: {{^ *}}time  wall%  entries  threads   I/O  waits  allocator  region
// TEXT: {{ 0 ns  compute}}
// TEXT: Time by category
// TEXT: {{^memory }}

// OFF: region compute: allocator none
// OFF-NEXT: region preprocessing: allocator none
// OFF-NEXT: memory category: none

#include <hotline/hotline.h>

#include <cstdio>
#include <cstdlib>

volatile long sink;

__attribute__((noinline)) int map_blocks(int n) {
  int blocks = 0;
  for (int i = 0; i < n; ++i) {
    char *p = static_cast<char *>(std::malloc(40 << 20));
    p[i] = char(i); // one page
    sink = sink + reinterpret_cast<long>(p); // escapes: the compiler keeps the block
    std::free(p);
    ++blocks;
  }
  return blocks;
}

__attribute__((noinline)) void compute(long n) {
  for (long i = 0; i < n; ++i)
    sink = sink + i;
}

int main() {
  int blocks = 0;
  {
    HOTLINE_REGION("preprocessing");
    blocks += map_blocks(400);
  }
  {
    HOTLINE_REGION("compute");
    compute(20000000);
  }
  blocks += map_blocks(200);
  std::printf("blocks %d\n", blocks);
  return 0;
}
