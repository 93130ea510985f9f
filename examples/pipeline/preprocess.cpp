// Stage 3: a bounded queue feeding workers that crop, resize, flip, convert and normalize images.
#include "preprocess.h"

#include <hotline/hotline.h>

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

namespace pipeline {
namespace {

struct WorkItem {
  size_t slot = 0; // position in the output
  Image image;
};

// The loader blocks when the workers fall behind, so at most `capacity`
// decoded images wait in memory.
class WorkQueue {
public:
  explicit WorkQueue(size_t capacity) : capacity_(capacity) {}

  void push(WorkItem item) {
    std::unique_lock<std::mutex> lock(mutex_);
    not_full_.wait(lock, [&] { return items_.size() < capacity_; });
    items_.push_back(std::move(item));
    lock.unlock();
    not_empty_.notify_one();
  }

  // Returns false once the queue is closed and empty.
  bool pop(WorkItem &out) {
    std::unique_lock<std::mutex> lock(mutex_);
    not_empty_.wait(lock, [&] { return !items_.empty() || closed_; });
    if (items_.empty())
      return false;
    out = std::move(items_.front());
    items_.pop_front();
    lock.unlock();
    not_full_.notify_one();
    return true;
  }

  void close() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closed_ = true;
    }
    not_empty_.notify_all();
  }

private:
  std::mutex mutex_;
  std::condition_variable not_empty_, not_full_;
  std::deque<WorkItem> items_;
  size_t capacity_;
  bool closed_ = false;
};

// For one output column (or row): the two source pixels it blends and the
// weight of the second.
struct Tap {
  int i0, i1;
  float w;
};

std::vector<Tap> make_taps(float start, float extent, int out_size, int limit) {
  std::vector<Tap> taps(static_cast<size_t>(out_size));
  float scale = extent / float(out_size);
  for (int o = 0; o < out_size; ++o) {
    float src = start + (float(o) + 0.5f) * scale - 0.5f;
    float base = std::floor(src);
    int i0 = int(base);
    taps[size_t(o)] = {std::clamp(i0, 0, limit - 1), std::clamp(i0 + 1, 0, limit - 1), src - base};
  }
  return taps;
}

inline float lerp(float a, float b, float t) { return a + (b - a) * t; }

inline uint8_t round_u8(float v) { return uint8_t(std::min(255.0f, std::max(0.0f, v)) + 0.5f); }

} // namespace

void resize_bilinear(const Image &src, float x0, float y0, float side, Image &dst) {
  std::vector<Tap> xs = make_taps(x0, side, dst.width, src.width);
  std::vector<Tap> ys = make_taps(y0, side, dst.height, src.height);
  size_t stride = size_t(src.width) * kChannels;
  uint8_t *out = dst.pixels.data();
  for (const Tap &ty : ys) {
    const uint8_t *row0 = src.pixels.data() + size_t(ty.i0) * stride;
    const uint8_t *row1 = src.pixels.data() + size_t(ty.i1) * stride;
    for (const Tap &tx : xs) {
      const uint8_t *p00 = row0 + tx.i0 * kChannels;
      const uint8_t *p01 = row0 + tx.i1 * kChannels;
      const uint8_t *p10 = row1 + tx.i0 * kChannels;
      const uint8_t *p11 = row1 + tx.i1 * kChannels;
      for (int c = 0; c < kChannels; ++c) {
        float top = lerp(p00[c], p01[c], tx.w);
        float bottom = lerp(p10[c], p11[c], tx.w);
        *out++ = round_u8(lerp(top, bottom, ty.w));
      }
    }
  }
}

void flip_horizontal(Image &img) {
  for (int y = 0; y < img.height; ++y) {
    uint8_t *row = img.pixels.data() + size_t(y) * img.width * kChannels;
    for (int l = 0, r = img.width - 1; l < r; ++l, --r)
      std::swap_ranges(row + l * kChannels, row + (l + 1) * kChannels, row + r * kChannels);
  }
}

std::vector<float> to_float(const Image &img) {
  std::vector<float> out(img.pixels.size());
  for (size_t i = 0; i < out.size(); ++i)
    out[i] = float(img.pixels[i]) * (1.0f / 255.0f);
  return out;
}

