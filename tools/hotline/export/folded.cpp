// Folded stacks (`main;fib(int);fib(int) 1234`), the input of flamegraph.pl
// and speedscope, from the call tree merged across threads and processes.
#include "export/export.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <unordered_map>

namespace hotline::exports {

namespace {

using analysis::CallTree;

// Heap bytes allocated while the root was the innermost timed call: made
// outside every timed call.
constexpr const char *kNoTimedCall = "(no timed call)";

std::vector<uint64_t> node_values(const CallTree &tree,
                                  const std::vector<profile::Profile> &profiles,
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

// The frames of a path: each a function, inlined into its caller or called.
struct Frame {
  uint32_t function;
  bool inlined;
  bool operator==(const Frame &) const = default;
};

// The folded paths of the merged tree, depth first, children biggest first: one path per
// node, or, with recursion collapsed, one per distinct path once each frame that is already on
// the path absorbs those below it (`main;a;b;a;c` is `main;a;c`), so that no frame is on a path
// twice. Each path's value is the sum of its nodes'.
struct FoldedPaths {
  std::vector<uint32_t> parent; // [0] is the root, outside every call
  std::vector<Frame> frame;
  std::vector<uint64_t> value;
  std::vector<std::vector<uint32_t>> children;

  explicit FoldedPaths(uint64_t root_value)
      : parent{0}, frame{{analysis::kNoFunction, false}}, value{root_value}, children(1) {}

  uint32_t add(uint32_t under, Frame f) {
    auto path = uint32_t(parent.size());
    parent.push_back(under);
    frame.push_back(f);
    value.push_back(0);
    children.emplace_back();
    children[under].push_back(path);
    return path;
  }
};

FoldedPaths folded_paths(const CallTree &tree, const std::vector<uint64_t> &values,
                         bool collapse_recursion) {
  FoldedPaths paths(values[CallTree::kRoot]);
  std::unordered_map<uint64_t, uint32_t> child_with; // (path, function, inlined) -> path
  std::vector<uint32_t> path_of(tree.nodes.size(), 0);
  std::vector<uint32_t> pending(tree.nodes[CallTree::kRoot].children.rbegin(),
                                tree.nodes[CallTree::kRoot].children.rend());
  std::vector<uint32_t> parent_of(tree.nodes.size(), CallTree::kRoot);
  while (!pending.empty()) {
    uint32_t n = pending.back();
    pending.pop_back();
    const CallTree::Node &node = tree.nodes[n];
    Frame frame{node.function, node.inlined};
    uint32_t under = path_of[parent_of[n]];
    uint32_t path = 0;
    if (collapse_recursion) // a path holds each frame once: its depth is at most the functions'
      for (uint32_t p = under; p != 0 && path == 0; p = paths.parent[p])
        if (paths.frame[p] == frame)
          path = p;
    if (path == 0) {
      uint64_t key = uint64_t(under) << 33 | uint64_t(frame.function) << 1 | frame.inlined;
      auto [it, added] = child_with.try_emplace(key, 0);
      if (added)
        it->second = paths.add(under, frame);
      path = it->second;
    }
    path_of[n] = path;
    paths.value[path] += values[n];
    for (size_t i = node.children.size(); i-- > 0;) {
      parent_of[node.children[i]] = n;
      pending.push_back(node.children[i]);
    }
  }
  return paths;
}

size_t deepest_path(const CallTree &tree) {
  size_t deepest = 0;
  std::vector<std::pair<uint32_t, size_t>> pending{{CallTree::kRoot, 0}};
  while (!pending.empty()) {
    auto [n, depth] = pending.back();
    pending.pop_back();
    deepest = std::max(deepest, depth);
    for (uint32_t child : tree.nodes[n].children)
      pending.push_back({child, depth + 1});
  }
  return deepest;
}

} // namespace

bool folded(const std::vector<profile::Profile> &profiles, const FoldedOptions &options,
            const std::function<void(std::string_view line)> &emit) {
  analysis::FunctionCatalog catalog(profiles);
  CallTree tree = analysis::build_call_tree(profiles, catalog);
  bool collapse = options.collapse_recursion || deepest_path(tree) > kFoldedFullDepth;
  FoldedPaths paths = folded_paths(tree, node_values(tree, profiles, options.metric), collapse);

  std::string line;
  if (paths.value[0] != 0) {
    line = fmt::format("{} {}\n", kNoTimedCall, paths.value[0]);
    emit(line);
  }
  // Depth first; `names` holds the frames down to the path on top of `pending`.
  struct Pending {
    uint32_t path;
    size_t depth; // 1 for the threads' top-level calls
  };
  std::vector<Pending> pending;
  std::vector<std::string> names;
  for (size_t i = paths.children[0].size(); i-- > 0;)
    pending.push_back({paths.children[0][i], 1});
  while (!pending.empty()) {
    Pending next = pending.back();
    pending.pop_back();
    const Frame &frame = paths.frame[next.path];
    names.resize(next.depth - 1);
    names.push_back(frame_name(catalog.function(frame.function).name, frame.inlined));
    if (paths.value[next.path] != 0) {
      line.clear();
      fmt::format_to(std::back_inserter(line), "{} {}\n", fmt::join(names, ";"),
                     paths.value[next.path]);
      emit(line);
    }
    const std::vector<uint32_t> &children = paths.children[next.path];
    for (size_t i = children.size(); i-- > 0;)
      pending.push_back({children[i], next.depth + 1});
  }
  return collapse;
}

std::string folded(const std::vector<profile::Profile> &profiles, const FoldedOptions &options) {
  std::string out;
  folded(profiles, options, [&](std::string_view line) { out += line; });
  return out;
}

} // namespace hotline::exports
