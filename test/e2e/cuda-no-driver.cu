// Without a CUDA driver, a CUDA program built with the plugin prints and exits as the plain build
// does, and writes its whole CPU profile; the profile's CUDA line says why no GPU work was
// recorded: libcuda.so.1 is missing, or it is the toolkit's stub. HOTLINE_CUDA=0 leaves CUDA out.
// REQUIRES: cuda
// UNSUPPORTED: cuda-gpu
// RUN: rm -rf %t && mkdir -p %t/none %t/stub %t/off %t/stub-driver
// RUN: %clangxx_plain -O2 -g %cuda_flags %s -o %t/plain %cudart
// RUN: %clangxx_hotline -O2 -g %cuda_flags %s -o %t/profiled %cudart
//
// This machine has no libcuda.so.1.
// RUN: %t/plain > %t/plain.out; echo "exit $?" >> %t/plain.out
// RUN: env HOTLINE_DIR=%t/none %t/profiled > %t/profiled.out; echo "exit $?" >> %t/profiled.out
// RUN: diff %t/plain.out %t/profiled.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t/profiled.out
// RUN: %hotline gpu %t/none/profiled.*.hotline | FileCheck %s --check-prefix=NONE --match-full-lines
// RUN: %hotline report %t/none/profiled.*.hotline | FileCheck %s --check-prefixes=REPORT,REPORT-NONE
//
// The toolkit's stub libcuda loads, and cuInit says what it is.
// RUN: ln -s /usr/local/cuda/lib64/stubs/libcuda.so %t/stub-driver/libcuda.so.1
// RUN: env LD_LIBRARY_PATH=%t/stub-driver %t/plain > %t/plain-stub.out; echo "exit $?" >> %t/plain-stub.out
// RUN: env LD_LIBRARY_PATH=%t/stub-driver HOTLINE_DIR=%t/stub %t/profiled > %t/profiled-stub.out; echo "exit $?" >> %t/profiled-stub.out
// RUN: diff %t/plain-stub.out %t/profiled-stub.out
// RUN: FileCheck %s --check-prefix=STUB-OUT --input-file %t/profiled-stub.out
// RUN: %hotline gpu %t/stub/profiled.*.hotline | FileCheck %s --check-prefix=STUB --match-full-lines
// RUN: %hotline report %t/stub/profiled.*.hotline | FileCheck %s --check-prefixes=REPORT,REPORT-STUB
//
// RUN: env HOTLINE_DIR=%t/off HOTLINE_CUDA=0 %t/profiled > %t/off.out; echo "exit $?" >> %t/off.out
// RUN: diff %t/plain.out %t/off.out
// RUN: %hotline gpu %t/off/profiled.*.hotline | FileCheck %s --check-prefix=OFF --match-full-lines
// RUN: %hotline report %t/off/profiled.*.hotline | FileCheck %s --check-prefixes=REPORT,REPORT-OFF

// OUT:      cudaGetDeviceCount: cudaErrorInsufficientDriver
// OUT-NEXT: on the host: 4096 values, sum 16773120
// OUT-NEXT: exit 0

// STUB-OUT:      cudaGetDeviceCount: cudaErrorStubLibrary
// STUB-OUT-NEXT: on the host: 4096 values, sum 16773120
// STUB-OUT-NEXT: exit 0

// NONE:     CUDA present, no driver (libcuda.so.1: cannot open shared object file: No such file or directory)
// NONE-NOT: {{.}}

// STUB:     CUDA present, no driver (cuInit: CUDA_ERROR_STUB_LIBRARY (libcuda.so.1 is the toolkit's stub, not a driver))
// STUB-NOT: {{.}}

// OFF:     no CUDA in this run
// OFF-NOT: {{.}}

// REPORT:     Functions by self time
// REPORT-DAG: 1 main {{.*}}cuda-no-driver.cu:{{[0-9]+$}}
// REPORT-DAG: 1 scale_on_host(int*, int, int) {{.*}}cuda-no-driver.cu:{{[0-9]+$}}
// REPORT-DAG: 1 scale_on_gpu(int*, int, int) {{.*}}cuda-no-driver.cu:{{[0-9]+$}}
// REPORT-NONE:      {{^GPU$}}
// REPORT-NONE-NEXT: CUDA present, no driver (libcuda.so.1: cannot open shared object file: No such file or directory)
// REPORT-STUB:      {{^GPU$}}
// REPORT-STUB-NEXT: CUDA present, no driver (cuInit: CUDA_ERROR_STUB_LIBRARY (libcuda.so.1 is the toolkit's stub, not a driver))
// REPORT-OFF-NOT:   {{^GPU$}}
// REPORT:           {{^System$}}

#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(int *values, int factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    values[i] *= factor;
}

__attribute__((noinline)) void scale_on_host(int *values, int factor, int n) {
  for (int i = 0; i < n; ++i)
    values[i] *= factor;
}

// False, having printed why, when the GPU cannot do it.
__attribute__((noinline)) bool scale_on_gpu(int *values, int factor, int n) {
  int count = 0;
  cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess || count == 0) {
    std::printf("cudaGetDeviceCount: %s\n", cudaGetErrorName(status));
    return false;
  }
  int *device = nullptr;
  size_t bytes = size_t(n) * sizeof(int);
  cudaMalloc((void **)&device, bytes);
  cudaMemcpy(device, values, bytes, cudaMemcpyHostToDevice);
  scale<<<(n + 255) / 256, 256>>>(device, factor, n);
  cudaMemcpy(values, device, bytes, cudaMemcpyDeviceToHost);
  cudaFree(device);
  std::printf("on the GPU: ");
  return true;
}

int main() {
  static int values[4096];
  for (int i = 0; i < 4096; ++i)
    values[i] = i;
  if (!scale_on_gpu(values, 2, 4096)) {
    scale_on_host(values, 2, 4096);
    std::printf("on the host: ");
  }
  long sum = 0;
  for (int v : values)
    sum += v;
  std::printf("4096 values, sum %ld\n", sum);
  return 0;
}
