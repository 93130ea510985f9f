// `hotline annotate`: the source of the hottest functions built in line mode,
// each line with its exact count and sampled time, gcov-style.
#include "analysis/lines.h"
#include "analysis/timing_cost.h"
#include "cli/options.h"
#include "cli/readable_names.h"
#include "cli/source_lines.h"
#include "cli/text_format.h"
#include "commands/commands.h"
#include "profile/reader.h"
#include "views/timing_note.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <tuple>
#include <unistd.h>

namespace hotline {

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
        {"function", "REGEX", "annotate the functions whose name matches (default: the hottest)"},
        cli::OptionSpec::count("top", "N", "annotate the N hottest functions (default 3; 0: all)"),
        {"source-dir", "DIR", "look for source files here when they are not where they were built"},
        cli::OptionSpec::number(
            "hot", "PERCENT",
            "highlight lines with at least this share of the samples (default 5)"),
        cli::OptionSpec::choice("color", "WHEN", "auto, always or never (default auto)",
                                {"auto", "always", "never"}),
    }};

namespace {

using analysis::LineStats;
using analysis::LoopStats;

std::string loop_note(const LoopStats &loop) {
  std::string note =
      fmt::format("loop: entered {}, {} iterations (mean {:.1f}, max {})",
                  text::format_count(loop.entries), text::format_count(loop.iterations),
                  loop.entries ? double(loop.iterations) / double(loop.entries) : 0.0,
                  text::format_count(loop.max_trips));
  if (loop.timed_entries > 0)
    note += fmt::format(", {} inside{}", text::format_duration(loop.inclusive_ns),
                        loop.timing_stopped ? " (estimated after its first entries)" : "");
  else if (loop.sampled_ns > 0)
    note += fmt::format(", ~{} sampled", text::format_duration(loop.sampled_ns));
  if (!loop.facts.empty())
    note += "; " + text::display_facts(loop.facts);
  return note;
}

} // namespace

int run_annotate(const cli::ParsedArgs &parsed) {
  uint64_t top = parsed.count("top").value_or(3);
  double hot = parsed.number("hot").value_or(5);
  std::string color = parsed.value("color").value_or("auto");
  bool highlight = color == "always" || (color == "auto" && isatty(STDOUT_FILENO));
  std::optional<std::regex> only;
  if (auto value = parsed.value("function")) {
    try {
      only.emplace(*value);
    } catch (const std::regex_error &e) {
      throw cli::UsageError(
          fmt::format("--function: invalid regular expression '{}': {}", *value, e.what()));
    }
  }
  std::string source_dir = parsed.value("source-dir").value_or("");
  std::vector<profile::Profile> profiles =
      profile::read_profiles(cli::profile_paths(parsed, kAnnotateCommand));
  analysis::settle_call_times(profiles, true);
  analysis::Symbolizer symbolizer;
  analysis::LineTable table = analysis::compute_line_table(profiles, symbolizer);
  std::vector<LoopStats> loops = analysis::compute_loop_table(profiles, &table);
  std::vector<FunctionLines> functions = functions_of(table);
  if (only)
    functions.erase(
        std::remove_if(functions.begin(), functions.end(),
                       [&](const FunctionLines &f) { return !std::regex_search(f.name, *only); }),
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
    out +=
        fmt::format("\n{} ({}:{}): {} of the samples\n", text::printable(f.name),
                    text::printable(f.file), f.first_line,
                    text::format_percent(
                        table.samples ? 100.0 * double(f.samples) / double(table.samples) : 0.0));
    std::vector<std::string> source = read_source(f.file, source_dir);
    if (source.empty()) {
      out += fmt::format("  source not found: {} (use --source-dir)\n", text::printable(f.file));
      continue;
    }
    out +=
        fmt::format("{:>12} {:>10} {:>6}  {:>5}  {}\n", "count", "time", "time%", "line", "source");
    for (uint32_t n = f.first_line; n <= f.last_line && n <= source.size(); ++n) {
      auto it = f.lines.find(n);
      const LineStats *line = it == f.lines.end() ? nullptr : it->second;
      std::string count, time, percent;
      if (line) {
        count = !line->counted ? "-" : line->count == 0 ? "#####" : text::format_count(line->count);
        if (table.sampled && line->samples > 0) {
          time = text::format_duration(line->time_ns);
          percent = text::format_percent(line->percent);
        }
      }
      std::string row = fmt::format("{:>12} {:>10} {:>6}  {:>5}  {}", count, time, percent, n,
                                    text::printable(source[n - 1]));
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
