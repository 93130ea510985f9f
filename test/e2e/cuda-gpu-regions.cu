// Regions around GPU work, and trace mode's GPU tracks: 256 MiB copied from pageable memory in
// a `gpu` region is GPU time there; a 100 ms kernel waited for in a `sync` region is
// synchronization there; 50 ms on the CPU in a `compute` region has neither. The Chrome export
// draws the kernel and the four copies on the GPU's track.
// REQUIRES: cuda-gpu
// RUN: %clangxx_hotline -O2 -g %cuda_flags %s -o %t %cudart
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d HOTLINE_TRACE=1 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/gpu_regions.py %t.json | FileCheck %s
// RUN: %hotline export --format chrome %t.d/*.hotline -o %t.chrome.json
// RUN: python3 %S/../tools/Inputs/check-chrome-trace.py %t.chrome.json | FileCheck %s --check-prefix=TRACE

// OUT: done

// CHECK:      region compute/host: category compute, 1 entries, 50 to 150 ms: yes; GPU 0 ms, sync 0 ms
// CHECK-NEXT: region gpu/upload: category GPU, 1 entries, GPU time at least 90% of the region's: yes
// CHECK-NEXT: region sync/wait-for-kernel: category synchronization, 1 entries, sync 90 to 200 ms: yes; sync at least 90% of the region's: yes
// CHECK-NEXT: category compute at least 50 ms: yes
// CHECK-NEXT: category GPU more than 0 ms: yes
// CHECK-NEXT: category synchronization at least 90 ms: yes

// TRACE:     valid: {{[0-9]+}} events
// TRACE-DAG: cat gpu kernel: 1
// TRACE-DAG: cat gpu transfer: 4

#include "Inputs/compute_for_ms.h"

#include <cstdio>
#include <cuda_runtime.h>
#include <hotline/hotline.h>
#include <vector>

// Runs for `ns` nanoseconds of the GPU's global timer.
__global__ void spin(unsigned long long ns) {
  unsigned long long start, now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  do
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  while (now - start < ns);
}

int main() {
  const size_t bytes = 64 << 20;
  std::vector<char> host(bytes, 1);
  char *device = nullptr;
  cudaMalloc((void **)&device, bytes);
  {
    HOTLINE_REGION("gpu/upload");
    for (int i = 0; i < 4; ++i)
      cudaMemcpy(device, host.data(), bytes, cudaMemcpyHostToDevice);
  }
  {
    HOTLINE_REGION("sync/wait-for-kernel");
    spin<<<1, 1>>>(100000000ull);
    cudaDeviceSynchronize();
  }
  {
    HOTLINE_REGION("compute/host");
    compute_for_ms(50);
  }
  cudaFree(device);
  std::printf("done\n");
  return 0;
}
