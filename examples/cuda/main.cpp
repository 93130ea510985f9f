// The CUDA example's driver: options, then for every epoch each batch is preprocessed on the
// host and classified on the GPU; counts, checksums and the accuracy go to stdout.
#include "common.h"
#include "dataset.h"
#include "gpu.h"
#include "preprocess.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>

namespace {

using namespace vibration;

constexpr const char *kUsage =
    "usage: cuda_pipeline [--windows N] [--batch B] [--epochs E] [--data-dir DIR]\n"
    "  --windows N     vibration windows in the dataset (default 4096)\n"
    "  --batch B       windows per batch sent to the GPU (default 256)\n"
    "  --epochs E      passes over the dataset, each with a new augmentation\n"
    "                  (default 3)\n"
    "  --data-dir DIR  where the dataset is written on the first run and read\n"
    "                  from (default $TMPDIR/hotline-cuda-pipeline)\n";

struct Options {
  int windows = 4096;
  int batch = 256;
  int epochs = 3;
  std::string data_dir;
};

[[noreturn]] void usage_error(const std::string &message) {
  std::fprintf(stderr, "cuda_pipeline: %s\n%s", message.c_str(), kUsage);
  std::exit(2);
}

int parse_int_option(const std::string &name, const std::string &text, int lo, int hi) {
  int value = 0;
  const char *end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end || value < lo || value > hi)
    usage_error(name + " expects an integer from " + std::to_string(lo) + " to " +
                std::to_string(hi) + ", got '" + text + "'");
  return value;
}

Options parse_options(int argc, char **argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string name = argv[i];
    if (name == "-h" || name == "--help") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    }
    if (name != "--windows" && name != "--batch" && name != "--epochs" && name != "--data-dir")
      usage_error("unknown argument '" + name + "'");
    if (i + 1 >= argc)
      usage_error(name + " needs a value");
    std::string value = argv[++i];
    if (name == "--windows")
      options.windows = parse_int_option(name, value, 1, 1000000);
    else if (name == "--batch")
      options.batch = parse_int_option(name, value, 1, 4096);
    else if (name == "--epochs")
      options.epochs = parse_int_option(name, value, 1, 1000);
    else if (value.empty())
      usage_error("--data-dir needs a non-empty path");
    else
      options.data_dir = value;
  }
  if (options.data_dir.empty()) {
    const char *tmp = std::getenv("TMPDIR");
    options.data_dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/hotline-cuda-pipeline";
  }
  return options;
}

// Compares the GPU's statistics of window `row` of `batch` with the host's.
void check_stats(const Batch &batch, const BatchResult &result, int row) {
  double mean = 0, rms = 0;
  host_window_stats(batch, row, &mean, &rms);
  double gpu_mean = result.stats[2 * size_t(row)], gpu_rms = result.stats[2 * size_t(row) + 1];
  if (std::abs(gpu_mean - mean) > 1e-4 * (1 + std::abs(mean)) ||
      std::abs(gpu_rms - rms) > 1e-4 * (1 + rms))
    throw std::runtime_error("window " + std::to_string(batch.first + row) + ": the GPU's mean " +
                             std::to_string(gpu_mean) + " and RMS " + std::to_string(gpu_rms) +
                             ", the host's " + std::to_string(mean) + " and " +
                             std::to_string(rms));
}

int run(const Options &options) {
  Dataset data = load_dataset(options.data_dir, options.windows, kDatasetSeed);
  int class_counts[kClasses] = {};
  for (uint8_t label : data.labels)
    ++class_counts[label];
  std::printf("dataset:  %d windows of %d samples in %d shards (", data.windows, kWindow,
              data.shards);
  for (int c = 0; c < kClasses; ++c)
    std::printf("%s%s %d", c ? ", " : "", kClassNames[c], class_counts[c]);
  std::printf("), checksum %016llx\n", (unsigned long long)data.checksum);

  Device device = find_device();
  std::unique_ptr<GpuStages> gpu;
  if (device.found) {
    std::printf("device:   %s\n", device.name.c_str());
    gpu = std::make_unique<GpuStages>(options.batch);
  } else {
    std::printf("no CUDA device (%s): GPU stages skipped\n", device.why_not.c_str());
  }

  Batch batch;
  BatchResult result;
  long classified = 0, correct = 0;
  int checked = 0;
  for (int epoch = 1; epoch <= options.epochs; ++epoch) {
    Checksum inputs;
    long epoch_correct = 0;
    double rms = 0;
    int batches = 0;
    for (int first = 0; first < data.windows; first += options.batch) {
      int rows = std::min(options.batch, data.windows - first);
      preprocess_batch(data, first, rows, epoch, kAugmentSeed, batch);
      inputs.update(batch.inputs.data(), batch.inputs.size() * sizeof(float));
      ++batches;
      if (!gpu)
        continue;
      gpu->run(batch, result);
      for (int row = 0; row < rows; ++row) {
        epoch_correct += result.classes[size_t(row)] == data.labels[size_t(first + row)];
        rms += result.stats[2 * size_t(row) + 1];
      }
      check_stats(batch, result, batches % rows);
      ++checked;
    }
    std::printf("epoch %-3d %d batches, inputs %016llx", epoch, batches,
                (unsigned long long)inputs.value());
    if (gpu)
      std::printf(", accuracy %.4f, mean rms %.4f", double(epoch_correct) / data.windows,
                  rms / data.windows);
    std::printf("\n");
    classified += data.windows;
    correct += epoch_correct;
  }
  if (gpu)
    std::printf("gpu:      %ld windows classified, accuracy %.4f; the statistics of %d windows "
                "match the host's\n",
                classified, double(correct) / double(classified), checked);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  Options options = parse_options(argc, argv);
  try {
    return run(options);
  } catch (const std::exception &e) {
    std::fflush(stdout);
    std::fprintf(stderr, "cuda_pipeline: %s\n", e.what());
    return 1;
  }
}
