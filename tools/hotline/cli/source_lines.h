// The line-mode functions of a profile, hottest first, and their source text: what `hotline
// annotate` prints and what `hotline html` embeds.
#pragma once

#include "analysis/lines.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace hotline {

// A function built in line mode, with its counted and sampled lines.
struct FunctionLines {
  std::string name;
  std::string file;
  uint32_t first_line = 0;
  uint32_t last_line = 0;
  uint64_t samples = 0;
  uint64_t count = 0; // of its busiest line, to rank unsampled profiles
  std::map<uint32_t, const analysis::LineStats *> lines;
};

// The functions that have counted lines, hottest first (by samples, then by their busiest
// line's count, then by name and file). They point into `table`.
std::vector<FunctionLines> functions_of(const analysis::LineTable &table);

// The source file's lines, looked for where it was built, then under `source_dir`: by its
// whole path, then by ever shorter tails of it (for /build/src/a/b.cpp: DIR/build/src/a/b.cpp,
// DIR/src/a/b.cpp, DIR/a/b.cpp, DIR/b.cpp). Empty when it is nowhere.
std::vector<std::string> read_source(const std::string &file, const std::string &source_dir);

} // namespace hotline
