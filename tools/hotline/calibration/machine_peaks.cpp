// Measures, saves and loads this machine's peaks; the loader is a strict
// parser for the one small JSON object that the saver writes.
#include "calibration/machine_peaks.h"

#include "calibration/kernels.h"
#include "cli/json_writer.h"
#include "cli/text_format.h"

#include <fmt/format.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <string_view>

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hotline::calibration {

namespace {

// Far more than a calibration needs (~300 bytes); anything bigger is not one.
constexpr size_t kMaxFileBytes = 64 * 1024;

const char *const kRerun = "run 'hotline calibrate'";

std::string env(const char *name) {
  const char *value = std::getenv(name);
  return value ? value : "";
}

// Keeps messages about a garbage file one short, harmless line.
std::string shown(std::string_view text) {
  constexpr size_t kMax = 100;
  if (text.size() <= kMax)
    return text::printable(text);
  return text::printable(text.substr(0, kMax)) + "...";
}

// Why a file is not a calibration: the line of the problem and what it is.
struct NotCalibration {
  int line;
  std::string what;
};

struct Value {
  bool is_string = false;
  std::string text; // when is_string
  double number = 0;
  int line = 0;
};

// One JSON object whose values are strings or numbers, nothing else (what
// save_machine_peaks writes). Throws NotCalibration.
class FlatObjectParser {
public:
  explicit FlatObjectParser(std::string_view text) : text_(text) {}

  std::map<std::string, Value> parse() {
    if (text_.empty())
      fail("the file is empty");
    skip_space();
    expect('{');
    std::map<std::string, Value> fields;
    skip_space();
    if (peek() == '}') {
      ++pos_;
    } else {
      for (;;) {
        skip_space();
        if (peek() != '"')
          fail("expected a field name in quotes, found " + found());
        int key_line = line_;
        std::string key = parse_string();
        skip_space();
        expect(':');
        skip_space();
        Value value;
        value.line = line_;
        if (peek() == '"') {
          value.is_string = true;
          value.text = parse_string();
        } else if (peek() == '-' || is_digit(peek())) {
          value.number = parse_number();
        } else {
          fail(fmt::format("expected a string or a number for \"{}\", found {}", shown(key),
                           found()));
        }
        if (!fields.emplace(key, std::move(value)).second)
          throw NotCalibration{key_line, fmt::format("field \"{}\" appears twice", shown(key))};
        skip_space();
        if (peek() == ',') {
          ++pos_;
          continue;
        }
        if (peek() == '}') {
          ++pos_;
          break;
        }
        fail(fmt::format("expected ',' or '}}' after \"{}\", found {}", shown(key), found()));
      }
    }
    end_line_ = line_;
    skip_space();
    if (!at_end())
      fail("unexpected " + found() + " after the object");
    return fields;
  }

  // The line of the object's closing brace.
  int end_line() const { return end_line_; }

private:
  [[noreturn]] void fail(std::string what) const { throw NotCalibration{line_, std::move(what)}; }
  bool at_end() const { return pos_ >= text_.size(); }
  // '\0' at the end: never a character the grammar accepts there.
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  static bool is_digit(char c) { return c >= '0' && c <= '9'; }

  std::string found() const {
    if (at_end())
      return "end of file";
    unsigned char c = (unsigned char)text_[pos_];
    if (c > 0x20 && c < 0x7f)
      return fmt::format("'{}'", char(c));
    return fmt::format("byte 0x{:02x}", c);
  }

  void skip_space() {
    while (!at_end()) {
      char c = text_[pos_];
      if (c == '\n')
        ++line_;
      else if (c != ' ' && c != '\t' && c != '\r')
        return;
      ++pos_;
    }
  }

  void expect(char c) {
    if (peek() != c)
      fail(fmt::format("expected '{}', found {}", c, found()));
    ++pos_;
  }

  uint32_t parse_hex4() {
    uint32_t code = 0;
    for (int i = 0; i < 4; ++i, ++pos_) {
      char c = peek();
      uint32_t digit;
      if (is_digit(c))
        digit = uint32_t(c - '0');
      else if (c >= 'a' && c <= 'f')
        digit = uint32_t(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        digit = uint32_t(c - 'A' + 10);
      else
        fail("expected 4 hex digits after \\u, found " + found());
      code = code * 16 + digit;
    }
    return code;
  }

  static void append_utf8(std::string &out, uint32_t code) {
    if (code < 0x80) {
      out += char(code);
    } else if (code < 0x800) {
      out += char(0xc0 | (code >> 6));
      out += char(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      out += char(0xe0 | (code >> 12));
      out += char(0x80 | ((code >> 6) & 0x3f));
      out += char(0x80 | (code & 0x3f));
    } else {
      out += char(0xf0 | (code >> 18));
      out += char(0x80 | ((code >> 12) & 0x3f));
      out += char(0x80 | ((code >> 6) & 0x3f));
      out += char(0x80 | (code & 0x3f));
    }
  }

  std::string parse_string() {
    ++pos_; // the opening quote
    std::string out;
    for (;;) {
      if (at_end())
        fail("unterminated string");
      unsigned char c = (unsigned char)text_[pos_++];
      if (c == '"')
        return out;
      if (c < 0x20) {
        --pos_;
        fail(fmt::format("{} inside a string", found()));
      }
      if (c != '\\') {
        out += char(c);
        continue;
      }
      char escape = peek();
      ++pos_;
      switch (escape) {
      case '"':
      case '\\':
      case '/':
        out += escape;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        uint32_t code = parse_hex4();
        if (code >= 0xdc00 && code <= 0xdfff)
          fail("unpaired surrogate \\u escape");
        if (code >= 0xd800 && code <= 0xdbff) {
          if (peek() != '\\' || pos_ + 1 >= text_.size() || text_[pos_ + 1] != 'u')
            fail("unpaired surrogate \\u escape");
          pos_ += 2;
          uint32_t low = parse_hex4();
          if (low < 0xdc00 || low > 0xdfff)
            fail("unpaired surrogate \\u escape");
          code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        }
        append_utf8(out, code);
        break;
      }
      default:
        --pos_;
        fail("bad escape \\" + found());
      }
    }
  }

  // JSON's grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
  double parse_number() {
    size_t start = pos_;
    auto digits = [&] {
      if (!is_digit(peek()))
        fail("expected a digit in a number, found " + found());
      while (is_digit(peek()))
        ++pos_;
    };
    if (peek() == '-')
      ++pos_;
    if (peek() == '0')
      ++pos_;
    else
      digits();
    if (peek() == '.') {
      ++pos_;
      digits();
    }
    if (peek() == 'e' || peek() == 'E') {
      ++pos_;
      if (peek() == '+' || peek() == '-')
        ++pos_;
      digits();
    }
    double number = 0;
    std::from_chars_result result =
        std::from_chars(text_.data() + start, text_.data() + pos_, number);
    if (result.ec != std::errc() || result.ptr != text_.data() + pos_)
      throw NotCalibration{line_, fmt::format("number {} is out of range",
                                              shown(text_.substr(start, pos_ - start)))};
    return number;
  }

  std::string_view text_;
  size_t pos_ = 0;
  int line_ = 1;
  int end_line_ = 1;
};

const Value &field(const std::map<std::string, Value> &fields, const char *name, int end_line) {
  auto it = fields.find(name);
  if (it == fields.end())
    throw NotCalibration{end_line, fmt::format("no \"{}\" field", name)};
  return it->second;
}

std::string string_field(const std::map<std::string, Value> &fields, const char *name,
                         int end_line) {
  const Value &value = field(fields, name, end_line);
  if (!value.is_string || value.text.empty())
    throw NotCalibration{value.line, fmt::format("\"{}\" is not a non-empty string", name)};
  return value.text;
}

double rate_field(const std::map<std::string, Value> &fields, const char *name, int end_line) {
  const Value &value = field(fields, name, end_line);
  if (value.is_string || !std::isfinite(value.number) || value.number <= 0)
    throw NotCalibration{value.line, fmt::format("\"{}\" is not a positive number", name)};
  return value.number;
}

std::string utc_now() {
  std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

std::string home_directory() {
  std::string home = env("HOME");
  if (!home.empty())
    return home;
  if (const passwd *entry = getpwuid(getuid()); entry && entry->pw_dir)
    return entry->pw_dir;
  return "."; // no home at all: the working directory
}

// read_small_file's answer for a FIFO, a device or a socket.
constexpr int kNotRegularFile = -1;

// Reads a regular file of at most kMaxFileBytes; returns 0, kNotRegularFile or
// an errno value (EFBIG: larger). Opened non-blocking so that a FIFO named by
// mistake cannot hang the caller.
int read_small_file(const std::string &path, std::string *bytes) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    return errno;
  struct stat info;
  int error = 0;
  if (::fstat(fd, &info) != 0)
    error = errno;
  else if (S_ISDIR(info.st_mode))
    error = EISDIR;
  else if (!S_ISREG(info.st_mode))
    error = kNotRegularFile;
  bytes->assign(kMaxFileBytes + 1, '\0');
  size_t size = 0;
  while (error == 0 && size < bytes->size()) {
    ssize_t n = ::read(fd, bytes->data() + size, bytes->size() - size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      error = errno;
    else if (n == 0)
      break;
    else
      size += size_t(n);
  }
  ::close(fd);
  if (error == 0 && size > kMaxFileBytes)
    error = EFBIG;
  bytes->resize(size);
  return error;
}

[[noreturn]] void save_failed(const std::string &path, const char *doing, int error) {
  throw MachineFileError(fmt::format("{}: cannot {}: {}", path, doing, std::strerror(error)));
}

} // namespace

std::string this_cpu() {
  std::string model = "unknown cpu";
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (line.compare(0, 10, "model name") != 0)
      continue;
    size_t colon = line.find(':');
    if (colon == std::string::npos)
      continue;
    // Trimmed, inner runs of blanks made one space (Intel pads its names).
    std::string name;
    for (size_t i = colon + 1; i < line.size(); ++i) {
      char c = line[i];
      bool blank = c == ' ' || c == '\t';
      if (blank && (name.empty() || name.back() == ' '))
        continue;
      name += blank ? ' ' : c;
    }
    while (!name.empty() && name.back() == ' ')
      name.pop_back();
    if (!name.empty())
      model = name;
    break;
  }
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  if (cpus < 1)
    cpus = 1;
  return fmt::format("{} ({} CPU{})", model, cpus, cpus == 1 ? "" : "s");
}

std::string machine_peaks_path() {
  std::string file = env("HOTLINE_MACHINE_FILE");
  if (!file.empty())
    return file;
  // The XDG base directory spec: a relative $XDG_CACHE_HOME is to be ignored.
  std::string cache = env("XDG_CACHE_HOME");
  if (cache.empty() || cache[0] != '/')
    cache = home_directory() + "/.cache";
  return cache + "/hotline/machine-peaks.json";
}

MachinePeaks measure_machine_peaks() {
  FlopPeaks flops = measure_flop_peaks();
  MachinePeaks peaks;
  peaks.cpu = this_cpu();
  peaks.isa = flops.isa;
  peaks.flops32_per_s = flops.flops32_per_s;
  peaks.flops64_per_s = flops.flops64_per_s;
  peaks.bytes_per_s = measure_triad_bandwidth();
  peaks.measured = utc_now();
  return peaks;
}

void write_fields(json::Writer &json, const MachinePeaks &peaks) {
  json.field("cpu", peaks.cpu);
  json.field("isa", peaks.isa);
  json.field("flops32_per_s", peaks.flops32_per_s);
  json.field("flops64_per_s", peaks.flops64_per_s);
  json.field("bytes_per_s", peaks.bytes_per_s);
  json.field("measured", peaks.measured);
}

void save_machine_peaks(const MachinePeaks &peaks, const std::string &path) {
  if (path.empty())
    throw MachineFileError("no path given for the machine peaks file");
  std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) {
    std::error_code error;
    std::filesystem::create_directories(parent, error);
    if (error)
      throw MachineFileError(fmt::format("{}: cannot create directory {}: {}", path,
                                         parent.string(), error.message()));
  }

  json::Writer json;
  json.begin_object();
  json.field("format", kFileFormat);
  json.field("version", kFileVersion);
  write_fields(json, peaks);
  json.end_object();
  const std::string &text = json.text();

  // Readers see the old file or the new one, never half of one.
  std::string temp = fmt::format("{}.tmp.{}", path, getpid());
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    save_failed(path, "write", errno);
  size_t written = 0;
  while (written < text.size()) {
    ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      int error = n < 0 ? errno : EIO;
      ::close(fd);
      ::unlink(temp.c_str());
      save_failed(path, "write", error);
    }
    written += size_t(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    int error = errno;
    ::unlink(temp.c_str());
    save_failed(path, "write", error);
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    int error = errno;
    ::unlink(temp.c_str());
    save_failed(path, "replace", error);
  }
}

std::optional<MachinePeaks> load_machine_peaks(const std::string &path, std::string *why) {
  std::string ignored;
  std::string &reason = why ? *why : ignored;
  try {
    std::string bytes;
    if (int error = read_small_file(path, &bytes)) {
      if (error == ENOENT)
        reason = fmt::format("no calibration for this machine: {}", kRerun);
      else if (error == EFBIG)
        reason = fmt::format("{}: not a calibration file (larger than {} KiB)",
                             text::printable(path), kMaxFileBytes / 1024);
      else
        reason =
            fmt::format("{}: cannot read: {}", text::printable(path),
                        error == kNotRegularFile ? "not a regular file" : std::strerror(error));
      return std::nullopt;
    }

    FlatObjectParser parser(bytes);
    std::map<std::string, Value> fields = parser.parse();
    int end = parser.end_line();
    const Value &format = field(fields, "format", end);
    if (!format.is_string || format.text != kFileFormat)
      throw NotCalibration{format.line, fmt::format("\"format\" is not \"{}\"", kFileFormat)};
    const Value &version = field(fields, "version", end);
    if (version.is_string)
      throw NotCalibration{version.line, "\"version\" is not a number"};
    if (version.number != kFileVersion) {
      reason = fmt::format("{}: calibration file version {} is not supported "
                           "(this hotline reads version {}): {}",
                           text::printable(path), version.number, kFileVersion, kRerun);
      return std::nullopt;
    }
    MachinePeaks peaks;
    peaks.cpu = string_field(fields, "cpu", end);
    peaks.isa = string_field(fields, "isa", end);
    peaks.flops32_per_s = rate_field(fields, "flops32_per_s", end);
    peaks.flops64_per_s = rate_field(fields, "flops64_per_s", end);
    peaks.bytes_per_s = rate_field(fields, "bytes_per_s", end);
    peaks.measured = string_field(fields, "measured", end);

    std::string here = this_cpu();
    if (peaks.cpu != here) {
      reason = fmt::format("calibration in {} is for CPU {}, not this one ({}): {}",
                           text::printable(path), shown(peaks.cpu), here, kRerun);
      return std::nullopt;
    }
    return peaks;
  } catch (const NotCalibration &bad) {
    reason = fmt::format("{}: not a calibration file (line {}: {})", text::printable(path),
                         bad.line, bad.what);
  } catch (const std::exception &e) {
    reason = fmt::format("{}: cannot read: {}", text::printable(path), e.what());
  } catch (...) {
    reason = fmt::format("{}: cannot read", text::printable(path));
  }
  return std::nullopt;
}

} // namespace hotline::calibration
