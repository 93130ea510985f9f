// The line-mode functions, hottest first, and their source text (source_lines.h).
#include "cli/source_lines.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <tuple>
#include <utility>

namespace hotline {

std::vector<FunctionLines> functions_of(const analysis::LineTable &table) {
  std::map<std::pair<std::string, std::string>, FunctionLines> functions;
  for (const analysis::LineStats &line : table.lines) {
    if (line.function.empty())
      continue;
    FunctionLines &f = functions[{line.function, line.file}];
    if (f.name.empty()) {
      f.name = line.function;
      f.file = line.file;
      f.first_line = f.last_line = line.line;
    }
    f.lines[line.line] = &line;
    f.first_line = std::min(f.first_line, line.line);
    if (line.function_line != 0)
      f.first_line = std::min(f.first_line, line.function_line);
    f.last_line = std::max(f.last_line, line.line);
    f.samples += line.samples;
    f.count = std::max(f.count, line.count);
  }
  std::vector<FunctionLines> result;
  for (auto &[key, f] : functions)
    if (std::any_of(f.lines.begin(), f.lines.end(),
                    [](const auto &entry) { return entry.second->counted; }))
      result.push_back(std::move(f));
  std::sort(result.begin(), result.end(), [](const FunctionLines &a, const FunctionLines &b) {
    if (a.samples != b.samples)
      return a.samples > b.samples;
    if (a.count != b.count)
      return a.count > b.count;
    return std::tie(a.name, a.file) < std::tie(b.name, b.file);
  });
  return result;
}

std::vector<std::string> read_source(const std::string &file, const std::string &source_dir) {
  namespace fs = std::filesystem;
  std::vector<fs::path> candidates = {file};
  if (!source_dir.empty()) {
    fs::path relative = fs::path(file).relative_path();
    for (auto start = relative.begin(); start != relative.end(); ++start) {
      fs::path tail;
      for (auto part = start; part != relative.end(); ++part)
        tail /= *part;
      candidates.push_back(fs::path(source_dir) / tail);
    }
  }
  for (const fs::path &candidate : candidates) {
    std::ifstream in(candidate);
    if (!in)
      continue;
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line))
      lines.push_back(line);
    return lines;
  }
  return {};
}

} // namespace hotline
