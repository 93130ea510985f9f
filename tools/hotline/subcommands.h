// The table of hotline's subcommands: add a line here and a file that defines
// its run.
#pragma once

#include <string>
#include <vector>

#ifndef HOTLINE_VERSION
#error "HOTLINE_VERSION must come from the build (the CMake project version)"
#endif

namespace hotline {

inline constexpr const char *kVersion = HOTLINE_VERSION;

// Runs a subcommand on the arguments after its name; returns the exit status.
// Throws cli::UsageError and profile::ProfileError, which main turns into
// messages.
using SubcommandRun = int (*)(const std::vector<std::string> &args);

struct Subcommand {
  const char *name;
  const char *summary; // one line, for `hotline --help`
  SubcommandRun run;
};

int run_report(const std::vector<std::string> &args); // report.cpp
int run_tree(const std::vector<std::string> &args);   // tree.cpp

inline constexpr Subcommand kSubcommands[] = {
    {"report", "where the time went: run summary and top functions",
     run_report},
    {"tree", "the call tree merged across threads and processes", run_tree},
};

} // namespace hotline
