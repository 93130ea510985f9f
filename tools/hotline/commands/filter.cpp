// `hotline filter`: a selective-instrumentation file for the next build, from
// profiles: functions too short to time are counted only, unrun ones skipped.
#include "analysis/filter_selection.h"
#include "analysis/timing_cost.h"
#include "cli/options.h"
#include "cli/output_file.h"
#include "cli/text_format.h"
#include "commands/commands.h"
#include "profile/reader.h"

#include <fmt/format.h>

#include <optional>

namespace hotline {

const cli::CommandSpec kFilterCommand = {
    "filter",
    "hotline filter FILE... -o OUT",
    "Writes OUT, a filter file for the plugin (-fplugin-arg-hotline-filter=OUT)\n"
    "that makes the next build cheaper to profile, from representative runs:\n"
    "  count-only=NAME  functions whose timed calls are too short to time: the\n"
    "                   runtime stopped timing them, or their calls cost less\n"
    "                   than --min-call-ns each, timing included; called at\n"
    "                   least --min-calls times. Counted exactly, not timed.\n"
    "  skip=NAME        functions registered but never called in any of the\n"
    "                   profiles: not instrumented at all.\n"
    "Never main, and never a function whose loops (known in line mode) iterated\n"
    "at least once per call. Names are linkage names; each line has a comment\n"
    "with its evidence. See docs/filter.md.",
    {
        {"output", "OUT", "write the filter file to OUT (required)", 'o'},
        cli::OptionSpec::count("min-call-ns", "NS",
                               "count only functions whose timed calls cost less than NS each "
                               "(default: 16 times the measured cost of timing a call, as "
                               "HOTLINE_STOP_TIMING_BELOW_NS=auto)"),
        cli::OptionSpec::count("min-calls", "N",
                               "count only functions called at least N times (default 1000, as "
                               "HOTLINE_STOP_TIMING_AFTER)"),
        {"keep-unrun", nullptr, "write no skip= lines: instrument functions that never ran"},
    }};

namespace {

// One comment line: the function and what the profiles say about it.
std::string evidence(const analysis::FilterEntry &entry) {
  std::string where = entry.line ? fmt::format("{}:{}", entry.file, entry.line) : entry.file;
  std::string line = fmt::format("# {} ({})", entry.name, where);
  if (entry.functions > 1)
    line += fmt::format(", {} functions of this name", entry.functions);
  if (entry.action == analysis::FilterAction::Skip)
    return text::printable(line + ": no call") + "\n";
  line += fmt::format(": {} calls, {} timed, {:.1f} ns per timed call", entry.calls,
                      entry.timed_calls, entry.mean_ns);
  if (entry.timing_stopped)
    line += ", timing stopped by the runtime";
  return text::printable(line) + "\n";
}

std::string filter_text(const std::vector<std::string> &inputs, size_t profile_count,
                        const analysis::FilterThresholds &thresholds,
                        const std::vector<analysis::FilterEntry> &entries) {
  size_t count_only = 0;
  for (const analysis::FilterEntry &entry : entries)
    count_only += entry.action == analysis::FilterAction::CountOnly;
  size_t skip = entries.size() - count_only;

  std::string from;
  for (const std::string &input : inputs)
    from += " " + input;
  std::string out =
      text::printable(fmt::format("# Written by hotline filter (hotline {}) from {} profile{}:{}",
                                  kVersion, profile_count, profile_count == 1 ? "" : "s", from)) +
      "\n";
  out += "# Build with -fplugin-arg-hotline-filter=<this file>, and rebuild when it changes\n"
         "# (docs/filter.md). Names are linkage names; each has its evidence above it.\n";
  std::string line =
      thresholds.min_call_ns
          ? fmt::format("{} ns each (--min-call-ns)", *thresholds.min_call_ns)
          : fmt::format("{} times the measured cost of\n# timing one call (the runtime's line; "
                        "--min-call-ns sets another)",
                        HOTLINE_STOP_TIMING_COST_TIMES);
  out += fmt::format("\n# count-only: {} function{} called at least {} times (--min-calls) whose "
                     "timing the\n# runtime stopped or whose timed calls cost less than {},\n# "
                     "the cost of timing included: counted, not timed.\n",
                     count_only, count_only == 1 ? "" : "s", thresholds.min_calls, line);
  for (const analysis::FilterEntry &entry : entries)
    if (entry.action == analysis::FilterAction::CountOnly)
      out += evidence(entry) + "count-only=" + entry.linkage_name + "\n";
  if (thresholds.keep_unrun)
    out += "\n# skip: none, --keep-unrun: functions that never ran stay instrumented.\n";
  else
    out += fmt::format("\n# skip: {} function{} never called in these profiles: not "
                       "instrumented.\n",
                       skip, skip == 1 ? "" : "s");
  for (const analysis::FilterEntry &entry : entries)
    if (entry.action == analysis::FilterAction::Skip)
      out += evidence(entry) + "skip=" + entry.linkage_name + "\n";
  return out;
}

} // namespace

int run_filter(const cli::ParsedArgs &parsed) {
  std::string output = cli::required_output(parsed, kFilterCommand);
  analysis::FilterThresholds thresholds;
  thresholds.min_call_ns = parsed.count("min-call-ns");
  thresholds.min_calls = parsed.count("min-calls").value_or(thresholds.min_calls);
  thresholds.keep_unrun = parsed.has("keep-unrun");
  const std::vector<std::string> &inputs = cli::profile_paths(parsed, kFilterCommand);
  refuse_output_among_inputs("filter", output, inputs, "write the filter to another file");

  std::vector<profile::Profile> profiles = profile::read_profiles(inputs);
  analysis::subtract_timing_cost(profiles, true);
  std::vector<analysis::FilterEntry> entries = analysis::select_filter(profiles, thresholds);
  write_output_file(output, filter_text(inputs, profiles.size(), thresholds, entries));
  size_t count_only = 0;
  for (const analysis::FilterEntry &entry : entries)
    count_only += entry.action == analysis::FilterAction::CountOnly;
  fmt::print("Wrote {}: {} count-only, {} skip, from {} profile{}\n", text::printable(output),
             count_only, entries.size() - count_only, profiles.size(),
             profiles.size() == 1 ? "" : "s");
  return 0;
}

} // namespace hotline
