// `hotline merge`: the profiles of several runs or processes into one bundle
// file, byte for byte, written only once every input has been read in full.
#include "cli.h"
#include "profile/reader.h"
#include "subcommands.h"
#include "text_format.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace hotline {

namespace {

const cli::CommandSpec kMergeCommand = {
    "merge",
    "hotline merge FILE... -o OUT",
    "Writes the profiles of several runs or processes into one file, OUT: a "
    "bundle\n"
    "that every command reads as those profiles (docs/profile-format.md, "
    "\"Bundles\").\n"
    "The profiles are copied byte for byte; a bundle given as input adds its "
    "members.\n"
    "Every input is read and checked in full first, and nothing is written if "
    "one\n"
    "is bad. OUT is replaced at once (a temporary file renamed over it) and "
    "must\n"
    "not be one of the inputs.",
    {
        {"output", "OUT", "write the bundle to OUT (required)", 'o'},
    }};

[[noreturn]] void write_failed(const std::string &path, int error) {
  throw profile::ProfileFileError(fmt::format("{}: cannot write: {}", path, std::strerror(error)));
}

// Readers of `path` see the old file or the new one, never part of one.
void write_atomically(const std::string &path, const std::vector<unsigned char> &bytes) {
  std::string temp = path + ".tmp.XXXXXX";
  int fd = ::mkstemp(temp.data());
  if (fd < 0)
    write_failed(path, errno);
  auto fail = [&](int error) {
    ::close(fd);
    ::unlink(temp.c_str());
    write_failed(path, error);
  };
  // mkstemp makes the file private; give it the mode a new file would get.
  mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd, 0666 & ~mask) != 0)
    fail(errno);
  size_t written = 0;
  while (written < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      fail(n < 0 ? errno : EIO);
    written += size_t(n);
  }
  if (::fsync(fd) != 0)
    fail(errno);
  if (::close(fd) != 0) {
    int error = errno;
    ::unlink(temp.c_str());
    write_failed(path, error);
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    int error = errno;
    ::unlink(temp.c_str());
    write_failed(path, error);
  }
}

// Whether `output` is the same file as `input` under any name (links, "./").
bool same_file(const std::string &output, const std::string &input) {
  std::error_code error;
  return std::filesystem::equivalent(output, input, error) && !error;
}

} // namespace

int run_merge(const std::vector<std::string> &args) {
  cli::ParsedArgs parsed = cli::parse_args(args, kMergeCommand);
  if (parsed.help) {
    fmt::print("{}", cli::help_text(kMergeCommand));
    return 0;
  }
  std::optional<std::string> output = parsed.value("output");
  if (!output)
    throw cli::UsageError(
        fmt::format("merge: no output file given (usage: {})", kMergeCommand.usage));
  if (output->empty())
    throw cli::UsageError("option --output needs a value (OUT)");
  const std::vector<std::string> &inputs = cli::profile_paths(parsed, kMergeCommand);
  for (const std::string &input : inputs)
    if (same_file(*output, input))
      throw cli::UsageError(fmt::format("merge: the output {} is also an input; write the "
                                        "bundle to another file",
                                        text::printable(*output)));

  std::vector<unsigned char> bundle;
  size_t members = 0;
  for (const std::string &input : inputs) {
    std::vector<unsigned char> bytes = profile::read_profile_bytes(input);
    members += profile::parse_profiles(bytes, input).size();
    bundle.insert(bundle.end(), bytes.begin(), bytes.end());
  }
  write_atomically(*output, bundle);
  fmt::print("Wrote {} profile{} from {} file{} to {}\n", members, members == 1 ? "" : "s",
             inputs.size(), inputs.size() == 1 ? "" : "s", text::printable(*output));
  return 0;
}

} // namespace hotline
