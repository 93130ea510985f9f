// Stage 4: a small two-layer perceptron, trained epoch by epoch and evaluated with Eigen.
#pragma once

#include "common.h"
#include "preprocess.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace pipeline {

struct ModelOptions {
  int hidden = 128;
  int batch = 32;
  float learning_rate = 0.01f;
  uint64_t seed = kDatasetSeed;
};

struct EpochStats {
  double loss = 0;     // mean cross-entropy
  double accuracy = 0; // fraction classified correctly
};

class Classifier {
public:
  Classifier(int inputs, const ModelOptions &options);
  ~Classifier();
  Classifier(const Classifier &) = delete;
  Classifier &operator=(const Classifier &) = delete;

  // One pass of minibatch SGD over the samples in an order shuffled by
  // `epoch`; returns the loss and accuracy seen while training.
  EpochStats train_epoch(const std::vector<Sample> &samples, const std::vector<int> &labels,
                         int epoch);
  EpochStats evaluate(const std::vector<Sample> &samples, const std::vector<int> &labels) const;

private:
  struct Impl; // keeps Eigen out of this header
  std::unique_ptr<Impl> impl_;
};

} // namespace pipeline
