// Stages 3 and 4: a batch on the GPU (smoothing, each window's statistics, the energy at each
// class's frequency, the class), behind an interface that needs no CUDA header.
#pragma once

#include "preprocess.h"

#include <memory>
#include <string>
#include <vector>

namespace vibration {

// The GPU to run on, or why there is none.
struct Device {
  bool found = false;
  std::string name;    // when found: the first device's name
  std::string why_not; // when not: cudaGetErrorString of cudaGetDeviceCount's error
};

Device find_device();

// What the GPU computed for a batch, copied back to the host.
struct BatchResult {
  std::vector<int> classes; // rows: the class of each window
  std::vector<float> stats; // rows * 2: mean and RMS of each smoothed window
};

// The device buffers for batches of up to `max_rows` windows, allocated once. Every member
// throws std::runtime_error naming the CUDA call that failed.
class GpuStages {
public:
  explicit GpuStages(int max_rows);
  ~GpuStages();
  GpuStages(const GpuStages &) = delete;
  GpuStages &operator=(const GpuStages &) = delete;

  // Copies `batch` to the device, runs the kernels on it, waits for them and copies the
  // classes and statistics back into `result`.
  void run(const Batch &batch, BatchResult &result);

private:
  struct Buffers;
  int max_rows_;
  std::unique_ptr<Buffers> buffers_;
};

// Window `row` of `batch`, smoothed as the GPU smooths it: its mean and RMS computed on the host
// in double precision, to check the GPU's.
void host_window_stats(const Batch &batch, int row, double *mean, double *rms);

} // namespace vibration
