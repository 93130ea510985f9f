// `hotline loops`: every loop built in line mode: entries, iterations and trip
// counts (exact), time inside (measured), and what the optimizer did with it.
#include "analysis/lines.h"
#include "analysis/timing_cost.h"
#include "cli.h"
#include "json_writer.h"
#include "profile/reader.h"
#include "subcommands.h"
#include "text_format.h"
#include "timing_note.h"

#include <fmt/format.h>

#include <cmath>

namespace hotline {

namespace {

using analysis::LoopStats;

const cli::CommandSpec kLoopsCommand = {
    "loops",
    "hotline loops [options] FILE...",
    "Every loop of the code built in line mode (-fplugin-arg-hotline-lines):\n"
    "how often it was entered, its iterations and trip counts (exact), the "
    "time\ninside it, callees included (measured from entry to exit), and the\n"
    "optimizer's own account of it from the same compile (vectorized, "
    "unrolled,\nor why not).",
    {
        {"top", "N", "show the first N loops (default 30; 0 shows all)"},
        {"format", "FORMAT", "text or json (default text)"},
        {"no-compensation", nullptr,
         "show times as recorded, with the measured cost of timing left in"},
    }};

std::string mean_trips(const LoopStats &loop) {
  if (loop.entries == 0)
    return "-";
  return fmt::format("{:.1f}", double(loop.iterations) / double(loop.entries));
}

// Time per iteration, when every entry was timed (otherwise the time covers an
// unknown share of the iterations).
std::string time_per_iteration(const LoopStats &loop) {
  if (loop.timing_stopped || loop.iterations == 0)
    return "-";
  uint64_t time = loop.timed_entries > 0 ? loop.inclusive_ns : loop.sampled_ns;
  if (time == 0)
    return "-";
  double ns = double(time) / double(loop.iterations);
  return ns < 10 ? fmt::format("{:.2f} ns", ns)
                 : text::format_duration(uint64_t(std::llround(ns)));
}

std::string text_loops(const std::vector<LoopStats> &loops,
                       const std::vector<LoopStats> &shown,
                       const analysis::TimingCostSummary &timing_cost) {
  if (loops.empty())
    return "No loop was instrumented: build with -fplugin-arg-hotline-lines "
           "and -g.\n";
  std::string out = fmt::format("Loops by time inside ({} of {})\n",
                                shown.size(), loops.size());
  out += "Percentages are of the measured time (as in 'hotline report').\n";
  out += timing_cost_note(timing_cost);
  out += '\n';
  using Align = text::TextTable::Align;
  text::TextTable rows({{"time", Align::Right},
                        {"time%", Align::Right},
                        {"entered", Align::Right},
                        {"iterations", Align::Right},
                        {"mean", Align::Right},
                        {"max", Align::Right},
                        {"per iter", Align::Right},
                        {"loop", Align::Left},
                        {"function", Align::Left, 40},
                        {"optimizer", Align::Left}});
  bool any_stopped = false, any_sampled = false;
  for (const LoopStats &loop : shown) {
    bool timed = loop.timed_entries > 0;
    any_stopped |= loop.timing_stopped;
    std::string time = "-", percent = "-";
    if (timed) {
      time = text::format_duration(loop.inclusive_ns) +
             (loop.timing_stopped ? " *" : "");
      percent = text::format_percent(loop.percent);
    } else if (loop.sampled_ns > 0) {
      any_sampled = true;
      time = "~" + text::format_duration(loop.sampled_ns);
      percent = "~" + text::format_percent(loop.sampled_percent);
    }
    rows.add_row({time, percent,
                  text::format_count(loop.entries),
                  text::format_count(loop.iterations), mean_trips(loop),
                  text::format_count(loop.max_trips), time_per_iteration(loop),
                  fmt::format("{}:{}", text::printable(loop.file), loop.line),
                  text::printable(loop.function),
                  loop.facts.empty() ? "-" : text::printable(loop.facts)});
  }
  out += rows.render();
  if (any_sampled)
    out += "\n~: not timed (an innermost loop without calls: timing it would "
           "cost more than it\n   runs); the CPU time sampled on its lines, and "
           "its share of all samples. Its\n   time is part of the enclosing "
           "loop's or function's.\n";
  if (any_stopped)
    out += "\n*: timing stopped once its entries proved too short to time "
           "(HOTLINE_STOP_TIMING_*);\n   the time covers the entries timed "
           "before that. Entries and iterations are all\n   counted.\n";
  return out;
}

std::string json_loops(const std::vector<LoopStats> &loops,
                       const std::vector<LoopStats> &shown) {
  json::Writer json;
  json.begin_object();
  json.field("hotline_version", kVersion);
  json.field("loop_count", loops.size());
  json.key("loops");
  json.begin_array();
  for (const LoopStats &loop : shown) {
    json.begin_object();
    json.field("file", loop.file);
    json.field("line", loop.line);
    json.field("column", loop.column);
    json.field("function", loop.function);
    json.field("entries", loop.entries);
    json.field("iterations", loop.iterations);
    json.field("max_trips", loop.max_trips);
    json.field("timed_entries", loop.timed_entries);
    json.field("inclusive_ns", loop.inclusive_ns);
    json.field("percent", std::round(loop.percent * 1000) / 1000);
    json.field("sampled_ns", loop.sampled_ns);
    json.field("sampled_percent",
               std::round(loop.sampled_percent * 1000) / 1000);
    json.field("timing_stopped", loop.timing_stopped);
    json.field("optimizer", loop.facts);
    json.end_object();
  }
  json.end_array();
  json.end_object();
  return json.text();
}

} // namespace

int run_loops(const std::vector<std::string> &args) {
  cli::ParsedArgs parsed = cli::parse_args(args, kLoopsCommand);
  if (parsed.help) {
    fmt::print("{}", cli::help_text(kLoopsCommand));
    return 0;
  }
  uint64_t top = 30;
  if (auto value = parsed.value("top"))
    top = cli::parse_count("top", *value);
  bool json = false;
  if (auto format = parsed.value("format"))
    json = cli::parse_choice("format", *format, {"text", "json"}) == "json";
  if (parsed.positional.empty())
    throw cli::UsageError("loops: no profile given (usage: " +
                          std::string(kLoopsCommand.usage) + ")");

  std::vector<profile::Profile> profiles =
      profile::read_profiles(parsed.positional);
  analysis::TimingCostSummary timing_cost =
      analysis::subtract_timing_cost(profiles, !parsed.has("no-compensation"));
  analysis::Symbolizer symbolizer;
  analysis::LineTable lines = analysis::compute_line_table(profiles, symbolizer);
  std::vector<LoopStats> loops = analysis::compute_loop_table(profiles, &lines);
  std::vector<LoopStats> shown = loops;
  if (top != 0 && shown.size() > top)
    shown.resize(top);
  fmt::print("{}", json ? json_loops(loops, shown)
                        : text_loops(loops, shown, timing_cost));
  return 0;
}

} // namespace hotline
