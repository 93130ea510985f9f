// Host code marks each CUDA runtime call with __hotline_cuda_site just before it; a launch is
// marked before __cudaPushCallConfiguration, and the device stub's own cudaLaunchKernel is not
// marked, neither in the stub nor where -O2 inlines it. Device code gets nothing of hotline.
// REQUIRES: cuda
// RUN: %clangxx_plain %hotline_cflags %cuda_flags --cuda-host-only -O0 -S -emit-llvm -o - %s | FileCheck %s --check-prefixes=CHECK,O0
// RUN: %clangxx_plain %hotline_cflags %cuda_flags --cuda-host-only -O2 -S -emit-llvm -o - %s | FileCheck %s --check-prefixes=CHECK,O2
// RUN: %clangxx_plain %hotline_cflags %cuda_flags --cuda-device-only -O2 -S -emit-llvm -o - %s | FileCheck %s --check-prefix=DEVICE

#include <cuda_runtime.h>

__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }

int main() {
  float host[256] = {};
  float *device = nullptr;
  cudaMalloc((void **)&device, sizeof host);
  cudaMemcpy(device, host, sizeof host, cudaMemcpyHostToDevice);
  scale<<<1, 256>>>(device, 2.0f);
  cudaDeviceSynchronize();
  cudaMemcpy(host, device, sizeof host, cudaMemcpyDeviceToHost);
  cudaFree(device);
  return host[0] != 0.0f;
}

// CHECK-LABEL: define dso_local void @_Z20__device_stub__scalePff(
// CHECK-NOT:   call void @__hotline_cuda_site
// CHECK:       @__cudaPopCallConfiguration(
// CHECK-NOT:   call void @__hotline_cuda_site
// CHECK:       @cudaLaunchKernel(ptr noundef {{(nonnull )?}}@_Z20__device_stub__scalePff,
// CHECK-NOT:   call void @__hotline_cuda_site

// CHECK-LABEL: define dso_local noundef {{.*}}i32 @main()
// CHECK:       call void @__hotline_cuda_site()
// CHECK-NEXT:  @cudaMalloc(ptr noundef {{.*}}, i64 noundef 1024)
// CHECK:       call void @__hotline_cuda_site()
// CHECK-NEXT:  @cudaMemcpy({{.*}}, i64 noundef 1024, i32 noundef 1)
// CHECK:       call void @__hotline_cuda_site()
// CHECK-NEXT:  @__cudaPushCallConfiguration(
// CHECK-NOT:   call void @__hotline_cuda_site
// O0:          @_Z20__device_stub__scalePff(ptr
// O2:          @__cudaPopCallConfiguration(
// O2-NOT:      call void @__hotline_cuda_site
// O2:          @cudaLaunchKernel(ptr noundef nonnull @_Z20__device_stub__scalePff,
// CHECK-NOT:   call void @__hotline_cuda_site
// CHECK:       call void @__hotline_cuda_site()
// CHECK-NEXT:  @cudaDeviceSynchronize()
// CHECK:       call void @__hotline_cuda_site()
// CHECK-NEXT:  @cudaMemcpy({{.*}}, i64 noundef 1024, i32 noundef 2)
// CHECK:       call void @__hotline_cuda_site()
// CHECK-NEXT:  @cudaFree(
// CHECK-NOT:   call void @__hotline_cuda_site
// CHECK-LABEL: define internal void @__hotline.module_ctor()

// DEVICE:     target triple = "nvptx64-nvidia-cuda"
// DEVICE-NOT: {{__hotline|hotline\.}}
// DEVICE:     define dso_local ptx_kernel void @_Z5scalePff(
// DEVICE-NOT: {{__hotline|hotline\.}}
