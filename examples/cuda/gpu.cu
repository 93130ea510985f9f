// Stages 3 and 4: the kernels and the host code that copies each batch in, launches them and
// copies the results out.
#include "gpu.h"

#include <cuda_runtime.h>

#include <cmath>
#include <stdexcept>
#include <string>

namespace vibration {
namespace {

constexpr int kThreads = 256; // threads per block, a power of two
constexpr int kHalfTaps = 2;
constexpr int kSmoothTaps = 2 * kHalfTaps + 1;

void check(cudaError_t status, const char *call) {
  if (status != cudaSuccess)
    throw std::runtime_error(std::string(call) + ": " + cudaGetErrorString(status));
}

template <typename T> class DeviceArray {
public:
  explicit DeviceArray(size_t count) { check(cudaMalloc(&data_, count * sizeof(T)), "cudaMalloc"); }
  ~DeviceArray() { cudaFree(data_); }
  DeviceArray(const DeviceArray &) = delete;
  DeviceArray &operator=(const DeviceArray &) = delete;

  T *get() const { return data_; }

private:
  T *data_ = nullptr;
};

// A moving average over kSmoothTaps samples, one thread per sample. Windows wrap around: the
// augmentation shifted them circularly.
__global__ void smooth(const float *in, float *out, int rows) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows * kWindow)
    return;
  const float *window = in + (i / kWindow) * kWindow;
  int t = i % kWindow;
  float sum = 0;
  for (int k = -kHalfTaps; k <= kHalfTaps; ++k)
    sum += window[(t + k + kWindow) % kWindow];
  out[i] = sum / kSmoothTaps;
}

// Adds up `values`, one per thread of the block, into values[0]. Every thread calls it.
__device__ void block_sum(float *values) {
  int thread = threadIdx.x;
  __syncthreads();
  for (int half = kThreads / 2; half > 0; half /= 2) {
    if (thread < half)
      values[thread] += values[thread + half];
    __syncthreads();
  }
}

// The mean and RMS of window `first_row + blockIdx.x`, into stats[2 * row] and [2 * row + 1].
__global__ void window_stats(const float *x, int first_row, float *stats) {
  __shared__ float sums[kThreads], squares[kThreads];
  int row = first_row + blockIdx.x;
  const float *window = x + row * kWindow;
  float sum = 0, square = 0;
  for (int t = threadIdx.x; t < kWindow; t += kThreads) {
    sum += window[t];
    square += window[t] * window[t];
  }
  sums[threadIdx.x] = sum;
  squares[threadIdx.x] = square;
  block_sum(sums);
  block_sum(squares);
  if (threadIdx.x == 0) {
    stats[2 * row] = sums[0] / kWindow;
    stats[2 * row + 1] = sqrtf(squares[0] / kWindow);
  }
}

// The energy of window blockIdx.x at each class's frequency: the squared amplitude of its
// projection on that frequency's cosine and sine (rows 2c and 2c + 1 of `basis`).
__global__ void class_energy(const float *x, const float *basis, float *energy) {
  __shared__ float partial[2 * kClasses][kThreads];
  int row = blockIdx.x;
  const float *window = x + row * kWindow;
  for (int b = 0; b < 2 * kClasses; ++b) {
    float sum = 0;
    for (int t = threadIdx.x; t < kWindow; t += kThreads)
      sum += window[t] * basis[b * kWindow + t];
    partial[b][threadIdx.x] = sum;
  }
  for (int b = 0; b < 2 * kClasses; ++b)
    block_sum(partial[b]);
  if (threadIdx.x < kClasses) {
    float c = partial[2 * threadIdx.x][0], s = partial[2 * threadIdx.x + 1][0];
    energy[row * kClasses + threadIdx.x] = (c * c + s * s) * (4.0f / (kWindow * kWindow));
  }
}

// The class with the most energy at its frequency, one thread per window.
__global__ void classify(const float *energy, int rows, int *classes) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows)
    return;
  const float *e = energy + row * kClasses;
  int best = 0;
  for (int c = 1; c < kClasses; ++c)
    if (e[c] > e[best])
      best = c;
  classes[row] = best;
}

