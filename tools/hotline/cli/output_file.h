// Writing a subcommand's result to a file named on its command line.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace hotline {

// Writes text to path, or to standard output when path is "-"; a
// profile::ProfileFileError naming path when it cannot be written. A program
// that reads the file meanwhile (a build) sees the old file or the new one,
// never part of one.
void write_output_file(const std::string &path, std::string_view text);

// The same for a result made piece by piece: `write` passes each piece to the function it is
// given, which writes it out at once, so that no more than a piece is held in memory.
void write_output_file(
    const std::string &path,
    const std::function<void(const std::function<void(std::string_view)> &)> &write);

// A cli::UsageError "<command>: the output OUT is also an input; <advice>" when
// output names one of the inputs under any name (links, "./").
void refuse_output_among_inputs(const char *command, const std::string &output,
                                const std::vector<std::string> &inputs, const char *advice);

} // namespace hotline
