// Stage 1: draws vibration windows (a dominant tone per class, other tones, noise), writes them
// as binary shards plus a manifest, and reads the shards back.
#include "dataset.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace vibration {
namespace {

constexpr int kShardWindows = 512;
constexpr double kTwoPi = 6.283185307179586;
constexpr char kShardMagic[8] = {'V', 'I', 'B', 'S', 'H', 'R', 'D', '1'};

// A shard file: this header, `windows` labels, then `windows * window` int16 readings.
struct ShardHeader {
  char magic[8];
  uint32_t windows;
  uint32_t window;
};
static_assert(sizeof(ShardHeader) == 16, "shard header layout");

std::string shard_name(int shard) {
  char name[32];
  std::snprintf(name, sizeof name, "shard_%03d.bin", shard);
  return name;
}

std::string manifest_text(int windows, uint64_t seed, int shards) {
  char text[160];
  std::snprintf(text, sizeof text,
                "vibration windows: %d of %d samples, seed %016llx, %d shards of up to %d\n",
                windows, kWindow, (unsigned long long)seed, shards, kShardWindows);
  return text;
}

std::vector<uint8_t> read_file(const std::string &path) {
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f)
    throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
  std::error_code ec;
  uintmax_t size = std::filesystem::file_size(path, ec);
  std::vector<uint8_t> data(ec ? 0 : size_t(size));
  bool failed = ec || std::fread(data.data(), 1, data.size(), f) != data.size();
  std::fclose(f);
  if (failed)
    throw std::runtime_error("cannot read " + path);
  return data;
}

// Writes through a temporary name, so a file that exists is always complete.
void write_file(const std::string &path, const void *data, size_t size) {
  std::string temporary = path + ".tmp";
  FILE *f = std::fopen(temporary.c_str(), "wb");
  if (!f)
    throw std::runtime_error("cannot create " + temporary + ": " + std::strerror(errno));
  size_t written = std::fwrite(data, 1, size, f);
  int closed = std::fclose(f);
  if (written != size || closed != 0 || std::rename(temporary.c_str(), path.c_str()) != 0)
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
}

// One period of a sine, so that every tone (an integer number of cycles per window, an integer
// phase) is exact and costs a table look-up.
struct SineTable {
  float value[kWindow];
  SineTable() {
    for (int i = 0; i < kWindow; ++i)
      value[i] = float(std::sin(kTwoPi * i / kWindow));
  }
  float tone(int cycles, int phase, int t) const { return value[(cycles * t + phase) % kWindow]; }
};

// Window `index`: its class's tone, a weaker tone of another class (a neighbouring machine), two
// tones no class uses, a sensor offset and noise; in milli-g, as the sensor reports it.
int render_window(const SineTable &sine, uint64_t seed, int index, int16_t *out) {
  Rng rng(stream_seed(seed, uint64_t(index)));
  int label = rng.below(kClasses);
  float amplitude = rng.range(0.5f, 2.0f);
  int phase = rng.below(kWindow);
  int other = (label + 1 + rng.below(kClasses - 1)) % kClasses;
  float other_amplitude = amplitude * rng.range(0.2f, 1.0f);
  int other_phase = rng.below(kWindow);
  int hum_cycles[2] = {40 + rng.below(60), 100 + rng.below(100)};
  float hum_amplitude[2] = {amplitude * rng.range(0.1f, 0.5f), amplitude * rng.range(0.1f, 0.5f)};
  int hum_phase[2] = {rng.below(kWindow), rng.below(kWindow)};
  float offset = rng.range(-0.5f, 0.5f);
  float noise = 0.5f * amplitude;
  for (int t = 0; t < kWindow; ++t) {
    float x = offset + amplitude * sine.tone(kClassCycles[label], phase, t) +
              other_amplitude * sine.tone(kClassCycles[other], other_phase, t);
    for (int h = 0; h < 2; ++h)
      x += hum_amplitude[h] * sine.tone(hum_cycles[h], hum_phase[h], t);
    x += noise * (2 * rng.uniform() - 1);
    out[t] = int16_t(std::clamp(std::lround(x * 1000), -32768L, 32767L));
  }
  return label;
}

