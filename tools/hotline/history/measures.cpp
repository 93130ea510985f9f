// A run's measures, from its analysis.
#include "history/measures.h"

#include "analysis/gpu.h"
#include "cli/places.h"
#include "cli/readable_names.h"
#include "cli/text_format.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>

namespace hotline::history {

const std::vector<MeasureKind> kMeasureKinds = {
    {"wall", Unit::Nanoseconds, "the run's wall time (its longest process)", true},
    {"cpu", Unit::Nanoseconds, "the processes' CPU time, all threads", false},
    {"energy", Unit::Joules, "CPU package energy of the machine during the run", false},
    {"timing-cost", Unit::Nanoseconds,
     "the measured cost of timing one call (what compensation subtracts), in ns", false},
    {"function.self", Unit::Nanoseconds, "a function's self time (callees excluded)", true},
    {"function.total", Unit::Nanoseconds, "a function's time with its callees", false},
    {"function.calls", Unit::Count, "a function's exact calls", false},
    {"path.total", Unit::Nanoseconds, "a call path's time with its callees (the biggest 20)",
     false},
    {"line.count", Unit::Count, "a source line's exact executions (the biggest 200 lines)", false},
    {"line.time", Unit::Nanoseconds, "a source line's sampled time (the biggest 200 lines)", false},
    {"loop.time", Unit::Nanoseconds, "a loop's time, callees included", false},
    {"loop.iterations", Unit::Count, "a loop's exact iterations", false},
    {"region.time", Unit::Nanoseconds, "a region's time, summed over threads", true},
    {"category.time", Unit::Nanoseconds, "a category's time, all threads", false},
    {"kernel.time", Unit::Nanoseconds, "a GPU kernel's GPU time, all launches", true},
    {"kernel.launches", Unit::Count, "a GPU kernel's launches", false},
    {"transfer.time", Unit::Nanoseconds, "GPU transfers' time, by direction", true},
    {"transfer.bytes", Unit::Bytes, "GPU transfers' bytes, by direction", false},
    {"file.read", Unit::Bytes, "bytes read from a file", false},
    {"file.written", Unit::Bytes, "bytes written to a file", false},
    {"file.io-time", Unit::Nanoseconds, "time blocked in I/O calls on a file", true},
    {"heap.peak", Unit::Bytes, "the most heap bytes live at once (the largest process's)", false},
    {"heap.rss", Unit::Bytes, "the peak resident set (the largest process's)", false},
    {"heap.allocations", Unit::Count, "heap allocations, all processes", false},
    {"heap.bytes", Unit::Bytes, "heap bytes allocated, all processes", false},
    {"place.allocations", Unit::Count,
     "heap allocations made at a source place (the biggest 50 places)", false},
    {"place.bytes", Unit::Bytes, "heap bytes allocated at a source place (the biggest 50)", false},
};

const MeasureKind *find_measure_kind(const std::string &name) {
  for (const MeasureKind &kind : kMeasureKinds)
    if (name == kind.name)
      return &kind;
  return nullptr;
}

const char *unit_name(Unit unit) {
  switch (unit) {
  case Unit::Nanoseconds:
    return "ns";
  case Unit::Count:
    return "count";
  case Unit::Bytes:
    return "bytes";
  case Unit::Joules:
    return "J";
  }
  return "";
}

std::string format_value(Unit unit, double value) {
  uint64_t whole = value <= 0 ? 0 : uint64_t(value + 0.5);
  switch (unit) {
  case Unit::Nanoseconds:
    return text::format_duration(whole);
  case Unit::Count:
    return text::format_count(whole);
  case Unit::Bytes:
    return text::format_bytes(whole);
  case Unit::Joules:
    return fmt::format("{:.3g} J", value);
  }
  return "";
}

namespace {

// A name as the views print it, whole: the same function is the same name in every run.
std::string full_name(const std::string &demangled) {
  return text::readable_name(demangled, SIZE_MAX);
}

class MeasureList {
public:
  void add(const char *kind, std::string name, double value) {
    if (!seen_.insert({kind, name}).second)
      return; // the first of two same names (the biggest: every table is sorted so)
    measures_.push_back({kind, std::move(name), value});
  }
  std::vector<Measure> take() { return std::move(measures_); }

private:
  std::vector<Measure> measures_;
  std::set<std::pair<std::string, std::string>> seen_;
};

// Function names, with the file where two functions of the run share a name (static functions
// of two files).
std::vector<std::string> function_names(const analysis::FunctionTable &functions) {
  std::map<std::string, size_t> uses;
  for (const analysis::FunctionStats &function : functions.functions)
    ++uses[full_name(function.function.name)];
  std::vector<std::string> names;
  for (const analysis::FunctionStats &function : functions.functions) {
    std::string name = full_name(function.function.name);
    if (uses[name] > 1)
      name += fmt::format(" [{}]", function.function.file);
    names.push_back(std::move(name));
  }
  return names;
}

// The biggest call paths of the merged tree, as "main > load > parse".
void add_call_paths(const analysis::Analysis &analysis, MeasureList &list) {
  if (!analysis.tree || analysis.tree->nodes.empty())
    return;
  const analysis::CallTree &tree = *analysis.tree;
  struct Path {
    uint64_t inclusive_ns;
    std::string name;
  };
  std::vector<Path> paths;
  // Depth-first from the root's children, carrying each node's path.
  std::vector<std::pair<uint32_t, std::string>> stack;
  for (uint32_t child : tree.nodes[0].children)
    stack.push_back({child, ""});
  while (!stack.empty()) {
    auto [index, prefix] = std::move(stack.back());
    stack.pop_back();
    const analysis::CallTree::Node &node = tree.nodes[index];
    std::string name = full_name(analysis.catalog->function(node.function).name);
    std::string path = prefix.empty() ? name : prefix + " > " + name;
    paths.push_back({node.inclusive_ns, path});
    for (uint32_t child : node.children)
      stack.push_back({child, path});
  }
  std::stable_sort(paths.begin(), paths.end(), [](const Path &a, const Path &b) {
    return a.inclusive_ns != b.inclusive_ns ? a.inclusive_ns > b.inclusive_ns : a.name < b.name;
  });
  for (size_t i = 0; i < paths.size() && i < kKeptCallPaths; ++i)
    list.add("path.total", paths[i].name, double(paths[i].inclusive_ns));
}

void add_lines_and_loops(const analysis::Analysis &analysis, MeasureList &list) {
  size_t kept = 0;
  for (const analysis::LineStats &line : analysis.lines.lines) {
    if (kept++ == kKeptLines)
      break;
    std::string name = text::file_line(line.file, line.line);
    if (line.counted)
      list.add("line.count", name, double(line.count));
    if (line.samples > 0)
      list.add("line.time", name, double(line.time_ns));
  }
  for (const analysis::LoopStats &loop : analysis.loops) {
    std::string name = text::file_line(loop.file, loop.line);
    list.add("loop.time", name, double(loop.time_ns()));
    list.add("loop.iterations", name, double(loop.iterations));
  }
}

void add_regions(const analysis::Analysis &analysis, MeasureList &list) {
  for (const analysis::RegionStats &region : analysis.regions.regions)
    list.add("region.time", region.path, double(region.inclusive_ns));
  if (!analysis::splits_time_by_category(analysis.regions))
    return;
  for (const analysis::CategoryTime &category : analysis.regions.categories)
    list.add("category.time", analysis::category_name(category.category), double(category.all_ns));
}

void add_gpu(const analysis::Analysis &analysis, MeasureList &list) {
  if (!analysis.gpu)
    return;
  for (const analysis::KernelStats &kernel : analysis.gpu->kernels) {
    list.add("kernel.time", full_name(kernel.name), double(kernel.gpu_ns));
    list.add("kernel.launches", full_name(kernel.name), double(kernel.launches));
  }
  for (const analysis::TransferStats &transfer : analysis.gpu->transfers) {
    list.add("transfer.time", analysis::transfer_kind_name(transfer.kind), double(transfer.gpu_ns));
    list.add("transfer.bytes", analysis::transfer_kind_name(transfer.kind), double(transfer.bytes));
  }
}

void add_io_and_heap(const analysis::Analysis &analysis, MeasureList &list) {
  if (analysis.io)
    for (const analysis::IoFileStats &file : analysis.io->files) {
      if (file.path.empty())
        continue; // descriptors the runtime could not name are not one file across runs
      list.add("file.read", file.path, double(file.io.read_bytes));
      list.add("file.written", file.path, double(file.io.write_bytes));
      list.add("file.io-time", file.path, double(file.io.time_ns()));
    }
  if (!analysis.memory || analysis.memory->heap.tracked_profiles == 0)
    return;
  const analysis::HeapTotals &heap = analysis.memory->heap;
  list.add("heap.peak", "", double(heap.peak_live_bytes));
  list.add("heap.rss", "", double(heap.peak_rss_bytes));
  list.add("heap.allocations", "", double(heap.allocations));
  list.add("heap.bytes", "", double(heap.allocated_bytes));
  size_t kept = 0;
  for (const analysis::MemoryPlaceStats &place : analysis.memory->places) {
    if (kept++ == kKeptHeapPlaces)
      break;
    std::string name = text::place_location(place.place);
    list.add("place.allocations", name, double(place.allocations));
    list.add("place.bytes", name, double(place.allocated_bytes));
  }
}

} // namespace

std::vector<Measure> measures_of(const analysis::Analysis &analysis) {
  MeasureList list;
  uint64_t wall_ns = 0;
  for (const profile::Profile &profile : analysis.profiles)
    wall_ns = std::max(wall_ns, profile.run.wall_ns);
  list.add("wall", "", double(wall_ns));
  if (analysis.system && analysis.system->total.profiles > 0) {
    list.add("cpu", "", double(analysis.system->total.cpu_ns));
    if (analysis.system->total.energy_profiles > 0)
      list.add("energy", "", analysis.system->total.energy_j);
  }
  if (analysis.timing_cost.measured_profiles > 0)
    list.add("timing-cost", "", double(analysis.timing_cost.max_caller_ps) / 1000.0);

  std::vector<std::string> names = function_names(analysis.functions);
  for (size_t i = 0; i < names.size(); ++i) {
    const analysis::FunctionStats &function = analysis.functions.functions[i];
    if (function.timed) {
      list.add("function.self", names[i], double(function.self_ns));
      list.add("function.total", names[i], double(function.total_ns));
    }
    list.add("function.calls", names[i], double(function.calls));
  }
  add_call_paths(analysis, list);
  add_lines_and_loops(analysis, list);
  add_regions(analysis, list);
  add_gpu(analysis, list);
  add_io_and_heap(analysis, list);
  return list.take();
}

} // namespace hotline::history
