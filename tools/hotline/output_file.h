// Writing a subcommand's result to a file named on its command line.
#pragma once

#include <string>

namespace hotline {

// Writes text to path, or to standard output when path is "-"; a
// profile::ProfileFileError naming path when it cannot be written. A program
// that reads the file meanwhile (a build) sees the old file or the new one,
// never part of one.
void write_output_file(const std::string &path, const std::string &text);

} // namespace hotline
