// One piece of advice: where in the source, what, the profile's evidence for it, and the
// fix-it when one is safe. The printers and the fix writers read only this.
#pragma once

#include <clang/Tooling/Core/Replacement.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace hotline::advise {

struct Finding {
  std::string check; // "push-back-without-reserve"
  std::string file;  // normalized
  uint32_t line = 0, column = 0;
  uint32_t end_line = 0, end_column = 0; // the last character of the range
  std::string message;                   // one line
  std::string function;                  // the hot function it is in, demangled
  std::string loop;                      // "file:line" of the hot loop it is in, or ""
  std::vector<std::string> evidence;     // lines for the text output
  // The same evidence as numbers, for JSON: "iterations", "count", "calls", ...
  std::map<std::string, uint64_t> counts;
  double percent = 0; // the share of the run of the hot place it is in
  // A fix-it: what it does, and its edits (empty: no fix-it is safe here).
  std::string fix;
  std::vector<clang::tooling::Replacement> replacements;
};

} // namespace hotline::advise
