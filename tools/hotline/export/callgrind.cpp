// callgrind's profile format (valgrind.org/docs/manual/cl-format.html), for
// KCachegrind and callgrind_annotate: costs per source line and calls between
// functions with their inclusive time.
#include "analysis/lines.h"
#include "export/export.h"
#include "subcommands.h"

#include <fmt/format.h>

#include <map>
#include <set>
#include <string>
#include <utility>

namespace hotline::exports {

namespace {

// The two events, in the order of the `events:` line.
struct Cost {
  uint64_t ns = 0;
  uint64_t executions = 0;
};

using FunctionKey = std::pair<std::string, std::string>; // file, name
using Position = std::pair<std::string, uint32_t>;       // file, line

struct Call {
  uint64_t calls = 0;
  uint64_t inclusive_ns = 0;
};

struct Function {
  uint32_t line = 0;                    // where it starts: calls are made from and to there
  uint64_t self_ns = 0;                 // timed functions
  uint64_t calls = 0;                   // exact
  std::map<Position, uint64_t> samples; // line mode's, of its lines
  std::set<Position> counted;           // lines whose executions line mode counted
  std::map<Position, Cost> costs;
  std::map<FunctionKey, Call> calls_to;
};

// Spreads the function's self time over its sampled lines in proportion to
// their samples (rounding so that the parts add up), or puts it on its first
// line; its calls go on its first line unless line mode counted that line.
void place_self_time_and_calls(const FunctionKey &key, Function &function) {
  Position first_line{key.first, function.line};
  uint64_t samples = 0;
  for (const auto &[position, count] : function.samples)
    samples += count;
  if (samples == 0) {
    if (function.self_ns != 0)
      function.costs[first_line].ns += function.self_ns;
  } else {
    uint64_t seen = 0, placed_ns = 0;
    for (const auto &[position, count] : function.samples) {
      seen += count;
      uint64_t upto_ns = uint64_t((unsigned __int128)function.self_ns * seen / samples);
      if (upto_ns != placed_ns)
        function.costs[position].ns += upto_ns - placed_ns;
      placed_ns = upto_ns;
    }
  }
  if (function.calls != 0 && !function.counted.count(first_line))
    function.costs[first_line].executions += function.calls;
}

// `(id) name` the first time a file or function is named, `(id)` after.
class Names {
public:
  std::string operator()(const std::string &name) {
    auto [it, inserted] = ids_.emplace(name, ids_.size() + 1);
    if (inserted)
      return fmt::format("({}) {}", it->second, name);
    return fmt::format("({})", it->second);
  }

private:
  std::map<std::string, size_t> ids_;
};

// Cost lines of one function: its own file's first, then the lines of other
// files (inlined from headers) after an `fi=`, then back to its own file.
std::string cost_lines(const FunctionKey &key, const Function &function, Names &files) {
  std::string own, other;
  std::string current = key.first;
  for (const auto &[position, cost] : function.costs) {
    if (position.first == key.first) {
      own += fmt::format("{} {} {}\n", position.second, cost.ns, cost.executions);
      continue;
    }
    if (position.first != current) {
      other += fmt::format("fi={}\n", files(position.first));
      current = position.first;
    }
    other += fmt::format("{} {} {}\n", position.second, cost.ns, cost.executions);
  }
  if (!other.empty())
    other += fmt::format("fi={}\n", files(key.first));
  return own + other;
}

} // namespace

std::string callgrind(const std::vector<profile::Profile> &profiles,
                      analysis::Symbolizer &symbolizer) {
  analysis::FunctionCatalog catalog(profiles);
  analysis::FunctionTable table = analysis::compute_function_table(profiles, catalog);
  analysis::LineTable lines = analysis::compute_line_table(profiles, symbolizer);
  analysis::CallTree tree = analysis::build_call_tree(profiles, catalog);

  std::map<FunctionKey, Function> functions;
  auto key_of = [&](analysis::FunctionId id) {
    const analysis::FunctionIdentity &identity = catalog.function(id);
    FunctionKey key{analysis::normal_path(identity.file), identity.name};
    functions[key].line = identity.line;
    return key;
  };
  for (const analysis::FunctionStats &stats : table.functions) {
    Function &function = functions[key_of(stats.id)];
    function.self_ns += stats.self_ns;
    function.calls += stats.calls;
  }
  // Lines belong to the function of their name (and file, between functions of
  // the same name), or to one of their own.
  std::multimap<std::string, analysis::FunctionId> by_name;
  for (analysis::FunctionId id = 0; id < catalog.functions().size(); ++id)
    by_name.emplace(catalog.function(id).name, id);
  for (const analysis::LineStats &line : lines.lines) {
    auto [first, last] = by_name.equal_range(line.function);
    auto same = first;
    for (auto it = first; it != last; ++it)
      if (analysis::normal_path(catalog.function(it->second).file) == line.file)
        same = it;
    FunctionKey key =
        first != last ? key_of(same->second)
                      : FunctionKey{line.file, line.function.empty() ? "(unknown)" : line.function};
    Function &function = functions[key];
    if (function.line == 0)
      function.line = line.function_line != 0 ? line.function_line : line.line;
    Position position{line.file, line.line};
    if (line.samples != 0)
      function.samples[position] += line.samples;
    if (line.counted) {
      function.costs[position].executions += line.count;
      function.counted.insert(position);
    }
  }
  for (auto &[key, function] : functions)
    place_self_time_and_calls(key, function);
  for (uint32_t n = 1; n < tree.nodes.size(); ++n)
    for (uint32_t child : tree.nodes[n].children) {
      Call &call =
          functions[key_of(tree.nodes[n].function)].calls_to[key_of(tree.nodes[child].function)];
      call.calls += tree.nodes[child].calls;
      call.inclusive_ns += tree.nodes[child].inclusive_ns;
    }

  Cost total;
  for (const auto &[key, function] : functions)
    for (const auto &[position, cost] : function.costs) {
      total.ns += cost.ns;
      total.executions += cost.executions;
    }
  std::string out = "# callgrind format\nversion: 1\n";
  out += fmt::format("creator: hotline {}\n", kVersion);
  if (!profiles.empty())
    out += fmt::format("cmd: {}{}\n", profiles[0].run.command_line,
                       profiles.size() > 1 ? fmt::format(" (and {} more runs)", profiles.size() - 1)
                                           : "");
  out += "# ns: each timed function's self time, spread over its lines by the "
         "CPU time line mode sampled on them, or on its first line\n";
  out += "# Executions: exact executions of each line that line mode counted, "
         "and each function's calls on its first line\n";
  out += "positions: line\nevents: ns Executions\n";
  out += fmt::format("summary: {} {}\n", total.ns, total.executions);
  Names files, names;
  for (const auto &[key, function] : functions) {
    if (function.costs.empty() && function.calls_to.empty())
      continue;
    out += fmt::format("\nfl={}\nfn={}\n", files(key.first), names(key.second));
    out += cost_lines(key, function, files);
    for (const auto &[callee, call] : function.calls_to)
      out += fmt::format("cfl={}\ncfn={}\ncalls={} {}\n{} {}\n", files(callee.first),
                         names(callee.second), call.calls, functions[callee].line, function.line,
                         call.inclusive_ns);
  }
  return out;
}

} // namespace hotline::exports
