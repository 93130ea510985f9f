// The pipeline example's driver: options, the data directory, the stages in order, the summary.
#include "common.h"
#include "dataset.h"
#include "loader.h"
#include "model.h"
#include "preprocess.h"

#include <hotline/hotline.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include <stdlib.h> // mkdtemp

namespace {

using namespace pipeline;

constexpr const char *kUsage =
    "usage: pipeline [--images N] [--epochs E] [--size S] [--threads T]\n"
    "                [--data-dir DIR]\n"
    "  --images N      images to generate, load and learn from (default 400)\n"
    "  --epochs E      training epochs; each one decodes and augments the\n"
    "                  training images again (default 8)\n"
    "  --size S        side of the preprocessed images in pixels (default 64)\n"
    "  --threads T     threads that generate and preprocess images (default 4)\n"
    "  --data-dir DIR  write the dataset into DIR and keep it (default: a\n"
    "                  temporary directory, removed at the end)\n";

struct Options {
  int images = 400;
  int epochs = 8;
  int size = 64;
  int threads = 4;
  std::string data_dir;
};

[[noreturn]] void usage_error(const std::string &message) {
  std::fprintf(stderr, "pipeline: %s\n%s", message.c_str(), kUsage);
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
    std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      std::fputs(kUsage, stdout);
      std::exit(0);
    }
    std::string name = arg, value;
    bool inline_value = false;
    if (size_t eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != arg.npos) {
      name = arg.substr(0, eq);
      value = arg.substr(eq + 1);
      inline_value = true;
    }
    auto take_value = [&] {
      if (inline_value)
        return value;
      if (i + 1 >= argc)
        usage_error(name + " needs a value");
      return std::string(argv[++i]);
    };
    if (name == "--images")
      options.images = parse_int_option(name, take_value(), 10, 1000000);
    else if (name == "--epochs")
      options.epochs = parse_int_option(name, take_value(), 1, 1000);
    else if (name == "--size")
      options.size = parse_int_option(name, take_value(), 8, 256);
    else if (name == "--threads")
      options.threads = parse_int_option(name, take_value(), 1, 256);
    else if (name == "--data-dir") {
      options.data_dir = take_value();
      if (options.data_dir.empty())
        usage_error("--data-dir needs a non-empty path");
    } else if (arg.rfind("-", 0) == 0)
      usage_error("unknown option '" + arg + "'");
    else
      usage_error("unexpected argument '" + arg + "'");
  }
  return options;
}

// Where the dataset lives. Without --data-dir it is a fresh temporary
// directory that is removed again, also when a stage fails.
class DataDir {
public:
  explicit DataDir(const std::string &requested) {
    if (!requested.empty()) {
      path_ = requested;
      return;
    }
    const char *tmp = std::getenv("TMPDIR");
    std::string base = tmp && *tmp ? tmp : "/tmp";
    std::string pattern = base + "/hotline-pipeline-XXXXXX";
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    if (!mkdtemp(buf.data()))
      throw std::runtime_error("cannot create a temporary directory in " + base + ": " +
                               std::strerror(errno));
    path_ = buf.data();
    temporary_ = true;
  }
  ~DataDir() {
    if (temporary_) {
      std::error_code ec;
      std::filesystem::remove_all(path_, ec);
    }
  }
  DataDir(const DataDir &) = delete;
  DataDir &operator=(const DataDir &) = delete;

  const std::string &path() const { return path_; }

private:
  std::string path_;
  bool temporary_ = false;
};

