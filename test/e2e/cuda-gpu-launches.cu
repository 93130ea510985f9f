// Every kernel launch is counted, by kernel and by the line that launched it: the same kernel
// launched 100 times from one line and 7 times from another (in another function), a second
// kernel 3 times from a third. Each kernel's time goes to the line that launched most of it.
// REQUIRES: cuda-gpu
// RUN: %clangxx_hotline -O2 -g %cuda_flags %s -o %t %cudart
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline gpu --top 0 --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/gpu_summary.py %t.json %s | FileCheck %s
// RUN: %hotline report %t.d/*.hotline | FileCheck %s --check-prefix=RULES

// OUT: 856 856

// The GPU works about 1 ms of a run of half a second and gets 256 bytes from pageable memory:
// no GPU rule fires (on an H100, before the rules weighed the run's time, gpu-idle and
// pageable-transfers did). No rule fires at all:
// RULES-NOT: [gpu-idle]
// RULES-NOT: [pageable-transfers]
// RULES-NOT: [tiny-kernels]
// Nor is the CUDA driver's state a leak (libcuda keeps 19 MB of heap blocks to the end), nor
// CUPTI's blocks (hotline's own), nor the driver's threads' sleep on a semaphore a wait of the
// program's.
// RULES-NOT: [leak]
// RULES-NOT: [synchronization-time]
// RULES:     Time by category

// CHECK:      status: CUDA: traced on {{.+}}
// CHECK-NEXT: kernel increment(int*): 107 launches, 2 launch sites, most GPU time at @hundred
// CHECK-NEXT: kernel twice(int*): 3 launches, 1 launch sites, most GPU time at @three
// CHECK-NEXT: launch site @hundred in main: 100 launches of 1 kernels
// CHECK-NEXT: launch site @seven in launch_seven(int*): 7 launches of 1 kernels
// CHECK-NEXT: launch site @three in main: 3 launches of 1 kernels
// CHECK-NEXT: transfer device to host: 1 transfers, 256 bytes, 1 pageable, 256 pageable bytes
// CHECK-NEXT: transfer memset: 1 transfers, 256 bytes, 0 pageable, 0 pageable bytes

#include <cstdio>
#include <cuda_runtime.h>

__global__ void increment(int *x) { x[threadIdx.x] += 1; }
__global__ void twice(int *x) { x[threadIdx.x] *= 2; }

__attribute__((noinline)) void launch_seven(int *x) {
  for (int i = 0; i < 7; ++i)
    increment<<<1, 64>>>(x); // LINE: seven
}

int main() {
  int *x = nullptr;
  cudaMalloc((void **)&x, 64 * sizeof(int));
  cudaMemset(x, 0, 64 * sizeof(int));
  for (int i = 0; i < 100; ++i)
    increment<<<1, 64>>>(x); // LINE: hundred
  launch_seven(x);
  for (int i = 0; i < 3; ++i)
    twice<<<1, 64>>>(x); // LINE: three
  int host[64];
  cudaMemcpy(host, x, sizeof host, cudaMemcpyDeviceToHost);
  std::printf("%d %d\n", host[0], host[63]);
  cudaFree(x);
  return 0;
}
