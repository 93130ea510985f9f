// Writing a subcommand's result to a file named on its command line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hotline {

// Writes text to path, or to standard output when path is "-"; a
// profile::ProfileFileError naming path when it cannot be written. A program
// that reads the file meanwhile (a build) sees the old file or the new one,
// never part of one.
void write_output_file(const std::string &path, std::string_view text);

// A cli::UsageError "<command>: the output OUT is also an input; <advice>" when
// output names one of the inputs under any name (links, "./").
void refuse_output_among_inputs(const char *command, const std::string &output,
                                const std::vector<std::string> &inputs, const char *advice);

} // namespace hotline
