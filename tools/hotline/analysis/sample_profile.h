// What `hotline pgo` hands the compiler: each function's exact entry and
// per-line counts, in the shape of LLVM's sample profiles.
#pragma once

#include "analysis/symbolizer.h"
#include "profile/reader.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace hotline::analysis {

// One function's counts, keyed as -fprofile-sample-use looks them up: by the
// line's offset from the function's first line (its DISubprogram's) and the
// base discriminator of the line's code in its block.
struct FunctionSamples {
  std::string name;  // linkage name: what the compiler calls the function
  uint64_t head = 0; // entries
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> body; // (offset, discriminator) -> count
  // The functions the indirect calls at a place called (call-targets option), by linkage
  // name: the compiler promotes the hottest to direct calls.
  std::map<std::pair<uint32_t, uint32_t>, std::map<std::string, uint64_t>> call_targets;
  uint64_t total() const;
};

struct SampleProfile {
  std::vector<FunctionSamples> functions; // by name; only functions that ran
  size_t profiles = 0;
  // Functions that ran but have no line counts (built without line mode or
  // without debug information): the compiler learns nothing of them.
  size_t functions_without_lines = 0;
  // Line sites left out: in another file than their function (a macro, code
  // inlined before line mode ran) or above its first line.
  size_t lines_elsewhere = 0;
  // Calls to functions whose name the objects' symbols did not give (the object moved or
  // was stripped): left out of the call targets.
  uint64_t unnamed_call_targets = 0;
};

// Adds profiles one at a time, then finish() sums them.
class SampleProfileBuilder {
public:
  void add(const profile::Profile &profile);
  SampleProfile finish();

private:
  std::map<std::string, FunctionSamples> functions_;
  SampleProfile result_;
  Symbolizer symbolizer_;
};

} // namespace hotline::analysis
