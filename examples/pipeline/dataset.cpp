// Stage 1: draws shapes on noisy gradients, writes them as PNG files plus two CSV files.
#include "dataset.h"

#include <stb_image_write.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace pipeline {
namespace {

constexpr float kPi = 3.14159265358979f;
constexpr int kOutlinePoints = 512; // annotation rows per image
constexpr float kNoiseAmplitude = 2.0f;

struct Shape {
  int label = 0;
  float cx = 0, cy = 0, radius = 0, angle = 0;
  float cos_a = 1, sin_a = 0;
  float normal_x[3] = {}, normal_y[3] = {}; // triangle edge normals
  float color[kChannels] = {};
};

// A linear gradient: base + dx * x + dy * y, per channel.
struct Background {
  float base[kChannels] = {}, dx[kChannels] = {}, dy[kChannels] = {};
};

Shape random_shape(Rng &rng, int width, int height) {
  Shape s;
  s.label = rng.below(kClasses);
  float extent = float(std::min(width, height));
  s.radius = rng.range(0.18f, 0.32f) * extent;
  float margin = s.radius * 1.2f; // the square's corners reach 1.13 * radius
  s.cx = rng.range(margin, float(width) - margin);
  s.cy = rng.range(margin, float(height) - margin);
  s.angle = rng.range(0.0f, 2 * kPi);
  s.cos_a = std::cos(s.angle);
  s.sin_a = std::sin(s.angle);
  for (int k = 0; k < 3; ++k) {
    float a = s.angle + float(k) * (2 * kPi / 3);
    s.normal_x[k] = std::cos(a);
    s.normal_y[k] = std::sin(a);
  }
  return s;
}

Background random_background(Rng &rng, int width, int height) {
  Background bg;
  for (int c = 0; c < kChannels; ++c) {
    bg.base[c] = rng.range(50.0f, 205.0f);
    bg.dx[c] = rng.range(-50.0f, 50.0f) / float(width);
    bg.dy[c] = rng.range(-50.0f, 50.0f) / float(height);
  }
  return bg;
}

// Picks a shape colour that stands out from the background at the centre.
void pick_shape_color(Shape &s, const Background &bg, Rng &rng) {
  for (int c = 0; c < kChannels; ++c) {
    float under = bg.base[c] + bg.dx[c] * s.cx + bg.dy[c] * s.cy;
    float offset = rng.range(45.0f, 110.0f);
    s.color[c] = under > 128.0f ? under - offset : under + offset;
  }
}

inline bool inside_shape(const Shape &s, float x, float y) {
  float dx = x - s.cx, dy = y - s.cy;
  float r = s.radius;
  switch (s.label) {
  case 0:
    return dx * dx + dy * dy <= r * r;
  case 1: {
    float u = dx * s.cos_a + dy * s.sin_a;
    float v = dy * s.cos_a - dx * s.sin_a;
    return std::fabs(u) <= 0.8f * r && std::fabs(v) <= 0.8f * r;
  }
  case 2:
    for (int k = 0; k < 3; ++k)
      if (dx * s.normal_x[k] + dy * s.normal_y[k] > 0.5f * r)
        return false;
    return true;
  default: {
    float d2 = dx * dx + dy * dy;
    return d2 <= r * r && d2 >= 0.3025f * r * r; // inner radius 0.55 r
  }
  }
}

// Distance from the centre to the shape's outer outline in direction `theta`.
float outline_radius(const Shape &s, float theta) {
  switch (s.label) {
  case 1: {
    float t = theta - s.angle;
    return 0.8f * s.radius / std::max(std::fabs(std::cos(t)), std::fabs(std::sin(t)));
  }
  case 2: {
    float best = 2.0f * s.radius;
    for (int k = 0; k < 3; ++k) {
      float c = std::cos(theta - s.angle - float(k) * (2 * kPi / 3));
      if (c > 1e-3f)
        best = std::min(best, 0.5f * s.radius / c);
    }
    return best;
  }
  default:
    return s.radius;
  }
}

// Sensor-like noise for the three channels of one pixel from a single draw:
// each is the sum of two random bytes, a triangular distribution on [-1, 1].
inline void pixel_noise(Rng &rng, float out[kChannels]) {
  uint64_t bits = rng.next();
  for (int c = 0; c < kChannels; ++c, bits >>= 16)
    out[c] = float(int(bits & 0xff) + int((bits >> 8) & 0xff) - 255) * (1.0f / 255.0f);
}

inline uint8_t to_u8(float v) {
  v = v < 0.0f ? 0.0f : (v > 255.0f ? 255.0f : v);
  return uint8_t(v + 0.5f);
}

Image render_image(const Shape &s, const Background &bg, Rng &rng, int width, int height) {
  Image img(width, height);
  uint8_t *out = img.pixels.data();
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      bool in = inside_shape(s, float(x) + 0.5f, float(y) + 0.5f);
      float n[kChannels];
      pixel_noise(rng, n);
      for (int c = 0; c < kChannels; ++c) {
        float v = in ? s.color[c] : bg.base[c] + bg.dx[c] * float(x) + bg.dy[c] * float(y);
        *out++ = to_u8(v + kNoiseAmplitude * n[c]);
      }
    }
  }
  return img;
}

void append_bytes(void *context, void *data, int size) {
  auto *out = static_cast<std::vector<uint8_t> *>(context);
  const auto *bytes = static_cast<const uint8_t *>(data);
  out->insert(out->end(), bytes, bytes + size);
}

