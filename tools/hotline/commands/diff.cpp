// `hotline diff`: two runs compared per function, per source line, per GPU
// kernel and in total, and with --fail-above an exit status for CI (text or
// JSON).
#include "analysis/diff.h"
#include "analysis/functions.h"
#include "analysis/gpu.h"
#include "analysis/lines.h"
#include "analysis/timing_cost.h"
#include "cli/json_writer.h"
#include "cli/options.h"
#include "cli/places.h"
#include "cli/readable_names.h"
#include "cli/text_format.h"
#include "commands/commands.h"
#include "profile/reader.h"

#include <fmt/format.h>

#include <cmath>
#include <optional>

namespace hotline {

const cli::CommandSpec kDiffCommand = {
    "diff",
    "hotline diff [options] BASE NEW",
    "Compares two runs. BASE and NEW are each a profile or a bundle of several\n"
    "(hotline merge). Shows the measured time of each and its change, then per\n"
    "function its self time and exact calls, in line mode per source line its\n"
    "sampled time and exact count, and with CUDA per kernel its GPU time and\n"
    "launches (when either run has kernels), largest change in time first; those\n"
    "found in one run only are marked added or removed. A function is its linkage\n"
    "name and file, so one whose definition moved within its file is still itself;\n"
    "a file of one run only is the other run's file with the longest same path\n"
    "ending (the same source under another root); a kernel is its demangled name.\n"
    "With --fail-above, the exit status is 1 when the measured time, or the time of\n"
    "a function, line or kernel that is above the floor in NEW (added ones\n"
    "included), grew by more than PCT percent. A kernel's time is its GPU time,\n"
    "held to the same floor (a percentage floor is of NEW's measured time).",
    {
        cli::OptionSpec::percent(
            "fail-above", "PCT",
            "exit with status 1 when the total or an item grew by more than PCT%"),
        {"floor", "LIMIT",
         "judge only items above LIMIT in NEW: 5ms (ns, us, ms, s) or 2% of "
         "its measured time (default 1%)"},
        cli::OptionSpec::count(
            "top", "N", "show the first N functions, lines and kernels (default 20; 0: all)"),
        cli::text_or_json_format(),
        {"no-compensation", nullptr,
         "compare times as recorded, with the measured cost of timing left in"},
    }};

namespace {

using analysis::DiffItem;
using analysis::DiffTable;
using analysis::Regressions;

// The floor's default: items below 1% of the new run's measured time are not
// judged by --fail-above.
constexpr double kDefaultFloorPercent = 1.0;

// The limit below which --fail-above does not judge an item.
struct Floor {
  bool is_percent = true;
  double percent = kDefaultFloorPercent; // of the new run's measured time
  uint64_t ns = 0;

