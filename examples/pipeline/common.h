// Types and small helpers shared by the pipeline stages: images, boxes, a seeded PRNG, checksums.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace pipeline {

inline constexpr int kClasses = 4;
inline constexpr int kChannels = 3;
inline constexpr uint64_t kDatasetSeed = 0x5eed2024;

// An 8-bit RGB image: rows top to bottom, channels interleaved.
struct Image {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> pixels; // width * height * kChannels

  Image() = default;
  Image(int w, int h) : width(w), height(h), pixels(size_t(w) * size_t(h) * kChannels) {}
};

// An axis-aligned box in source pixel coordinates.
struct Box {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

// SplitMix64 finalizer: turns (seed, index) into an independent stream seed, so
// that each image is generated from its own index and never from shared state.
inline uint64_t mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

inline uint64_t stream_seed(uint64_t seed, uint64_t index) { return mix64(seed ^ mix64(index)); }

// SplitMix64 generator: the same sequence on every platform and standard library,
// unlike the std:: distributions.
class Rng {
public:
  explicit Rng(uint64_t seed) : state_(seed) {}

  uint64_t next() {
    state_ += 0x9e3779b97f4a7c15ull;
    uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  // Uniform in [0, 1), exact: 24 random bits scaled by a power of two.
  float uniform() { return float(next() >> 40) * (1.0f / 16777216.0f); }
  float range(float lo, float hi) { return lo + (hi - lo) * uniform(); }
  int below(int n) { return int((next() >> 33) % uint64_t(n)); }

private:
  uint64_t state_;
};

// FNV-1a's mixing step applied to 64-bit words (bytes for the tail): a
// checksum cheap enough to run over every pixel and feature.
class Checksum {
public:
  void update(const void *data, size_t size) {
    const auto *p = static_cast<const uint8_t *>(data);
    for (; size >= 8; p += 8, size -= 8) {
      uint64_t word;
      std::memcpy(&word, p, 8);
      update_u64(word);
    }
    for (; size > 0; ++p, --size)
      hash_ = (hash_ ^ *p) * 0x100000001b3ull;
  }
  void update_u64(uint64_t v) { hash_ = (hash_ ^ v) * 0x100000001b3ull; }
  uint64_t value() const { return hash_; }

private:
  uint64_t hash_ = 0xcbf29ce484222325ull;
};

} // namespace pipeline