void write_file(const std::string &path, const void *data, size_t size) {
  FILE *f = std::fopen(path.c_str(), "wb");
  if (!f)
    throw std::runtime_error("cannot create " + path + ": " + std::strerror(errno));
  size_t written = std::fwrite(data, 1, size, f);
  int closed = std::fclose(f);
  if (written != size || closed != 0)
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
}

inline void append_int(std::string &out, long value) {
  char buf[24];
  auto res = std::to_chars(buf, buf + sizeof buf, value);
  out.append(buf, res.ptr);
}

// Appends a non-negative value with exactly two decimals, without going
// through the locale.
inline void append_fixed2(std::string &out, float value) {
  long cents = std::lround(double(value) * 100.0);
  append_int(out, cents / 100);
  out += '.';
  out += char('0' + cents / 10 % 10);
  out += char('0' + cents % 10);
}

void append_outline_rows(std::string &csv, int image, const std::vector<Point> &outline) {
  for (size_t k = 0; k < outline.size(); ++k) {
    append_int(csv, image);
    csv += ',';
    append_int(csv, long(k));
    csv += ',';
    append_fixed2(csv, outline[k].x);
    csv += ',';
    append_fixed2(csv, outline[k].y);
    csv += '\n';
  }
}

std::string image_file_name(int index) {
  char name[32];
  std::snprintf(name, sizeof name, "images/img_%06d.png", index);
  return name;
}

// Runs fn(i) for every i in [0, count) on `threads` threads (the caller is one
// of them) that take indices from a shared counter. Rethrows the first error.
template <class Fn> void parallel_for(size_t count, int threads, Fn fn) {
  std::atomic<size_t> next{0};
  std::mutex error_mutex;
  std::exception_ptr error;
  auto work = [&] {
    for (size_t i; (i = next.fetch_add(1)) < count;) {
      try {
        fn(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mutex);
        if (!error)
          error = std::current_exception();
        next = count; // stop handing out work
      }
    }
  };
  std::vector<std::thread> helpers;
  try {
    for (int t = 1; t < threads; ++t)
      helpers.emplace_back(work);
  } catch (...) {
    next = count;
    for (std::thread &h : helpers)
      h.join();
    throw;
  }
  work();
  for (std::thread &h : helpers)
    h.join();
  if (error)
    std::rethrow_exception(error);
}

} // namespace

GeneratedSample render_sample(uint64_t seed, int index) {
  Rng rng(stream_seed(seed, uint64_t(index)));
  int width = 64 + rng.below(65);
  int height = 64 + rng.below(65);
  Shape shape = random_shape(rng, width, height);
  Background bg = random_background(rng, width, height);
  pick_shape_color(shape, bg, rng);

  GeneratedSample sample;
  sample.label = shape.label;
  sample.image = render_image(shape, bg, rng, width, height);
  sample.outline.reserve(kOutlinePoints);
  for (int k = 0; k < kOutlinePoints; ++k) {
    float theta = 2 * kPi * float(k) / float(kOutlinePoints);
    float rho = outline_radius(shape, theta);
    float x = shape.cx + rho * std::cos(theta) + rng.range(-0.5f, 0.5f);
    float y = shape.cy + rho * std::sin(theta) + rng.range(-0.5f, 0.5f);
    sample.outline.push_back(
        {std::clamp(x, 0.0f, float(width - 1)), std::clamp(y, 0.0f, float(height - 1))});
  }
  return sample;
}

std::vector<uint8_t> encode_png(const Image &img) {
  std::vector<uint8_t> png;
  if (!stbi_write_png_to_func(append_bytes, &png, img.width, img.height, kChannels,
                              img.pixels.data(), img.width * kChannels))
    throw std::runtime_error("PNG encoding failed");
  return png;
}

DatasetSummary generate_dataset(const std::string &dir, int images, uint64_t seed, int threads) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(dir) / "images", ec);
  if (ec)
    throw std::runtime_error("cannot create " + dir + "/images: " + ec.message());

  // Images are drawn, encoded and written in parallel; what the CSV files and
  // the summary need is kept in one slot per image and used in image order.
  struct Written {
    int label = 0, width = 0, height = 0;
    uint64_t png_bytes = 0, png_hash = 0;
    std::vector<Point> outline;
  };
  std::vector<Written> written(static_cast<size_t>(images));
  parallel_for(size_t(images), threads, [&](size_t i) {
    GeneratedSample sample = render_sample(seed, int(i));
    std::vector<uint8_t> png = encode_png(sample.image);
    write_file(dir + "/" + image_file_name(int(i)), png.data(), png.size());
    Checksum hash;
    hash.update(png.data(), png.size());
    written[i] = {sample.label, sample.image.width, sample.image.height,
                  png.size(),   hash.value(),       std::move(sample.outline)};
  });

  DatasetSummary summary;
  summary.images = images;
  Checksum png_hash;
  std::string labels = "file,label,shape,width,height\n";
  std::string annotations = "image,point,x,y\n";
  for (int i = 0; i < images; ++i) {
    const Written &w = written[size_t(i)];
    png_hash.update_u64(w.png_hash);
    summary.png_bytes += w.png_bytes;
    labels += image_file_name(i);
    labels += ',';
    append_int(labels, w.label);
    labels += ',';
    labels += kShapeNames[w.label];
    labels += ',';
    append_int(labels, w.width);
    labels += ',';
    append_int(labels, w.height);
    labels += '\n';
    append_outline_rows(annotations, i, w.outline);
    summary.annotation_rows += w.outline.size();
    summary.class_counts[w.label]++;
  }
  write_file(dir + "/labels.csv", labels.data(), labels.size());
  write_file(dir + "/annotations.csv", annotations.data(), annotations.size());
  summary.png_hash = png_hash.value();
  return summary;
}

} // namespace pipeline
