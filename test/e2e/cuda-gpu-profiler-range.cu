// HOTLINE_START=cudaProfilerApi: as Nsight Systems' --capture-range=cudaProfilerApi, nothing is
// recorded before cudaProfilerStart() or after cudaProfilerStop(): of 12 launches of one kernel,
// the 3 between them are in the profile, with their launch site and the one window; the 5
// before and the 4 after, and the copy after, are not.
// REQUIRES: cuda-gpu
// RUN: %clangxx_hotline -O2 -g %cuda_flags %s -o %t %cudart
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d HOTLINE_START=cudaProfilerApi %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline gpu --top 0 --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/gpu_summary.py %t.json %s | FileCheck %s
// RUN: %hotline report %t.d/*.hotline | FileCheck %s --check-prefix=RECORDED

// OUT: bumped 12 times

// CHECK:      status: CUDA: traced on {{.+}}
// CHECK-NEXT: kernel bump(int*): 3 launches, 1 launch sites, most GPU time at @inside
// CHECK-NOT:  launch site @before in main: {{[1-9]}}
// CHECK:      launch site @inside in main: 3 launches of 1 kernels
// CHECK-NOT:  launch site @after in main: {{[1-9]}}
// CHECK-NOT:  transfer device to host

// RECORDED: Recorded   1 window,

#include <cstdio>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>

__global__ void bump(int *counter) { atomicAdd(counter, 1); }

int main() {
  int *counter = nullptr;
  cudaMalloc(&counter, sizeof *counter);
  cudaMemset(counter, 0, sizeof *counter);
  for (int i = 0; i < 5; ++i)
    bump<<<1, 1>>>(counter); // LINE: before
  cudaDeviceSynchronize();
  cudaProfilerStart();
  for (int i = 0; i < 3; ++i)
    bump<<<1, 1>>>(counter); // LINE: inside
  cudaDeviceSynchronize();
  cudaProfilerStop();
  for (int i = 0; i < 4; ++i)
    bump<<<1, 1>>>(counter); // LINE: after
  int bumped = 0;
  cudaMemcpy(&bumped, counter, sizeof bumped, cudaMemcpyDeviceToHost);
  cudaFree(counter);
  std::printf("bumped %d times\n", bumped);
  return 0;
}