int run(const Options &options) {
  DataDir dir(options.data_dir);

  // Stage 1: the dataset.
  DatasetSummary dataset =
      generate_dataset(dir.path(), options.images, kDatasetSeed, options.threads);
  std::printf("dataset:  %d images (", dataset.images);
  for (int c = 0; c < kClasses; ++c)
    std::printf("%s%s %d", c ? ", " : "", kShapeNames[c], dataset.class_counts[c]);
  std::printf("), %llu png bytes, checksum %016llx\n", (unsigned long long)dataset.png_bytes,
              (unsigned long long)dataset.png_hash);

  // Stage 2: labels and annotations. The images are decoded on demand, once
  // per epoch, as a training data loader does.
  std::vector<LabelRow> rows = read_labels(dir.path() + "/labels.csv");
  if (rows.size() != size_t(options.images))
    throw std::runtime_error("labels.csv has " + std::to_string(rows.size()) + " rows, expected " +
                             std::to_string(options.images));
  uint64_t annotation_rows = 0;
  std::vector<Box> boxes =
      read_annotation_boxes(dir.path() + "/annotations.csv", rows.size(), &annotation_rows);
  std::printf("csv:      %zu label rows, %llu annotation rows\n", rows.size(),
              (unsigned long long)annotation_rows);
  auto load = [&](size_t i) {
    HOTLINE_REGION("data_loading");
    Image img = load_png(dir.path() + "/" + rows[i].file);
    if (img.width != rows[i].width || img.height != rows[i].height)
      throw std::runtime_error(rows[i].file + ": size does not match labels.csv");
    return img;
  };

  // The last fifth is held out for testing.
  size_t test_count = rows.size() / 5;
  std::vector<size_t> train_ids, test_ids;
  std::vector<int> train_labels, test_labels;
  for (size_t i = 0; i < rows.size(); ++i) {
    bool test = i >= rows.size() - test_count;
    (test ? test_ids : train_ids).push_back(i);
    (test ? test_labels : train_labels).push_back(rows[i].label);
  }

  // Every decoded image goes into one checksum, whichever epoch decoded it.
  Checksum decoded;
  uint64_t decoded_images = 0, decoded_pixels = 0;
  auto account = [&](const std::vector<Sample> &samples) {
    Checksum features;
    for (const Sample &s : samples) {
      decoded.update_u64(s.source_hash);
      decoded_pixels += s.source_pixels;
      features.update_u64(s.feature_hash);
    }
    decoded_images += samples.size();
    return features.value();
  };

  // Stages 3 and 4, once per epoch.
  int inputs = options.size * options.size * kChannels;
  ModelOptions model_options;
  Classifier model(inputs, model_options);
  std::printf("model:    mlp %d-%d-%d, %zu train / %zu test images, batch %d, "
              "lr %.3f\n",
              inputs, model_options.hidden, kClasses, train_ids.size(), test_ids.size(),
              model_options.batch, double(model_options.learning_rate));
  PreprocessOptions prep{options.size, options.threads, true, 0};
  for (int epoch = 1; epoch <= options.epochs; ++epoch) {
    prep.epoch = epoch;
    std::vector<Sample> samples = preprocess_all(train_ids, load, boxes, prep);
    uint64_t features = account(samples);
    size_t flipped = 0;
    for (const Sample &s : samples)
      flipped += s.flipped;
    EpochStats stats = model.train_epoch(samples, train_labels, epoch);
    std::printf("epoch %-3d loss %.4f accuracy %.4f, %zu flipped, features "
                "%016llx\n",
                epoch, stats.loss, stats.accuracy, flipped, (unsigned long long)features);
  }

  prep.augment = false;
  std::vector<Sample> test_samples = preprocess_all(test_ids, load, boxes, prep);
  uint64_t test_features = account(test_samples);
  EpochStats test = model.evaluate(test_samples, test_labels);
  std::printf("test:     loss %.4f accuracy %.4f, features %016llx\n", test.loss, test.accuracy,
              (unsigned long long)test_features);
  std::printf("decoded:  %llu images, %llu pixels, checksum %016llx\n",
              (unsigned long long)decoded_images, (unsigned long long)decoded_pixels,
              (unsigned long long)decoded.value());
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  Options options = parse_options(argc, argv);
  try {
    return run(options);
  } catch (const std::exception &e) {
    std::fflush(stdout);
    std::fprintf(stderr, "pipeline: %s\n", e.what());
    return 1;
  }
}
