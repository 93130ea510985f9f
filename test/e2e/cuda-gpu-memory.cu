// Device allocations and frees are counted by the line that made them, with their exact sizes,
// and device memory is followed to its peak: 8 MiB, then 3 x 2 MiB (the peak, 14 MiB), their
// frees, 4 MiB more. Pinned host memory (cudaMallocHost) is listed but is not device memory.
// REQUIRES: cuda-gpu
// RUN: %clangxx_hotline -O2 -g %cuda_flags %s -o %t %cudart
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline gpu --top 0 --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/gpu_summary.py %t.json %s | FileCheck %s

// OUT: done

// CHECK:      status: CUDA: traced on {{.+}}
// CHECK:      memory cudaMalloc at @big: 1 allocations, 8388608 bytes, 0 frees, 0 bytes
// CHECK-NEXT: memory cudaFree at @free-big: 0 allocations, 0 bytes, 1 frees, 8388608 bytes
// CHECK-NEXT: memory cudaFreeHost at @free-pinned: 0 allocations, 0 bytes, 1 frees, 8388608 bytes
// CHECK-NEXT: memory cudaFree at @free-small: 0 allocations, 0 bytes, 3 frees, 6291456 bytes
// CHECK-NEXT: memory cudaMalloc at @left: 1 allocations, 4194304 bytes, 0 frees, 0 bytes
// CHECK-NEXT: memory cudaMallocHost at @pinned: 1 allocations, 8388608 bytes, 0 frees, 0 bytes
// CHECK-NEXT: memory cudaMalloc at @small: 3 allocations, 6291456 bytes, 0 frees, 0 bytes
// CHECK:      device memory 0: peak 14680064 bytes, {{[0-9]+}} bytes at exit

#include <cstdio>
#include <cuda_runtime.h>

int main() {
  const size_t mib = 1 << 20;
  void *big = nullptr, *small[3] = {}, *left = nullptr, *pinned = nullptr;
  cudaMalloc(&big, 8 * mib); // LINE: big
  for (void *&block : small)
    cudaMalloc(&block, 2 * mib); // LINE: small
  for (void *block : small)
    cudaFree(block); // LINE: free-small
  cudaMalloc(&left, 4 * mib); // LINE: left
  cudaFree(big); // LINE: free-big
  cudaMallocHost(&pinned, 8 * mib); // LINE: pinned
  cudaFreeHost(pinned); // LINE: free-pinned
  std::printf("done\n");
  return 0;
}
