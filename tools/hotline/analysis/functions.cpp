// Computes the per-function table: sums sites into functions and call nodes
// into times.
#include "analysis/functions.h"

#include "analysis/percent.h"
#include "analysis/symbolizer.h"

#include <hotline/profile_format.h>

#include <algorithm>
#include <map>
#include <tuple>

namespace hotline::analysis {

using profile::kNoParent;
using profile::Profile;

namespace {

FunctionIdentity identity_of(const Profile &profile, const profile::Site &site) {
  FunctionIdentity identity;
  identity.name = site.name;
  identity.linkage_name = site.linkage_name.empty() ? site.name : site.linkage_name;
  // Without debug info the translation unit is the best file we know; it keeps
  // static functions of the same name apart. Headers reached through `..`
  // (`.../gcc/x86_64-linux-gnu/12/../../../../include/c++/12/...`) are named
  // the short way.
  // (The call paths beyond the limit have no file of their own.)
  bool other_call_paths = profile.other_call_paths_site != profile::kNoSite &&
                          &site == &profile.sites[profile.other_call_paths_site];
  if (!other_call_paths)
    identity.file =
        normal_path(site.file.empty() ? profile.modules[site.module].source_file : site.file);
  identity.line = site.line;
  return identity;
}

// The nodes of one thread as children lists (CSR), so they can be walked depth
// first.
struct ThreadChildren {
  std::vector<uint32_t> first_child; // [local node] into `children`; one extra at the end
  std::vector<uint32_t> children;    // local node indices
  std::vector<uint32_t> roots;       // local indices of the top-level nodes
};

ThreadChildren children_of(const Profile &profile, const profile::Thread &thread) {
  ThreadChildren tree;
  tree.first_child.assign(thread.node_count + 1, 0);
  for (uint32_t i = 0; i < thread.node_count; ++i) {
    uint32_t parent = profile.nodes[thread.first_node + i].parent;
    if (parent == kNoParent)
      tree.roots.push_back(i);
    else
      ++tree.first_child[parent - thread.first_node + 1];
  }
  for (uint32_t i = 0; i < thread.node_count; ++i)
    tree.first_child[i + 1] += tree.first_child[i];
  tree.children.resize(tree.first_child[thread.node_count]);
  std::vector<uint32_t> filled(tree.first_child.begin(), tree.first_child.end() - 1);
  for (uint32_t i = 0; i < thread.node_count; ++i) {
    uint32_t parent = profile.nodes[thread.first_node + i].parent;
    if (parent != kNoParent)
      tree.children[filled[parent - thread.first_node]++] = i;
  }
  return tree;
}

// Adds each node's inclusive time to its function's total unless an ancestor
// node is the same function: that ancestor's inclusive time already contains it
// (recursion).
void add_total_times(const Profile &profile, size_t profile_index, const profile::Thread &thread,
                     const FunctionCatalog &catalog, std::vector<FunctionStats> &stats,
                     std::vector<uint32_t> &open_frames_of_function) {
  ThreadChildren tree = children_of(profile, thread);
  auto function_of_node = [&](uint32_t local) {
    return catalog.function_of(profile_index, profile.nodes[thread.first_node + local].site);
  };
  // Explicit stack: recursion depth of the profiled program must not become
  // ours.
  struct Frame {
    uint32_t node;
    uint32_t next_child;
  };
  std::vector<Frame> stack;
  for (uint32_t root : tree.roots) {
    stack.push_back({root, tree.first_child[root]});
    FunctionId f = function_of_node(root);
    if (open_frames_of_function[f]++ == 0)
      stats[f].total_ns += profile.nodes[thread.first_node + root].inclusive_ns;
    while (!stack.empty()) {
      Frame &top = stack.back();
      if (top.next_child == tree.first_child[top.node + 1]) {
        --open_frames_of_function[function_of_node(top.node)];
        stack.pop_back();
        continue;
      }
      uint32_t child = tree.children[top.next_child++];
      FunctionId cf = function_of_node(child);
      if (open_frames_of_function[cf]++ == 0)
        stats[cf].total_ns += profile.nodes[thread.first_node + child].inclusive_ns;
      stack.push_back({child, tree.first_child[child]});
    }
  }
}

} // namespace

FunctionCatalog::FunctionCatalog(const std::vector<Profile> &profiles) {
  std::map<std::tuple<std::string, std::string, uint32_t>, FunctionId> ids;
  site_functions_.resize(profiles.size());
  for (size_t p = 0; p < profiles.size(); ++p) {
    for (const profile::Site &site : profiles[p].sites) {
      // Lines and loops belong to their enclosing function.
      FunctionIdentity identity = identity_of(profiles[p], profiles[p].sites[site.function]);
      auto key = std::make_tuple(identity.linkage_name, identity.file, identity.line);
      auto [it, inserted] = ids.emplace(key, FunctionId(functions_.size()));
      if (inserted)
        functions_.push_back(std::move(identity));
      site_functions_[p].push_back(it->second);
    }
  }
}

uint64_t measured_ns(const std::vector<Profile> &profiles) {
  uint64_t total = 0;
  for (const Profile &profile : profiles)
    for (const profile::CallNode &node : profile.nodes)
      total += node.exclusive_ns;
  return total;
}

FunctionTable compute_function_table(const std::vector<Profile> &profiles,
                                     const FunctionCatalog &catalog) {
  size_t function_count = catalog.functions().size();
  std::vector<FunctionStats> stats(function_count);
  std::vector<uint32_t> open_frames_of_function(function_count, 0);
  for (size_t p = 0; p < profiles.size(); ++p) {
    const Profile &profile = profiles[p];
    for (uint32_t site = 0; site < profile.sites.size(); ++site)
      if (profile.sites[site].kind == HOTLINE_SITE_FUNCTION)
        stats[catalog.function_of(p, site)].calls += profile.site_counts[site];
    for (const profile::CallNode &node : profile.nodes) {
      // A timed loop's node is part of its function: its exclusive time is the
      // function's self time, its entries are not calls.
      FunctionStats &function = stats[catalog.function_of(p, node.site)];
      function.timed = true;
      if (profile.sites[node.site].kind == HOTLINE_SITE_FUNCTION) {
        function.timed_calls += node.calls - node.estimated_calls;
        function.estimated_ns += node.estimated_ns;
        function.sampled_estimate_ns += node.sampled_estimate_ns;
        function.window_calls += node.window_calls;
      }
      function.self_ns += node.exclusive_ns;
    }
    for (uint32_t site : profile.timing_stopped_sites)
      if (profile.sites[site].kind == HOTLINE_SITE_FUNCTION)
        stats[catalog.function_of(p, site)].timing_stopped = true;
    for (const profile::Thread &thread : profile.threads)
      add_total_times(profile, p, thread, catalog, stats, open_frames_of_function);
  }

  FunctionTable table;
  table.measured_ns = measured_ns(profiles);
  for (FunctionId id = 0; id < function_count; ++id) {
    FunctionStats &function = stats[id];
    if (function.calls == 0 && !function.timed)
      continue;
    function.id = id;
    function.function = catalog.function(id);
    function.self_percent = percent_of(function.self_ns, table.measured_ns);
    function.total_percent = percent_of(function.total_ns, table.measured_ns);
    table.functions.push_back(std::move(function));
  }
  sort_functions(table.functions, FunctionOrder::Self);
  return table;
}

void sort_functions(std::vector<FunctionStats> &functions, FunctionOrder order) {
  auto key = [order](const FunctionStats &f) {
    switch (order) {
    case FunctionOrder::Self:
      return std::make_tuple(f.self_ns, f.total_ns, f.calls);
    case FunctionOrder::Total:
      return std::make_tuple(f.total_ns, f.self_ns, f.calls);
    case FunctionOrder::Calls:
      break;
    }
    return std::make_tuple(f.calls, f.self_ns, f.total_ns);
  };
  std::sort(
      functions.begin(), functions.end(), [&](const FunctionStats &a, const FunctionStats &b) {
        auto key_a = key(a), key_b = key(b);
        if (key_a != key_b)
          return key_a > key_b;
        return std::tie(a.function.name, a.function.file, a.function.line,
                        a.function.linkage_name) <
               std::tie(b.function.name, b.function.file, b.function.line, b.function.linkage_name);
      });
}

} // namespace hotline::analysis
