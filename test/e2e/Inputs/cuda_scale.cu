// A small CUDA program for the nvcc test: six CUDA runtime calls in main, one of them a launch.
#include <cstdio>

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}

int main() {
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {
    printf("no CUDA device (%s)\n", cudaGetErrorString(e));
    return 0;
  }
  float *d = nullptr;
  cudaMalloc(&d, 1024 * sizeof(float));
  scale<<<4, 256>>>(d, 2.0f, 1024);
  cudaDeviceSynchronize();
  cudaFree(d);
  printf("scaled\n");
  return 0;
}
