// `hotline annotate`: the source of the hottest functions built in line mode,
// each line with its exact count and sampled time, gcov-style.
#include "analysis/lines.h"
#include "analysis/timing_cost.h"
#include "cli.h"
#include "profile/reader.h"
#include "subcommands.h"
#include "text_format.h"
#include "timing_note.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <tuple>
#include <unistd.h>

namespace hotline {

namespace {

using analysis::LineStats;
using analysis::LoopStats;

const cli::CommandSpec kAnnotateCommand = {
    "annotate",
    "hotline annotate [options] FILE...",
    "Prints the source of the hottest functions built in line mode, each line "
    "with\nhow often it ran (exact), the CPU time sampled on it and its share "
    "of all\nsamples. Lines that never ran show #####; lines without code are "
    "blank.\nEach loop's header line is followed by its entries, trip counts "
    "and what the\noptimizer did with it. Hot lines are highlighted on a "
    "terminal.",
    {
        {"function", "REGEX",
         "annotate the functions whose name matches (default: the hottest)"},
        {"top", "N", "annotate the N hottest functions (default 3; 0: all)"},
        {"source-dir", "DIR",
         "look for source files here when they are not where they were built"},
        {"hot", "PERCENT",
         "highlight lines with at least this share of the samples (default 5)"},
        {"color", "WHEN", "auto, always or never (default auto)"},
    }};

struct FunctionLines {
  std::string name;
  std::string file;
  uint32_t first_line = 0;
  uint32_t last_line = 0;
  uint64_t samples = 0;
  uint64_t count = 0; // of its busiest line, to rank unsampled profiles
  std::map<uint32_t, const LineStats *> lines;
};

// The functions that have counted lines, hottest first.
std::vector<FunctionLines> functions_of(const analysis::LineTable &table) {
  std::map<std::pair<std::string, std::string>, FunctionLines> functions;
  for (const LineStats &line : table.lines) {
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
  std::sort(result.begin(), result.end(),
            [](const FunctionLines &a, const FunctionLines &b) {
              if (a.samples != b.samples)
                return a.samples > b.samples;
              if (a.count != b.count)
                return a.count > b.count;
              return std::tie(a.name, a.file) < std::tie(b.name, b.file);
            });
  return result;
}

// The source file's lines, looked for where it was built, then under
// --source-dir: by its whole path, then by ever shorter tails of it (for
// /build/src/a/b.cpp: DIR/build/src/a/b.cpp, DIR/src/a/b.cpp, DIR/a/b.cpp,
// DIR/b.cpp).
std::vector<std::string> read_source(const std::string &file,
                                     const std::string &source_dir) {
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

std::string loop_note(const LoopStats &loop) {
  std::string note = fmt::format(
      "loop: entered {}, {} iterations (mean {:.1f}, max {})",
      text::format_count(loop.entries), text::format_count(loop.iterations),
      loop.entries ? double(loop.iterations) / double(loop.entries) : 0.0,
      text::format_count(loop.max_trips));
  if (loop.timed_entries > 0)
    note += fmt::format(", {} inside{}",
                        text::format_duration(loop.inclusive_ns),
                        loop.timing_stopped ? " (first entries only)" : "");
  else if (loop.sampled_ns > 0)
    note += fmt::format(", ~{} sampled", text::format_duration(loop.sampled_ns));
  if (!loop.facts.empty())
    note += "; " + text::printable(loop.facts);
  return note;
}

} // namespace

int run_annotate(const std::vector<std::string> &args) {
  cli::ParsedArgs parsed = cli::parse_args(args, kAnnotateCommand);
  if (parsed.help) {
    fmt::print("{}", cli::help_text(kAnnotateCommand));
    return 0;
  }
  uint64_t top = 3;
  if (auto value = parsed.value("top"))
    top = cli::parse_count("top", *value);
  double hot = 5;
  if (auto value = parsed.value("hot"))
    hot = cli::parse_non_negative("hot", *value);
  std::string color = "auto";
  if (auto value = parsed.value("color"))
    color = cli::parse_choice("color", *value, {"auto", "always", "never"});
  bool highlight = color == "always" || (color == "auto" && isatty(STDOUT_FILENO));
  std::optional<std::regex> only;
  if (auto value = parsed.value("function")) {
    try {
      only.emplace(*value);
    } catch (const std::regex_error &e) {
      throw cli::UsageError(fmt::format(
          "--function: invalid regular expression '{}': {}", *value, e.what()));
    }
  }
  std::string source_dir = parsed.value("source-dir").value_or("");
  if (parsed.positional.empty())
    throw cli::UsageError("annotate: no profile given (usage: " +
                          std::string(kAnnotateCommand.usage) + ")");

  std::vector<profile::Profile> profiles =
      profile::read_profiles(parsed.positional);
  analysis::subtract_timing_cost(profiles, true);
  analysis::Symbolizer symbolizer;
  analysis::LineTable table = analysis::compute_line_table(profiles, symbolizer);
  std::vector<LoopStats> loops = analysis::compute_loop_table(profiles, &table);
  std::vector<FunctionLines> functions = functions_of(table);
  if (only)
    functions.erase(std::remove_if(functions.begin(), functions.end(),
                                   [&](const FunctionLines &f) {
                                     return !std::regex_search(f.name, *only);
                                   }),
                    functions.end());
  if (!only && top != 0 && functions.size() > top)
    functions.resize(top);

  std::string out = sampling_note(table);
  if (functions.empty()) {
    out += only ? "No function built in line mode matches --function.\n"
                : "No function was built in line mode: build with "
                  "-fplugin-arg-hotline-lines and -g.\n";
    fmt::print("{}", out);
    return only ? 1 : 0;
  }
  for (const FunctionLines &f : functions) {
    out += fmt::format("\n{} ({}:{}): {} of the samples\n",
                       text::printable(f.name), text::printable(f.file),
                       f.first_line,
                       text::format_percent(table.samples
                                                ? 100.0 * double(f.samples) /
                                                      double(table.samples)
                                                : 0.0));
    std::vector<std::string> source = read_source(f.file, source_dir);
    if (source.empty()) {
      out += fmt::format("  source not found: {} (use --source-dir)\n",
                         text::printable(f.file));
      continue;
    }
    out += fmt::format("{:>12} {:>10} {:>6}  {:>5}  {}\n", "count", "time",
                       "time%", "line", "source");
    for (uint32_t n = f.first_line; n <= f.last_line && n <= source.size();
         ++n) {
      auto it = f.lines.find(n);
      const LineStats *line = it == f.lines.end() ? nullptr : it->second;
      std::string count, time, percent;
      if (line) {
        count = !line->counted       ? "-"
                : line->count == 0  ? "#####"
                                    : text::format_count(line->count);
        if (table.sampled && line->samples > 0) {
          time = text::format_duration(line->time_ns);
          percent = text::format_percent(line->percent);
        }
      }
      std::string row = fmt::format("{:>12} {:>10} {:>6}  {:>5}  {}", count, time,
                                    percent, n, text::printable(source[n - 1]));
      bool is_hot = line && table.sampled && line->percent >= hot;
      out += highlight && is_hot ? "\x1b[1;31m" + row + "\x1b[0m\n" : row + "\n";
      for (const LoopStats &loop : loops)
        if (loop.line == n && loop.file == f.file && loop.function == f.name)
          out += fmt::format("{:>32}  {}\n", "", loop_note(loop));
    }
  }
  fmt::print("{}", out);
  return 0;
}

} // namespace hotline
