// Stage 2: normalization and augmentation of each window, on the host, one window at a time.
#include "preprocess.h"

#include <cmath>

namespace vibration {
namespace {

constexpr float kTwoPi = 6.2831853f;
constexpr float kNoise = 0.3f; // standard deviation of the added noise, after normalization

// Readings in g, shifted to zero mean and scaled to unit variance.
void normalize(const int16_t *raw, float *out) {
  double sum = 0, squares = 0;
  for (int t = 0; t < kWindow; ++t) {
    out[t] = float(raw[t]) * 0.001f;
    sum += out[t];
    squares += double(out[t]) * out[t];
  }
  double mean = sum / kWindow;
  double variance = squares / kWindow - mean * mean;
  float scale = variance > 1e-12 ? float(1 / std::sqrt(variance)) : 1.0f;
  for (int t = 0; t < kWindow; ++t)
    out[t] = (out[t] - float(mean)) * scale;
}

// Two independent standard normal numbers from two uniform ones (Box-Muller).
void gaussian_pair(Rng &rng, float &a, float &b) {
  float radius = std::sqrt(-2 * std::log(1 - rng.uniform())); // 1 - u is never 0
  float angle = kTwoPi * rng.uniform();
  a = radius * std::cos(angle);
  b = radius * std::sin(angle);
}

// A sensor mounted elsewhere on the machine: the window starts at another time, reads stronger
// or weaker, and is noisier.
void augment(const float *in, Rng &rng, float *out) {
  static_assert(kWindow % 2 == 0, "the noise comes in pairs");
  int shift = rng.below(kWindow);
  float gain = rng.range(0.8f, 1.25f);
  for (int t = 0; t < kWindow; t += 2) {
    float a, b;
    gaussian_pair(rng, a, b);
    out[t] = gain * in[(t + shift) % kWindow] + kNoise * a;
    out[t + 1] = gain * in[(t + 1 + shift) % kWindow] + kNoise * b;
  }
}

} // namespace

void preprocess_batch(const Dataset &data, int first, int rows, int epoch, uint64_t seed,
                      Batch &batch) {
  batch.first = first;
  batch.rows = rows;
  batch.inputs.resize(size_t(rows) * kWindow);
  float normalized[kWindow];
  for (int row = 0; row < rows; ++row) {
    int window = first + row;
    normalize(&data.samples[size_t(window) * kWindow], normalized);
    Rng rng(stream_seed(seed, uint64_t(epoch) << 32 | uint64_t(window)));
    augment(normalized, rng, &batch.inputs[size_t(row) * kWindow]);
  }
}

} // namespace vibration
