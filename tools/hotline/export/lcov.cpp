// An lcov tracefile (geninfo(1)'s format), for genhtml and coverage services:
// each function's exact calls, and each line's exact executions from line
// mode.
#include "analysis/lines.h"
#include "export/export.h"

#include <hotline/profile_format.h>

#include <fmt/format.h>

#include <map>
#include <set>
#include <string>
#include <utility>

namespace hotline::exports {

namespace {

struct FunctionCount {
  uint32_t line = 0;
  uint64_t calls = 0;
};

struct SourceFile {
  std::map<std::string, FunctionCount> functions; // by linkage name
  std::map<uint32_t, uint64_t> lines;             // executions
};

} // namespace

std::string lcov(const std::vector<profile::Profile> &profiles, analysis::Symbolizer &symbolizer) {
  analysis::FunctionCatalog catalog(profiles);
  std::map<std::string, SourceFile> files;
  // Every instrumented function, called or not: its entries are exact.
  for (size_t p = 0; p < profiles.size(); ++p) {
    const profile::Profile &profile = profiles[p];
    for (uint32_t s = 0; s < profile.sites.size(); ++s) {
      if (profile.sites[s].kind != HOTLINE_SITE_FUNCTION)
        continue;
      const analysis::FunctionIdentity &function = catalog.function(catalog.function_of(p, s));
      // No file, or no line: code the compiler made (__clang_call_terminate), which has no
      // source to annotate (it made a record of its own, "SF:t.cpp" with "FN:0,...").
      if (function.file.empty() || function.line == 0)
        continue;
      FunctionCount &count =
          files[analysis::normal_path(function.file)].functions[function.linkage_name];
      count.line = function.line;
      count.calls += profile.site_counts[s];
    }
  }
  analysis::LineTable lines = analysis::compute_line_table(profiles, symbolizer);
  std::set<std::pair<std::string, uint32_t>> lines_counted;
  for (const analysis::LineStats &line : lines.lines)
    if (line.counted) {
      files[line.file].lines[line.line] += line.count;
      lines_counted.insert({line.file, line.line});
    }
  // A function's first line runs once per call: where line mode did not
  // count it, it gets the function's calls.
  for (auto &[path, file] : files)
    for (const auto &[name, function] : file.functions)
      if (function.line != 0 && !lines_counted.count({path, function.line}))
        file.lines[function.line] += function.calls;

  std::string out;
  for (const auto &[path, file] : files) {
    out += fmt::format("TN:\nSF:{}\n", path);
    size_t functions_hit = 0;
    for (const auto &[name, function] : file.functions) {
      out += fmt::format("FN:{},{}\n", function.line, name);
      functions_hit += function.calls != 0;
    }
    for (const auto &[name, function] : file.functions)
      out += fmt::format("FNDA:{},{}\n", function.calls, name);
    out += fmt::format("FNF:{}\nFNH:{}\n", file.functions.size(), functions_hit);
    size_t lines_hit = 0;
    for (const auto &[line, executions] : file.lines) {
      out += fmt::format("DA:{},{}\n", line, executions);
      lines_hit += executions != 0;
    }
    out += fmt::format("LF:{}\nLH:{}\nend_of_record\n", file.lines.size(), lines_hit);
  }
  return out;
}

} // namespace hotline::exports
