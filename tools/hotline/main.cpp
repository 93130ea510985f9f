// The hotline command: picks a subcommand and turns every failure into one line
// and a status.
#include "calibration/machine_peaks.h"
#include "cli/options.h"
#include "commands/commands.h"
#include "profile/reader.h"
#include "version.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>

namespace {

namespace cli = hotline::cli;

struct Subcommand {
  const char *name;
  const char *summary;             // one line, for `hotline --help`
  const cli::CommandSpec *command; // its options and help; null: it reads its own arguments
  int (*run)(const cli::ParsedArgs &args);
};

// The subcommands, in the order `hotline --help` lists them.
constexpr Subcommand kSubcommands[] = {
    {"report", "where the time went: run summary and top functions", &hotline::kReportCommand,
     hotline::run_report},
    {"tree", "the call tree merged across threads and processes", &hotline::kTreeCommand,
     hotline::run_tree},
    {"lines", "the hottest source lines: exact counts, sampled time", &hotline::kLinesCommand,
     hotline::run_lines},
    {"loops", "every loop: entries, iterations, time, what the optimizer did",
     &hotline::kLoopsCommand, hotline::run_loops},
    {"annotate", "the source of hot functions with per-line counts and time",
     &hotline::kAnnotateCommand, hotline::run_annotate},
    {"memory", "where the heap went: allocations, peaks and leftovers by source line",
     &hotline::kMemoryCommand, hotline::run_memory},
    {"io", "where the program waited on I/O: files, places and threads", &hotline::kIoCommand,
     hotline::run_io},
    {"gpu", "where the GPU time went: kernels, launch sites, transfers, idle gaps",
     &hotline::kGpuCommand, hotline::run_gpu},
    {"diff", "compare two runs per function, line and kernel; fail CI on regressions",
     &hotline::kDiffCommand, hotline::run_diff},
    {"merge", "combine the profiles of several runs or processes into one file",
     &hotline::kMergeCommand, hotline::run_merge},
    {"ranks", "the ranks of a parallel job compared: imbalance, MPI time, the slowest",
     &hotline::kRanksCommand, hotline::run_ranks},
    {"export", "write profiles for flamegraph.pl, speedscope, Perfetto, KCachegrind, genhtml",
     &hotline::kExportCommand, hotline::run_export},
    {"calibrate",
     "measure this machine's peak FLOP rate and memory bandwidth for the "
     "loops' roofline",
     &hotline::kCalibrateCommand, hotline::run_calibrate},
    {"html", "the whole analysis as one self-contained HTML page", &hotline::kHtmlCommand,
     hotline::run_html},
    {"config", "the flags that add hotline to a build: plugin, compile, link",
     &hotline::kConfigCommand, hotline::run_config},
    {"top", "the live view of a running program (HOTLINE_LIVE=1): hottest functions now",
     &hotline::kTopCommand, hotline::run_top},
    {"pgo", "write the exact counts as a sample profile for -fprofile-sample-use",
     &hotline::kPgoCommand, hotline::run_pgo},
    {"filter", "a filter file for the next build: count short functions only, skip unrun ones",
     &hotline::kFilterCommand, hotline::run_filter},
    {"history", "runs kept in a database: trends, change points, a CI gate", nullptr,
     hotline::run_history},
    {"advise", "source-level advice and fix-its for the hot functions and loops", nullptr,
     hotline::run_advise},
};

// Exit statuses: 1 for a bad profile, 2 for a bad command line or a file that
// cannot be read or written.
constexpr int kExitBadProfile = 1;
constexpr int kExitUsage = 2;

const Subcommand *find_subcommand(const std::string &name) {
  for (const Subcommand &subcommand : kSubcommands)
    if (name == subcommand.name)
      return &subcommand;
  return nullptr;
}

std::string main_help() {
  std::string text = "usage: hotline <command> [options] FILE...\n"
                     "       hotline help <command>\n\n"
                     "Reads the .hotline profiles that programs built with the hotline "
                     "plugin write.\n\ncommands:\n";
  size_t width = 0;
  for (const Subcommand &subcommand : kSubcommands)
    width = std::max(width, std::strlen(subcommand.name));
  for (const Subcommand &subcommand : kSubcommands)
    text += fmt::format("  {:<{}}  {}\n", subcommand.name, width, subcommand.summary);
  text += "\noptions:\n  -h, --help  show this help\n  --version   show the "
          "version\n"
          "\nRun 'hotline <command> --help' for the options of a command.\n";
  return text;
}

// Parses the arguments with the subcommand's spec and runs it, or prints its help.
int run_subcommand(const Subcommand &subcommand, const std::vector<std::string> &args) {
  if (!subcommand.command) {
    cli::ParsedArgs raw;
    raw.arguments = args;
    return subcommand.run(raw);
  }
  cli::ParsedArgs parsed = cli::parse_args(args, *subcommand.command);
  if (parsed.help) {
    fmt::print("{}", cli::help_text(*subcommand.command));
    return 0;
  }
  return subcommand.run(parsed);
}

// Plain stdio: this runs inside catch handlers, where a throwing print would
// terminate.
int error(int status, const char *message) {
  std::fprintf(stderr, "hotline: error: %s\n", message);
  return status;
}

int run(const std::vector<std::string> &args) {
  if (args.empty())
    throw cli::UsageError("no command given (see 'hotline --help')");
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
    const Subcommand *subcommand = find_subcommand(args[1]);
    if (!subcommand)
      throw cli::UsageError(
          fmt::format("no help for unknown command '{}' (see 'hotline --help')", args[1]));
    return run_subcommand(*subcommand, {"--help"});
  }
  const Subcommand *subcommand = find_subcommand(first);
  if (!subcommand) {
    if (first.size() > 1 && first[0] == '-')
      throw cli::UsageError(fmt::format("unknown option '{}' (see 'hotline --help')", first));
    throw cli::UsageError(fmt::format("unknown command '{}' (see 'hotline --help')", first));
  }
  return run_subcommand(*subcommand, std::vector<std::string>(args.begin() + 1, args.end()));
}

} // namespace

int main(int argc, char **argv) {
  try {
    return run(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const cli::UsageError &e) {
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
