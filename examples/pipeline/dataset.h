// Stage 1: generates the synthetic dataset on disk (PNG images, labels.csv, annotations.csv).
#pragma once

#include "common.h"

#include <cstdint>
#include <string>
#include <vector>

namespace pipeline {

// Names of the classes, indexed by label; labels.csv carries both.
inline constexpr const char *kShapeNames[kClasses] = {"disc", "square", "triangle", "ring"};

struct Point {
  float x = 0, y = 0;
};

// One generated image: a shape of class `label` on a noisy gradient, and the
// shape's outline as an annotator would have drawn it.
struct GeneratedSample {
  Image image;
  int label = 0;
  std::vector<Point> outline;
};

struct DatasetSummary {
  int images = 0;
  uint64_t png_bytes = 0;
  uint64_t png_hash = 0; // over every PNG file, in image order
  uint64_t annotation_rows = 0;
  int class_counts[kClasses] = {};
};

// Draws image `index` of the dataset made from `seed`. Each image depends only
// on (seed, index), never on the images before it.
GeneratedSample render_sample(uint64_t seed, int index);

// Encodes an image as a PNG file held in memory.
std::vector<uint8_t> encode_png(const Image &img);

// Writes `images` images into `dir`/images/ as PNG files, plus `dir`/labels.csv
// (one row per image) and `dir`/annotations.csv (one row per outline point),
// drawing and encoding on `threads` threads; the files do not depend on how
// many. Throws std::runtime_error when a file cannot be written.
DatasetSummary generate_dataset(const std::string &dir, int images, uint64_t seed, int threads);

} // namespace pipeline
