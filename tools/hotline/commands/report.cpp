// `hotline report`: the runs, then the functions that took the most time, then
// (line mode) the hottest loops with what the optimizer did with them, then the
// heap, I/O, waits, GPU and system readings when the profiles recorded them
// (text or JSON).
#include "analysis/analyze.h"
#include "analysis/roofline.h"
#include "cli/json_writer.h"
#include "cli/options.h"
#include "cli/places.h"
#include "cli/readable_names.h"
#include "cli/text_format.h"
#include "commands/commands.h"
#include "profile/reader.h"
#include "views/loop_cells.h"
#include "views/memory_io_text.h"
#include "views/mpi_text.h"
#include "views/report_sections.h"
#include "views/runs.h"
#include "views/system_text.h"
#include "views/timing_note.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>

namespace hotline {

const cli::CommandSpec kReportCommand = {
    "report",
    "hotline report [options] FILE...",
    "Summarizes profiles: what ran, then the functions that took the most "
    "time.\n"
    "Several files (processes, MPI ranks) are added together. Functions that "
    "were\n"
    "counted but not timed (inlined, or below the timing threshold) show their "
    "exact\n"
    "calls; their time is part of their callers'.",
    {
        cli::OptionSpec::count("top", "N", "show the first N functions (default 20; 0 shows all)"),
        cli::OptionSpec::count("loops", "N",
                               "show the N hottest loops of line mode (default 5; 0 shows none)"),
        cli::OptionSpec::choice("sort", "KEY", "order by self, total or calls (default self)",
                                {"self", "total", "calls"}),
        cli::OptionSpec::choice("format", "FORMAT", "text, markdown or json (default text)",
                                {"text", "markdown", "json"}),
        cli::OptionSpec::choice("preset", "NAME",
                                "how much to flag: basic (items above 10% of the time, 5 "
                                "bottlenecks), detailed (5%, 10; the default) or comprehensive "
                                "(1%, all)",
                                {"basic", "detailed", "comprehensive"}),
        cli::OptionSpec::percent(
            "threshold", "PCT",
            "the share of the time that makes a function, loop, line or region "
            "a bottleneck, and a loop hot for the rules (overrides the preset's)"),
        {"no-compensation", nullptr,
         "show times as recorded, with the measured cost of timing left in"},
    }};

namespace {

using analysis::FunctionOrder;
using analysis::FunctionStats;
using analysis::FunctionTable;
using profile::Profile;

// How many places and files the Memory and I/O sections show.
constexpr size_t kMemoryIoRows = 5;
// How many kernels the GPU section shows.
constexpr size_t kGpuRows = 3;
// The Ranks section lists each rank up to this many ranks, and this many imbalanced items.
constexpr size_t kRankRows = 16;
constexpr size_t kSpreadRows = 5;

enum class ReportFormat { Text, Markdown, Json };

struct ReportOptions {
  uint64_t top = 20;
  uint64_t loops = 5;
  FunctionOrder order = FunctionOrder::Self;
  ReportFormat format = ReportFormat::Text;
  // Compensation, the threshold and the bottlenecks (the detailed preset by default).
  analysis::AnalysisOptions analysis;
};

ReportOptions report_options(const cli::ParsedArgs &args) {
  ReportOptions options;
  options.top = args.count("top").value_or(options.top);
  options.loops = args.count("loops").value_or(options.loops);
  options.order = cli::choice_option<FunctionOrder>(args, "sort",
                                                    {{"self", FunctionOrder::Self},
                                                     {"total", FunctionOrder::Total},
                                                     {"calls", FunctionOrder::Calls}},
                                                    FunctionOrder::Self);
  options.format = cli::choice_option<ReportFormat>(args, "format",
                                                    {{"text", ReportFormat::Text},
                                                     {"markdown", ReportFormat::Markdown},
                                                     {"json", ReportFormat::Json}},
                                                    ReportFormat::Text);
  // How much to flag: the threshold and how many bottlenecks.
  struct Preset {
    double threshold;
    size_t bottleneck_rows;
  };
  Preset preset = cli::choice_option<Preset>(
      args, "preset", {{"basic", {10, 5}}, {"detailed", {5, 10}}, {"comprehensive", {1, 0}}},
      {options.analysis.threshold_percent, options.analysis.bottleneck_rows});
  options.analysis.threshold_percent = preset.threshold;
  options.analysis.bottleneck_rows = preset.bottleneck_rows;
  if (std::optional<double> threshold = args.percent("threshold")) {
    if (*threshold > 100)
      throw cli::UsageError(fmt::format(
          "invalid value '{}' for --threshold: expected a percentage from 0 to 100 (5 or 2.5%)",
          *args.value("threshold")));
    options.analysis.threshold_percent = *threshold;
  }
  options.analysis.compensate = !args.has("no-compensation");
  return options;
}

const char *order_description(FunctionOrder order) {
  switch (order) {
  case FunctionOrder::Self:
    return "self time";
  case FunctionOrder::Total:
    return "total time";
  case FunctionOrder::Calls:
    break;
  }
  return "calls";
}

std::string text_report(const std::vector<Profile> &profiles, const FunctionTable &table,
                        const std::vector<FunctionStats> &shown,
                        const analysis::TimingCostSummary &timing_cost,
                        const ReportOptions &options) {
  std::string out = run_summary(profiles);
  out += '\n';
  if (table.functions.empty()) {
    out += "No instrumented function was called.\n";
    return out;
  }
  out += fmt::format("Functions by {} ({} of {})\n", order_description(options.order), shown.size(),
                     table.functions.size());
  out += fmt::format("Percentages are of the measured time, {}: the time spent in timed "
                     "functions,\nsummed over all threads{}.\n",
                     text::format_duration(table.measured_ns),
                     profiles.size() > 1 ? " and processes" : "");
  out += timing_cost_note(timing_cost);
  out += call_paths_note(profiles);
  out += '\n';
  using Align = text::TextTable::Align;
  text::TextTable rows({{"self", Align::Right},
                        {"self%", Align::Right},
                        {"total", Align::Right},
                        {"total%", Align::Right},
                        {"calls", Align::Right},
                        {"function", Align::Left, 60},
                        {"location", Align::Left}});
  bool any_untimed = false, any_stopped = false;
  for (const FunctionStats &f : shown) {
    std::string name = text::display_name(f.function.name);
    if (f.timing_stopped) {
      any_stopped = true;
      name += " *";
    }
    if (!f.timed) {
      any_untimed = true;
      rows.add_row({"-", "-", "-", "-", text::format_count(f.calls), name,
                    text::file_line(f.function.file, f.function.line)});
      continue;
    }
    rows.add_row({text::format_duration(f.self_ns), text::format_percent(f.self_percent),
                  text::format_duration(f.total_ns), text::format_percent(f.total_percent),
                  text::format_count(f.calls), name,
                  text::file_line(f.function.file, f.function.line)});
  }
  out += rows.render();
  if (any_stopped)
    out += "\n*: timing stopped once its calls proved too short to time "
           "(HOTLINE_STOP_TIMING_*);\n   the later calls' time is estimated from "
           "the CPU time sampled in the function (when\n   nearly all its calls were "
           "untimed), else from its calls timed again in re-timing\n   windows (or its "
           "first ones), and taken out of the callers' self time. Its\n   calls are all "
           "counted.\n";
  if (any_untimed)
    out += "\n-: counted but not timed (inlined, or below the timing "
           "threshold); the time "
           "of these\n   calls is included in their callers' time.\n";
  return out;
}

// How long single calls of the shown functions took (HOTLINE_HISTOGRAMS), in their order.
std::string text_durations(const analysis::DurationTable &durations,
                           const std::vector<FunctionStats> &shown) {
  std::string out = "\nCall durations (HOTLINE_HISTOGRAMS: each call's time, callees included)\n";
  if (durations.paths_without_histogram > 0)
    out +=
        fmt::format("{} call path{} with calls had no room for a histogram "
                    "(HOTLINE_HISTOGRAM_MB); {} not counted here.\n",
                    text::format_count(durations.paths_without_histogram),
                    durations.paths_without_histogram == 1 ? "" : "s",
                    durations.paths_without_histogram == 1 ? "its calls are" : "their calls are");
  using Align = text::TextTable::Align;
  text::TextTable rows =
      durations_table("calls", {{"function", Align::Left, 60}, {"location", Align::Left}});
  bool any_stopped = false;
  size_t rows_added = 0;
  for (const FunctionStats &f : shown) {
    const analysis::DurationStats *d = durations.find(f.id);
    if (!d || d->calls == 0)
      continue;
    std::string name = text::display_name(f.function.name);
    if (f.timing_stopped) {
      any_stopped = true;
      name += " *";
    }
    std::vector<std::string> row = durations_cells(
        *d, f.timed_calls ? text::format_duration(f.total_ns / f.timed_calls) : "-");
    row.push_back(name);
    row.push_back(text::file_line(f.function.file, f.function.line));
    rows.add_row(row);
    ++rows_added;
  }
  if (rows_added == 0)
    return out + "No call of the functions above was timed to its end.\n";
  out += '\n' + rows.render();
  if (any_stopped)
    out += "*: timing stopped (see above): its first calls and those timed again in re-timing\n"
           "   windows, not all of them.\n";
  return out;
}

// The hottest loops, with the optimizer's account of each next to its time.
std::string text_loops(const std::vector<analysis::LoopStats> &loops, size_t shown,
                       const MachineRoofs &machine, uint64_t sample_period_ns) {
  if (loops.empty() || shown == 0)
    return "";
  std::string out = fmt::format("\nHot loops ({} of {}; 'hotline loops' shows them all, "
                                "with their throughput)\n\n",
                                std::min(shown, loops.size()), loops.size());
  using Align = text::TextTable::Align;
  text::TextTable rows({{"time", Align::Right},
                        {"time%", Align::Right},
                        {"iterations", Align::Right},
                        {"roofline", Align::Left},
                        {"loop", Align::Left},
                        {"function", Align::Left, 30},
                        {"optimizer", Align::Left}});
  bool any_sampled = false;
  for (size_t i = 0; i < loops.size() && i < shown; ++i) {
    const analysis::LoopStats &loop = loops[i];
    any_sampled |= loop.timed_entries == 0 && loop.sampled_ns > 0;
    rows.add_row({loop_time_cell(loop), loop_percent_cell(loop),
                  text::format_count(loop.iterations),
                  verdict_cell(analysis::loop_throughput(loop, machine.get(), sample_period_ns)),
                  fmt::format("{}:{}", text::printable(loop.file), loop.line),
                  text::display_name(loop.function),
                  loop.facts.empty() ? "-" : text::display_facts(loop.facts)});
  }
  out += rows.render();
  if (any_sampled)
    out += "~: sampled time (an innermost loop without calls is not timed).\n";
  return out;
}

// The heap in a line, its top places by bytes, and how many places did not
// free everything.
std::string text_memory(const analysis::MemoryTable &memory) {
  std::vector<analysis::MemoryPlaceStats> shown =
      analysis::top_memory_places(memory, analysis::MemoryOrder::Bytes, kMemoryIoRows);
  if (shown.empty())
    return "\nMemory\n" + heap_summary_line(memory.heap);
  std::string out =
      fmt::format("\nMemory (top {} places by bytes allocated; 'hotline memory' shows "
                  "more)\n",
                  shown.size());
  out += heap_summary_line(memory.heap);
  out += '\n';
  out += memory_places_table(shown, false);
  size_t not_freeing =
      analysis::top_memory_places(memory, analysis::MemoryOrder::NotFreed, 0).size();
  out += fmt::format("{} of {} places did not free all they allocated.\n", not_freeing,
                     memory.places.size());
  return out;
}

// The I/O totals, the main thread's blocked share, and the top files by time.
std::string text_io(const analysis::IoTable &io, size_t profiles) {
  std::string note = io_not_hooked_note(io, profiles);
  if (io.files.empty())
    return "\nI/O\n" + note;
  std::vector<analysis::IoFileStats> shown = io.files;
  if (shown.size() > kMemoryIoRows)
    shown.resize(kMemoryIoRows);
  std::string out =
      fmt::format("\nI/O (top {} files by time; 'hotline io' shows more)\n", shown.size());
  out += note + "I/O: " + io_totals_text(io.total) + "\n";
  out += main_thread_lines(io, profiles > 1);
  out += '\n';
  out += io_files_table(shown);
  return out;
}

// The JSON report: every table the analysis has, the functions as `shown`.
std::string json_report(const analysis::Analysis &a, const std::vector<FunctionStats> &shown,
                        size_t loops_shown, const MachineRoofs &machine) {
  const std::vector<Profile> &profiles = a.profiles;
  const FunctionTable &table = a.functions;
  const std::vector<analysis::LoopStats> &loops = a.loops;
  json::Writer json;
  json.begin_object();
  json.field("hotline_version", kVersion);
  json.key("runs");
  write_runs_json(json, profiles);
  json.field("measured_ns", table.measured_ns);
  if (a.timing_cost.measured_profiles > 0)
    json.field("timing_cost_subtracted", a.timing_cost.subtracted);
  json.field("function_count", table.functions.size());
  json.key("functions");
  json.begin_array();
  for (const FunctionStats &f : shown) {
    json.begin_object();
    json.field("name", f.function.name);
    if (std::string short_name = text::shorter_name(f.function.name); !short_name.empty())
      json.field("short_name", short_name);
    json.field("linkage_name", f.function.linkage_name);
    json.field("file", f.function.file);
    json.field("line", f.function.line);
    json.field("calls", f.calls);
    json.field("timed_calls", f.timed_calls);
    json.field("self_ns", f.self_ns);
    json.field("total_ns", f.total_ns);
    json.field("self_percent", json::rounded(f.self_percent));
    json.field("total_percent", json::rounded(f.total_percent));
    json.field("timed", f.timed);
    if (f.timing_stopped) {
      json.field("timing_stopped", true);
      json.field("estimated_ns", f.estimated_ns);
      json.field("sampled_estimate_ns", f.sampled_estimate_ns);
      json.field("window_calls", f.window_calls);
    }
    if (const analysis::DurationStats *d = a.durations ? a.durations->find(f.id) : nullptr)
      write_durations_json(json, *d);
    json.end_object();
  }
  json.end_array();
  if (a.durations)
    json.field("paths_without_histogram", a.durations->paths_without_histogram);
  json.field("loop_count", loops.size());
  json.key("loops");
  json.begin_array();
  for (size_t i = 0; i < loops.size() && i < loops_shown; ++i) {
    const analysis::LoopStats &loop = loops[i];
    analysis::LoopThroughput throughput =
        analysis::loop_throughput(loop, machine.get(), a.lines.period_ns);
    json.begin_object();
    json.field("file", loop.file);
    json.field("line", loop.line);
    json.field("function", loop.function);
    if (std::string short_name = text::shorter_name(loop.function); !short_name.empty())
      json.field("short_function", short_name);
    json.field("iterations", loop.iterations);
    json.field("timed_entries", loop.timed_entries);
    json.field("time_ns", loop.time_ns());
    json.field("sampled", loop.timed_entries == 0);
    json.field("percent", json::rounded(loop.time_percent()));
    json.field("roofline", throughput.bound == analysis::LoopBound::Unjudged
                               ? std::string()
                               : std::string(analysis::bound_name(throughput.bound)));
    json.field("optimizer", loop.facts);
    write_durations_json(json, loop.durations);
    json.end_object();
  }
  json.end_array();
  if (a.memory) {
    json.key("memory");
    json.begin_object();
    json.key("heap");
    write_heap_json(json, a.memory->heap);
    json.field("place_count", a.memory->places.size());
    json.field("places_not_freeing",
               analysis::top_memory_places(*a.memory, analysis::MemoryOrder::NotFreed, 0).size());
    json.key("top_places");
    write_memory_places_json(
        json, analysis::top_memory_places(*a.memory, analysis::MemoryOrder::Bytes, kMemoryIoRows));
    json.end_object();
  }
  if (a.io) {
    json.key("io");
    json.begin_object();
    json.key("total");
    json.begin_object();
    write_io_count_fields(json, a.io->total);
    json.end_object();
    json.key("main_threads");
    json.begin_array();
    for (const analysis::ThreadIo &thread : a.io->threads)
      if (thread.main)
        write_thread_io_json(json, thread);
    json.end_array();
    json.field("file_count", a.io->files.size());
    std::vector<analysis::IoFileStats> files = a.io->files;
    if (files.size() > kMemoryIoRows)
      files.resize(kMemoryIoRows);
    json.key("top_files");
    write_io_files_json(json, files);
    json.end_object();
  }
  if (a.system) {
    json.key("system");
    write_system_json(json, *a.system, profiles);
  }
  json.key("regions");
  write_regions_json(json, a.regions);
  json.field("threshold_percent", a.threshold_percent);
  json.key("bottlenecks");
  write_bottlenecks_json(json, a.bottlenecks);
  json.key("suggestions");
  write_findings_json(json, a.findings);
  if (a.sync) {
    json.key("synchronization");
    write_sync_json(json, *a.sync, kMemoryIoRows);
  }
  if (a.gpu) {
    json.key("gpu");
    write_gpu_json(json, *a.gpu, profiles, kGpuRows);
  }
  if (a.mpi) {
    json.key("mpi");
    write_mpi_json(json, *a.mpi, 0);
  }
  if (a.ranks) {
    json.key("ranks");
    write_ranks_json(json, *a.ranks, kSpreadRows);
  }
  json.end_object();
  return json.text();
}

} // namespace

namespace {

// The report on the profiles of `files`, in the options' format.
std::string render_report(const ReportOptions &options, const std::vector<std::string> &files) {
  analysis::Analysis a = analysis::analyze(profile::read_profiles(files), options.analysis);
  std::vector<FunctionStats> shown = a.functions.functions;
  analysis::sort_functions(shown, options.order);
  if (options.top != 0 && shown.size() > options.top)
    shown.resize(options.top);
  MachineRoofs machine =
      a.loops.empty() ? MachineRoofs{} : load_roofs(calibration::machine_peaks_path());
  const std::vector<Profile> &profiles = a.profiles;

  if (options.format == ReportFormat::Json)
    return json_report(a, shown, options.loops, machine);
  // The detailed sections, as the text report prints them.
  std::string details = (a.durations ? text_durations(*a.durations, shown) : "") +
                        text_loops(a.loops, options.loops, machine, a.lines.period_ns) +
                        regions_text(a.regions) + ranges_text(a.regions) +
                        categories_text(a.regions) + (a.memory ? text_memory(*a.memory) : "") +
                        (a.io ? text_io(*a.io, profiles.size()) : "") +
                        (a.sync ? sync_text(*a.sync, kMemoryIoRows) : "") +
                        (a.mpi ? mpi_text(*a.mpi, kMemoryIoRows) : "") +
                        (a.ranks ? ranks_text(*a.ranks, kRankRows, kSpreadRows) : "") +
                        (a.gpu ? gpu_text(*a.gpu, profiles, kGpuRows) : "") +
                        (a.system ? system_text(*a.system) : "");
  std::string functions = text_report(profiles, a.functions, shown, a.timing_cost, options);
  if (options.format == ReportFormat::Markdown) {
    // What to change as Markdown; the measurements as the text report's
    // tables, whose alignment a code block keeps.
    return fmt::format("# hotline report\n\n{}{}## Measurements\n\n```text\n{}{}```\n",
                       bottlenecks_markdown(a.bottlenecks, a.threshold_percent),
                       suggestions_markdown(a.findings), functions, details);
  }
  return functions + bottlenecks_text(a.bottlenecks, a.threshold_percent) +
         suggestions_text(a.findings) + details;
}

} // namespace

int run_report(const cli::ParsedArgs &parsed) {
  ReportOptions options = report_options(parsed);
  fmt::print("{}", render_report(options, cli::profile_paths(parsed, kReportCommand)));
  return 0;
}

std::string report_json(const std::vector<std::string> &files, bool compensate) {
  ReportOptions options;
  options.format = ReportFormat::Json;
  options.top = 0;
  options.loops = std::numeric_limits<uint64_t>::max();
  options.analysis.compensate = compensate;
  return render_report(options, files);
}

} // namespace hotline