int blocks_for(int threads) { return (threads + kThreads - 1) / kThreads; }

} // namespace

Device find_device() {
  Device device;
  int count = 0;
  cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess || count == 0) {
    device.why_not = status != cudaSuccess ? cudaGetErrorString(status) : "0 devices";
    return device;
  }
  cudaDeviceProp properties;
  check(cudaGetDeviceProperties(&properties, 0), "cudaGetDeviceProperties");
  device.found = true;
  device.name = properties.name;
  return device;
}

struct GpuStages::Buffers {
  explicit Buffers(int rows)
      : inputs(size_t(rows) * kWindow), smoothed(size_t(rows) * kWindow),
        basis(2 * kClasses * kWindow), stats(2 * size_t(rows)), energy(size_t(rows) * kClasses),
        classes(size_t(rows)) {}

  DeviceArray<float> inputs, smoothed, basis, stats, energy;
  DeviceArray<int> classes;
};

GpuStages::GpuStages(int max_rows)
    : max_rows_(max_rows), buffers_(std::make_unique<Buffers>(max_rows)) {
  std::vector<float> basis(2 * kClasses * kWindow);
  for (int c = 0; c < kClasses; ++c)
    for (int t = 0; t < kWindow; ++t) {
      double angle = 6.283185307179586 * kClassCycles[c] * t / kWindow;
      basis[(2 * c) * kWindow + t] = float(std::cos(angle));
      basis[(2 * c + 1) * kWindow + t] = float(std::sin(angle));
    }
  check(cudaMemcpy(buffers_->basis.get(), basis.data(), basis.size() * sizeof(float),
                   cudaMemcpyHostToDevice),
        "cudaMemcpy");
}

GpuStages::~GpuStages() = default;

void GpuStages::run(const Batch &batch, BatchResult &result) {
  int rows = batch.rows;
  if (rows > max_rows_)
    throw std::runtime_error("a batch of " + std::to_string(rows) + " windows does not fit");
  Buffers &b = *buffers_;
  check(cudaMemcpy(b.inputs.get(), batch.inputs.data(), batch.inputs.size() * sizeof(float),
                   cudaMemcpyHostToDevice),
        "cudaMemcpy");
  smooth<<<blocks_for(rows * kWindow), kThreads>>>(b.inputs.get(), b.smoothed.get(), rows);
  for (int row = 0; row < rows; ++row)
    window_stats<<<1, kThreads>>>(b.smoothed.get(), row, b.stats.get());
  class_energy<<<rows, kThreads>>>(b.smoothed.get(), b.basis.get(), b.energy.get());
  classify<<<blocks_for(rows), kThreads>>>(b.energy.get(), rows, b.classes.get());
  check(cudaGetLastError(), "a kernel launch");
  check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");

  result.classes.resize(size_t(rows));
  result.stats.resize(2 * size_t(rows));
  check(cudaMemcpy(result.classes.data(), b.classes.get(), result.classes.size() * sizeof(int),
                   cudaMemcpyDeviceToHost),
        "cudaMemcpy");
  check(cudaMemcpy(result.stats.data(), b.stats.get(), result.stats.size() * sizeof(float),
                   cudaMemcpyDeviceToHost),
        "cudaMemcpy");
}

void host_window_stats(const Batch &batch, int row, double *mean, double *rms) {
  const float *window = &batch.inputs[size_t(row) * kWindow];
  double sum = 0, squares = 0;
  for (int t = 0; t < kWindow; ++t) {
    double smoothed = 0;
    for (int k = -kHalfTaps; k <= kHalfTaps; ++k)
      smoothed += window[(t + k + kWindow) % kWindow];
    smoothed /= kSmoothTaps;
    sum += smoothed;
    squares += smoothed * smoothed;
  }
  *mean = sum / kWindow;
  *rms = std::sqrt(squares / kWindow);
}

} // namespace vibration
