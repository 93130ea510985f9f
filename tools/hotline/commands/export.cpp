// `hotline export`: profiles as the files of other tools (flame graphs,
// speedscope, Perfetto, KCachegrind, genhtml) or as JSON (docs/export.md).
#include "export/export.h"
#include "analysis/symbolizer.h"
#include "analysis/timing_cost.h"
#include "cli/options.h"
#include "cli/output_file.h"
#include "cli/text_format.h"
#include "commands/commands.h"
#include "profile/reader.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>

namespace hotline {

const cli::CommandSpec kExportCommand = {
    "export",
    "hotline export --format FORMAT [options] FILE... [-o OUT]",
    "Writes profiles in the format of another tool (docs/export.md):\n"
    "  folded      folded stacks for flamegraph.pl and speedscope\n"
    "  speedscope  speedscope's JSON: a profile per thread, its timeline with "
    "HOTLINE_TRACE=1\n"
    "  chrome      trace event JSON for Perfetto and chrome://tracing (needs "
    "HOTLINE_TRACE=1\n"
    "              or GPU records)\n"
    "  callgrind   for KCachegrind and callgrind_annotate: time and executions "
    "per line, calls\n"
    "  lcov        exact line and function counts for genhtml\n"
    "  json        the analysis of 'hotline report --format json', every "
    "function and loop\n"
    "Several files (processes, MPI ranks) are merged into one call tree, or "
    "kept as\n"
    "separate processes on one timeline (chrome, speedscope).",
    {
        cli::OptionSpec::choice("format", "FORMAT",
                                "folded, speedscope, chrome, callgrind, lcov or json (required)",
                                {"folded", "speedscope", "chrome", "callgrind", "lcov", "json"}),
        {"output", "OUT", "write to OUT (default: standard output)", 'o'},
        cli::OptionSpec::choice("metric", "METRIC",
                                "folded: what a stack counts: time (self ns, the default), calls "
                                "or bytes (heap bytes allocated)",
                                {"time", "calls", "bytes"}),
        {"collapse-recursion", nullptr,
         "folded: each function once a path, a repeated one taking in the frames below it "
         "(done anyway on paths over 1000 frames deep)"},
        cli::OptionSpec::count("max-events", "N",
                               "chrome, speedscope: keep the N longest timeline events (default "
                               "500000; 0 keeps all)"),
        {"no-compensation", nullptr, "keep the measured cost of timing in the times"},
    }};

namespace {

// About 100 MB of Chrome JSON: viewers slow down with more, and fail at a few
// hundred MB.
constexpr uint64_t kDefaultMaxEvents = 500000;

} // namespace

int run_export(const cli::ParsedArgs &parsed) {
  std::optional<std::string> format_option = parsed.value("format");
  if (!format_option)
    throw cli::UsageError(
        fmt::format("export: no --format given (usage: {})", kExportCommand.usage));
  const std::string &format = *format_option;
  exports::FoldedOptions folded_options;
  if (parsed.has("metric")) {
    if (format != "folded")
      throw cli::UsageError("export: --metric applies to --format folded only");
    folded_options.metric =
        cli::choice_option<exports::FoldedMetric>(parsed, "metric",
                                                  {{"time", exports::FoldedMetric::Time},
                                                   {"calls", exports::FoldedMetric::Calls},
                                                   {"bytes", exports::FoldedMetric::Bytes}},
                                                  exports::FoldedMetric::Time);
  }
  folded_options.collapse_recursion = parsed.has("collapse-recursion");
  if (folded_options.collapse_recursion && format != "folded")
    throw cli::UsageError("export: --collapse-recursion applies to --format folded only");
  uint64_t max_events = kDefaultMaxEvents;
  if (std::optional<uint64_t> max_option = parsed.count("max-events")) {
    if (format != "chrome" && format != "speedscope")
      throw cli::UsageError("export: --max-events applies to --format chrome and speedscope only");
    max_events = *max_option;
  }
  std::optional<std::string> output = parsed.value("output");
  if (output && output->empty())
    throw cli::UsageError("option --output needs a value (OUT)");
  if (output && *output == "-")
    output.reset();
  const std::vector<std::string> &files = cli::profile_paths(parsed, kExportCommand);
  if (output)
    refuse_output_among_inputs("export", *output, files, "write to another file");
  bool compensate = !parsed.has("no-compensation");
  if (format == "json") { // one JSON writer for both commands
    write_output_file(output.value_or("-"), report_json(files, compensate));
    return 0;
  }

  std::vector<profile::Profile> profiles = profile::read_profiles(files);
  analysis::settle_call_times(profiles, compensate);
  analysis::Symbolizer symbolizer;
  if (format == "folded") { // line by line: a deep recursion's text outgrows memory
    bool collapsed = false;
    write_output_file(output.value_or("-"), [&](const std::function<void(std::string_view)> &line) {
      collapsed = exports::folded(profiles, folded_options, line);
    });
    if (collapsed && !folded_options.collapse_recursion)
      fmt::print(stderr,
                 "hotline export: call paths over {} frames deep: recursion collapsed, each "
                 "function once a path\n(a line names its whole path: the text would grow with "
                 "the square of the depth)\n",
                 exports::kFoldedFullDepth);
    return 0;
  }
  std::string text;
  if (format == "callgrind") {
    text = exports::callgrind(profiles, symbolizer);
  } else if (format == "lcov") {
    text = exports::lcov(profiles, symbolizer);
  } else {
    exports::Timelines timelines = exports::select_events(profiles, max_events, format == "chrome");
    text = format == "chrome" ? exports::chrome_trace(profiles, timelines)
                              : exports::speedscope(profiles, timelines);
    for (const profile::Profile &profile : profiles)
      if (profile.trace.dropped != 0)
        fmt::print(stderr,
                   "hotline: export: {}: the program's timeline lacks {} events that did not fit "
                   "its threads' buffers (HOTLINE_TRACE_EVENTS={} per thread)\n",
                   profile.display_name, text::format_count(profile.trace.dropped),
                   profile.trace.capacity);
    if (timelines.left_out != 0)
      fmt::print(stderr,
                 "hotline: export: left out the {} shortest timeline events "
                 "beyond --max-events {}\n",
                 text::format_count(timelines.left_out), max_events);
  }
  write_output_file(output.value_or("-"), text);
  return 0;
}

} // namespace hotline
