// Sizes, classes and small helpers shared by the CUDA example's stages: a seeded PRNG, a checksum.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace vibration {

inline constexpr int kWindow = 1024; // samples per window (one row of a batch)
inline constexpr int kClasses = 4;
inline constexpr uint64_t kDatasetSeed = 0x5eed2025;
inline constexpr uint64_t kAugmentSeed = 0xa5a5eed5;

// A machine's state shows as the frequency that dominates its vibration: each class has its
// own number of cycles per window (an integer, so shifting a window keeps its spectrum).
inline constexpr const char *kClassNames[kClasses] = {"normal", "unbalance", "misalignment",
                                                      "bearing"};
inline constexpr int kClassCycles[kClasses] = {3, 7, 13, 29};

// SplitMix64 finalizer: turns (seed, index) into an independent stream seed, so each window
// and each augmentation depends only on its own numbers, never on the order of the work.
inline uint64_t mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

inline uint64_t stream_seed(uint64_t seed, uint64_t index) { return mix64(seed ^ mix64(index)); }

// A counter hashed by mix64: the same sequence on every platform and standard library, unlike
// the std:: distributions.
class Rng {
public:
  explicit Rng(uint64_t seed) : state_(seed) {}

  uint64_t next() { return mix64(state_++); }

  // Uniform in [0, 1), exact: 24 random bits scaled by a power of two.
  float uniform() { return float(next() >> 40) * (1.0f / 16777216.0f); }
  float range(float lo, float hi) { return lo + (hi - lo) * uniform(); }
  int below(int n) { return int((next() >> 33) % uint64_t(n)); }

private:
  uint64_t state_;
};

// FNV-1a's mixing step over 64-bit words (bytes for the tail).
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

} // namespace vibration
