// `hotline html`: the whole analysis of the profiles as one self-contained HTML
// page (summary, bottlenecks and suggestions, a flame graph of the call tree,
// sortable tables, annotated source, memory, GPU and I/O; with --history, measures
// over a run history and their change points) that a browser opens without a
// network. The data goes into the page as one JSON object; the page's script
// (report.js) draws it with d3 and d3-flame-graph.
#include "analysis/analyze.h"
#include "cli/json_writer.h"
#include "cli/options.h"
#include "cli/readable_names.h"
#include "cli/source_lines.h"
#include "cli/text_format.h"
#include "commands/commands.h"
#include "history/evaluate.h"
#include "history/measures.h"
#include "history/store.h"
#include "html/assets.h"
#include "profile/reader.h"
#include "views/gpu_text.h"
#include "views/lines_json.h"
#include "views/memory_io_text.h"
#include "views/mpi_text.h"
#include "views/report_sections.h"
#include "views/runs.h"
#include "views/system_text.h"
#include "views/timing_note.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace hotline {

namespace {

using analysis::Analysis;
using analysis::LineStats;
using analysis::LoopStats;
using profile::Profile;

// Rows of each table the page gets (lines, loops, memory places, I/O files and
// places, kernels); functions and the call tree are whole.
constexpr size_t kTableRows = 200;
// The hottest functions built in line mode whose source the page shows, and
// the most lines shown of one.
constexpr size_t kAnnotatedFunctions = 3;
constexpr uint32_t kAnnotatedMaxLines = 400;
// GPU work closer together than this share of the run's wall time is one bar
// of the timeline: a 1280-pixel chart could not tell them apart.
constexpr double kTimelineResolution = 1.0 / 4000;

const char *const kNoAssets =
    "this hotline was built without the HTML report's assets (npm was not "
    "found when it was built; see docs/html-report.md)";

const char *const kDescription =
    "Writes the whole analysis of the profiles as one HTML page, OUT, that a "
    "browser\nopens without a network: summary, bottlenecks and suggestions, "
    "a flame graph of\nthe call tree (click to zoom), sortable tables of "
    "functions, lines and loops,\nthe annotated source of the hottest "
    "functions, memory, GPU and I/O. Sections\nwithout data say why in one "
    "line. Source files are read now, and their hot\nlines put in the page. "
    "With --history, a History section charts measures over\nthe runs of a "
    "history, with their change points (docs/history.md).";

// The command line; its help says when the assets are missing.

// The analysis `hotline report` shows with its defaults, with the call tree, and the
// functions by self time.
Analysis analyze(const std::vector<std::string> &paths) {
  analysis::AnalysisOptions options;
  options.call_tree = true;
  Analysis a = analysis::analyze(profile::read_profiles(paths), options);
  analysis::sort_functions(a.functions.functions, analysis::FunctionOrder::Self);
  return a;
}

template <typename T, typename Get>
void write_column(json::Writer &json, const char *name, const std::vector<T> &rows, Get get) {
  json.key(name);
  json.begin_array();
  for (const T &row : rows)
    json.value(get(row));
  json.end_array();
}

// Every function, by self time, one array per column (the page's biggest
// table: keys once, not once per row; `file` indexes `files`). Returns each
// FunctionId's row.
// With `durations` (HOTLINE_HISTOGRAMS), each function's p50, p99 and longest call too (0 and
// no calls where it has none).
std::map<analysis::FunctionId, size_t>
write_functions(json::Writer &json, const analysis::FunctionTable &table,
                const std::optional<analysis::DurationTable> &durations) {
  using analysis::FunctionStats;
  const std::vector<FunctionStats> &rows = table.functions;
  json.begin_object();
  write_column(json, "name", rows, [](const FunctionStats &f) { return f.function.name; });
  write_column(json, "short_name", rows,
               [](const FunctionStats &f) { return text::readable_name(f.function.name); });
  // Files repeat (a library's headers): each is written once, and indexed.
  std::vector<std::string> files;
  std::map<std::string, size_t> file_index;
  for (const FunctionStats &f : rows)
    if (file_index.try_emplace(f.function.file, files.size()).second)
      files.push_back(f.function.file);
  json.key("files");
  json.begin_array();
  for (const std::string &file : files)
    json.value(file);
  json.end_array();
  write_column(json, "file", rows,
               [&](const FunctionStats &f) { return file_index.at(f.function.file); });
  write_column(json, "line", rows, [](const FunctionStats &f) { return f.function.line; });
  write_column(json, "calls", rows, [](const FunctionStats &f) { return f.calls; });
  write_column(json, "self_ns", rows, [](const FunctionStats &f) { return f.self_ns; });
  write_column(json, "total_ns", rows, [](const FunctionStats &f) { return f.total_ns; });
  write_column(json, "timed", rows, [](const FunctionStats &f) { return f.timed ? 1 : 0; });
  write_column(json, "timing_stopped", rows,
               [](const FunctionStats &f) { return f.timing_stopped ? 1 : 0; });
  if (durations) {
    auto of = [&](const FunctionStats &f) {
      const analysis::DurationStats *d = durations->find(f.id);
      return d ? *d : analysis::DurationStats{};
    };
    write_column(json, "duration_calls", rows, [&](const FunctionStats &f) { return of(f).calls; });
    write_column(json, "p50_ns", rows, [&](const FunctionStats &f) { return of(f).p50_ns; });
    write_column(json, "p99_ns", rows, [&](const FunctionStats &f) { return of(f).p99_ns; });
    write_column(json, "longest_ns", rows,
                 [&](const FunctionStats &f) { return of(f).longest_ns; });
  }
  json.end_object();
  std::map<analysis::FunctionId, size_t> row_of;
  for (size_t i = 0; i < rows.size(); ++i)
    row_of[rows[i].id] = i;
  return row_of;
}

// The call tree without its artificial root and without the calls that took
// no time, parents before children, one array per column: `parent` is an
// index into these arrays (-1 for a thread's top-level call), `function` a row
// of the functions' table.
void write_tree(json::Writer &json, const analysis::CallTree &tree,
                const std::map<analysis::FunctionId, size_t> &row_of) {
  struct Entry {
    uint32_t node;
    int64_t parent;
  };
  std::vector<Entry> order;
  std::vector<Entry> stack;
  const auto &root = tree.nodes[analysis::CallTree::kRoot];
  for (auto it = root.children.rbegin(); it != root.children.rend(); ++it)
    stack.push_back({*it, -1});
  while (!stack.empty()) {
    Entry entry = stack.back();
    stack.pop_back();
    const auto &node = tree.nodes[entry.node];
    if (node.inclusive_ns == 0 || row_of.count(node.function) == 0)
      continue;
    int64_t index = int64_t(order.size());
    order.push_back(entry);
    for (auto it = node.children.rbegin(); it != node.children.rend(); ++it)
      stack.push_back({*it, index});
  }
  json.begin_object();
  json.field("total_ns", root.inclusive_ns);
  write_column(json, "function", order,
               [&](const Entry &e) { return row_of.at(tree.nodes[e.node].function); });
  write_column(json, "parent", order, [](const Entry &e) { return e.parent; });
  write_column(json, "inclusive_ns", order,
               [&](const Entry &e) { return tree.nodes[e.node].inclusive_ns; });
  write_column(json, "exclusive_ns", order,
               [&](const Entry &e) { return tree.nodes[e.node].exclusive_ns; });
  write_column(json, "calls", order, [&](const Entry &e) { return tree.nodes[e.node].calls; });
  write_column(json, "inlined", order,
               [&](const Entry &e) { return tree.nodes[e.node].inlined ? 1 : 0; });
  json.end_object();
}

void write_lines(json::Writer &json, const analysis::LineTable &table) {
  std::vector<LineStats> shown(table.lines.begin(),
                               table.lines.begin() + std::min(table.lines.size(), kTableRows));
  json.begin_object();
  write_lines_fields(json, table, shown);
  json.end_object();
}

void write_loops(json::Writer &json, const std::vector<LoopStats> &loops) {
  json.begin_array();
  for (size_t i = 0; i < loops.size() && i < kTableRows; ++i) {
    const LoopStats &loop = loops[i];
    json.begin_object();
    json.field("file", loop.file);
    json.field("line", loop.line);
    json.field("function", loop.function);
    json.field("short_function", text::readable_name(loop.function));
    json.field("entries", loop.entries);
    json.field("iterations", loop.iterations);
    json.field("max_trips", loop.max_trips);
    json.field("time_ns", loop.time_ns());
    json.field("percent", json::rounded(loop.time_percent()));
    json.field("sampled", loop.timed_entries == 0);
    json.field("optimizer", loop.facts);
    json.end_object();
  }
  json.end_array();
}

// The hottest functions' source, each line as [number, text, count, time_ns,
// percent] (count: null where no code was counted), and their loops' lines.
// Returns why nothing could be shown, or "".
std::string write_annotated(json::Writer &json, const analysis::LineTable &table,
                            const std::vector<LoopStats> &loops, const std::string &source_dir) {
  std::vector<FunctionLines> functions = functions_of(table);
  std::vector<std::string> unreadable;
  json.begin_array();
  size_t shown = 0;
  for (const FunctionLines &f : functions) {
    if (shown == kAnnotatedFunctions)
      break;
    std::vector<std::string> source = read_source(f.file, source_dir);
    if (source.empty()) {
      unreadable.push_back(f.file);
      continue;
    }
    ++shown;
    json.begin_object();
    json.field("function", f.name);
    json.field("file", f.file);
    json.field("percent", table.samples ? 100.0 * double(f.samples) / double(table.samples) : 0.0);
    uint32_t last = std::min<uint32_t>(
        {f.last_line, uint32_t(source.size()), f.first_line + kAnnotatedMaxLines - 1});
    json.key("lines");
    json.begin_array();
    for (uint32_t n = std::max(f.first_line, 1u); n <= last; ++n) {
      auto it = f.lines.find(n);
      const LineStats *line = it == f.lines.end() ? nullptr : it->second;
      json.begin_array();
      json.value(n);
      json.value(source[n - 1]);
      if (line && line->counted)
        json.value(line->count);
      else
        json.null_value();
      json.value(line ? line->time_ns : 0);
      json.value(line ? json::rounded(line->percent) : 0.0);
      json.end_array();
    }
    json.end_array();
    json.key("loops");
    json.begin_array();
    for (const LoopStats &loop : loops) {
      if (loop.file != f.file || loop.function != f.name)
        continue;
      json.begin_object();
      json.field("line", loop.line);
      json.field("entries", loop.entries);
      json.field("iterations", loop.iterations);
      json.field("time_ns", loop.time_ns());
      json.field("optimizer", loop.facts);
      json.end_object();
    }
    json.end_array();
    json.end_object();
  }
  json.end_array();
  if (functions.empty())
    return "No function was built in line mode: build with "
           "-fplugin-arg-hotline-lines and -g.";
  if (shown == 0)
    return fmt::format("The source of the hottest functions was not readable "
                       "when this page was made ({}); use --source-dir.",
                       unreadable.front());
  return "";
}

void write_memory(json::Writer &json, const analysis::MemoryTable &memory) {
  json.begin_object();
  json.key("heap");
  write_heap_json(json, memory.heap);
  json.field("place_count", memory.places.size());
  json.key("places");
  write_memory_places_json(
      json, analysis::top_memory_places(memory, analysis::MemoryOrder::Bytes, kTableRows));
  json.end_object();
}

void write_io(json::Writer &json, const analysis::IoTable &io) {
  json.begin_object();
  json.key("total");
  json.begin_object();
  write_io_count_fields(json, io.total);
  json.end_object();
  json.key("main_threads");
  json.begin_array();
  for (const analysis::ThreadIo &thread : io.threads)
    if (thread.main)
      write_thread_io_json(json, thread);
  json.end_array();
  json.field("file_count", io.files.size());
  std::vector<analysis::IoFileStats> files = io.files;
  if (files.size() > kTableRows)
    files.resize(kTableRows);
  json.key("files");
  write_io_files_json(json, files);
  json.field("place_count", io.places.size());
  std::vector<analysis::IoPlaceStats> places = io.places;
  if (places.size() > kTableRows)
    places.resize(kTableRows);
  json.key("places");
  write_io_places_json(json, places);
  json.end_object();
}

// One bar of the GPU timeline: work on one device that ran back to back.
struct Bar {
  uint64_t start_ns = 0;
  uint64_t end_ns = 0;
  uint64_t count = 0;
  uint64_t longest_ns = 0;
  size_t what = 0; // the longest piece's kernel name, or its transfer kind
};

struct Interval {
  uint64_t start_ns;
  uint64_t end_ns;
  size_t what;
};

std::vector<Bar> merge_bars(std::vector<Interval> work, uint64_t gap_ns) {
  std::sort(work.begin(), work.end(), [](const Interval &a, const Interval &b) {
    return std::tie(a.start_ns, a.end_ns) < std::tie(b.start_ns, b.end_ns);
  });
  std::vector<Bar> bars;
  for (const Interval &piece : work) {
    uint64_t length = piece.end_ns - piece.start_ns;
    if (bars.empty() || piece.start_ns > bars.back().end_ns + gap_ns)
      bars.push_back({piece.start_ns, piece.end_ns, 0, 0, piece.what});
    Bar &bar = bars.back();
    bar.end_ns = std::max(bar.end_ns, piece.end_ns);
    ++bar.count;
    if (length >= bar.longest_ns) {
      bar.longest_ns = length;
      bar.what = piece.what;
    }
  }
  return bars;
}

void write_bars(json::Writer &json, const std::vector<Bar> &bars) {
  json.begin_array();
  for (const Bar &bar : bars) {
    json.begin_array();
    json.value(bar.start_ns);
    json.value(bar.end_ns);
    json.value(bar.count);
    json.value(bar.what);
    json.end_array();
  }
  json.end_array();
}

// Each device's kernels and transfers over its run's wall time, as bars
// [start_ns, end_ns, count, what]: `what` indexes kernel_names for kernels
// and is the HOTLINE_GPU_COPY_* kind for transfers.
void write_gpu_timeline(json::Writer &json, const std::vector<Profile> &profiles) {
  std::vector<std::string> names;
  std::map<std::string, size_t> name_index;
  analysis::KernelNames demangle;
  auto name_of = [&](const std::string &mangled) {
    auto [it, added] = name_index.try_emplace(mangled, names.size());
    if (added)
      names.push_back(demangle(mangled));
    return it->second;
  };
  json.begin_object();
  json.key("devices");
  json.begin_array();
  for (const Profile &profile : profiles) {
    std::map<uint32_t, std::pair<std::vector<Interval>, std::vector<Interval>>> devices;
    for (const profile::GpuKernel &k : profile.gpu_kernels)
      devices[k.device].first.push_back({k.start_ns, k.end_ns, name_of(k.name)});
    for (const profile::GpuTransfer &t : profile.gpu_transfers)
      devices[t.device].second.push_back({t.start_ns, t.end_ns, t.kind});
    uint64_t gap_ns = uint64_t(double(profile.run.wall_ns) * kTimelineResolution);
    for (const auto &[device, work] : devices) {
      json.begin_object();
      json.field("profile", profile.display_name);
      json.field("device", device);
      std::string name;
      for (const profile::GpuDevice &d : profile.gpu_devices)
        if (d.device == device)
          name = d.name;
      json.field("name", name);
      json.field("wall_ns", profile.run.wall_ns);
      json.field("kernel_count", work.first.size());
      json.field("transfer_count", work.second.size());
      json.key("kernels");
      write_bars(json, merge_bars(work.first, gap_ns));
      json.key("transfers");
      write_bars(json, merge_bars(work.second, gap_ns));
      json.end_object();
    }
  }
  json.end_array();
  json.key("kernel_names");
  json.begin_array();
  for (const std::string &name : names)
    json.value(name);
  json.end_array();
  json.end_object();
}

std::string no_memory_reason(const Analysis &a) {
  if (!a.memory)
    return "No heap records: the profiles were written by a runtime that did "
           "not track memory.";
  std::string note = missing_heap_note(a.memory->heap);
  if (!note.empty())
    return note;
  return "";
}

std::string no_gpu_reason(const Analysis &a) {
  if (!a.gpu)
    return "No CUDA in this run.";
  if (a.gpu->launches != 0 || a.gpu->transfer_count != 0)
    return "";
  // One line: the profiles' CUDA status lines, joined.
  std::string status = cuda_status_lines(a.profiles, true);
  while (!status.empty() && status.back() == '\n')
    status.pop_back();
  for (size_t at; (at = status.find('\n')) != std::string::npos;)
    status.replace(at, 1, "; ");
  return status + ": no kernel or transfer was recorded.";
}

// ---- the history (--history) ------------------------------------------------------------------

// The measures a page follows by default when the wall time moved with none.
constexpr size_t kDefaultTrends = 3;

// A measure the page follows over the runs, as --trend names it: NAME may be "" (the one name
// of its kind), the whole name, or a part that only one name contains.
struct TrendRequest {
  std::string kind;
  std::string name;
};

struct HistoryOptions {
  std::string location;
  std::string where;
  history::RunFilter filter;
  std::vector<TrendRequest> trends; // empty: the default (see default_functions)
};

// One measure over the runs, with what `hotline history trend` says of it.
struct Trend {
  std::string kind;
  std::string name;
  history::RunSeries series;
  std::vector<history::MeasureChange> changes;
  std::vector<std::vector<history::Moved>> moved; // with each change
};

struct HistoryView {
  std::string name; // the database, as the history names it
  std::string where;
  std::vector<history::Run> runs;
  history::ChangePointOptions change_points;
  std::vector<Trend> trends;
};

// "K[:NAME],K[:NAME]...": commas inside <>, () or [] are part of a name (a template's
// arguments), and a kind has no colon, so the first one ends it.
std::vector<TrendRequest> parse_trends(const std::string &text) {
  std::vector<std::string> items(1);
  int depth = 0;
  for (char c : text) {
    if (c == '<' || c == '(' || c == '[')
      ++depth;
    else if ((c == '>' || c == ')' || c == ']') && depth > 0)
      --depth;
    if (c == ',' && depth == 0)
      items.emplace_back();
    else
      items.back() += c;
  }
  std::vector<TrendRequest> trends;
  for (const std::string &item : items) {
    size_t colon = item.find(':');
    TrendRequest trend{item.substr(0, colon),
                       colon == std::string::npos ? "" : item.substr(colon + 1)};
    if (!history::find_measure_kind(trend.kind)) {
      std::string kinds;
      for (const history::MeasureKind &known : history::kMeasureKinds)
        kinds += std::string(kinds.empty() ? "" : ", ") + known.name;
      throw cli::UsageError(fmt::format("--trend: '{}' is not a kind of measure ({})",
                                        text::printable(trend.kind), kinds));
    }
    trends.push_back(trend);
  }
  return trends;
}

// The name of `kind` that `wanted` names, as `hotline history trend` finds it.
std::string find_name(const history::MeasureSet &measures, const std::string &store,
                      const TrendRequest &wanted) {
  auto names = measures.find(wanted.kind);
  if (names == measures.end())
    throw history::HistoryError(
        fmt::format("{}: no run that matches has a {} measure", store, wanted.kind));
  std::vector<std::string> containing = history::names_matching(names->second, wanted.name);
  if (containing.size() == 1)
    return containing[0];
  std::string some;
  for (size_t i = 0; i < containing.size() && i < 8; ++i)
    some += "\n  " + text::printable(containing[i]);
  if (containing.size() > 8)
    some += "\n  ...";
  if (containing.empty())
    throw cli::UsageError(fmt::format("--trend: no {} measure is named '{}'", wanted.kind,
                                      text::printable(wanted.name)));
  if (wanted.name.empty())
    throw cli::UsageError(fmt::format("--trend: {} has several measures; name one ({}:NAME):{}",
                                      wanted.kind, wanted.kind, some));
  throw cli::UsageError(fmt::format("--trend: several {} measures contain '{}':{}", wanted.kind,
                                    text::printable(wanted.name), some));
}

Trend trend_of(const std::string &kind, const std::string &name,
               const std::vector<history::Run> &runs, const history::MeasureSet &measures,
               const history::ChangePointOptions &options) {
  const history::Series &series = measures.at(kind).at(name);
  Trend trend;
  trend.kind = kind;
  trend.name = name;
  trend.series = history::series_in_order(runs, series);
  trend.changes = history::changes_of(kind, name, runs, series, options);
  for (size_t i = 0; i < trend.changes.size(); ++i)
    trend.moved.push_back(history::moved_with(trend.changes, i, runs, measures,
                                              history::kMovedFloorPercent,
                                              history::kMovedSignificance));
  return trend;
}

double median_of(const history::Series &series) {
  std::vector<double> values;
  for (const auto &[run, value] : series)
    values.push_back(value);
  std::sort(values.begin(), values.end());
  size_t middle = values.size() / 2;
  return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

// Without --trend: the wall time and the functions whose self time moved with its changes;
// when none did, the biggest functions by their median self time.
std::vector<std::string> default_functions(const Trend &wall, const history::MeasureSet &measures) {
  std::vector<std::string> names;
  for (const std::vector<history::Moved> &moved : wall.moved)
    for (const history::Moved &other : moved)
      if (other.kind == "function.self" &&
          std::find(names.begin(), names.end(), other.name) == names.end())
        names.push_back(other.name);
  auto functions = measures.find("function.self");
  if (!names.empty() || functions == measures.end())
    return names;
  std::vector<std::pair<double, std::string>> biggest;
  for (const auto &[name, series] : functions->second)
    biggest.push_back({median_of(series), name});
  std::sort(biggest.begin(), biggest.end(), [](const auto &a, const auto &b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  for (size_t i = 0; i < biggest.size() && i < kDefaultTrends; ++i)
    names.push_back(biggest[i].second);
  return names;
}

HistoryView read_history(const HistoryOptions &options) {
  history::History store = history::History::open(options.location, false);
  HistoryView view;
  view.name = store.name();
  view.where = options.where;
  view.runs = store.runs(options.filter);
  if (view.runs.empty())
    return view;
  std::vector<int64_t> ids;
  for (const history::Run &run : view.runs)
    ids.push_back(run.id);
  history::MeasureSet measures = store.measures(ids);
  if (options.trends.empty()) {
    view.trends.push_back(trend_of("wall", "", view.runs, measures, view.change_points));
    for (const std::string &name : default_functions(view.trends[0], measures))
      view.trends.push_back(
          trend_of("function.self", name, view.runs, measures, view.change_points));
    return view;
  }
  for (const TrendRequest &wanted : options.trends)
    view.trends.push_back(trend_of(wanted.kind, find_name(measures, view.name, wanted), view.runs,
                                   measures, view.change_points));
  return view;
}

// --history's options, checked before any profile is read.
std::optional<HistoryOptions> history_options(const cli::ParsedArgs &parsed) {
  std::optional<std::string> location = parsed.value("history");
  if (!location) {
    for (const char *option : {"trend", "where"})
      if (parsed.value(option))
        throw cli::UsageError(fmt::format("html: --{} needs --history", option));
    return std::nullopt;
  }
  if (location->empty())
    throw cli::UsageError("option --history needs a value (DB)");
  HistoryOptions options;
  options.location = *location;
  if (std::optional<std::string> where = parsed.value("where")) {
    options.where = *where;
    options.filter = history::parse_filter(*where);
  }
  if (std::optional<std::string> trends = parsed.value("trend"))
    options.trends = parse_trends(*trends);
  return options;
}

void write_comparison(json::Writer &json, double before, double after, double change, double low,
                      double high, double p_value) {
  json.field("before", before);
  json.field("after", after);
  json.field("change", change);
  json.field("change_low", low);
  json.field("change_high", high);
  json.field("p_value", p_value);
}

// The runs once (the trends name them by id), then each trend: its points as two columns, the
// medians between its change points (levels: [from, to) positions), its change points and what
// moved with each.
void write_history(json::Writer &json, const HistoryView &view) {
  auto unit_of = [](const std::string &kind) {
    const history::MeasureKind *known = history::find_measure_kind(kind);
    return history::unit_name(known ? known->unit : history::Unit::Count);
  };
  json.begin_object();
  json.field("name", view.name);
  json.field("where", view.where);
  json.field("significance", view.change_points.significance);
  json.field("moved_significance", history::kMovedSignificance);
  json.field("moved_floor_percent", history::kMovedFloorPercent);
  json.key("runs");
  json.begin_array();
  for (const history::Run &run : view.runs) {
    json.begin_object();
    json.field("id", run.id);
    json.field("start_unix_ns", run.start_unix_ns);
    json.field("commit", run.commit);
    json.field("dirty", run.dirty == 1);
    json.field("branch", run.branch);
    json.key("tags");
    json.begin_object();
    for (const auto &[key, value] : run.tags)
      json.field(key, value);
    json.end_object();
    json.end_object();
  }
  json.end_array();
  json.key("trends");
  json.begin_array();
  for (const Trend &trend : view.trends) {
    json.begin_object();
    json.field("kind", trend.kind);
    json.field("name", trend.name);
    json.field("unit", unit_of(trend.kind));
    write_column(json, "run", trend.series.runs, [](int64_t id) { return id; });
    write_column(json, "value", trend.series.values, [](double value) { return value; });
    json.key("levels");
    json.begin_array();
    for (size_t i = 0; i <= trend.changes.size() && !trend.changes.empty(); ++i) {
      json.begin_array();
      json.value(i == 0 ? 0 : trend.changes[i - 1].position);
      json.value(i == trend.changes.size() ? trend.series.runs.size() : trend.changes[i].position);
      json.value(i == 0 ? trend.changes[0].change.before : trend.changes[i - 1].change.after);
      json.end_array();
    }
    json.end_array();
    json.key("change_points");
    json.begin_array();
    for (size_t i = 0; i < trend.changes.size(); ++i) {
      const history::MeasureChange &change = trend.changes[i];
      json.begin_object();
      json.field("run", change.run);
      json.field("position", change.position);
      write_comparison(json, change.change.before, change.change.after, change.change.change,
                       change.change.change_low, change.change.change_high, change.change.p_value);
      json.key("moved_with");
      json.begin_array();
      for (const history::Moved &other : trend.moved[i]) {
        const history::Comparison &c = other.comparison;
        json.begin_object();
        json.field("kind", other.kind);
        json.field("name", other.name);
        json.field("unit", unit_of(other.kind));
        write_comparison(json, c.baseline_median, c.current_median, c.change, c.change_low,
                         c.change_high, c.p_value);
        json.end_object();
      }
      json.end_array();
      json.end_object();
    }
    json.end_array();
    json.end_object();
  }
  json.end_array();
  json.end_object();
}

std::string data_json(const Analysis &a, const std::string &source_dir,
                      const HistoryView *history_view) {
  json::Writer json;
  std::map<std::string, std::string> missing;
  json.begin_object();
  json.field("hotline_version", kVersion);
  json.key("runs");
  write_runs_json(json, a.profiles);
  json.field("measured_ns", a.functions.measured_ns);
  json.field("timing_note", timing_cost_note(a.timing_cost) + call_paths_note(a.profiles));
  json.key("functions");
  auto row_of = write_functions(json, a.functions, a.durations);
  json.key("tree");
  write_tree(json, *a.tree, row_of);
  if (a.functions.functions.empty())
    missing["functions"] = "No instrumented function was called.";

  json.field("threshold_percent", a.threshold_percent);
  json.key("bottlenecks");
  write_bottlenecks_json(json, a.bottlenecks);
  json.key("suggestions");
  write_findings_json(json, a.findings);

  json.key("lines");
  write_lines(json, a.lines);
  json.key("loops");
  write_loops(json, a.loops);
  if (a.lines.lines.empty())
    missing["lines"] = "No line was counted or sampled: build with "
                       "-fplugin-arg-hotline-lines and -g.";
  if (a.loops.empty())
    missing["loops"] = "No loop was counted: build with "
                       "-fplugin-arg-hotline-lines and -g.";
  json.key("annotated");
  std::string annotated = write_annotated(json, a.lines, a.loops, source_dir);
  if (!annotated.empty())
    missing["annotated"] = annotated;

  std::string no_memory = no_memory_reason(a);
  if (no_memory.empty()) {
    json.key("memory");
    write_memory(json, *a.memory);
  } else {
    missing["memory"] = no_memory;
  }
  if (a.system) {
    json.key("system");
    write_system_json(json, *a.system, a.profiles);
  }
  if (!a.system || a.system->total.samples == 0)
    missing["memory_over_time"] = "No system samples: run with HOTLINE_SAMPLE_MS=100 to record the "
                                  "resident memory and CPU use over time.";

  std::string no_gpu = no_gpu_reason(a);
  if (no_gpu.empty()) {
    json.key("gpu");
    write_gpu_json(json, *a.gpu, a.profiles, kTableRows);
    json.key("gpu_timeline");
    write_gpu_timeline(json, a.profiles);
  } else {
    missing["gpu"] = no_gpu;
  }

  // What the profiles recorded beyond every program's measures: shown only when present.
  const analysis::RegionTable &regions = a.regions;
  if (!regions.regions.empty() || !regions.ranges.empty() ||
      analysis::splits_time_by_category(regions)) {
    json.key("regions");
    write_regions_json(json, regions);
  }
  if (a.sync) {
    json.key("synchronization");
    write_sync_json(json, *a.sync, kTableRows);
  }
  if (a.mpi) {
    json.key("mpi");
    write_mpi_json(json, *a.mpi, kTableRows);
  }
  if (a.ranks) {
    json.key("ranks");
    write_ranks_json(json, *a.ranks, kTableRows);
  }

  if (a.io) {
    json.key("io");
    write_io(json, *a.io);
  } else {
    missing["io"] = "No I/O was recorded: the program read and wrote no "
                    "file, or ran with HOTLINE_IO=0.";
  }

  if (history_view) {
    const HistoryView &view = *history_view;
    json.key("history");
    write_history(json, view);
    if (view.runs.empty())
      missing["history"] =
          view.where.empty()
              ? fmt::format("{} has no run yet: add some with 'hotline history add'.", view.name)
              : fmt::format("No run of {} meets {}.", view.name, view.where);
  }

  json.key("missing");
  json.begin_object();
  for (const auto &[section, reason] : missing)
    json.field(section, reason);
  json.end_object();
  json.end_object();
  return json.text();
}

// The JSON without the writer's indentation (a large profile's data is a
// third smaller), and safe inside a <script> element: "</" and "<!" in
// strings become "\u003c/" and "\u003c!".
std::string page_json(const std::string &json) {
  std::string out;
  out.reserve(json.size());
  bool in_string = false, escaped = false;
  for (size_t i = 0; i < json.size(); ++i) {
    char c = json[i];
    if (!in_string) {
      if (c == ' ' || c == '\n')
        continue;
      in_string = c == '"';
      out += c;
      continue;
    }
    if (escaped)
      escaped = false;
    else if (c == '\\')
      escaped = true;
    else if (c == '"')
      in_string = false;
    if (c == '<' && i + 1 < json.size() && (json[i + 1] == '/' || json[i + 1] == '!'))
      out += "\\u003c";
    else
      out += c;
  }
  return out;
}

std::string html_escape(const std::string &text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

// A script's text inside a <script> element, which the first "</script" would
// end.
std::string script(const std::string &code) {
  std::string out = "<script>";
  size_t from = 0;
  for (size_t at; (at = code.find("</script", from)) != std::string::npos; from = at + 2)
    out += code.substr(from, at - from) + "<\\/";
  out += code.substr(from);
  out += "</script>\n";
  return out;
}

// page.html with each {{name}} replaced by its value, in one pass: values are
// not searched for names.
std::string fill(const std::string &page, const std::map<std::string, std::string> &values) {
  std::string out;
  size_t from = 0;
  for (size_t at; (at = page.find("{{", from)) != std::string::npos;) {
    size_t end = page.find("}}", at);
    auto value =
        end == std::string::npos ? values.end() : values.find(page.substr(at + 2, end - at - 2));
    if (value == values.end())
      throw std::logic_error("page.html names an unknown value at " + std::to_string(at));
    out += page.substr(from, at - from) + value->second;
    from = end + 2;
  }
  return out + page.substr(from);
}

std::string page(const Analysis &a, const std::string &source_dir,
                 const HistoryView *history_view) {
  std::string title = "hotline";
  if (!a.profiles.empty())
    title += ": " + std::filesystem::path(a.profiles[0].run.program).filename().string();
  return fill(html::asset("page.html"),
              {{"title", html_escape(text::printable(title))},
               {"style", html::asset("report.css")},
               {"data", page_json(data_json(a, source_dir, history_view))},
               {"libraries",
                script(html::asset("d3.min.js")) + script(html::asset("d3-flamegraph.min.js"))},
               {"report", script(html::asset("report.js"))},
               {"licenses", html_escape(html::asset("d3.LICENSE")) + "\n\n" +
                                html_escape(html::asset("d3-flame-graph.LICENSE"))}});
}

} // namespace

// html's help says when this build has no assets.
const std::string kHtmlDescription =
    std::string(kDescription) +
    (html::assets_built() ? "" : std::string("\nNote: ") + kNoAssets + ".");

const cli::CommandSpec kHtmlCommand = {
    "html",
    "hotline html [options] FILE... -o OUT",
    kHtmlDescription.c_str(),
    {
        {"output", "OUT", "write the page to OUT (required)", 'o'},
        {"source-dir", "DIR",
         "look for source files here when they are not where they were "
         "built"},
        {"history", "DB",
         "add a History section: measures over the runs of DB (a SQLite file or a "
         "postgresql:// URL) and their change points"},
        {"trend", "K[:NAME],...",
         "the measures it charts (default: wall, and the function.self that moved with it)"},
        {"where", "COND", "only the history's runs that meet COND, as history's --where"},
    }};

int run_html(const cli::ParsedArgs &parsed) {
  if (!html::assets_built()) {
    fmt::print(stderr, "hotline: html: {}\n", kNoAssets);
    return 1;
  }
  std::optional<std::string> output = parsed.value("output");
  if (!output)
    throw cli::UsageError(
        fmt::format("html: no output file given (usage: {})", kHtmlCommand.usage));
  if (output->empty())
    throw cli::UsageError("option --output needs a value (OUT)");
  const std::vector<std::string> &inputs = cli::profile_paths(parsed, kHtmlCommand);
  std::optional<HistoryView> history_view;
  try {
    if (std::optional<HistoryOptions> options = history_options(parsed))
      history_view = read_history(*options);
  } catch (const history::HistoryError &e) {
    // As `hotline history` says it: a history that cannot be read is a usage error.
    throw cli::UsageError(e.what());
  }
  Analysis analysis = analyze(inputs);
  std::string html = page(analysis, parsed.value("source-dir").value_or(""),
                          history_view ? &*history_view : nullptr);
  std::ofstream out(*output, std::ios::binary);
  out << html;
  out.close();
  if (!out)
    throw profile::ProfileFileError(
        fmt::format("{}: cannot write the page", text::printable(*output)));
  size_t profiles = analysis.profiles.size();
  fmt::print("Wrote {} ({}) for {} profile{}\n", text::printable(*output),
             text::format_bytes(html.size()), profiles, profiles == 1 ? "" : "s");
  return 0;
}

} // namespace hotline
