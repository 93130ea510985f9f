// callgrind's profile format (valgrind.org/docs/manual/cl-format.html), for
// KCachegrind and callgrind_annotate: costs per source line and calls between
// functions with their inclusive time.
#include "analysis/lines.h"
#include "export/export.h"
#include "version.h"

#include <fmt/format.h>

#include <map>
#include <set>
#include <string>
#include <utility>

namespace hotline::exports {

namespace {

// The events, in the order of the `events:` line; sampled_ns only when line mode sampled.
struct Cost {
  uint64_t ns = 0;
  uint64_t sampled_ns = 0;
  uint64_t executions = 0;
};

using FunctionKey = std::pair<std::string, std::string>; // file, name
using Position = std::pair<std::string, uint32_t>;       // file, line

struct Call {
  uint64_t calls = 0;
  uint64_t inclusive_ns = 0;
};

struct Function {
  uint32_t line = 0;          // where it starts: calls are made from and to there
  uint64_t self_ns = 0;       // timed functions
  uint64_t calls = 0;         // exact
  std::set<Position> counted; // lines whose executions line mode counted (exactly)
  std::map<Position, Cost> costs;
  std::map<FunctionKey, Call> calls_to;
};

// The function's self time goes on the line where it starts, and so do its calls (that line
// runs once a call) unless line mode counted that line: its count is then the line's own.
void place_self_time_and_calls(const FunctionKey &key, Function &function) {
  Position first_line{key.first, function.line};
  if (function.self_ns != 0)
    function.costs[first_line].ns += function.self_ns;
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

std::string cost_line(uint32_t line, const Cost &cost, bool sampled) {
  if (sampled)
    return fmt::format("{} {} {} {}\n", line, cost.ns, cost.sampled_ns, cost.executions);
  return fmt::format("{} {} {}\n", line, cost.ns, cost.executions);
}

std::string cost_lines(const FunctionKey &key, const Function &function, Names &files,
                       bool sampled) {
  std::string own, other;
  std::string current = key.first;
  for (const auto &[position, cost] : function.costs) {
    if (position.first == key.first) {
      own += cost_line(position.second, cost, sampled);
      continue;
    }
    if (position.first != current) {
      other += fmt::format("fi={}\n", files(position.first));
      current = position.first;
    }
    other += cost_line(position.second, cost, sampled);
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
    Cost &cost = function.costs[position];
    cost.sampled_ns += line.time_ns;
    if (line.counted) {
      cost.executions += line.count;
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
      total.sampled_ns += cost.sampled_ns;
      total.executions += cost.executions;
    }
  const bool sampled = lines.sampled;
  std::string out = "# callgrind format\nversion: 1\n";
  out += fmt::format("creator: hotline {}\n", kVersion);
  if (!profiles.empty())
    out += fmt::format("cmd: {}{}\n", profiles[0].run.command_line,
                       profiles.size() > 1 ? fmt::format(" (and {} more runs)", profiles.size() - 1)
                                           : "");
  out += "# ns: each timed function's self time on its first line; calls: their inclusive time\n";
  if (sampled)
    out += "# Sampled_ns: the CPU time line mode sampled on each line (hotline lines)\n";
  out += "# Executions: exact executions of each line that line mode counted, and each "
         "function's calls on its first line (unless counted)\n";
  out += fmt::format("positions: line\nevents: ns{} Executions\n", sampled ? " Sampled_ns" : "");
  out += sampled ? fmt::format("summary: {} {} {}\n", total.ns, total.sampled_ns, total.executions)
                 : fmt::format("summary: {} {}\n", total.ns, total.executions);
  Names files, names;
  for (const auto &[key, function] : functions) {
    if (function.costs.empty() && function.calls_to.empty())
      continue;
    out += fmt::format("\nfl={}\nfn={}\n", files(key.first), names(key.second));
    out += cost_lines(key, function, files, sampled);
    for (const auto &[callee, call] : function.calls_to)
      out += fmt::format("cfl={}\ncfn={}\ncalls={} {}\n{} {}\n", files(callee.first),
                         names(callee.second), call.calls, functions[callee].line, function.line,
                         call.inclusive_ns);
  }
  return out;
}

} // namespace hotline::exports
