// Stage 1: the vibration dataset, shard files written into a directory on the first run and read
// back from it on every run.
#pragma once

#include "common.h"

#include <cstdint>
#include <string>
#include <vector>

namespace vibration {

// Windows of raw accelerometer readings (milli-g), one class label each.
struct Dataset {
  int windows = 0;
  int shards = 0;
  std::vector<int16_t> samples; // windows * kWindow readings, window after window
  std::vector<uint8_t> labels;  // windows labels, each below kClasses
  uint64_t checksum = 0;        // over the shards' contents, in order
};

// Reads the `windows` windows of the dataset made from `seed` out of `dir`, after writing them
// there when `dir` does not hold that dataset yet (its manifest is missing or different); the
// result is the same either way. Throws std::runtime_error when a file cannot be written or
// read, or a shard is malformed.
Dataset load_dataset(const std::string &dir, int windows, uint64_t seed);

} // namespace vibration