void normalize_per_channel(std::vector<float> &data) {
  size_t pixels = data.size() / kChannels;
  double sum[kChannels] = {};
  for (size_t i = 0; i < pixels; ++i)
    for (int c = 0; c < kChannels; ++c)
      sum[c] += data[i * kChannels + c];
  double mean[kChannels], squares[kChannels] = {};
  for (int c = 0; c < kChannels; ++c)
    mean[c] = sum[c] / double(pixels);
  for (size_t i = 0; i < pixels; ++i)
    for (int c = 0; c < kChannels; ++c) {
      double d = data[i * kChannels + c] - mean[c];
      squares[c] += d * d;
    }
  float shift[kChannels], scale[kChannels];
  for (int c = 0; c < kChannels; ++c) {
    shift[c] = float(mean[c]);
    scale[c] = float(1.0 / std::sqrt(squares[c] / double(pixels) + 1e-6));
  }
  for (size_t i = 0; i < pixels; ++i)
    for (int c = 0; c < kChannels; ++c)
      data[i * kChannels + c] = (data[i * kChannels + c] - shift[c]) * scale[c];
}

namespace {

// A training-time augmentation, drawn from the image index and the epoch only,
// never from which worker happens to run it.
struct Augmentation {
  bool flip = false;
  float scale = 1.0f;             // of the crop's side
  float shift_x = 0, shift_y = 0; // in units of the crop's side
};

Augmentation draw_augmentation(size_t index, int epoch) {
  Rng rng(stream_seed(0xa065 + uint64_t(epoch), index));
  Augmentation a;
  a.flip = (rng.next() >> 63) != 0;
  a.scale = rng.range(0.9f, 1.1f);
  a.shift_x = rng.range(-0.06f, 0.06f);
  a.shift_y = rng.range(-0.06f, 0.06f);
  return a;
}

Sample preprocess_one(size_t index, const Image &image, const Box &box,
                      const PreprocessOptions &options) {
  Sample s;
  Checksum hash;
  hash.update(image.pixels.data(), image.pixels.size());
  s.source_hash = hash.value();
  s.source_pixels = uint64_t(image.width) * uint64_t(image.height);

  Augmentation aug;
  if (options.augment)
    aug = draw_augmentation(index, options.epoch);
  // A square crop around the annotated outline, with a margin.
  float side = std::max(box.x1 - box.x0, box.y1 - box.y0) * 1.25f + 4.0f;
  float cx = 0.5f * (box.x0 + box.x1) + aug.shift_x * side;
  float cy = 0.5f * (box.y0 + box.y1) + aug.shift_y * side;
  side *= aug.scale;
  Image resized(options.size, options.size);
  resize_bilinear(image, cx - 0.5f * side, cy - 0.5f * side, side, resized);
  s.flipped = aug.flip;
  if (s.flipped)
    flip_horizontal(resized);
  s.features = to_float(resized);
  normalize_per_channel(s.features);
  Checksum features;
  features.update(s.features.data(), s.features.size() * sizeof(float));
  s.feature_hash = features.value();
  return s;
}

} // namespace

std::vector<Sample> preprocess_all(const std::vector<size_t> &indices, const ImageSource &load,
                                   const std::vector<Box> &boxes,
                                   const PreprocessOptions &options) {
  std::vector<Sample> samples(indices.size());
  WorkQueue queue(2 * size_t(options.threads));
  std::mutex error_mutex;
  std::exception_ptr error;

  auto work = [&] {
    WorkItem item;
    while (queue.pop(item)) {
      try {
        HOTLINE_REGION("preprocessing");
        size_t index = indices[item.slot];
        samples[item.slot] = preprocess_one(index, item.image, boxes[index], options);
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mutex);
        if (!error)
          error = std::current_exception();
      }
    }
  };

  std::vector<std::thread> workers;
  auto finish = [&] {
    queue.close();
    for (std::thread &w : workers)
      w.join();
  };
  try {
    for (int t = 0; t < options.threads; ++t)
      workers.emplace_back(work);
    for (size_t k = 0; k < indices.size(); ++k)
      queue.push({k, load(indices[k])});
  } catch (...) {
    finish();
    throw;
  }
  finish();
  if (error)
    std::rethrow_exception(error);
  return samples;
}

} // namespace pipeline
