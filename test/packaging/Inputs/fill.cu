// A CUDA program for the wrapper test: one kernel, or one line when there is no GPU.
#include <cstdio>

__global__ void fill(int *out) { out[threadIdx.x] = threadIdx.x; }

int main() {
  int *device = nullptr;
  if (cudaMalloc(&device, 16 * sizeof(int)) != cudaSuccess) {
    std::puts("no GPU");
    return 0;
  }
  fill<<<1, 16>>>(device);
  int host[16];
  cudaMemcpy(host, device, sizeof(host), cudaMemcpyDeviceToHost);
  cudaFree(device);
  std::printf("filled %d\n", host[15] + 1);
  return 0;
}
