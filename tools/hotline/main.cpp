// The hotline command: picks a subcommand and turns every failure into one line
// and a status.
#include "calibration/machine_peaks.h"
#include "cli.h"
#include "profile/reader.h"
#include "subcommands.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>

namespace {

// Exit statuses: 1 for a bad profile, 2 for a bad command line or a file that
// cannot be read or written.
constexpr int kExitBadProfile = 1;
constexpr int kExitUsage = 2;

const hotline::Subcommand *find_subcommand(const std::string &name) {
  for (const hotline::Subcommand &subcommand : hotline::kSubcommands)
    if (name == subcommand.name)
      return &subcommand;
  return nullptr;
}

std::string main_help() {
  std::string text =
      "usage: hotline <command> [options] FILE...\n"
      "       hotline help <command>\n\n"
      "Reads the .hotline profiles that programs built with the hotline "
      "plugin write.\n\ncommands:\n";
  size_t width = 0;
  for (const hotline::Subcommand &subcommand : hotline::kSubcommands)
    width = std::max(width, std::strlen(subcommand.name));
  for (const hotline::Subcommand &subcommand : hotline::kSubcommands)
    text += fmt::format("  {:<{}}  {}\n", subcommand.name, width,
                        subcommand.summary);
  text += "\noptions:\n  -h, --help  show this help\n  --version   show the "
          "version\n"
          "\nRun 'hotline <command> --help' for the options of a command.\n";
  return text;
}

// Plain stdio: this runs inside catch handlers, where a throwing print would
// terminate.
int error(int status, const char *message) {
  std::fprintf(stderr, "hotline: error: %s\n", message);
  return status;
}

int run(const std::vector<std::string> &args) {
  if (args.empty())
    throw hotline::cli::UsageError("no command given (see 'hotline --help')");
  const std::string &first = args[0];
  if (first == "--help" || first == "-h") {
    fmt::print("{}", main_help());
    return 0;
  }
  if (first == "--version") {
    fmt::print("hotline {}\n", hotline::kVersion);
    return 0;
  }
  if (first == "help") {
    if (args.size() == 1) {
      fmt::print("{}", main_help());
      return 0;
    }
    const hotline::Subcommand *subcommand = find_subcommand(args[1]);
    if (!subcommand)
      throw hotline::cli::UsageError(fmt::format(
          "no help for unknown command '{}' (see 'hotline --help')", args[1]));
    return subcommand->run({"--help"});
  }
  const hotline::Subcommand *subcommand = find_subcommand(first);
  if (!subcommand) {
    if (first.size() > 1 && first[0] == '-')
      throw hotline::cli::UsageError(
          fmt::format("unknown option '{}' (see 'hotline --help')", first));
    throw hotline::cli::UsageError(
        fmt::format("unknown command '{}' (see 'hotline --help')", first));
  }
  return subcommand->run(
      std::vector<std::string>(args.begin() + 1, args.end()));
}

} // namespace

int main(int argc, char **argv) {
  try {
    return run(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const hotline::cli::UsageError &e) {
    return error(kExitUsage, e.what());
  } catch (const hotline::profile::ProfileFileError &e) {
    return error(kExitUsage, e.what());
  } catch (const hotline::calibration::MachineFileError &e) {
    return error(kExitUsage, e.what());
  } catch (const hotline::profile::ProfileFormatError &e) {
    return error(kExitBadProfile, e.what());
  } catch (const std::bad_alloc &) {
    return error(kExitBadProfile, "out of memory");
  } catch (const std::exception &e) {
    return error(kExitBadProfile, e.what());
  } catch (...) {
    return error(kExitBadProfile, "unexpected internal error");
  }
}
