// The time a GPU waits for the host shows as an idle gap, attributed to the launch that ended
// it: the host sleeps 200 ms between two kernels, and that is the device's longest gap.
// REQUIRES: cuda-gpu
// RUN: %clangxx_hotline -O2 -g %cuda_flags %s -o %t %cudart
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline gpu --top 0 --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/gpu_summary.py %t.json %s | FileCheck %s
// RUN: %hotline report %t.d/*.hotline | FileCheck %s --check-prefix=RULES

// OUT: 2

// CHECK: status: CUDA: traced on {{.+}}
// CHECK: device 0: longest idle gap {{1[5-9][0-9]|[2-9][0-9][0-9]}} ms, before kernel second_step(int*) launched at @after in main

// The gap is nearly all of the GPU's span and a third of the run; 2 launches are not
// tiny-kernels, and the 4 bytes copied back from pageable memory are no finding.
// RULES-NOT: [tiny-kernels]
// RULES-NOT: [pageable-transfers]
// RULES:     [gpu-idle] GPU device 0 {{.*}}was idle {{.+}} between its first and last work ({{9[0-9]\.[0-9]|100\.0}}%)
// RULES-NOT: [tiny-kernels]
// RULES-NOT: [pageable-transfers]

#include <cstdio>
#include <cuda_runtime.h>
#include <unistd.h>

__global__ void first_step(int *x) { *x += 1; }
__global__ void second_step(int *x) { *x *= 2; }

int main() {
  int *x = nullptr;
  cudaMalloc((void **)&x, sizeof(int));
  cudaMemset(x, 0, sizeof(int));
  first_step<<<1, 1>>>(x); // LINE: before
  cudaDeviceSynchronize();
  usleep(200000); // the host is busy with something else
  second_step<<<1, 1>>>(x); // LINE: after
  int host = 0;
  cudaMemcpy(&host, x, sizeof host, cudaMemcpyDeviceToHost);
  std::printf("%d\n", host);
  cudaFree(x);
  return 0;
}
