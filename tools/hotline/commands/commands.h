// hotline's subcommands, one file each in commands/: what main.cpp's table calls. A new
// subcommand is a file here that defines its command line (a cli::CommandSpec: options and
// help) and its run, their declarations below, and a line in main.cpp's table.
//
// main parses the command line with the spec, prints the help when asked, and calls run with
// the parsed arguments. Each run returns the exit status and throws cli::UsageError,
// profile::ProfileError and calibration::MachineFileError, which main turns into messages.
#pragma once

#include "cli/options.h"
#include "version.h"

#include <string>
#include <vector>

namespace hotline {

extern const cli::CommandSpec kReportCommand;
int run_report(const cli::ParsedArgs &args);
extern const cli::CommandSpec kTreeCommand;
int run_tree(const cli::ParsedArgs &args);
extern const cli::CommandSpec kLinesCommand;
int run_lines(const cli::ParsedArgs &args);
extern const cli::CommandSpec kLoopsCommand;
int run_loops(const cli::ParsedArgs &args);
extern const cli::CommandSpec kAnnotateCommand;
int run_annotate(const cli::ParsedArgs &args);
extern const cli::CommandSpec kMemoryCommand;
int run_memory(const cli::ParsedArgs &args);
extern const cli::CommandSpec kIoCommand;
int run_io(const cli::ParsedArgs &args);
extern const cli::CommandSpec kGpuCommand;
int run_gpu(const cli::ParsedArgs &args);
extern const cli::CommandSpec kDiffCommand;
int run_diff(const cli::ParsedArgs &args);
extern const cli::CommandSpec kMergeCommand;
int run_merge(const cli::ParsedArgs &args);
extern const cli::CommandSpec kRanksCommand;
int run_ranks(const cli::ParsedArgs &args);
extern const cli::CommandSpec kExportCommand;
int run_export(const cli::ParsedArgs &args);
extern const cli::CommandSpec kCalibrateCommand;
int run_calibrate(const cli::ParsedArgs &args);
extern const cli::CommandSpec kHtmlCommand;
int run_html(const cli::ParsedArgs &args);
extern const cli::CommandSpec kConfigCommand;
int run_config(const cli::ParsedArgs &args);
extern const cli::CommandSpec kTopCommand;
int run_top(const cli::ParsedArgs &args);
extern const cli::CommandSpec kPgoCommand;
int run_pgo(const cli::ParsedArgs &args);
extern const cli::CommandSpec kFilterCommand;
int run_filter(const cli::ParsedArgs &args);

// history reads its action and that action's options itself (commands/history.cpp).
int run_history(const cli::ParsedArgs &args);

// advise runs hotline-advise, which reads its own arguments (args.arguments).
int run_advise(const cli::ParsedArgs &args);

// `hotline report --format json --top 0` with every loop, as a string (commands/report.cpp):
// what `hotline export --format json` writes.
std::string report_json(const std::vector<std::string> &files, bool compensate);

} // namespace hotline
