// Compute-heavy GPU workload: a few long kernels (integer arithmetic, so the result is exact),
// one copy in and one out; CUDA tracing should cost nothing measurable here. Needs a CUDA device.
#include "workload.h"

#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

constexpr int kElements = 1 << 20;
// Enough rounds that the GPU's time, not the CUDA context's start, is most of a run.
constexpr int kRoundsPerLaunch = 1 << 16;

// A xorshift-multiply mix per round: a chain of multiply-adds alone is linear, and the compiler
// folded 65,536 of its rounds into 104 us a launch on an H100.
__global__ void churn(uint32_t *values, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= kElements)
    return;
  uint32_t v = values[i];
  for (int r = 0; r < rounds; ++r) {
    v ^= v >> 13;
    v = v * 0x5bd1e995u + uint32_t(r);
  }
  values[i] = v;
}

void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "gpu_compute: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

} // namespace

int main(int argc, char **argv) {
  int scale = workload::parse_scale(argc, argv, "gpu_compute");
  std::vector<uint32_t> host(kElements);
  workload::Rng rng{42};
  for (uint32_t &v : host)
    v = uint32_t(rng.next());
  uint32_t *values = nullptr;
  check(cudaMalloc(&values, kElements * sizeof(uint32_t)), "cudaMalloc");
  check(cudaMemcpy(values, host.data(), kElements * sizeof(uint32_t), cudaMemcpyHostToDevice), "cudaMemcpy");
  int launches = 8 * scale;
  for (int i = 0; i < launches; ++i)
    churn<<<kElements / 256, 256>>>(values, kRoundsPerLaunch);
  check(cudaMemcpy(host.data(), values, kElements * sizeof(uint32_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
  uint64_t digest = 0;
  for (uint32_t v : host)
    digest = digest * 31 + v;
  std::printf("gpu_compute: %d launches, digest %llu\n", launches, (unsigned long long)digest);
  check(cudaFree(values), "cudaFree");
  return 0;
}
