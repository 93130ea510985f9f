// The sampler reads the GPUs through NVML: with 1 GiB allocated on the device and a kernel
// running for a second, samples every 20 ms see the GPU busy, its memory in use, its
// temperature and its power, and the report integrates that power into energy.
// REQUIRES: cuda-gpu
// RUN: %clangxx_hotline -O2 -g %cuda_flags %s -o %t %cudart
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d HOTLINE_SAMPLE_MS=20 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/gpu_samples.py %t.json | FileCheck %s

// OUT: done

// CHECK:      GPUs read: yes
// CHECK-NEXT: GPU samples at least 25: yes
// CHECK-NEXT: GPU utilization at least 50% in some sample: yes
// CHECK-NEXT: GPU memory at least 1 GiB in some sample: yes
// CHECK-NEXT: GPU temperature above 0 C: yes
// CHECK-NEXT: GPU power above 0 W: yes
// CHECK-NEXT: GPU energy above 0 J: yes

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
  void *block = nullptr;
  cudaMalloc(&block, size_t(1) << 30);
  cudaMemset(block, 0, size_t(1) << 30);
  spin<<<1, 1>>>(1000000000ull);
  cudaDeviceSynchronize();
  cudaFree(block);
  std::printf("done\n");
  return 0;
}
