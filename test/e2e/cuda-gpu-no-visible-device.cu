// With every GPU hidden (CUDA_VISIBLE_DEVICES empty), the driver finds no device: the program
// built with the plugin prints and exits as the plain build does, and the profile says so.
// REQUIRES: cuda-gpu
// RUN: rm -rf %t && mkdir -p %t/profiles
// RUN: %clangxx_plain -O2 -g %cuda_flags %s -o %t/plain %cudart
// RUN: %clangxx_hotline -O2 -g %cuda_flags %s -o %t/profiled %cudart
// RUN: env CUDA_VISIBLE_DEVICES= %t/plain > %t/plain.out; echo "exit $?" >> %t/plain.out
// RUN: env CUDA_VISIBLE_DEVICES= HOTLINE_DIR=%t/profiles %t/profiled > %t/profiled.out; echo "exit $?" >> %t/profiled.out
// RUN: diff %t/plain.out %t/profiled.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t/profiled.out
// RUN: %hotline gpu %t/profiles/profiled.*.hotline | FileCheck %s --match-full-lines

// OUT:      cudaGetDeviceCount: cudaErrorNoDevice
// OUT-NEXT: exit 3

// CHECK:     CUDA present, no device ({{cuInit: CUDA_ERROR_NO_DEVICE|cuDeviceGetCount: 0 devices}})
// CHECK-NOT: {{.}}

#include <cstdio>
#include <cuda_runtime.h>

__global__ void touch(int *x) { *x = 1; }

int main() {
  int count = 0;
  cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess || count == 0) {
    std::printf("cudaGetDeviceCount: %s\n", cudaGetErrorName(status));
    return 3;
  }
  int *x = nullptr;
  cudaMalloc((void **)&x, sizeof(int));
  touch<<<1, 1>>>(x);
  cudaDeviceSynchronize();
  cudaFree(x);
  std::printf("%d devices\n", count);
  return 0;
}
