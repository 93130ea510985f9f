// `hotline lines`: the hottest source lines (line mode): exact counts and
// sampled CPU time, with the enclosing function and loop.
#include "analysis/lines.h"
#include "cli/json_writer.h"
#include "cli/options.h"
#include "cli/readable_names.h"
#include "cli/text_format.h"
#include "commands/commands.h"
#include "profile/reader.h"
#include "views/lines_json.h"
#include "views/timing_note.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace hotline {

const cli::CommandSpec kLinesCommand = {
    "lines",
    "hotline lines [options] FILE...",
    "The hottest source lines of programs built in line mode\n"
    "(-fplugin-arg-hotline-lines): how often each ran (exact) and how much CPU\n"
    "time was spent on it (sampled). Lines outside line mode (libraries) have\n"
    "samples but no count. Needs the profiled executables and libraries, for\n"
    "their debug information.",
    {
        cli::OptionSpec::count("top", "N", "show the first N lines (default 30; 0 shows all)"),
        cli::OptionSpec::choice("sort", "KEY", "order by time or count (default time)",
                                {"time", "count"}),
        cli::text_or_json_format(),
    }};

namespace {

using analysis::LineStats;
using analysis::LineTable;

std::string place(const LineStats &line) {
  return fmt::format("{}:{}", text::printable(line.file), line.line);
}

std::string text_lines(const LineTable &table, const std::vector<LineStats> &shown, bool by_count) {
  std::string out = sampling_note(table);
  if (table.lines.empty()) {
    out += "No line was counted or sampled: build with "
           "-fplugin-arg-hotline-lines and -g.\n";
    return out;
  }
  out += fmt::format("\nLines by {} ({} of {})\n", by_count ? "count" : "time", shown.size(),
                     table.lines.size());
  using Align = text::TextTable::Align;
  text::TextTable rows({{"time", Align::Right},
                        {"±", Align::Right},
                        {"time%", Align::Right},
                        {"count", Align::Right},
                        {"line", Align::Left},
                        {"function", Align::Left, 40},
                        {"loop", Align::Left}});
  for (const LineStats &line : shown) {
    bool sampled = table.sampled;
    rows.add_row({sampled ? text::format_duration(line.time_ns) : "-",
                  sampled ? text::format_duration(
                                uint64_t(std::sqrt(double(line.samples)) * double(table.period_ns)))
                          : "-",
                  sampled ? text::format_percent(line.percent) : "-",
                  line.counted ? text::format_count(line.count) : "-", place(line),
                  text::display_name(line.function),
                  line.loop.empty() ? "" : "in loop " + text::printable(line.loop)});
  }
  out += rows.render();
  return out;
}

std::string json_lines(const LineTable &table, const std::vector<LineStats> &shown) {
  json::Writer json;
  json.begin_object();
  json.field("hotline_version", kVersion);
  write_lines_fields(json, table, shown);
  json.end_object();
  return json.text();
}

} // namespace

std::string sampling_note(const LineTable &table) {
  if (!table.sampled)
    return "Line times: not sampled (no profile was written by a line-mode "
           "program); counts are exact.\n";
  std::string out =
      fmt::format("Line times are sampled: {} samples of CPU time, one every {} per "
                  "thread\n({}). A line with n samples is known to about ±√n samples "
                  "(the ± column);\ncounts are exact.\n",
                  text::format_count(table.samples), text::format_duration(table.period_ns),
                  text::printable(table.method));
  if (table.dropped > 0)
    out += fmt::format("{} samples were dropped (a thread's table was full).\n",
                       text::format_count(table.dropped));
  if (table.profiler > 0)
    out +=
        fmt::format("{} samples ({}) were in hotline's own code (its runtime, and the "
                    "libraries it loaded for itself): its overhead, in no line below.\n",
                    text::format_count(table.profiler),
                    text::format_percent(100.0 * double(table.profiler) / double(table.samples)));
  if (table.unplaced > 0)
    out +=
        fmt::format("{} samples ({}) fell where no line is known (no debug "
                    "information, or the kernel).\n",
                    text::format_count(table.unplaced),
                    text::format_percent(100.0 * double(table.unplaced) / double(table.samples)));
  for (const std::string &object : table.unreadable_objects)
    out += fmt::format("Cannot read {} as it was when profiled (moved, deleted, or "
                       "rebuilt since): its samples have no line.\n",
                       text::printable(object));
  return out;
}

int run_lines(const cli::ParsedArgs &parsed) {
  uint64_t top = cli::top_option(parsed, 30);
  bool by_count = false;
  if (auto sort = parsed.value("sort"))
    by_count = cli::parse_choice("sort", *sort, {"time", "count"}) == "count";
  bool json = cli::json_format(parsed);

  std::vector<profile::Profile> profiles =
      profile::read_profiles(cli::profile_paths(parsed, kLinesCommand));
  analysis::Symbolizer symbolizer;
  LineTable table = analysis::compute_line_table(profiles, symbolizer);
  std::vector<LineStats> shown = table.lines;
  if (by_count)
    std::sort(shown.begin(), shown.end(), [](const LineStats &a, const LineStats &b) {
      // Ties keep the table's order: by samples, then place.
      if (a.count != b.count)
        return a.count > b.count;
      if (a.samples != b.samples)
        return a.samples > b.samples;
      return std::tie(a.file, a.line) < std::tie(b.file, b.line);
    });
  if (top != 0 && shown.size() > top)
    shown.resize(top);
  fmt::print("{}", json ? json_lines(table, shown) : text_lines(table, shown, by_count));
  return 0;
}

} // namespace hotline
