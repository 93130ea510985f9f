// Stage 2: reads the dataset back: parses labels.csv and annotations.csv, decodes PNG files.
#pragma once

#include "common.h"

#include <cstdint>
#include <string>
#include <vector>

namespace pipeline {

struct LabelRow {
  std::string file; // relative to the data directory
  int label = 0;
  int width = 0;
  int height = 0;
};

// Parses labels.csv. Throws std::runtime_error naming the file and line on a
// malformed row.
std::vector<LabelRow> read_labels(const std::string &path);

// Parses annotations.csv and returns, for each of the `images` images, the
// bounding box of its outline points. `rows` receives the number of data rows.
std::vector<Box> read_annotation_boxes(const std::string &path, size_t images, uint64_t *rows);

// Reads and decodes one PNG file into 8-bit RGB. Throws on I/O or decode errors.
Image load_png(const std::string &path);

} // namespace pipeline
