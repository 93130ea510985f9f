// `hotline tree`: the call tree merged across threads and files, pruned to what
// matters.
#include "analysis/call_tree.h"
#include "analysis/durations.h"
#include "analysis/functions.h"
#include "analysis/percent.h"
#include "analysis/timing_cost.h"
#include "cli/options.h"
#include "cli/readable_names.h"
#include "cli/text_format.h"
#include "commands/commands.h"
#include "profile/reader.h"
#include "views/timing_note.h"

#include <fmt/format.h>

#include <algorithm>

namespace hotline {

const cli::CommandSpec kTreeCommand = {
    "tree",
    "hotline tree [options] FILE...",
    "Prints the call tree of timed calls, merged across threads and files: the "
    "same\n"
    "path of functions is one node. Each line shows its inclusive percentage "
    "and time,\n"
    "its self time and its number of timed calls. Calls of functions that were "
    "not\n"
    "timed (inlined, or below the timing threshold) are inside their caller's "
    "self time.\n"
    "[open] marks calls still running when the profile was written (a call of exit\n"
    "deep inside, a thread still working): timed until then.",
    {
        cli::OptionSpec::number("min-percent", "P",
                                "hide calls below P percent of the measured time (default 1.0)"),
        cli::OptionSpec::count("max-depth", "D",
                               "show at most D levels of calls (default 0: no limit)"),
        {"no-compensation", nullptr,
         "show times as recorded, with the measured cost of timing left in"},
    }};

namespace {

using analysis::CallTree;

struct TreeOptions {
  double min_percent = 1.0;
  uint64_t max_depth = 0;
};

// Deeper lines stop moving right, so pathological recursion does not make lines
// quadratic.
constexpr size_t kMaxIndentDepth = 64;

std::string indented(size_t depth, const std::string &text) {
  if (depth <= kMaxIndentDepth)
    return std::string(2 * depth, ' ') + text;
  return std::string(2 * kMaxIndentDepth, ' ') + fmt::format("[depth {}] ", depth) + text;
}

// `durations`: each node's (tree_durations), or empty: then no p50, p99 and longest columns.
std::string render_tree(const CallTree &tree, const analysis::FunctionCatalog &catalog,
                        const std::vector<analysis::DurationStats> &durations,
                        const TreeOptions &options) {
  using Align = text::TextTable::Align;
  std::vector<text::TextTable::Column> columns = {{"incl%", Align::Right},
                                                  {"inclusive", Align::Right},
                                                  {"self", Align::Right},
                                                  {"calls", Align::Right}};
  if (!durations.empty())
    columns.insert(columns.end(),
                   {{"p50", Align::Right}, {"p99", Align::Right}, {"longest", Align::Right}});
  columns.push_back({"function", Align::Left});
  text::TextTable rows(columns);
  // The cells before "function", then the durations' (blank without calls), then "function".
  auto add_row = [&](std::vector<std::string> cells, const analysis::DurationStats *d) {
    if (!durations.empty()) {
      std::vector<std::string> times(3);
      if (d && d->calls)
        times = {text::format_duration(d->p50_ns), text::format_duration(d->p99_ns),
                 text::format_duration(d->longest_ns)};
      cells.insert(cells.end() - 1, times.begin(), times.end());
    }
    rows.add_row(cells);
  };
  // Explicit stack of lines still to print: a node, or a note about hidden
  // children.
  struct Pending {
    uint32_t node;
    size_t depth; // 0 for the threads' top-level calls
    std::string note;
  };
  std::vector<Pending> pending;
  auto push_children = [&](uint32_t parent, size_t depth) {
    const std::vector<uint32_t> &children = tree.nodes[parent].children;
    if (children.empty())
      return;
    if (options.max_depth != 0 && depth >= options.max_depth) {
      pending.push_back({0, depth,
                         fmt::format("[{} callee{} deeper than --max-depth {}]", children.size(),
                                     children.size() == 1 ? "" : "s", options.max_depth)});
      return;
    }
    // Children come biggest first, so the hidden ones are a tail.
    size_t visible = 0;
    while (visible < children.size() &&
           analysis::percent_of(tree.nodes[children[visible]].inclusive_ns, tree.measured_ns) >=
               options.min_percent)
      ++visible;
    if (visible < children.size()) {
      size_t hidden = children.size() - visible;
      pending.push_back(
          {0, depth, fmt::format("[{} more below {}%]", hidden, options.min_percent)});
    }
    for (size_t i = visible; i-- > 0;)
      pending.push_back({children[i], depth, {}});
  };

  push_children(CallTree::kRoot, 0);
  while (!pending.empty()) {
    Pending line = std::move(pending.back());
    pending.pop_back();
    if (!line.note.empty()) {
      add_row({"", "", "", "", indented(line.depth, line.note)}, nullptr);
      continue;
    }
    const CallTree::Node &node = tree.nodes[line.node];
    std::string open;
    if (node.open_calls > 0)
      open = node.open_calls == node.calls ? " [open]" : fmt::format(" [{} open]", node.open_calls);
    add_row({text::format_percent(analysis::percent_of(node.inclusive_ns, tree.measured_ns)),
             text::format_duration(node.inclusive_ns), text::format_duration(node.exclusive_ns),
             node.inlined && node.calls == 0 ? "-" : text::format_count(node.calls),
             indented(line.depth, text::display_name(catalog.function(node.function).name) +
                                      (node.inlined ? " [inlined]" : "") + open)},
            durations.empty() ? nullptr : &durations[line.node]);
    push_children(line.node, line.depth + 1);
  }
  return rows.render();
}

} // namespace

int run_tree(const cli::ParsedArgs &parsed) {
  TreeOptions options;
  options.min_percent = parsed.number("min-percent").value_or(options.min_percent);
  options.max_depth = parsed.count("max-depth").value_or(options.max_depth);
  std::vector<profile::Profile> profiles =
      profile::read_profiles(cli::profile_paths(parsed, kTreeCommand));
  analysis::TimingCostSummary timing_cost =
      analysis::settle_call_times(profiles, !parsed.has("no-compensation"));
  analysis::FunctionCatalog catalog(profiles);
  CallTree tree = analysis::build_call_tree(profiles, catalog);

  size_t thread_count = 0;
  for (const profile::Profile &profile : profiles)
    thread_count += profile.threads.size();
  std::string out =
      fmt::format("Call tree of {} thread{} in {} profile{}.\n", thread_count,
                  thread_count == 1 ? "" : "s", profiles.size(), profiles.size() == 1 ? "" : "s");
  if (tree.nodes[CallTree::kRoot].children.empty()) {
    out += "No timed calls were recorded.\n";
    fmt::print("{}", out);
    return 0;
  }
  out += fmt::format("Percentages are of the measured time, {}: the time spent in timed "
                     "functions,\nsummed over all threads.",
                     text::format_duration(tree.measured_ns));
  if (options.min_percent > 0)
    out += fmt::format(" Calls below {}% are hidden.", options.min_percent);
  out += "\n" + timing_cost_note(timing_cost) + call_paths_note(profiles) + "\n";
  std::vector<analysis::DurationStats> durations =
      analysis::tree_durations(profiles, catalog, tree);
  if (!durations.empty())
    out += "p50, p99 and longest: single calls' times, from the runs' histograms "
           "(HOTLINE_HISTOGRAMS).\n";
  out += render_tree(tree, catalog, durations, options);
  fmt::print("{}", out);
  return 0;
}

} // namespace hotline
