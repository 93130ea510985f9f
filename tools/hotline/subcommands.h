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
// Throws cli::UsageError, profile::ProfileError and
// calibration::MachineFileError, which main turns into messages.
using SubcommandRun = int (*)(const std::vector<std::string> &args);

struct Subcommand {
  const char *name;
  const char *summary; // one line, for `hotline --help`
  SubcommandRun run;
};

int run_report(const std::vector<std::string> &args); // report.cpp
// `hotline report --format json --top 0` with every loop, as a string (report.cpp):
// what `hotline export --format json` writes.
std::string report_json(const std::vector<std::string> &files, bool compensate);
int run_tree(const std::vector<std::string> &args);   // tree.cpp
int run_lines(const std::vector<std::string> &args);  // lines.cpp
int run_loops(const std::vector<std::string> &args);  // loops.cpp
int run_annotate(const std::vector<std::string> &args); // annotate.cpp
int run_memory(const std::vector<std::string> &args);   // memory.cpp
int run_io(const std::vector<std::string> &args);       // io.cpp
int run_gpu(const std::vector<std::string> &args);      // gpu.cpp
int run_diff(const std::vector<std::string> &args);      // diff.cpp
int run_merge(const std::vector<std::string> &args);     // merge.cpp
int run_ranks(const std::vector<std::string> &args);     // ranks.cpp
int run_export(const std::vector<std::string> &args);    // export.cpp
int run_calibrate(const std::vector<std::string> &args); // calibrate.cpp
int run_html(const std::vector<std::string> &args);      // html/html.cpp
int run_config(const std::vector<std::string> &args);    // config.cpp
int run_top(const std::vector<std::string> &args);       // top.cpp
int run_pgo(const std::vector<std::string> &args);       // pgo.cpp
int run_filter(const std::vector<std::string> &args);    // filter.cpp
int run_advise(const std::vector<std::string> &args);    // advise.cpp: runs hotline-advise

inline constexpr Subcommand kSubcommands[] = {
    {"report", "where the time went: run summary and top functions",
     run_report},
    {"tree", "the call tree merged across threads and processes", run_tree},
    {"lines", "the hottest source lines: exact counts, sampled time",
     run_lines},
    {"loops", "every loop: entries, iterations, time, what the optimizer did",
     run_loops},
    {"annotate", "the source of hot functions with per-line counts and time",
     run_annotate},
    {"memory",
     "where the heap went: allocations, peaks and leftovers by source line",
     run_memory},
    {"io", "where the program waited on I/O: files, places and threads",
     run_io},
    {"gpu", "where the GPU time went: kernels, launch sites, transfers, idle gaps",
     run_gpu},
    {"diff", "compare two runs per function, line and kernel; fail CI on regressions",
     run_diff},
    {"merge", "combine the profiles of several runs or processes into one file",
     run_merge},
    {"ranks", "the ranks of a parallel job compared: imbalance, MPI time, the slowest",
     run_ranks},
    {"export", "write profiles for flamegraph.pl, speedscope, Perfetto, KCachegrind, genhtml",
     run_export},
    {"calibrate",
     "measure this machine's peak FLOP rate and memory bandwidth for the "
     "loops' roofline",
     run_calibrate},
    {"html", "the whole analysis as one self-contained HTML page", run_html},
    {"config", "the flags that add hotline to a build: plugin, compile, link", run_config},
    {"top", "the live view of a running program (HOTLINE_LIVE=1): hottest functions now", run_top},
    {"pgo", "write the exact counts as a sample profile for -fprofile-sample-use", run_pgo},
    {"filter", "a filter file for the next build: count short functions only, skip unrun ones",
     run_filter},
    {"advise", "source-level advice and fix-its for the hot functions and loops",
     run_advise},
};

} // namespace hotline