  uint64_t ns_for(uint64_t measured_ns) const {
    return is_percent ? uint64_t(double(measured_ns) * percent / 100.0) : ns;
  }
};

// "5ms" (ns, us, ms, s) or "2%".
Floor parse_floor(const std::string &text) {
  const char *expected =
      "a duration (5ms; ns, us, ms or s) or a percentage of NEW's measured time (2%)";
  Floor floor;
  try {
    if (!text.empty() && text.back() == '%') {
      floor.percent = cli::parse_percent("floor", text);
      return floor;
    }
    floor.is_percent = false;
    floor.ns = cli::parse_duration("floor", text);
  } catch (const cli::UsageError &) {
    throw cli::UsageError(
        fmt::format("invalid value '{}' for --floor: expected {}", text, expected));
  }
  return floor;
}

struct DiffOptions {
  uint64_t top = 20;
  bool json = false;
  bool compensate = true;
  std::optional<double> fail_above; // percent
  Floor floor;
};

// One run: its profiles and what was computed from them.
struct Run {
  std::string path;
  size_t profiles = 0;
  profile::RunInfo process; // of its one profile; of none when it has several
  analysis::TimingCostSummary timing_cost;
  analysis::FunctionTable functions;
  analysis::LineTable lines;
  analysis::GpuTable gpu;
};

Run load_run(const std::string &path, bool compensate, analysis::Symbolizer &symbolizer) {
  Run run;
  run.path = path;
  std::vector<profile::Profile> profiles = profile::read_profiles({path});
  run.profiles = profiles.size();
  if (profiles.size() == 1)
    run.process = profiles[0].run;
  run.timing_cost = analysis::settle_call_times(profiles, compensate);
  analysis::FunctionCatalog catalog(profiles);
  run.functions = analysis::compute_function_table(profiles, catalog);
  run.lines = analysis::compute_line_table(profiles, symbolizer);
  // Only the kernels are compared: keep the fewest idle gaps, one.
  run.gpu = analysis::compute_gpu_table(profiles, symbolizer, 1);
  return run;
}

std::string signed_duration(int64_t ns) {
  if (ns == 0)
    return "0 ns";
  uint64_t magnitude = ns < 0 ? uint64_t(0) - uint64_t(ns) : uint64_t(ns);
  return (ns < 0 ? "-" : "+") + text::format_duration(magnitude);
}

std::string signed_count(int64_t n) {
  if (n == 0)
    return "0";
  uint64_t magnitude = n < 0 ? uint64_t(0) - uint64_t(n) : uint64_t(n);
  return (n < 0 ? "-" : "+") + text::format_count(magnitude);
}

std::string signed_percent(std::optional<double> percent) {
  if (!percent)
    return "-";
  if (std::fabs(*percent) < 0.05)
    return "0.0%";
  return fmt::format("{:+.1f}%", *percent);
}

std::string change_cell(const DiffItem &item) {
  if (!item.in_base)
    return "added";
  if (!item.in_new)
    return "removed";
  return signed_percent(analysis::change_percent(item.base_ns, item.new_ns));
}

// "10", "2.5": the percentage as the user wrote it, without trailing zeros.
std::string percent_label(double percent) { return fmt::format("{:g}%", percent); }

// What a list of DiffItem holds.
enum class Items { Functions, Lines, Kernels };

// The word for an item's count in headers ("base calls") and JSON keys
// ("base_calls").
std::string count_word(Items kind) {
  return kind == Items::Lines ? "count" : kind == Items::Kernels ? "launches" : "calls";
}

std::string text_items(const std::vector<DiffItem> &items, uint64_t top, Items kind) {
  using Align = text::TextTable::Align;
  bool lines = kind == Items::Lines, kernels = kind == Items::Kernels;
  std::string count = count_word(kind);
  std::vector<text::TextTable::Column> columns = {
      {"base", Align::Right},           {"new", Align::Right},
      {"change", Align::Right},         {"change%", Align::Right},
      {"base " + count, Align::Right},  {"new " + count, Align::Right},
      {count + " change", Align::Right}};
  if (lines) {
    columns.push_back({"line", Align::Left});
    columns.push_back({"function", Align::Left});
  } else if (kernels) {
    columns.push_back({"kernel", Align::Left});
  } else {
    columns.push_back({"function", Align::Left, 60});
    columns.push_back({"location", Align::Left});
  }
  text::TextTable rows(std::move(columns));
  bool estimated = false;
  for (size_t i = 0; i < items.size() && (top == 0 || i < top); ++i) {
    const DiffItem &item = items[i];
    std::string where = text::file_line(item.file, item.line);
    std::string name = text::display_name(item.name);
    auto time = [](bool in, uint64_t ns, bool stopped) {
      return !in ? std::string("-") : (stopped ? "~" : "") + text::format_duration(ns);
    };
    estimated |= item.base_stopped || item.new_stopped;
    std::vector<std::string> cells = {time(item.in_base, item.base_ns, item.base_stopped),
                                      time(item.in_new, item.new_ns, item.new_stopped),
                                      signed_duration(item.change_ns()),
                                      change_cell(item),
                                      item.in_base ? text::format_count(item.base_count) : "-",
                                      item.in_new ? text::format_count(item.new_count) : "-",
                                      signed_count(item.count_change())};
    if (lines)
      cells.insert(cells.end(), {where, name});
    else if (kernels)
      cells.push_back(name);
    else
      cells.insert(cells.end(), {name, where});
    rows.add_row(std::move(cells));
  }
  const char *title = lines ? "Lines" : kernels ? "Kernels" : "Functions";
  const char *time_word = lines ? "sampled time" : kernels ? "GPU time" : "self time";
  std::string out =
      fmt::format("\n{} by change in {} ({} of {})\n", title, time_word,
                  top == 0 ? items.size() : std::min<size_t>(top, items.size()), items.size());
  out += rows.render();
  if (estimated)
    out += "~: partly estimated: the runtime stopped timing the function's calls once they\n"
           "   proved too short to time; the later ones are estimated at the mean of the timed\n"
           "   ones, which is close to the cost of timing: a change there is mostly noise.\n";
  return out;
}

std::string text_regressions(const DiffTable &diff, const Regressions &found, double percent,
                             uint64_t floor_ns) {
  // Kernels are named only when compared, so that output without CUDA stays as it was.
  bool kernels = diff.kernels_compared;
  if (!found.any())
    return fmt::format("\nNo regression above {}: neither the measured time nor a {}\n"
                       "above the floor ({} in NEW) grew by more than that.\n",
                       percent_label(percent),
                       kernels ? "function, line or kernel" : "function or line",
                       text::format_duration(floor_ns));
  using Align = text::TextTable::Align;
  text::TextTable rows({{"base", Align::Right},
                        {"new", Align::Right},
                        {"change", Align::Right},
                        {"change%", Align::Right},
                        {"what", Align::Left}});
  if (found.total)
    rows.add_row(
        {text::format_duration(diff.base_measured_ns), text::format_duration(diff.new_measured_ns),
         signed_duration(int64_t(diff.new_measured_ns - diff.base_measured_ns)),
         signed_percent(analysis::change_percent(diff.base_measured_ns, diff.new_measured_ns)),
         "measured time"});
  auto add = [&](const DiffItem &item, const std::string &what) {
    rows.add_row({item.in_base ? text::format_duration(item.base_ns) : "-",
                  text::format_duration(item.new_ns), signed_duration(item.change_ns()),
                  change_cell(item), what});
  };
  for (const DiffItem &item : found.functions)
    add(item, fmt::format("function {}  {}", text::printable(item.name),
                          text::file_line(item.file, item.line)));
  for (const DiffItem &item : found.lines)
    add(item, fmt::format("line {}  {}", text::file_line(item.file, item.line),
                          text::printable(item.name)));
  for (const DiffItem &item : found.kernels)
    add(item, "kernel " + text::display_name(item.name));
  const char *judged =
      kernels ? "Functions, lines and kernels (by GPU time)" : "Functions and lines";
  return fmt::format("\nRegressions above {}:\n", percent_label(percent)) + rows.render() +
         fmt::format("{} are judged when above the floor, {} in NEW.\n", judged,
                     text::format_duration(floor_ns));
}

// Whether NEW is a later profile of BASE's process, BASE a dump (hotline_dump,
// HOTLINE_DUMP_SIGNAL): then every change is what the process recorded in between.
bool continues_dump(const Run &base, const Run &next) {
  const profile::RunInfo &a = base.process, &b = next.process;
  return base.profiles == 1 && next.profiles == 1 && a.dump() && a.pid == b.pid &&
         a.host == b.host && a.start_unix_ns == b.start_unix_ns && a.wall_ns <= b.wall_ns;
}

std::string text_diff(const Run &base, const Run &next, const DiffTable &diff,
                      const DiffOptions &options, const std::optional<Regressions> &found,
                      uint64_t floor_ns) {
  auto run_line = [](const char *label, const Run &run) {
    return fmt::format("{}  {} ({} profile{}): measured time {}\n", label,
                       text::printable(run.path), run.profiles, run.profiles == 1 ? "" : "s",
                       text::format_duration(run.functions.measured_ns));
  };
  std::string out = run_line("Base", base) + run_line("New ", next);
  if (continues_dump(base, next))
    out += fmt::format("One process: BASE is its dump at {}, NEW its {} at {}; the changes are "
                       "what it recorded in the {} between\n",
                       text::format_duration(base.process.wall_ns),
                       next.process.dump() ? "dump" : "profile",
                       text::format_duration(next.process.wall_ns),
                       text::format_duration(next.process.wall_ns - base.process.wall_ns));
  out += fmt::format(
      "Change in measured time: {} ({})\n",
      signed_duration(int64_t(diff.new_measured_ns - diff.base_measured_ns)),
      signed_percent(analysis::change_percent(diff.base_measured_ns, diff.new_measured_ns)));
  if (base.timing_cost.measured_profiles + next.timing_cost.measured_profiles > 0)
    out += options.compensate ? "Times exclude the measured cost of timing "
                                "(--no-compensation compares them as recorded).\n"
                              : "Times are as recorded, with the cost of timing left in.\n";
  if (!diff.matched_files.empty()) {
    out += fmt::format("{} source file{} of BASE {} matched with NEW's under another root:\n",
                       diff.matched_files.size(), diff.matched_files.size() == 1 ? "" : "s",
                       diff.matched_files.size() == 1 ? "is" : "are");
    constexpr size_t kShown = 3;
    for (size_t i = 0; i < diff.matched_files.size() && i < kShown; ++i)
      out += fmt::format("  {} = {}\n", text::printable(diff.matched_files[i].first),
                         text::printable(diff.matched_files[i].second));
    if (diff.matched_files.size() > kShown)
      out += fmt::format("  and {} more\n", diff.matched_files.size() - kShown);
  }
  out += text_items(diff.functions, options.top, Items::Functions);
  if (diff.lines_compared)
    out += text_items(diff.lines, options.top, Items::Lines);
  if (diff.kernels_compared)
    out += text_items(diff.kernels, options.top, Items::Kernels);
  if (found)
    out += text_regressions(diff, *found, *options.fail_above, floor_ns);
  return out;
}

void write_percent(json::Writer &json, std::string_view name, std::optional<double> percent) {
  json.key(name);
  if (percent)
    json.value(json::rounded(*percent));
  else
    json.null_value();
}

const char *status_name(const DiffItem &item) {
  return !item.in_base ? "added" : !item.in_new ? "removed" : "both";
}

void write_item_json(json::Writer &json, const DiffItem &item, Items kind) {
  bool line = kind == Items::Lines, kernel = kind == Items::Kernels;
  std::string time_word = line ? "time" : kernel ? "gpu" : "self"; // "base_self_ns"
  std::string count = count_word(kind);
  json.begin_object();
  if (line) {
    json.field("file", item.file);
    json.field("line", item.line);
    json.field("function", item.name);
  } else if (kernel) {
    json.field("name", item.name); // a kernel has no linkage name, file or line
  } else {
    json.field("name", item.name);
    json.field("linkage_name", item.linkage_name);
    json.field("file", item.file);
    json.field("line", item.line);
  }
  json.field("status", status_name(item));
  json.field("base_" + time_word + "_ns", item.base_ns);
  json.field("new_" + time_word + "_ns", item.new_ns);
  json.field("change_ns", item.change_ns());
  write_percent(json, "change_percent", analysis::change_percent(item.base_ns, item.new_ns));
  json.field("base_" + count, item.base_count);
  json.field("new_" + count, item.new_count);
  json.field(count + "_change", item.count_change());
  if (item.base_stopped)
    json.field("base_estimated_ns", item.base_estimated_ns);
  if (item.new_stopped)
    json.field("new_estimated_ns", item.new_estimated_ns);
  json.end_object();
}

void write_items_json(json::Writer &json, const std::vector<DiffItem> &items, uint64_t top,
                      Items kind) {
  json.begin_array();
  for (size_t i = 0; i < items.size() && (top == 0 || i < top); ++i)
    write_item_json(json, items[i], kind);
  json.end_array();
}

std::string json_diff(const Run &base, const Run &next, const DiffTable &diff,
                      const DiffOptions &options, const std::optional<Regressions> &found,
                      uint64_t floor_ns) {
  json::Writer json;
  json.begin_object();
  json.field("hotline_version", kVersion);
  for (const Run *run : {&base, &next}) {
    json.key(run == &base ? "base" : "new");
    json.begin_object();
    json.field("file", run->path);
    json.field("profiles", run->profiles);
    json.field("measured_ns", run->functions.measured_ns);
    json.end_object();
  }
  if (continues_dump(base, next))
    json.field("between_ns", next.process.wall_ns - base.process.wall_ns);
  json.field("measured_change_ns", int64_t(diff.new_measured_ns - diff.base_measured_ns));
  write_percent(json, "measured_change_percent",
                analysis::change_percent(diff.base_measured_ns, diff.new_measured_ns));
  if (base.timing_cost.measured_profiles + next.timing_cost.measured_profiles > 0)
    json.field("timing_cost_subtracted", options.compensate);
  json.key("matched_files");
  json.begin_array();
  for (const auto &[base_file, new_file] : diff.matched_files) {
    json.begin_object();
    json.field("base", base_file);
    json.field("new", new_file);
    json.end_object();
  }
  json.end_array();
  json.field("function_count", diff.functions.size());
  json.key("functions");
  write_items_json(json, diff.functions, options.top, Items::Functions);
  json.field("line_count", diff.lines.size());
  json.key("lines");
  write_items_json(json, diff.lines, options.top, Items::Lines);
  // Only when compared, so that output without CUDA stays as it was.
  if (diff.kernels_compared) {
    json.field("kernel_count", diff.kernels.size());
    json.key("kernels");
    write_items_json(json, diff.kernels, options.top, Items::Kernels);
  }
  if (found) {
    json.field("fail_above_percent", *options.fail_above);
    json.field("floor_ns", floor_ns);
    json.field("regressed", found->any());
    json.field("measured_time_regressed", found->total);
    json.key("regressed_functions");
    write_items_json(json, found->functions, 0, Items::Functions);
    json.key("regressed_lines");
    write_items_json(json, found->lines, 0, Items::Lines);
    if (diff.kernels_compared) {
      json.key("regressed_kernels");
      write_items_json(json, found->kernels, 0, Items::Kernels);
    }
  }
  json.end_object();
  return json.text();
}

DiffOptions diff_options(const cli::ParsedArgs &parsed) {
  DiffOptions options;
  options.top = cli::top_option(parsed, options.top);
  options.json = cli::json_format(parsed);
  options.compensate = !parsed.has("no-compensation");
  options.fail_above = parsed.percent("fail-above");
  if (auto floor = parsed.value("floor"))
    options.floor = parse_floor(*floor);
  return options;
}

} // namespace

int run_diff(const cli::ParsedArgs &parsed) {
  DiffOptions options = diff_options(parsed);
  if (parsed.positional.size() != 2)
    throw cli::UsageError(fmt::format("diff: expected two profiles, BASE and NEW, got {} "
                                      "(usage: {})",
                                      parsed.positional.size(), kDiffCommand.usage));

  analysis::Symbolizer symbolizer;
  Run base = load_run(parsed.positional[0], options.compensate, symbolizer);
  Run next = load_run(parsed.positional[1], options.compensate, symbolizer);
  DiffTable diff = analysis::diff_runs(base.functions, next.functions, base.lines, next.lines,
                                       base.gpu, next.gpu);
  uint64_t floor_ns = options.floor.ns_for(diff.new_measured_ns);
  std::optional<Regressions> found;
  if (options.fail_above)
    found = analysis::find_regressions(diff, *options.fail_above, floor_ns);
  fmt::print("{}", options.json ? json_diff(base, next, diff, options, found, floor_ns)
                                : text_diff(base, next, diff, options, found, floor_ns));
  return found && found->any() ? 1 : 0;
}

} // namespace hotline
