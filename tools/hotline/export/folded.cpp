// Folded stacks (`main;fib(int);fib(int) 1234`), the input of flamegraph.pl
// and speedscope, from the call tree merged across threads and processes.
#include "export/export.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace hotline::exports {

namespace {

using analysis::CallTree;

// Heap bytes allocated while the root was the innermost timed call: made
// outside every timed call.
constexpr const char *kNoTimedCall = "(no timed call)";

std::vector<uint64_t> node_values(const CallTree &tree, const std::vector<profile::Profile> &profiles,
                                  FoldedMetric metric) {
  std::vector<uint64_t> values(tree.nodes.size(), 0);
  if (metric != FoldedMetric::Bytes) {
    for (size_t n = 1; n < tree.nodes.size(); ++n)
      values[n] = metric == FoldedMetric::Time ? tree.nodes[n].exclusive_ns : tree.nodes[n].calls;
    return values;
  }
  for (size_t p = 0; p < profiles.size(); ++p) {
    const std::vector<uint32_t> &merged = tree.node_of[p];
    for (const profile::MemorySite &site : profiles[p].memory_sites)
      values[site.node == profile::kNoParent ? CallTree::kRoot : merged[site.node]] +=
          site.allocated_bytes;
  }
  return values;
}

} // namespace

void folded(const std::vector<profile::Profile> &profiles, FoldedMetric metric,
            const std::function<void(std::string_view line)> &emit) {
  analysis::FunctionCatalog catalog(profiles);
  CallTree tree = analysis::build_call_tree(profiles, catalog);
  std::vector<uint64_t> values = node_values(tree, profiles, metric);

  std::string line;
  if (values[CallTree::kRoot] != 0) {
    line = fmt::format("{} {}\n", kNoTimedCall, values[CallTree::kRoot]);
    emit(line);
  }
  // Depth first, children biggest first; `path` holds the frames down to the
  // node on top of `pending`.
  struct Pending {
    uint32_t node;
    size_t depth; // 1 for the threads' top-level calls
  };
  std::vector<Pending> pending;
  std::vector<std::string> path;
  const std::vector<uint32_t> &top = tree.nodes[CallTree::kRoot].children;
  for (size_t i = top.size(); i-- > 0;)
    pending.push_back({top[i], 1});
  while (!pending.empty()) {
    Pending next = pending.back();
    pending.pop_back();
    const CallTree::Node &node = tree.nodes[next.node];
    path.resize(next.depth - 1);
    path.push_back(frame_name(catalog.function(node.function).name, node.inlined));
    if (values[next.node] != 0) {
      line.clear();
      fmt::format_to(std::back_inserter(line), "{} {}\n", fmt::join(path, ";"), values[next.node]);
      emit(line);
    }
    for (size_t i = node.children.size(); i-- > 0;)
      pending.push_back({node.children[i], next.depth + 1});
  }
}

std::string folded(const std::vector<profile::Profile> &profiles, FoldedMetric metric) {
  std::string out;
  folded(profiles, metric, [&](std::string_view line) { out += line; });
  return out;
}

} // namespace hotline::exports
