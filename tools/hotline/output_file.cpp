// Writing a subcommand's result to a file (see output_file.h).
#include "output_file.h"

#include "profile/reader.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace hotline {

void write_output_file(const std::string &path, const std::string &text) {
  if (path == "-") {
    fmt::print("{}", text);
    return;
  }
  auto failed = [&](int error) {
    return profile::ProfileFileError(fmt::format("{}: cannot write: {}", path, std::strerror(error)));
  };
  std::FILE *file = std::fopen(path.c_str(), "w");
  if (!file)
    throw failed(errno);
  bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
  int error = errno;
  if (std::fclose(file) != 0 && written) {
    written = false;
    error = errno;
  }
  if (!written)
    throw failed(error);
}

} // namespace hotline
