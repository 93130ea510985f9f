// Copies and memsets are counted by direction with their bytes, and those from or to pageable
// host memory by place: 3 copies of 4 MiB to the GPU from a std::vector, 2 from pinned memory
// (cudaMallocHost), 1 MiB back into a std::vector, one memset of 4 MiB.
// REQUIRES: cuda-gpu
// RUN: %clangxx_hotline -O2 -g %cuda_flags %s -o %t %cudart
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline gpu --top 0 --format json %t.d/*.hotline > %t.json
// RUN: python3 %S/Inputs/gpu_summary.py %t.json %s | FileCheck %s

// OUT: 2 2

// CHECK:      status: CUDA: traced on {{.+}}
// CHECK-NEXT: transfer host to device: 5 transfers, 20971520 bytes, 3 pageable, 12582912 pageable bytes
// CHECK-NEXT: transfer device to host: 1 transfers, 1048576 bytes, 1 pageable, 1048576 pageable bytes
// CHECK-NEXT: transfer memset: 1 transfers, 4194304 bytes, 0 pageable, 0 pageable bytes
// CHECK-NEXT: pageable @download in main: 1 copies, 1048576 bytes
// CHECK-NEXT: pageable @upload-pageable in main: 3 copies, 12582912 bytes
// CHECK-NEXT: host waits: 0 synchronize calls, 0 ms; 6 memcpy calls
// CHECK-NEXT: wait cudaMemcpy at @download in main: 1 calls, {{[0-9]+}} ms
// CHECK-NEXT: wait cudaMemcpy at @upload-pageable in main: 3 calls, {{[0-9]+}} ms
// CHECK-NEXT: wait cudaMemcpy at @upload-pinned in main: 2 calls, {{[0-9]+}} ms

#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <vector>

int main() {
  const size_t four_mib = 4 << 20, one_mib = 1 << 20;
  std::vector<char> pageable(four_mib, 1);
  char *pinned = nullptr;
  cudaMallocHost((void **)&pinned, four_mib);
  std::memset(pinned, 2, four_mib);
  char *device = nullptr;
  cudaMalloc((void **)&device, four_mib);
  cudaMemset(device, 0, four_mib); // LINE: clear
  for (int i = 0; i < 3; ++i)
    cudaMemcpy(device, pageable.data(), four_mib, cudaMemcpyHostToDevice); // LINE: upload-pageable
  for (int i = 0; i < 2; ++i)
    cudaMemcpy(device, pinned, four_mib, cudaMemcpyHostToDevice); // LINE: upload-pinned
  std::vector<char> back(one_mib);
  cudaMemcpy(back.data(), device, one_mib, cudaMemcpyDeviceToHost); // LINE: download
  std::printf("%d %d\n", back[0], back[one_mib - 1]);
  cudaFree(device);
  cudaFreeHost(pinned);
  return 0;
}
