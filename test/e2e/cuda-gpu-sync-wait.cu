// The host's time blocked in a synchronization is counted at the line that waited: a kernel
// runs 100 ms on the GPU (spinning on its global timer) while the host waits for it in
// cudaDeviceSynchronize.
// REQUIRES: cuda-gpu
// RUN: %clangxx_hotline -O2 -g %cuda_flags %s -o %t %cudart
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline gpu --top 0 --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/gpu_summary.py %t.json %s | FileCheck %s
// RUN: %hotline report %t.d/*.hotline | FileCheck %s --check-prefix=RULES

// OUT: waited

// No GPU rule fires: the GPU ran one kernel the whole time the host waited.
// RULES-NOT: [gpu-idle]
// RULES-NOT: [tiny-kernels]
// RULES-NOT: [pageable-transfers]
// RULES:     CUDA: traced on
// RULES-NOT: [gpu-idle]
// RULES-NOT: [tiny-kernels]
// RULES-NOT: [pageable-transfers]

// CHECK:      status: CUDA: traced on {{.+}}
// CHECK-NEXT: kernel spin(unsigned long long): 1 launches, 1 launch sites, most GPU time at @launch
// CHECK-NEXT: launch site @launch in main: 1 launches of 1 kernels
// CHECK-NEXT: host waits: 1 synchronize calls, {{9[0-9]|1[0-9][0-9]}} ms; 0 memcpy calls
// CHECK-NEXT: wait cudaDeviceSynchronize at @sync in main: 1 calls, {{9[0-9]|1[0-9][0-9]}} ms
// CHECK:      cupti wait device: 1 waits

#include <cstdio>
#include <cuda_runtime.h>

// Runs for `ns` nanoseconds of the GPU's global timer.
__global__ void spin(unsigned long long ns) {
  unsigned long long start, now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  do
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  while (now - start < ns);
}

int main() {
  spin<<<1, 1>>>(100000000ull); // LINE: launch
  cudaDeviceSynchronize(); // LINE: sync
  std::printf("waited\n");
  return 0;
}
