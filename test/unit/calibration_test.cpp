// The machine peaks cache: where it lives, what a save writes and a load gives
// back, and how every kind of broken or foreign file is refused.
#include "calibration/machine_peaks.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>

#include <sys/stat.h>

namespace hotline::test {
namespace {

namespace fs = std::filesystem;
using calibration::load_machine_peaks;
using calibration::MachineFileError;
using calibration::MachinePeaks;
using calibration::save_machine_peaks;

// A fresh directory, removed with everything in it at the end of the test.
class TempDir {
public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "hotline-calibration-XXXXXX").string();
    if (!mkdtemp(pattern.data()))
      throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  std::string file(const std::string &name) const { return (path_ / name).string(); }
  const fs::path &path() const { return path_; }

private:
  fs::path path_;
};

// Sets (or unsets, with nullptr) an environment variable for one scope.
class ScopedEnv {
public:
  ScopedEnv(const char *name, const char *value) : name_(name) {
    if (const char *old = std::getenv(name))
      old_ = old;
    if (value)
      setenv(name, value, 1);
    else
      unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_)
      setenv(name_, old_->c_str(), 1);
    else
      unsetenv(name_);
  }

private:
  const char *name_;
  std::optional<std::string> old_;
};

void write_file(const std::string &path, const std::string &bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

std::string read_file(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

MachinePeaks sample_peaks() {
  MachinePeaks peaks;
  peaks.cpu = calibration::this_cpu();
  peaks.isa = "avx2+fma";
  peaks.flops32_per_s = 95.123456789e9;
  peaks.flops64_per_s = 1e11 / 3;
  peaks.bytes_per_s = 12.3e9;
  peaks.measured = "2025-01-02T03:04:05Z";
  return peaks;
}

// A valid file for this machine, as save_machine_peaks writes it.
std::string valid_file_text() {
  TempDir dir;
  save_machine_peaks(sample_peaks(), dir.file("peaks.json"));
  return read_file(dir.file("peaks.json"));
}

TEST(MachinePeaks, ThisCpuIsModelAndCount) {
  std::string cpu = calibration::this_cpu();
  EXPECT_TRUE(std::regex_match(cpu, std::regex(R"(\S.* \([0-9]+ CPUs?\))"))) << cpu;
  EXPECT_EQ(cpu, calibration::this_cpu());
}

TEST(MachinePeaks, SaveThenLoadGivesTheSameValues) {
  TempDir dir;
  // The directories on the way are created.
  std::string path = dir.file("cache/hotline/machine-peaks.json");
  MachinePeaks saved = sample_peaks();
  save_machine_peaks(saved, path);

  std::string why = "untouched";
  std::optional<MachinePeaks> loaded = load_machine_peaks(path, &why);
  ASSERT_TRUE(loaded) << why;
  EXPECT_EQ(loaded->cpu, saved.cpu);
  EXPECT_EQ(loaded->isa, saved.isa);
  EXPECT_EQ(loaded->flops32_per_s, saved.flops32_per_s); // bit-exact
  EXPECT_EQ(loaded->flops64_per_s, saved.flops64_per_s);
  EXPECT_EQ(loaded->bytes_per_s, saved.bytes_per_s);
  EXPECT_EQ(loaded->measured, saved.measured);
  // No temporary file is left next to it.
  size_t entries = 0;
  for (const auto &entry : fs::directory_iterator(fs::path(path).parent_path())) {
    (void)entry;
    ++entries;
  }
  EXPECT_EQ(entries, 1u);
  EXPECT_EQ(load_machine_peaks(path, nullptr)->isa, "avx2+fma");
}

TEST(MachinePeaks, FileIsTheDocumentedJson) {
  std::string text = valid_file_text();
  EXPECT_EQ(text.rfind("{\n  \"format\": \"hotline-machine-peaks\",\n"
                       "  \"version\": 1,\n  \"cpu\": ",
                       0),
            0u)
      << text;
  EXPECT_NE(text.find("\n  \"bytes_per_s\": 12300000000,\n"), std::string::npos) << text;
  EXPECT_EQ(text.back(), '\n');
}

TEST(MachinePeaks, SaveReplacesTheOldFile) {
  TempDir dir;
  std::string path = dir.file("peaks.json");
  write_file(path, "garbage");
  MachinePeaks peaks = sample_peaks();
  save_machine_peaks(peaks, path);
  peaks.bytes_per_s = 20e9;
  save_machine_peaks(peaks, path);
  std::optional<MachinePeaks> loaded = load_machine_peaks(path, nullptr);
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->bytes_per_s, 20e9);
}

TEST(MachinePeaks, SaveFailureNamesThePath) {
  TempDir dir;
  write_file(dir.file("plain"), "a file, not a directory");
  for (std::string path : {dir.file("plain/peaks.json"), std::string("/proc/hotline/peaks.json")}) {
    try {
      save_machine_peaks(sample_peaks(), path);
      ADD_FAILURE() << "saved to " << path;
    } catch (const MachineFileError &e) {
      EXPECT_EQ(std::string(e.what()).rfind(path + ": cannot ", 0), 0u) << e.what();
    }
  }
  EXPECT_THROW(save_machine_peaks(sample_peaks(), ""), MachineFileError);
}

TEST(MachinePeaks, MissingFileMeansNoCalibration) {
  TempDir dir;
  std::string why;
  EXPECT_FALSE(load_machine_peaks(dir.file("none.json"), &why));
  EXPECT_EQ(why, "no calibration for this machine: run 'hotline calibrate'");
  EXPECT_FALSE(load_machine_peaks(dir.file("none.json"), nullptr));
}

TEST(MachinePeaks, AnotherCpusFileIsRefused) {
  TempDir dir;
  std::string path = dir.file("peaks.json");
  MachinePeaks peaks = sample_peaks();
  peaks.cpu = "Imaginary CPU 9000 (64 CPUs)";
  save_machine_peaks(peaks, path);
  std::string why;
  EXPECT_FALSE(load_machine_peaks(path, &why));
  EXPECT_EQ(why, "calibration in " + path +
                     " is for CPU Imaginary CPU 9000 (64 CPUs), not this one (" +
                     calibration::this_cpu() + "): run 'hotline calibrate'");
}

TEST(MachinePeaks, NewerFormatVersionIsRefused) {
  TempDir dir;
  std::string path = dir.file("peaks.json");
  std::string text = valid_file_text();
  text.replace(text.find("\"version\": 1"), 12, "\"version\": 2");
  write_file(path, text);
  std::string why;
  EXPECT_FALSE(load_machine_peaks(path, &why));
  EXPECT_EQ(why, path + ": calibration file version 2 is not supported (this "
                        "hotline reads version 1): run 'hotline calibrate'");
}

TEST(MachinePeaks, UnreadablePathIsSaid) {
  TempDir dir;
  std::string why;
  EXPECT_FALSE(load_machine_peaks(dir.path().string(), &why));
  EXPECT_EQ(why, dir.path().string() + ": cannot read: Is a directory");
  // A FIFO with no writer would block a plain open.
  std::string fifo = dir.file("fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_FALSE(load_machine_peaks(fifo, &why));
  EXPECT_EQ(why, fifo + ": cannot read: not a regular file");
}

// Replaces the first occurrence of `from` in a valid file.
std::string edited(const std::string &from, const std::string &to) {
  std::string text = valid_file_text();
  size_t at = text.find(from);
  if (at == std::string::npos)
    throw std::runtime_error("not in the file: " + from);
  return text.replace(at, from.size(), to);
}

TEST(MachinePeaks, BrokenFilesSayWhereAndWhat) {
  const std::string valid = valid_file_text();
  struct Case {
    const char *name;
    std::string bytes;
    std::string reason; // after "PATH: not a calibration file "
  };
  const Case cases[] = {
      {"empty", "", "(line 1: the file is empty)"},
      {"blank", "\n\n  \n", "(line 4: expected '{', found end of file)"},
      {"binary",
       std::string("\x7f"
                   "ELF\x02\x01\x01\0\0\0",
                   10),
       "(line 1: expected '{', found byte 0x7f)"},
      {"nul", std::string("{\0}", 3), "(line 1: expected a field name in quotes, found byte 0x00)"},
      {"array", "[1, 2]", "(line 1: expected '{', found '[')"},
      {"truncated", valid.substr(0, valid.size() / 2), ""},
      {"no closing brace", valid.substr(0, valid.rfind('}')),
       "(line 10: expected ',' or '}' after \"measured\", found end of file)"},
      {"trailing", valid + "x", "(line 11: unexpected 'x' after the object)"},
      {"two objects", valid + valid, "(line 11: unexpected '{' after the object)"},
      {"wrong format", edited("hotline-machine-peaks", "hotline-profile"),
       "(line 2: \"format\" is not \"hotline-machine-peaks\")"},
      {"no format", edited("\"format\"", "\"formats\""), "(line 10: no \"format\" field)"},
      {"version string", edited("\"version\": 1", "\"version\": \"1\""),
       "(line 3: \"version\" is not a number)"},
      {"missing rate", edited("\"bytes_per_s\"", "\"bytes\""),
       "(line 10: no \"bytes_per_s\" field)"},
      {"rate as string", edited("\"bytes_per_s\": 12300000000", "\"bytes_per_s\": \"12300000000\""),
       "(line 8: \"bytes_per_s\" is not a positive number)"},
      {"negative rate", edited("\"bytes_per_s\": 1", "\"bytes_per_s\": -1"),
       "(line 8: \"bytes_per_s\" is not a positive number)"},
      {"zero rate", edited("\"bytes_per_s\": 12300000000", "\"bytes_per_s\": 0"),
       "(line 8: \"bytes_per_s\" is not a positive number)"},
      {"null rate", edited("\"bytes_per_s\": 12300000000", "\"bytes_per_s\": null"),
       "(line 8: expected a string or a number for \"bytes_per_s\", found "
       "'n')"},
      {"overflow", edited("\"bytes_per_s\": 12300000000", "\"bytes_per_s\": 1e999"),
       "(line 8: number 1e999 is out of range)"},
      {"bad number", edited("\"bytes_per_s\": 12300000000", "\"bytes_per_s\": 01"),
       "(line 8: expected ',' or '}' after \"bytes_per_s\", found '1')"},
      {"half a number", edited("\"bytes_per_s\": 12300000000", "\"bytes_per_s\": 1.e5"),
       "(line 8: expected a digit in a number, found 'e')"},
      {"empty cpu", edited("\"cpu\": \"", "\"cpu\": \"\", \"x\": \""),
       "(line 4: \"cpu\" is not a non-empty string)"},
      {"nested", edited("\"isa\": \"avx2+fma\"", "\"isa\": {\"a\": 1}"),
       "(line 5: expected a string or a number for \"isa\", found '{')"},
      {"duplicate", edited("\"isa\"", "\"cpu\""), "(line 5: field \"cpu\" appears twice)"},
      {"bad escape", edited("avx2+fma", "avx2\\q"), "(line 5: bad escape \\'q')"},
      {"lone surrogate", edited("avx2+fma", "\\ud800x"), "(line 5: unpaired surrogate \\u escape)"},
      {"newline in string", edited("avx2+fma", "avx2\nfma"), "(line 5: byte 0x0a inside a string)"},
      {"unterminated", "{\"cpu\": \"AMD", "(line 1: unterminated string)"},
      {"huge", "{\"cpu\": \"" + std::string(100000, 'x') + "\"}", "(larger than 64 KiB)"},
  };
  TempDir dir;
  std::string path = dir.file("peaks.json");
  for (const Case &c : cases) {
    SCOPED_TRACE(c.name);
    write_file(path, c.bytes);
    std::string why;
    EXPECT_FALSE(load_machine_peaks(path, &why));
    std::string prefix = path + ": not a calibration file ";
    EXPECT_EQ(why.rfind(prefix, 0), 0u) << why;
    if (!c.reason.empty())
      EXPECT_EQ(why.substr(std::min(why.size(), prefix.size())), c.reason);
    EXPECT_EQ(why.find('\n'), std::string::npos) << why;
  }
}

TEST(MachinePeaks, EscapesAndUnknownFieldsAreRead) {
  TempDir dir;
  std::string path = dir.file("peaks.json");
  // \u escapes (with a surrogate pair), an unknown field, compact layout.
  std::string text = valid_file_text();
  text.replace(text.find("avx2+fma"), 8, "avx2\\u002bfma\\ud83d\\ude00\\/\\t");
  text.replace(text.find("\"isa\""), 0, "\"future\": -1.5E+3,");
  write_file(path, text);
  std::string why;
  std::optional<MachinePeaks> loaded = load_machine_peaks(path, &why);
  ASSERT_TRUE(loaded) << why;
  EXPECT_EQ(loaded->isa, "avx2+fma\xf0\x9f\x98\x80/\t");
}

TEST(MachinePeaks, EveryTruncationAndRandomGarbageIsRefusedQuietly) {
  TempDir dir;
  std::string path = dir.file("peaks.json");
  const std::string valid = valid_file_text();
  // Only the whole file (and the whole file minus its final newline) loads.
  for (size_t size = 0; size + 1 < valid.size(); ++size) {
    write_file(path, valid.substr(0, size));
    std::string why;
    EXPECT_FALSE(load_machine_peaks(path, &why)) << size;
    EXPECT_EQ(why.rfind(path + ": not a calibration file (line ", 0), 0u) << why;
  }
  std::mt19937 random(42);
  for (int round = 0; round < 2000; ++round) {
    std::string bytes = valid;
    // Flip a few bytes of a valid file, or write noise.
    if (round % 2 == 0) {
      for (int flips = 1 + int(random() % 4); flips > 0; --flips)
        bytes[random() % bytes.size()] = char(random());
    } else {
      bytes.resize(random() % 200);
      for (char &c : bytes)
        c = char(random());
    }
    write_file(path, bytes);
    std::string why;
    std::optional<MachinePeaks> loaded = load_machine_peaks(path, &why);
    if (!loaded)
      EXPECT_NE(why.find(path), std::string::npos) << why;
  }
}

TEST(MachinePeaks, PathFromEnvironment) {
  ScopedEnv home("HOME", "/home/someone");
  {
    ScopedEnv file("HOTLINE_MACHINE_FILE", "/etc/peaks.json");
    ScopedEnv cache("XDG_CACHE_HOME", "/var/cache/me");
    EXPECT_EQ(calibration::machine_peaks_path(), "/etc/peaks.json");
  }
  {
    ScopedEnv file("HOTLINE_MACHINE_FILE", nullptr);
    ScopedEnv cache("XDG_CACHE_HOME", "/var/cache/me");
    EXPECT_EQ(calibration::machine_peaks_path(), "/var/cache/me/hotline/machine-peaks.json");
  }
  {
    // Empty means unset; a relative XDG_CACHE_HOME is ignored (XDG spec).
    ScopedEnv file("HOTLINE_MACHINE_FILE", "");
    ScopedEnv cache("XDG_CACHE_HOME", "relative/cache");
    EXPECT_EQ(calibration::machine_peaks_path(), "/home/someone/.cache/hotline/machine-peaks.json");
  }
  {
    ScopedEnv file("HOTLINE_MACHINE_FILE", nullptr);
    ScopedEnv cache("XDG_CACHE_HOME", nullptr);
    EXPECT_EQ(calibration::machine_peaks_path(), "/home/someone/.cache/hotline/machine-peaks.json");
  }
}

} // namespace
} // namespace hotline::test
