// Launch-heavy GPU workload: many tiny kernels (a few microseconds each), a stream sync every
// thousand launches; what CUDA tracing costs per launch. Needs a CUDA device.
#include "workload.h"

#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

constexpr int kElements = 256;

__global__ void bump(uint32_t *values, uint32_t step) {
  int i = threadIdx.x;
  values[i] = values[i] * 1664525u + step;
}

void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "gpu_launches: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

} // namespace

int main(int argc, char **argv) {
  int scale = workload::parse_scale(argc, argv, "gpu_launches");
  int launches = 20000 * scale;
  uint32_t *values = nullptr;
  check(cudaMalloc(&values, kElements * sizeof(uint32_t)), "cudaMalloc");
  check(cudaMemset(values, 0, kElements * sizeof(uint32_t)), "cudaMemset");
  for (int i = 0; i < launches; ++i) {
    bump<<<1, kElements>>>(values, uint32_t(i));
    if (i % 1000 == 999)
      check(cudaStreamSynchronize(0), "cudaStreamSynchronize");
  }
  std::vector<uint32_t> host(kElements);
  check(cudaMemcpy(host.data(), values, kElements * sizeof(uint32_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
  uint64_t digest = 0;
  for (uint32_t v : host)
    digest = digest * 31 + v;
  std::printf("gpu_launches: %d launches, digest %llu\n", launches, (unsigned long long)digest);
  check(cudaFree(values), "cudaFree");
  return 0;
}
