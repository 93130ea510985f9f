// Stage 2: raw windows into a batch of model inputs on the host: normalized, then augmented with
// a new draw every epoch, as a training data loader does.
#pragma once

#include "dataset.h"

#include <cstdint>
#include <vector>

namespace vibration {

// Rows of kWindow floats, in ordinary (pageable) memory: what the GPU stages get.
struct Batch {
  int first = 0; // the dataset's window in row 0
  int rows = 0;
  std::vector<float> inputs; // rows * kWindow
};

// Fills `batch` with windows [first, first + rows) of `data`, each brought to zero mean and
// unit variance, then shifted in time (circularly), scaled and given Gaussian noise, drawn from
// (`seed`, `epoch`, window): the same batch for the same numbers, however the work is split.
void preprocess_batch(const Dataset &data, int first, int rows, int epoch, uint64_t seed,
                      Batch &batch);

} // namespace vibration
