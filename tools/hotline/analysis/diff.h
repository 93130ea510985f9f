// Two runs compared: per function, per source line, per GPU kernel and in
// total, and which of the changes are regressions.
#pragma once

#include "analysis/functions.h"
#include "analysis/gpu.h"
#include "analysis/lines.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hotline::analysis {

// One function, source line or kernel of the base run, the new run, or both.
struct DiffItem {
  // Functions: the function. Lines: the enclosing function. Kernels: the
  // demangled kernel name (no file, no line).
  std::string name;
  std::string linkage_name; // functions only
  std::string file;
  // Functions: where defined (the new run's, when in both). Lines: the line.
  uint32_t line = 0;
  bool in_base = false;
  bool in_new = false;
  // Functions: self time. Lines: sampled time. Kernels: GPU time.
  uint64_t base_ns = 0;
  uint64_t new_ns = 0;
  // Functions: exact calls. Lines: exact executions. Kernels: launches.
  uint64_t base_count = 0;
  uint64_t new_count = 0;
  // Functions whose timing the runtime stopped in that run: their later calls' time is
  // estimated (FunctionStats::estimated_ns, part of base_ns/new_ns), so that a partly timed
  // run is compared like with like, and said to be.
  bool base_stopped = false;
  bool new_stopped = false;
  uint64_t base_estimated_ns = 0;
  uint64_t new_estimated_ns = 0;

  int64_t change_ns() const;
  int64_t count_change() const;
};

struct DiffTable {
  // FunctionTable::measured_ns of each run.
  uint64_t base_measured_ns = 0;
  uint64_t new_measured_ns = 0;
  // All three by the size of the change in time, largest first.
  std::vector<DiffItem> functions;
  std::vector<DiffItem> lines;
  bool lines_compared = false; // either run has line data
  std::vector<DiffItem> kernels;
  bool kernels_compared = false; // either run has kernels
  // Source files that are one file under two roots (the same source checked out or built in
  // two directories): base's path, new's path. Items of base are matched under new's path.
  std::vector<std::pair<std::string, std::string>> matched_files;
};

// Functions are matched by linkage name and file, not line, so that a function
// whose definition moved within its file is still itself; functions of one run
// that differ by line only are added together. Lines are matched by file and
// line, kernels by name. A file of one run only is the file of the other run only
// that ends with the most of the same path components (its name at least), when
// that one is the only such file: the same source under another root.
DiffTable diff_runs(const FunctionTable &base, const FunctionTable &next,
                    const LineTable &base_lines, const LineTable &next_lines,
                    const GpuTable &base_gpu, const GpuTable &next_gpu);

// Pairs the files found in one run only by their paths' longest common ending (whole
// components, at least the file's name), where one file of each run has it alone.
std::vector<std::pair<std::string, std::string>>
match_moved_files(const std::vector<std::string> &base_files,
                  const std::vector<std::string> &new_files);

// The change from `before` to `after` in percent of `before`; none when
// `before` is 0 and `after` is not.
std::optional<double> change_percent(uint64_t before, uint64_t after);

// Whether `after` is more than `percent` percent above `before` (anything above
// 0 is, when `before` is 0).
bool grew_by_more_than(uint64_t before, uint64_t after, double percent);

// What `hotline diff --fail-above` refuses.
struct Regressions {
  bool total = false; // the measured time grew by more than the percentage
  // Items whose time in the new run is above the floor and grew by more than
  // the percentage; added items (no time before) among them.
  std::vector<DiffItem> functions;
  std::vector<DiffItem> lines;
  std::vector<DiffItem> kernels;

  bool any() const { return total || !functions.empty() || !lines.empty() || !kernels.empty(); }
};

// A kernel's GPU time is held to the same floor as a function's self time: a
// floor given as a percentage is of the new run's measured (host) time.
Regressions find_regressions(const DiffTable &diff, double percent, uint64_t floor_ns);

} // namespace hotline::analysis
