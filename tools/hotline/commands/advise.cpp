// `hotline advise`: runs hotline-advise (tools/advise/), the separate program that links
// Clang's libraries, from the directory this hotline runs from, with the same arguments.
#include "cli/options.h"
#include "commands/commands.h"

#include <fmt/format.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <unistd.h>

namespace hotline {

int run_advise(const cli::ParsedArgs &args) {
  char self[PATH_MAX];
  ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
  if (length <= 0)
    throw cli::UsageError("advise: cannot tell where this hotline is (/proc/self/exe)");
  self[length] = '\0';
  std::string directory(self);
  directory.erase(directory.rfind('/'));
  std::string path = directory + "/hotline-advise";
  if (access(path.c_str(), X_OK) != 0)
    throw cli::UsageError(fmt::format("advise: {} is missing (it is built where Clang's "
                                      "libclang-cpp is installed)",
                                      path));
  std::vector<char *> argv;
  argv.push_back(path.data());
  for (const std::string &arg : args.arguments)
    argv.push_back(const_cast<char *>(arg.c_str()));
  argv.push_back(nullptr);
  std::fflush(stdout);
  execv(path.c_str(), argv.data());
  throw cli::UsageError(fmt::format("advise: cannot run {}: {}", path, std::strerror(errno)));
}

} // namespace hotline
