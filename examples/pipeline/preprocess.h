// Stage 3: turns decoded images into normalized model inputs on a pool of worker threads.
#pragma once

#include "common.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace pipeline {

struct Sample {
  // size * size * kChannels floats, channels interleaved; zero mean and unit
  // variance per channel.
  std::vector<float> features;
  bool flipped = false;
  uint64_t source_hash = 0; // checksum of the decoded pixels
  uint64_t source_pixels = 0;
  uint64_t feature_hash = 0; // checksum of `features`
};

struct PreprocessOptions {
  int size = 64;        // output is size x size
  int threads = 4;      // worker threads
  bool augment = false; // random flips and crop jitter, as for training
  int epoch = 0;        // picks this epoch's augmentation
};

// The image kernels the workers run, in order.

// Bilinear resize of the square [x0, x0 + side) x [y0, y0 + side) of `src` to
// `dst` (whose size is set); pixels outside the image repeat the nearest edge.
void resize_bilinear(const Image &src, float x0, float y0, float side, Image &dst);
void flip_horizontal(Image &img);
// 8-bit values to floats in [0, 1].
std::vector<float> to_float(const Image &img);
// Per-image standardization: each channel gets zero mean and unit variance.
void normalize_per_channel(std::vector<float> &data);

using ImageSource = std::function<Image(size_t index)>;

// Calls `load(indices[k])` for each k in order on the calling thread (the
// producer) and hands the images to `options.threads` workers through a bounded
// queue. A worker crops image i around boxes[i] (with augmentation: jittered,
// and flipped for about half of the images), resizes it, converts it to float
// and normalizes it. Augmentation depends only on the image index and the
// epoch, and sample k always lands in slot k, so the result depends neither on
// the thread count nor on scheduling. Rethrows the first error after all
// threads have stopped.
std::vector<Sample> preprocess_all(const std::vector<size_t> &indices, const ImageSource &load,
                                   const std::vector<Box> &boxes, const PreprocessOptions &options);

} // namespace pipeline
