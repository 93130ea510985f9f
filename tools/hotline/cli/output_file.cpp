// Writing a subcommand's result to a file (see output_file.h).
#include "cli/output_file.h"

#include "cli/options.h"
#include "cli/text_format.h"
#include "profile/reader.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace hotline {

namespace {

[[noreturn]] void write_failed(const std::string &path, int error) {
  throw profile::ProfileFileError(
      fmt::format("{}: cannot write: {}", text::printable(path), std::strerror(error)));
}

using Pieces = std::function<void(const std::function<void(std::string_view)> &)>;

// Writes the pieces to `file`; false (errno set) when one did not get through.
bool write_pieces(std::FILE *file, const Pieces &write) {
  bool written = true;
  int error = 0;
  write([&](std::string_view piece) {
    if (written && std::fwrite(piece.data(), 1, piece.size(), file) != piece.size())
      written = false, error = errno;
  });
  errno = error;
  return written;
}

void write_in_place(const std::string &path, const Pieces &write) {
  std::FILE *file = std::fopen(path.c_str(), "w");
  if (!file)
    write_failed(path, errno);
  bool written = write_pieces(file, write);
  int error = written ? 0 : errno;
  if (std::fclose(file) != 0 && written)
    error = errno, written = false;
  if (!written)
    write_failed(path, error ? error : EIO);
}

} // namespace

void write_output_file(const std::string &path, std::string_view text) {
  write_output_file(path, [&](const std::function<void(std::string_view)> &piece) { piece(text); });
}

void write_output_file(const std::string &path, const Pieces &write) {
  if (path == "-") {
    if (!write_pieces(stdout, write) || std::fflush(stdout) != 0)
      write_failed("standard output", errno ? errno : EIO);
    return;
  }
  struct stat existing;
  if (::stat(path.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode)) {
    write_in_place(path, write); // a pipe or a device: nothing to replace
    return;
  }
  // Into a new file beside it, renamed over it once complete.
  std::string temp = path + ".tmp.XXXXXX";
  int fd = ::mkstemp(temp.data());
  if (fd < 0)
    write_failed(path, errno);
  // mkstemp makes the file private; give it the mode a new file would get.
  mode_t mask = ::umask(0);
  ::umask(mask);
  std::FILE *file = ::fchmod(fd, 0666 & ~mask) == 0 ? ::fdopen(fd, "w") : nullptr;
  if (!file) {
    int error = errno;
    ::close(fd);
    ::unlink(temp.c_str());
    write_failed(path, error);
  }
  bool written = write_pieces(file, write);
  int error = written ? 0 : errno;
  if (written && (std::fflush(file) != 0 || ::fsync(::fileno(file)) != 0))
    error = errno, written = false;
  if (std::fclose(file) != 0 && written)
    error = errno, written = false;
  if (written && ::rename(temp.c_str(), path.c_str()) != 0)
    error = errno, written = false;
  if (!written) {
    ::unlink(temp.c_str());
    write_failed(path, error ? error : EIO);
  }
}

void refuse_output_among_inputs(const char *command, const std::string &output,
                                const std::vector<std::string> &inputs, const char *advice) {
  for (const std::string &input : inputs) {
    std::error_code error;
    if (std::filesystem::equivalent(output, input, error) && !error)
      throw cli::UsageError(fmt::format("{}: the output {} is also an input; {}", command,
                                        text::printable(output), advice));
  }
}

} // namespace hotline
