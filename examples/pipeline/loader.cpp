// Stage 2: a line-by-line CSV reader for labels and annotations, and PNG decoding with stb_image.
#include "loader.h"

#include "dataset.h"

#include <stb_image.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string_view>

namespace pipeline {
namespace {

std::string read_file(const std::string &path) {
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f)
    throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
  std::string data;
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
    data.append(buf, n);
  bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed)
    throw std::runtime_error("cannot read " + path);
  return data;
}

// Reads a CSV file line by line and splits each line into fields, the way most
// hand-written C++ loaders do: std::getline over the file, then over a string
// stream of the line. No quoting: the dataset never needs it, and a quote is
// reported instead of misread.
class CsvReader {
public:
  explicit CsvReader(const std::string &path) : in_(path), name_(path) {
    if (!in_)
      throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
  }

  // Reads the next non-empty line into `fields`; false at the end of the file.
  bool next(std::vector<std::string> &fields) {
    std::string line;
    while (std::getline(in_, line)) {
      ++line_number_;
      if (!line.empty() && line.back() == '\r')
        line.pop_back();
      if (line.empty())
        continue;
      if (line.find('"') != std::string::npos)
        fail("quoted fields are not supported");
      split(line, fields);
      return true;
    }
    if (in_.bad())
      fail("read error");
    return false;
  }

  [[noreturn]] void fail(const std::string &what) const {
    throw std::runtime_error(name_ + ":" + std::to_string(line_number_) + ": " + what);
  }

private:
  static void split(const std::string &line, std::vector<std::string> &fields) {
    fields.clear();
    std::istringstream stream(line);
    std::string field;
    while (std::getline(stream, field, ','))
      fields.push_back(field);
    if (line.back() == ',') // getline drops an empty last field
      fields.emplace_back();
  }

  std::ifstream in_;
  std::string name_;
  size_t line_number_ = 0;
};

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool parse_int(std::string_view s, long &out) {
  if (s.empty() || s.size() > 18)
    return false;
  long value = 0;
  for (char c : s) {
    if (!is_digit(c))
      return false;
    value = value * 10 + (c - '0');
  }
  out = value;
  return true;
}

// Parses a non-negative decimal such as "63.25". The program never calls
// setlocale, so the decimal point is always '.'.
bool parse_decimal(const std::string &s, float &out) {
  if (s.empty() || !is_digit(s.front()))
    return false;
  char *end = nullptr;
  errno = 0;
  out = std::strtof(s.c_str(), &end);
  return end == s.c_str() + s.size() && errno == 0;
}

void expect_header(CsvReader &csv, std::vector<std::string> &fields,
                   std::initializer_list<std::string_view> names) {
  if (!csv.next(fields))
    csv.fail("empty file");
  if (!std::equal(fields.begin(), fields.end(), names.begin(), names.end()))
    csv.fail("unexpected header");
}

} // namespace

std::vector<LabelRow> read_labels(const std::string &path) {
  CsvReader csv(path);
  std::vector<std::string> f;
  expect_header(csv, f, {"file", "label", "shape", "width", "height"});
  std::vector<LabelRow> rows;
  while (csv.next(f)) {
    if (f.size() != 5)
      csv.fail("expected 5 fields, got " + std::to_string(f.size()));
    long label, width, height;
    if (!parse_int(f[1], label) || label >= kClasses)
      csv.fail("bad label '" + f[1] + "'");
    if (f[2] != kShapeNames[label])
      csv.fail("shape '" + f[2] + "' does not match label");
    if (!parse_int(f[3], width) || !parse_int(f[4], height) || width == 0 || height == 0 ||
        width > 65536 || height > 65536)
      csv.fail("bad image size");
    rows.push_back({f[0], int(label), int(width), int(height)});
  }
  return rows;
}

std::vector<Box> read_annotation_boxes(const std::string &path, size_t images, uint64_t *rows) {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  std::vector<Box> boxes(images, Box{kInf, kInf, -kInf, -kInf});
  CsvReader csv(path);
  std::vector<std::string> f;
  expect_header(csv, f, {"image", "point", "x", "y"});
  uint64_t count = 0;
  while (csv.next(f)) {
    if (f.size() != 4)
      csv.fail("expected 4 fields, got " + std::to_string(f.size()));
    long image, point;
    float x, y;
    if (!parse_int(f[0], image) || size_t(image) >= images)
      csv.fail("bad image index '" + f[0] + "'");
    if (!parse_int(f[1], point) || !parse_decimal(f[2], x) || !parse_decimal(f[3], y))
      csv.fail("bad point");
    Box &b = boxes[size_t(image)];
    b.x0 = std::min(b.x0, x);
    b.y0 = std::min(b.y0, y);
    b.x1 = std::max(b.x1, x);
    b.y1 = std::max(b.y1, y);
    ++count;
  }
  for (size_t i = 0; i < images; ++i)
    if (!(boxes[i].x0 < boxes[i].x1 && boxes[i].y0 < boxes[i].y1))
      throw std::runtime_error(path + ": image " + std::to_string(i) + " has no outline");
  *rows = count;
  return boxes;
}

Image load_png(const std::string &path) {
  std::string bytes = read_file(path);
  int width = 0, height = 0, channels_in_file = 0;
  stbi_uc *pixels =
      stbi_load_from_memory(reinterpret_cast<const stbi_uc *>(bytes.data()), int(bytes.size()),
                            &width, &height, &channels_in_file, kChannels);
  if (!pixels)
    throw std::runtime_error(path + ": " + stbi_failure_reason());
  Image img(width, height);
  std::memcpy(img.pixels.data(), pixels, img.pixels.size());
  stbi_image_free(pixels);
  return img;
}

} // namespace pipeline
