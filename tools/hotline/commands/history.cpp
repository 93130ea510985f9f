// `hotline history ACTION`: runs kept in a database (docs/history.md): add, list, show, rm,
// export, trend (one measure over runs, with its change points), changes (every measure's),
// check (the CI gate) and compare (runs side by side). The store and the statistics are in
// history/; this file reads the command lines and prints.
#include "analysis/analyze.h"
#include "cli/json_writer.h"
#include "cli/options.h"
#include "cli/output_file.h"
#include "cli/text_format.h"
#include "commands/commands.h"
#include "history/evaluate.h"
#include "history/measures.h"
#include "history/run_of_profiles.h"
#include "history/store.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <set>

namespace hotline {

namespace {

using history::History;
using history::HistoryError;
using history::Run;

// The database's option, shared by every action.
const cli::OptionSpec kDbOption = {
    "db", "DB",
    "the history: a SQLite file or a postgresql:// URL (default $HOTLINE_DB, else hotline.db)"};
const cli::OptionSpec kWhereOption = {
    "where", "COND",
    "only runs that meet KEY=VALUE[,KEY=VALUE...] (id=1-19, commit=, branch=, "
    "host=, program=, or a tag)"};
const cli::OptionSpec kSinceOption = {"since", "WHEN",
                                      "only runs started since WHEN: 2026-11-01, "
                                      "2026-11-01T12:00:00 (UTC) or 7d, 12h, 30m ago"};
const cli::OptionSpec kWaitOption = cli::OptionSpec::number(
    "wait", "SECONDS", "wait this long for another writer to finish (default 30)");
const cli::OptionSpec kFormatOption = cli::text_or_json_format();

// The gate's and the changes' exit status when a regression is found.
constexpr int kExitRegression = 1;
constexpr int kExitUsage = 2;

struct Action {
  const char *name;
  const char *summary;
  cli::CommandSpec spec;
  int (*run)(const cli::ParsedArgs &args, const cli::CommandSpec &spec);
};

std::string database_location(const cli::ParsedArgs &args) {
  if (auto db = args.value("db"))
    return *db;
  const char *environment = std::getenv("HOTLINE_DB");
  return environment && *environment ? environment : "hotline.db";
}

History open_history(const cli::ParsedArgs &args, bool for_writing) {
  int wait_ms = history::kDefaultWaitMs;
  if (std::optional<double> wait = args.number("wait"))
    wait_ms = int(std::min(*wait, 86400.0) * 1000);
  return History::open(database_location(args), for_writing, wait_ms);
}

int64_t now_unix_ns() { return int64_t(std::time(nullptr)) * 1000000000; }

int64_t parse_since(const std::string &text) {
  char unit = text.empty() ? 0 : text.back();
  if (unit == 'd' || unit == 'h' || unit == 'm') {
    std::string number = text.substr(0, text.size() - 1);
    uint64_t count = cli::parse_count("since", number);
    int64_t seconds = unit == 'd' ? 86400 : unit == 'h' ? 3600 : 60;
    return now_unix_ns() - int64_t(count) * seconds * 1000000000;
  }
  std::tm parts = {};
  const char *end = strptime(text.c_str(), "%Y-%m-%dT%H:%M:%S", &parts);
  if (!end || *end) {
    parts = {};
    end = strptime(text.c_str(), "%Y-%m-%d", &parts);
  }
  if (!end || *end)
    throw cli::UsageError(fmt::format(
        "--since: '{}' is neither a date (2026-11-01, 2026-11-01T12:00:00) nor an age (7d, "
        "12h, 30m)",
        text));
  return int64_t(timegm(&parts)) * 1000000000;
}

history::RunFilter run_filter(const cli::ParsedArgs &args, const char *option = "where") {
  history::RunFilter filter;
  if (auto where = args.value(option))
    filter = history::parse_filter(*where);
  if (auto since = args.value("since"))
    filter.since_unix_ns = parse_since(*since);
  return filter;
}

std::string start_time(int64_t unix_ns) {
  std::time_t seconds = std::time_t(unix_ns / 1000000000);
  std::tm parts = {};
  gmtime_r(&seconds, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &parts);
  return text;
}

std::string short_commit(const Run &run) {
  if (run.commit.empty())
    return "-";
  return run.commit.substr(0, 10) + (run.dirty == 1 ? "+" : "");
}

std::string tags_text(const Run &run) {
  std::string text;
  for (const auto &[key, value] : run.tags)
    text += (text.empty() ? "" : ",") + key + "=" + value;
  return text.empty() ? "-" : text;
}

// "run 20 (commit 4097518a, dataset=a)": how a change names the run where it happened.
std::string run_label(const Run &run) {
  std::string label = fmt::format("run {}", run.id);
  std::vector<std::string> facts;
  if (!run.commit.empty())
    facts.push_back("commit " + short_commit(run));
  if (!run.tags.empty())
    facts.push_back(tags_text(run));
  if (!facts.empty()) {
    label += " (";
    for (size_t i = 0; i < facts.size(); ++i)
      label += (i ? ", " : "") + facts[i];
    label += ")";
  }
  return label;
}

const Run &run_by_id(const std::vector<Run> &runs, int64_t id) {
  for (const Run &run : runs)
    if (run.id == id)
      return run;
  throw HistoryError(fmt::format("there is no run {}", id));
}

std::string signed_percent(double fraction) { return fmt::format("{:+.1f}%", fraction * 100); }

history::Unit unit_of(const std::string &kind) {
  const history::MeasureKind *known = history::find_measure_kind(kind);
  return known ? known->unit : history::Unit::Count;
}

std::string measure_label(const std::string &kind, const std::string &name) {
  return name.empty() ? kind : kind + " " + text::printable(name);
}

// A run's measures as a JSON array of {kind, name, unit, value}.
void write_measures_json(json::Writer &out, const std::vector<history::Measure> &measures) {
  out.begin_array();
  for (const history::Measure &measure : measures) {
    out.begin_object();
    out.field("kind", measure.kind);
    out.field("name", measure.name);
    out.field("unit", history::unit_name(unit_of(measure.kind)));
    out.field("value", measure.value);
    out.end_object();
  }
  out.end_array();
}

void write_run_json(json::Writer &out, const Run &run) {
  out.field("id", run.id);
  out.field("start_unix_ns", run.start_unix_ns);
  out.field("program", run.program);
  out.field("command", run.command);
  out.field("host", run.host);
  out.field("cpu", run.cpu);
  out.field("clock", run.clock);
  out.field("runtime_version", run.runtime_version);
  out.field("wall_ns", run.wall_ns);
  out.field("processes", run.processes);
  out.field("commit", run.commit);
  out.field("branch", run.branch);
  out.key("dirty");
  if (run.dirty < 0)
    out.null_value();
  else
    out.value(run.dirty == 1);
  out.field("build", run.build);
  out.field("checksum", run.checksum);
  out.key("profiles");
  out.begin_array();
  for (const std::string &path : run.profiles)
    out.value(path);
  out.end_array();
  out.key("tags");
  out.begin_object();
  for (const auto &[key, value] : run.tags)
    out.field(key, value);
  out.end_object();
}

// ---- add -------------------------------------------------------------------------------------

int run_add(const cli::ParsedArgs &args, const cli::CommandSpec &spec) {
  const std::vector<std::string> &paths = cli::profile_paths(args, spec);
  history::RunFacts facts;
  if (auto tags = args.value("tag"))
    facts.tags = history::parse_tags(*tags);
  facts.commit = args.value("commit").value_or("");
  facts.branch = args.value("branch").value_or("");
  facts.build = args.value("build").value_or("");
  // Every profile is read and analysed before the history is opened: a bad one changes nothing.
  std::vector<history::ProfileFile> files = history::read_profile_files(paths);
  std::vector<std::pair<Run, std::vector<history::Measure>>> runs;
  for (const auto &group : history::group_runs(files, args.has("one-run")))
    runs.push_back({history::run_of_files(group, facts), history::measures_of_run(group)});
  // In the order they ran, so that their ids are too.
  std::stable_sort(runs.begin(), runs.end(), [](const auto &a, const auto &b) {
    return a.first.start_unix_ns < b.first.start_unix_ns;
  });
  History store = open_history(args, true);
  std::vector<History::Added> added = store.add(runs);
  for (size_t i = 0; i < added.size(); ++i) {
    const Run &run = runs[i].first;
    if (added[i].added)
      fmt::print("run {}: {} ({}, {} measures)\n", added[i].id, run.profiles.front(),
                 start_time(run.start_unix_ns), runs[i].second.size());
    else
      fmt::print("run {}: {} is already in the history\n", added[i].id, run.profiles.front());
  }
  return 0;
}

// ---- list, show, rm, export -------------------------------------------------------------------

int run_list(const cli::ParsedArgs &args, const cli::CommandSpec &) {
  history::RunFilter filter = run_filter(args);
  bool json = cli::json_format(args);
  History store = open_history(args, false);
  std::vector<Run> runs = store.runs(filter);
  if (json) {
    json::Writer out;
    out.begin_object();
    out.field("history", store.name());
    out.key("runs");
    out.begin_array();
    for (const Run &run : runs) {
      out.begin_object();
      write_run_json(out, run);
      out.end_object();
    }
    out.end_array();
    out.end_object();
    fmt::print("{}\n", out.text());
    return 0;
  }
  fmt::print("{}: {}\n", store.name(), text::format_count_of(runs.size(), "run", "runs"));
  if (runs.empty())
    return 0;
  text::TextTable table({{"id", text::TextTable::Align::Right},
                         {"started (UTC)", text::TextTable::Align::Left},
                         {"program", text::TextTable::Align::Left},
                         {"host", text::TextTable::Align::Left},
                         {"commit", text::TextTable::Align::Left},
                         {"wall", text::TextTable::Align::Right},
                         {"tags", text::TextTable::Align::Left}});
  for (const Run &run : runs)
    table.add_row({std::to_string(run.id), start_time(run.start_unix_ns),
                   text::printable(run.program.substr(run.program.rfind('/') + 1)),
                   text::printable(run.host), short_commit(run),
                   text::format_duration(uint64_t(run.wall_ns)), text::printable(tags_text(run))});
  fmt::print("{}", table.render());
  return 0;
}

int64_t parse_run_id(const std::string &text) {
  char *end = nullptr;
  long long id = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end || id <= 0)
    throw cli::UsageError(
        fmt::format("'{}' is not a run id (a number from 'hotline history list')", text));
  return id;
}

std::vector<int64_t> run_ids(const std::vector<std::string> &texts, const cli::CommandSpec &spec) {
  if (texts.empty())
    throw cli::UsageError(
        fmt::format("history {}: no run given (usage: {})", spec.name, spec.usage));
  std::vector<int64_t> ids;
  for (const std::string &text : texts)
    ids.push_back(parse_run_id(text));
  return ids;
}

int run_show(const cli::ParsedArgs &args, const cli::CommandSpec &spec) {
  std::vector<int64_t> ids = run_ids(args.positional, spec);
  if (ids.size() != 1)
    throw cli::UsageError("history show: give one run (compare shows several)");
  uint64_t top = cli::top_option(args, 10);
  bool json = cli::json_format(args);
  History store = open_history(args, false);
  std::optional<Run> run = store.run(ids[0]);
  if (!run)
    throw HistoryError(fmt::format("{}: there is no run {}", store.name(), ids[0]));
  std::vector<history::Measure> measures = store.measures(run->id);
  if (json) {
    json::Writer out;
    out.begin_object();
    write_run_json(out, *run);
    out.key("measures");
    write_measures_json(out, measures);
    out.end_object();
    fmt::print("{}\n", out.text());
    return 0;
  }
  fmt::print("run {}\n", run->id);
  fmt::print("  program   {}\n  command   {}\n", text::printable(run->program),
             text::printable(run->command));
  fmt::print("  started   {} UTC, wall {}, {}\n", start_time(run->start_unix_ns),
             text::format_duration(uint64_t(run->wall_ns)),
             text::format_count_of(uint64_t(run->processes), "process", "processes"));
  fmt::print("  host      {}{}\n", text::printable(run->host),
             run->cpu.empty() ? "" : " (" + text::printable(run->cpu) + ")");
  fmt::print("  commit    {}{}\n", run->commit.empty() ? "-" : run->commit,
             run->branch.empty() ? "" : " on " + run->branch);
  if (!run->build.empty())
    fmt::print("  build     {}\n", text::printable(run->build));
  fmt::print("  tags      {}\n", text::printable(tags_text(*run)));
  fmt::print("  profiles  {}\n", text::printable(run->profiles.empty() ? "" : run->profiles[0]));
  for (size_t i = 1; i < run->profiles.size(); ++i)
    fmt::print("            {}\n", text::printable(run->profiles[i]));
  // The biggest `top` of each kind, in the kinds' order.
  for (const history::MeasureKind &kind : history::kMeasureKinds) {
    std::vector<const history::Measure *> of_kind;
    for (const history::Measure &measure : measures)
      if (measure.kind == kind.name)
        of_kind.push_back(&measure);
    if (of_kind.empty())
      continue;
    std::stable_sort(of_kind.begin(), of_kind.end(),
                     [](auto *a, auto *b) { return a->value > b->value; });
    if (top != 0 && of_kind.size() > top)
      of_kind.resize(top);
    fmt::print("\n{}: {}\n", kind.name, kind.help);
    for (const history::Measure *measure : of_kind)
      fmt::print("  {:>12}  {}\n", history::format_value(kind.unit, measure->value),
                 text::printable(measure->name));
  }
  return 0;
}

int run_rm(const cli::ParsedArgs &args, const cli::CommandSpec &spec) {
  std::vector<int64_t> ids = run_ids(args.positional, spec);
  History store = open_history(args, true);
  store.remove(ids);
  fmt::print("removed {}\n", text::format_count_of(ids.size(), "run", "runs"));
  return 0;
}

std::string csv_field(const std::string &text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos)
    return text;
  std::string quoted = "\"";
  for (char c : text)
    quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

int run_export(const cli::ParsedArgs &args, const cli::CommandSpec &) {
  history::RunFilter filter = run_filter(args);
  std::string format = args.value("format").value_or("csv");
  std::string output = args.value("output").value_or("-");
  History store = open_history(args, false);
  std::vector<Run> runs = store.runs(filter);
  std::string text;
  if (format == "csv") {
    text = "run,start_unix_ns,program,host,commit,branch,tags,kind,name,unit,value\n";
    for (const Run &run : runs)
      for (const history::Measure &measure : store.measures(run.id))
        text += fmt::format(
            "{},{},{},{},{},{},{},{},{},{},{}\n", run.id, run.start_unix_ns, csv_field(run.program),
            csv_field(run.host), csv_field(run.commit), csv_field(run.branch),
            csv_field(run.tags.empty() ? "" : tags_text(run)), csv_field(measure.kind),
            csv_field(measure.name), history::unit_name(unit_of(measure.kind)), measure.value);
  } else {
    json::Writer out;
    out.begin_object();
    out.field("history", store.name());
    out.key("runs");
    out.begin_array();
    for (const Run &run : runs) {
      out.begin_object();
      write_run_json(out, run);
      out.key("measures");
      write_measures_json(out, store.measures(run.id));
      out.end_object();
    }
    out.end_array();
    out.end_object();
    text = out.text() + "\n";
  }
  write_output_file(output, text);
  return 0;
}

// ---- trend and changes ------------------------------------------------------------------------

// The name of `kind` that `wanted` names: itself, or the one name that contains it.
std::string find_name(const std::map<std::string, history::Series> &names, const std::string &kind,
                      const std::string &wanted) {
  std::vector<std::string> matching = history::names_matching(names, wanted);
  if (matching.size() == 1)
    return matching[0];
  // Several: those; none: every name of the kind.
  std::vector<std::string> listed = matching;
  if (listed.empty())
    for (const auto &[name, series] : names)
      listed.push_back(name);
  std::string some;
  for (size_t i = 0; i < listed.size() && i < 8; ++i)
    some += "\n  " + text::printable(listed[i]);
  if (listed.size() > 8)
    some += "\n  ...";
  if (wanted.empty())
    throw cli::UsageError(
        fmt::format("history trend: {} has several measures; name one:{}", kind, some));
  throw cli::UsageError(fmt::format(matching.empty()
                                        ? "history trend: no {} measure is named '{}'; there are:{}"
                                        : "history trend: several {} measures contain '{}':{}",
                                    kind, text::printable(wanted), some));
}

std::string sparkline(const std::vector<double> &values) {
  static const char *const kBars[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
  if (values.empty())
    return "";
  auto [low, high] = std::minmax_element(values.begin(), values.end());
  std::string line;
  for (double value : values) {
    size_t level = *high > *low ? size_t((value - *low) / (*high - *low) * 7.0 + 0.5) : 3;
    line += kBars[std::min<size_t>(level, 7)];
  }
  return line;
}

history::ChangePointOptions change_point_options(const cli::ParsedArgs &args) {
  history::ChangePointOptions options;
  if (std::optional<double> significance = args.number("significance")) {
    if (*significance <= 0 || *significance >= 1)
      throw cli::UsageError(fmt::format("invalid value '{}' for --significance: expected a "
                                        "p-value between 0 and 1",
                                        *args.value("significance")));
    options.significance = *significance;
  }
  return options;
}

void write_change_json(json::Writer &out, const history::MeasureChange &change, const Run &run) {
  out.field("kind", change.kind);
  out.field("name", change.name);
  out.field("run", change.run);
  out.field("commit", run.commit);
  out.key("tags");
  out.begin_object();
  for (const auto &[key, value] : run.tags)
    out.field(key, value);
  out.end_object();
  out.field("before", change.change.before);
  out.field("after", change.change.after);
  out.field("change", change.change.change);
  out.field("change_low", change.change.change_low);
  out.field("change_high", change.change.change_high);
  out.field("p_value", change.change.p_value);
}

std::string change_text(const history::MeasureChange &change) {
  history::Unit unit = unit_of(change.kind);
  return fmt::format("{} -> {}, {} [{}, {}], p {:.2g}",
                     history::format_value(unit, change.change.before),
                     history::format_value(unit, change.change.after),
                     signed_percent(change.change.change), signed_percent(change.change.change_low),
                     signed_percent(change.change.change_high), change.change.p_value);
}

std::string comparison_text(const std::string &kind, const history::Comparison &comparison) {
  history::Unit unit = unit_of(kind);
  return fmt::format("{} -> {}, {} [{}, {}], p {:.2g}",
                     history::format_value(unit, comparison.baseline_median),
                     history::format_value(unit, comparison.current_median),
                     signed_percent(comparison.change), signed_percent(comparison.change_low),
                     signed_percent(comparison.change_high), comparison.p_value);
}

void write_comparison_json(json::Writer &out, const history::Comparison &comparison) {
  out.field("before", comparison.baseline_median);
  out.field("after", comparison.current_median);
  out.field("change", comparison.change);
  out.field("change_low", comparison.change_low);
  out.field("change_high", comparison.change_high);
  out.field("p_value", comparison.p_value);
}

int run_trend(const cli::ParsedArgs &args, const cli::CommandSpec &) {
  if (args.positional.size() > 2)
    throw cli::UsageError("history trend: give a measure's kind and, for most kinds, its name");
  std::string kind = args.positional.empty() ? "wall" : args.positional[0];
  if (!history::find_measure_kind(kind)) {
    std::string kinds;
    for (const history::MeasureKind &known : history::kMeasureKinds)
      kinds += std::string(kinds.empty() ? "" : ", ") + known.name;
    throw cli::UsageError(
        fmt::format("history trend: '{}' is not a kind of measure ({})", kind, kinds));
  }
  history::RunFilter filter = run_filter(args);
  history::ChangePointOptions options = change_point_options(args);
  bool json = cli::json_format(args);
  History store = open_history(args, false);
  std::vector<Run> runs = store.runs(filter);
  std::vector<int64_t> ids;
  for (const Run &run : runs)
    ids.push_back(run.id);
  history::MeasureSet measures = store.measures(ids);
  auto names = measures.find(kind);
  if (names == measures.end())
    throw HistoryError(fmt::format(
        "{}: no run{} has a {} measure", store.name(),
        filter.conditions.empty() && !filter.since_unix_ns ? "" : " that matches", kind));
  std::string wanted = args.positional.size() == 2 ? args.positional[1] : "";
  std::string name = names->second.size() == 1 && wanted.empty()
                         ? names->second.begin()->first
                         : find_name(names->second, kind, wanted);
  const history::Series &series = names->second.at(name);
  history::RunSeries ordered = history::series_in_order(runs, series);
  std::vector<history::MeasureChange> changes =
      history::changes_of(kind, name, runs, series, options);
  // What moved with each change: the gated measures that differ across the same split.
  std::vector<std::vector<history::Moved>> moved(changes.size());
  for (size_t i = 0; i < changes.size(); ++i)
    moved[i] = history::moved_with(changes, i, runs, measures, history::kMovedFloorPercent,
                                   history::kMovedSignificance);
  history::Unit unit = unit_of(kind);
  if (json) {
    json::Writer out;
    out.begin_object();
    out.field("kind", kind);
    out.field("name", name);
    out.field("unit", history::unit_name(unit));
    out.key("points");
    out.begin_array();
    for (size_t i = 0; i < ordered.runs.size(); ++i) {
      const Run &run = run_by_id(runs, ordered.runs[i]);
      out.begin_object();
      out.field("run", run.id);
      out.field("start_unix_ns", run.start_unix_ns);
      out.field("commit", run.commit);
      out.field("value", ordered.values[i]);
      out.end_object();
    }
    out.end_array();
    out.key("change_points");
    out.begin_array();
    for (size_t i = 0; i < changes.size(); ++i) {
      out.begin_object();
      write_change_json(out, changes[i], run_by_id(runs, changes[i].run));
      out.key("moved_with");
      out.begin_array();
      for (const history::Moved &other : moved[i]) {
        out.begin_object();
        out.field("kind", other.kind);
        out.field("name", other.name);
        write_comparison_json(out, other.comparison);
        out.end_object();
      }
      out.end_array();
      out.end_object();
    }
    out.end_array();
    out.end_object();
    fmt::print("{}\n", out.text());
    return 0;
  }
  fmt::print("{} over {} ({})\n", measure_label(kind, name),
             text::format_count_of(ordered.runs.size(), "run", "runs"), store.name());
  fmt::print("{}\n\n", sparkline(ordered.values));
  text::TextTable table({{"run", text::TextTable::Align::Right},
                         {"started (UTC)", text::TextTable::Align::Left},
                         {"commit", text::TextTable::Align::Left},
                         {"value", text::TextTable::Align::Right},
                         {"", text::TextTable::Align::Left}});
  size_t next_change = 0;
  for (size_t i = 0; i < ordered.runs.size(); ++i) {
    const Run &run = run_by_id(runs, ordered.runs[i]);
    bool changed = next_change < changes.size() && changes[next_change].position == i;
    if (changed)
      ++next_change;
    table.add_row({std::to_string(run.id), start_time(run.start_unix_ns), short_commit(run),
                   history::format_value(unit, ordered.values[i]),
                   changed ? "<- change point" : ""});
  }
  fmt::print("{}", table.render());
  fmt::print("\n{}\n", changes.empty() ? std::string("No change point.")
                                       : fmt::format("Change points ({}):", changes.size()));
  for (size_t i = 0; i < changes.size(); ++i) {
    fmt::print("  at {}: {}\n", run_label(run_by_id(runs, changes[i].run)),
               change_text(changes[i]));
    for (const history::Moved &other : moved[i])
      fmt::print("    moved with it: {}: {}\n", measure_label(other.kind, other.name),
                 comparison_text(other.kind, other.comparison));
  }
  return 0;
}

std::vector<std::string> kinds_option(const cli::ParsedArgs &args) {
  std::vector<std::string> kinds;
  for (const std::string &kind : history::split_list(args.value("kinds").value_or(""))) {
    if (!history::find_measure_kind(kind))
      throw cli::UsageError(fmt::format("--kinds: '{}' is not a kind of measure", kind));
    kinds.push_back(kind);
  }
  return kinds;
}

int run_changes(const cli::ParsedArgs &args, const cli::CommandSpec &) {
  history::RunFilter filter = run_filter(args);
  history::ScanOptions options{args.percent("floor").value_or(1), change_point_options(args)};
  std::vector<std::string> kinds = kinds_option(args);
  bool json = cli::json_format(args);
  History store = open_history(args, false);
  std::vector<Run> runs = store.runs(filter);
  std::vector<int64_t> ids;
  for (const Run &run : runs)
    ids.push_back(run.id);
  std::vector<history::MeasureChange> changes =
      history::all_changes(runs, store.measures(ids), kinds, options);
  if (json) {
    json::Writer out;
    out.begin_object();
    out.field("runs", runs.size());
    out.key("change_points");
    out.begin_array();
    for (const history::MeasureChange &change : changes) {
      out.begin_object();
      write_change_json(out, change, run_by_id(runs, change.run));
      out.end_object();
    }
    out.end_array();
    out.end_object();
    fmt::print("{}\n", out.text());
    return 0;
  }
  fmt::print("{} in {} ({})\n",
             text::format_count_of(changes.size(), "change point", "change points"),
             text::format_count_of(runs.size(), "run", "runs"), store.name());
  for (const history::MeasureChange &change : changes)
    fmt::print("  at {}: {}: {}\n", run_label(run_by_id(runs, change.run)),
               measure_label(change.kind, change.name), change_text(change));
  return 0;
}

// ---- check and compare ------------------------------------------------------------------------

int run_check(const cli::ParsedArgs &args, const cli::CommandSpec &spec) {
  auto baseline_text = args.value("baseline");
  if (!baseline_text)
    throw cli::UsageError(
        fmt::format("history check: --baseline is required (usage: {})", spec.usage));
  history::RunFilter baseline_filter = history::parse_filter(*baseline_text);
  history::GateOptions options;
  options.fail_above_percent = args.percent("fail-above").value_or(5);
  options.floor_percent = args.percent("floor").value_or(1);
  options.kinds = kinds_option(args);
  if (auto significance = args.value("significance"))
    options.significance = change_point_options(args).significance;
  bool json = cli::json_format(args);
  std::optional<std::string> current_ids = args.value("run");
  if (current_ids.has_value() == !args.positional.empty())
    throw cli::UsageError(
        "history check: give the runs to judge as profiles or as --run IDS, one of the two");
  // The current runs' measures: from their profiles, analysed here, or from the history.
  std::map<std::string, std::map<std::string, std::vector<double>>> current;
  size_t current_runs = 0;
  std::vector<int64_t> excluded;
  if (!current_ids) {
    std::vector<history::ProfileFile> files = history::read_profile_files(args.positional);
    for (const auto &group : history::group_runs(files, args.has("one-run"))) {
      for (const history::Measure &measure : history::measures_of_run(group))
        current[measure.kind][measure.name].push_back(measure.value);
      ++current_runs;
    }
  }
  History store = open_history(args, false);
  if (current_ids) {
    std::vector<int64_t> wanted;
    for (const std::string &id : history::split_list(*current_ids))
      wanted.push_back(parse_run_id(id));
    for (int64_t id : wanted)
      if (!store.run(id))
        throw HistoryError(fmt::format("{}: there is no run {}", store.name(), id));
    for (const auto &[kind, names] : store.measures(wanted))
      for (const auto &[name, series] : names)
        for (const auto &[run, value] : series)
          current[kind][name].push_back(value);
    current_runs = wanted.size();
    excluded = wanted;
  }
  std::vector<int64_t> baseline_ids;
  for (const Run &run : store.runs(baseline_filter))
    if (std::find(excluded.begin(), excluded.end(), run.id) == excluded.end())
      baseline_ids.push_back(run.id);
  if (baseline_ids.size() < 2)
    throw HistoryError(fmt::format("{}: the baseline '{}' has {}; the gate needs at least 2",
                                   store.name(), *baseline_text,
                                   text::format_count_of(baseline_ids.size(), "run", "runs")));
  history::GateResult result = history::check_runs(
      store.measures(baseline_ids), baseline_ids.size(), current, current_runs, options);
  if (json) {
    json::Writer out;
    out.begin_object();
    out.field("baseline", *baseline_text);
    out.field("baseline_runs", result.baseline_runs);
    out.field("current_runs", result.current_runs);
    out.field("fail_above_percent", options.fail_above_percent);
    out.field("significance", options.significance);
    out.field("judged", result.judged);
    out.field("failed", result.failed());
    out.key("moved");
    out.begin_array();
    for (const history::GateItem &item : result.moved) {
      out.begin_object();
      out.field("kind", item.kind);
      out.field("name", item.name);
      out.field("baseline_median", item.comparison.baseline_median);
      out.field("current_median", item.comparison.current_median);
      out.field("change", item.comparison.change);
      out.field("change_low", item.comparison.change_low);
      out.field("change_high", item.comparison.change_high);
      out.field("p_value", item.comparison.p_value);
      out.field("regression", item.regression);
      out.end_object();
    }
    out.end_array();
    out.end_object();
    fmt::print("{}\n", out.text());
    return result.failed() ? kExitRegression : 0;
  }
  fmt::print("{} against {} of the baseline ({}): {} compared, failing above {} (p <= {:g})\n",
             text::format_count_of(result.current_runs, "run", "runs"),
             text::format_count_of(result.baseline_runs, "run", "runs"), *baseline_text,
             text::format_count_of(result.judged, "measure", "measures"),
             signed_percent(options.fail_above_percent / 100), options.significance);
  size_t regressions = 0;
  for (const history::GateItem &item : result.moved) {
    regressions += item.regression;
    fmt::print("  {:<10}  {}: {}\n", item.regression ? "REGRESSION" : "moved",
               measure_label(item.kind, item.name), comparison_text(item.kind, item.comparison));
  }
  if (result.failed())
    fmt::print("failed: {}\n", text::format_count_of(regressions, "regression", "regressions"));
  else
    fmt::print("passed: {}\n", result.moved.empty() ? "nothing moved beyond the baseline's noise"
                                                    : "no significant change above the threshold");
  return result.failed() ? kExitRegression : 0;
}

int run_compare(const cli::ParsedArgs &args, const cli::CommandSpec &spec) {
  std::vector<int64_t> ids = run_ids(args.positional, spec);
  uint64_t top = cli::top_option(args, 20);
  std::vector<std::string> kinds = kinds_option(args);
  double floor_percent = args.percent("floor").value_or(1);
  bool json = cli::json_format(args);
  History store = open_history(args, false);
  std::vector<Run> runs;
  for (int64_t id : ids) {
    std::optional<Run> run = store.run(id);
    if (!run)
      throw HistoryError(fmt::format("{}: there is no run {}", store.name(), id));
    runs.push_back(*run);
  }
  history::MeasureSet measures = store.measures(ids);
  // The rows: the wall time, then the measures of the asked (else the gated) kinds, biggest
  // first, above the floor in some run.
  double floor_ns = 0;
  for (const Run &run : runs)
    floor_ns = std::max(floor_ns, double(run.wall_ns) * floor_percent / 100);
  struct Row {
    std::string kind, name;
    double biggest;
  };
  std::vector<Row> rows;
  for (const auto &[kind, names] : measures) {
    const history::MeasureKind *known = history::find_measure_kind(kind);
    bool asked = kinds.empty() ? known && known->gated
                               : std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
    if (!asked || kind == "wall")
      continue;
    for (const auto &[name, series] : names) {
      double biggest = 0;
      for (const auto &[run, value] : series)
        biggest = std::max(biggest, value);
      if (unit_of(kind) == history::Unit::Nanoseconds && biggest < floor_ns)
        continue;
      rows.push_back({kind, name, biggest});
    }
  }
  std::stable_sort(rows.begin(), rows.end(),
                   [](const Row &a, const Row &b) { return a.biggest > b.biggest; });
  if (top != 0 && rows.size() > top)
    rows.resize(top);
  rows.insert(rows.begin(), Row{"wall", "", 0});
  auto value_of = [&](const Row &row, int64_t run) -> std::optional<double> {
    auto kind = measures.find(row.kind);
    if (kind == measures.end())
      return std::nullopt;
    auto name = kind->second.find(row.name);
    if (name == kind->second.end())
      return std::nullopt;
    auto value = name->second.find(run);
    if (value == name->second.end())
      return std::nullopt;
    return value->second;
  };
  if (json) {
    json::Writer out;
    out.begin_object();
    out.key("runs");
    out.begin_array();
    for (const Run &run : runs) {
      out.begin_object();
      write_run_json(out, run);
      out.end_object();
    }
    out.end_array();
    out.key("measures");
    out.begin_array();
    for (const Row &row : rows) {
      out.begin_object();
      out.field("kind", row.kind);
      out.field("name", row.name);
      out.field("unit", history::unit_name(unit_of(row.kind)));
      out.key("values");
      out.begin_array();
      for (const Run &run : runs) {
        if (std::optional<double> value = value_of(row, run.id))
          out.value(*value);
        else
          out.null_value();
      }
      out.end_array();
      out.end_object();
    }
    out.end_array();
    out.end_object();
    fmt::print("{}\n", out.text());
    return 0;
  }
  std::vector<text::TextTable::Column> columns = {{"measure", text::TextTable::Align::Left, 60}};
  for (const Run &run : runs)
    columns.push_back(
        {fmt::format("run {}{}", run.id, run.tags.empty() ? "" : " " + tags_text(run)),
         text::TextTable::Align::Right});
  text::TextTable table(columns);
  for (const Row &row : rows) {
    std::vector<std::string> cells = {measure_label(row.kind, row.name)};
    std::optional<double> first = value_of(row, runs[0].id);
    for (size_t i = 0; i < runs.size(); ++i) {
      std::optional<double> value = value_of(row, runs[i].id);
      std::string cell = value ? history::format_value(unit_of(row.kind), *value) : "-";
      if (i > 0 && value && first && *first > 0)
        cell += " (" + signed_percent(*value / *first - 1) + ")";
      cells.push_back(cell);
    }
    table.add_row(cells);
  }
  fmt::print("{}", table.render());
  return 0;
}

const std::vector<Action> &actions() {
  static const std::vector<Action> kActions = {
      {"add",
       "record runs from their profiles",
       {"history add",
        "hotline history add [options] FILE...",
        "Records the runs of the profiles: their facts (program, command, host, CPU,\n"
        "start, wall time, build, git commit, branch and uncommitted changes of the\n"
        "current directory when the run was made on this host, tags) and their measures (per\n"
        "function, call path, line, loop, region, category, kernel, transfer, file,\n"
        "heap place; 'hotline history trend --help' lists the kinds). The profiles stay\n"
        "files: the history keeps their paths and checksum, and adding the same\n"
        "profiles again changes nothing. A profile whose parent process is another\n"
        "given profile's is part of that run. All or nothing: a bad profile adds none.",
        {kDbOption,
         {"tag", "K=V[,K=V...]", "tags of these runs, over the ones HOTLINE_TAGS gave"},
         {"commit", "SHA", "the runs' commit (default: git's, in the current directory)"},
         {"branch", "NAME", "the runs' branch (default: git's)"},
         {"build", "TEXT",
          "how the program was built (default: what its modules recorded: compiler, -O level, "
          "hotline options)"},
         {"one-run", nullptr, "all the profiles are one run"},
         kWaitOption}},
       run_add},
      {"list",
       "the runs, oldest first",
       {"history list",
        "hotline history list [options]",
        "Lists the runs of the history by start time.",
        {kDbOption, kWhereOption, kSinceOption, kFormatOption}},
       run_list},
      {"show",
       "one run's facts and biggest measures",
       {"history show",
        "hotline history show [options] RUN",
        "Shows a run's facts and its biggest measures of each kind.",
        {kDbOption,
         cli::OptionSpec::count("top", "N", "the biggest N of each kind (default 10; 0: all)"),
         kFormatOption}},
       run_show},
      {"rm",
       "remove runs",
       {"history rm",
        "hotline history rm [options] RUN...",
        "Removes the runs and their measures (not their profiles). All or nothing.",
        {kDbOption, kWaitOption}},
       run_rm},
      {"export",
       "every measure of the runs as CSV or JSON",
       {"history export",
        "hotline history export [options]",
        "Writes the runs and their measures: CSV (one measure a line) or JSON.",
        {kDbOption,
         kWhereOption,
         kSinceOption,
         cli::OptionSpec::choice("format", "FORMAT", "csv or json (default csv)", {"csv", "json"}),
         {"output", "FILE", "write to FILE (default: standard output)", 'o'}}},
       run_export},
      {"trend",
       "one measure over the runs, with its change points",
       {"history trend",
        "hotline history trend [options] [KIND [NAME]]",
        "Shows one measure over the runs (default: the wall time), as a sparkline and a\n"
        "table, with its change points: where the runs after differ from those before\n"
        "(E-divisive means with a permutation test, confirmed by a rank test; each\n"
        "with the size of the change and its 95% confidence interval) and, for each,\n"
        "the measures that changed with it. NAME may be part of the name when only one\n"
        "name contains it. Kinds: wall, cpu, energy, timing-cost, function.self,\n"
        "function.total, function.calls, path.total, line.count, line.time, loop.time,\n"
        "loop.iterations, region.time, category.time, kernel.time, kernel.launches,\n"
        "transfer.time, transfer.bytes, file.read, file.written, file.io-time,\n"
        "heap.peak, heap.rss, heap.allocations, heap.bytes, place.allocations,\n"
        "place.bytes (docs/history.md).",
        {kDbOption, kWhereOption, kSinceOption,
         cli::OptionSpec::number("significance", "P",
                                 "keep changes with p-values at most P (default 0.001)"),
         kFormatOption}},
       run_trend},
      {"changes",
       "the change points of every measure",
       {"history changes",
        "hotline history changes [options]",
        "Finds the change points of every measure (of the --kinds given) over the runs,\n"
        "as trend does for one. Times below the floor are left out.",
        {kDbOption,
         kWhereOption,
         kSinceOption,
         {"kinds", "K[,K...]", "only these kinds of measures"},
         cli::OptionSpec::percent("floor", "PCT",
                                  "leave out times below PCT% of the median wall time (default 1)"),
         cli::OptionSpec::number("significance", "P",
                                 "keep changes with p-values at most P (default 0.001)"),
         kFormatOption}},
       run_changes},
      {"check",
       "the CI gate: new runs against a baseline's",
       {"history check",
        "hotline history check --baseline COND [options] (FILE... | --run IDS)",
        "Compares runs (profiles, or runs of the history) with the baseline's runs, per\n"
        "measure: the wall time and each function's self time, region, kernel, transfer\n"
        "and file I/O time (or the --kinds given) above the floor. A measure moved when\n"
        "the difference is significant (a t test against the baseline's spread for\n"
        "fewer than 5 runs, a rank test for more); it is a regression when it also grew\n"
        "by more than --fail-above. Exit status: 0 no regression, 1 a regression (or a\n"
        "bad profile), 2 a bad command line or an unusable history.",
        {kDbOption,
         {"baseline", "COND",
          "the baseline's runs: KEY=VALUE[,...] as --where (id=1-19, branch=main)"},
         {"run", "IDS", "judge these runs of the history (comma-separated ids)"},
         cli::OptionSpec::percent("fail-above", "PCT",
                                  "a regression grew by more than PCT% (default 5)"),
         cli::OptionSpec::number("significance", "P",
                                 "a change is significant at p-values at most P (default 0.05)"),
         cli::OptionSpec::percent(
             "floor", "PCT", "judge only times above PCT% of the baseline's wall time (default 1)"),
         {"kinds", "K[,K...]", "judge these kinds of measures"},
         {"one-run", nullptr, "the profiles are all one run"},
         kFormatOption}},
       run_check},
      {"compare",
       "runs side by side, per measure",
       {"history compare",
        "hotline history compare [options] RUN...",
        "Shows the runs side by side: the wall time and the biggest measures of the\n"
        "gated kinds (or of --kinds), each with its change from the first run.",
        {kDbOption,
         {"kinds", "K[,K...]", "show these kinds of measures"},
         cli::OptionSpec::count("top", "N", "the N biggest measures (default 20; 0: all)"),
         cli::OptionSpec::percent("floor", "PCT",
                                  "leave out times below PCT% of a run's wall time (default 1)"),
         kFormatOption}},
       run_compare},
  };
  return kActions;
}

std::string history_help() {
  std::string text =
      "usage: hotline history <action> [options] ...\n\n"
      "Keeps runs in a database (SQLite file, or PostgreSQL with --db postgresql://...)\n"
      "and follows their measures across runs: trends, change points, a CI gate.\n\n"
      "actions:\n";
  for (const Action &action : actions())
    text += fmt::format("  {:<8}  {}\n", action.name, action.summary);
  text +=
      "\nRun 'hotline history <action> --help' for its options; docs/history.md has the details.\n";
  return text;
}

} // namespace

int run_history(const cli::ParsedArgs &raw) {
  const std::vector<std::string> &args = raw.arguments;
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    if (args.empty())
      throw cli::UsageError("history: no action given (see 'hotline history --help')");
    fmt::print("{}", history_help());
    return 0;
  }
  const Action *action = nullptr;
  for (const Action &candidate : actions())
    if (args[0] == candidate.name)
      action = &candidate;
  if (!action)
    throw cli::UsageError(
        fmt::format("history: unknown action '{}' (see 'hotline history --help')", args[0]));
  cli::ParsedArgs parsed =
      cli::parse_args(std::vector<std::string>(args.begin() + 1, args.end()), action->spec);
  if (parsed.help) {
    fmt::print("{}", cli::help_text(action->spec));
    return 0;
  }
  try {
    return action->run(parsed, action->spec);
  } catch (const HistoryError &e) {
    std::fprintf(stderr, "hotline: error: %s\n", e.what());
    return kExitUsage;
  }
}

} // namespace hotline