void write_dataset(const std::string &dir, int windows, uint64_t seed, int shards) {
  std::filesystem::create_directories(dir);
  SineTable sine;
  for (int shard = 0; shard < shards; ++shard) {
    int first = shard * kShardWindows;
    int count = std::min(kShardWindows, windows - first);
    size_t labels_at = sizeof(ShardHeader);
    size_t samples_at = labels_at + size_t(count);
    std::vector<uint8_t> file(samples_at + size_t(count) * kWindow * sizeof(int16_t));
    ShardHeader header;
    std::memcpy(header.magic, kShardMagic, sizeof header.magic);
    header.windows = uint32_t(count);
    header.window = kWindow;
    std::memcpy(file.data(), &header, sizeof header);
    std::vector<int16_t> samples(kWindow);
    for (int w = 0; w < count; ++w) {
      file[labels_at + size_t(w)] = uint8_t(render_window(sine, seed, first + w, samples.data()));
      std::memcpy(&file[samples_at + size_t(w) * kWindow * sizeof(int16_t)], samples.data(),
                  kWindow * sizeof(int16_t));
    }
    write_file(dir + "/" + shard_name(shard), file.data(), file.size());
  }
  // Last: a directory with this manifest holds every shard.
  std::string manifest = manifest_text(windows, seed, shards);
  write_file(dir + "/manifest.txt", manifest.data(), manifest.size());
}

// Appends shard `shard`, which must hold `count` windows, to `data`.
void read_shard(const std::string &dir, int shard, int count, Dataset &data, Checksum &checksum) {
  std::string path = dir + "/" + shard_name(shard);
  std::vector<uint8_t> file = read_file(path);
  ShardHeader header;
  size_t expected = sizeof header + size_t(count) * (1 + kWindow * sizeof(int16_t));
  if (file.size() >= sizeof header)
    std::memcpy(&header, file.data(), sizeof header);
  if (file.size() != expected || std::memcmp(header.magic, kShardMagic, sizeof kShardMagic) ||
      header.windows != uint32_t(count) || header.window != uint32_t(kWindow))
    throw std::runtime_error(path + ": not a shard of " + std::to_string(count) + " windows");
  checksum.update(file.data(), file.size());
  const uint8_t *labels = file.data() + sizeof header;
  for (int w = 0; w < count; ++w) {
    if (labels[w] >= kClasses)
      throw std::runtime_error(path + ": window " + std::to_string(w) + " has no class " +
                               std::to_string(labels[w]));
    data.labels.push_back(labels[w]);
  }
  size_t at = data.samples.size();
  data.samples.resize(at + size_t(count) * kWindow);
  std::memcpy(&data.samples[at], labels + count, size_t(count) * kWindow * sizeof(int16_t));
}

bool holds_dataset(const std::string &dir, const std::string &manifest) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(dir + "/manifest.txt", ec))
    return false;
  std::vector<uint8_t> text = read_file(dir + "/manifest.txt");
  return std::string(text.begin(), text.end()) == manifest;
}

} // namespace

Dataset load_dataset(const std::string &dir, int windows, uint64_t seed) {
  Dataset data;
  data.windows = windows;
  data.shards = (windows + kShardWindows - 1) / kShardWindows;
  if (!holds_dataset(dir, manifest_text(windows, seed, data.shards)))
    write_dataset(dir, windows, seed, data.shards);
  Checksum checksum;
  data.samples.reserve(size_t(windows) * kWindow);
  for (int shard = 0; shard < data.shards; ++shard)
    read_shard(dir, shard, std::min(kShardWindows, windows - shard * kShardWindows), data,
               checksum);
  data.checksum = checksum.value();
  return data;
}

} // namespace vibration
