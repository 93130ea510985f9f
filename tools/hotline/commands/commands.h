// hotline's subcommands, one file each in commands/: what main.cpp's table calls.
// A new subcommand is a file here that defines its run, a declaration below and a
// line in main.cpp's table.
#pragma once

#include "version.h"

#include <string>
#include <vector>

namespace hotline {

// Each run_* runs a subcommand on the arguments after its name and returns the exit status.
// They throw cli::UsageError, profile::ProfileError and calibration::MachineFileError,
// which main turns into messages.
int run_report(const std::vector<std::string> &args); // commands/report.cpp
// `hotline report --format json --top 0` with every loop, as a string (commands/report.cpp):
// what `hotline export --format json` writes.
std::string report_json(const std::vector<std::string> &files, bool compensate);
int run_tree(const std::vector<std::string> &args);   // commands/tree.cpp
int run_lines(const std::vector<std::string> &args);  // commands/lines.cpp
int run_loops(const std::vector<std::string> &args);  // commands/loops.cpp
int run_annotate(const std::vector<std::string> &args); // commands/annotate.cpp
int run_memory(const std::vector<std::string> &args);   // commands/memory.cpp
int run_io(const std::vector<std::string> &args);       // commands/io.cpp
int run_gpu(const std::vector<std::string> &args);      // commands/gpu.cpp
int run_diff(const std::vector<std::string> &args);      // commands/diff.cpp
int run_merge(const std::vector<std::string> &args);     // commands/merge.cpp
int run_ranks(const std::vector<std::string> &args);     // commands/ranks.cpp
int run_export(const std::vector<std::string> &args);    // commands/export.cpp
int run_calibrate(const std::vector<std::string> &args); // commands/calibrate.cpp
int run_html(const std::vector<std::string> &args);      // commands/html.cpp
int run_config(const std::vector<std::string> &args);    // commands/config.cpp
int run_top(const std::vector<std::string> &args);       // commands/top.cpp
int run_pgo(const std::vector<std::string> &args);       // commands/pgo.cpp
int run_filter(const std::vector<std::string> &args);    // commands/filter.cpp
int run_advise(const std::vector<std::string> &args);    // commands/advise.cpp: runs hotline-advise

} // namespace hotline
