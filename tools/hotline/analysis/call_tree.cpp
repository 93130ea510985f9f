// Builds the merged call tree by mapping each profile's nodes onto paths of
// functions.
#include "analysis/call_tree.h"

#include <hotline/profile_format.h>

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace hotline::analysis {

CallTree build_call_tree(const std::vector<profile::Profile> &profiles,
                         const FunctionCatalog &catalog) {
  CallTree tree;
  tree.nodes.emplace_back();
  tree.measured_ns = measured_ns(profiles);
  std::map<std::pair<uint32_t, FunctionId>, uint32_t>
      child_of; // (parent, function)

  auto child = [&](uint32_t parent, FunctionId function) {
    auto [it, inserted] = child_of.emplace(std::make_pair(parent, function),
                                           uint32_t(tree.nodes.size()));
    if (inserted) {
      tree.nodes.emplace_back();
      tree.nodes.back().function = function;
      tree.nodes[parent].children.push_back(it->second);
    }
    return it->second;
  };

  for (size_t p = 0; p < profiles.size(); ++p) {
    const profile::Profile &profile = profiles[p];
    // Parents come before children, so one pass in file order maps every node.
    std::vector<uint32_t> merged_node(profile.nodes.size());
    for (size_t i = 0; i < profile.nodes.size(); ++i) {
      const profile::CallNode &node = profile.nodes[i];
      uint32_t parent = node.parent == profile::kNoParent
                            ? CallTree::kRoot
                            : merged_node[node.parent];
      // A timed loop (line mode) is part of the call it runs in: its own time
      // is that call's, its callees are that call's callees.
      if (profile.sites[node.site].kind == HOTLINE_SITE_LOOP &&
          parent != CallTree::kRoot) {
        merged_node[i] = parent;
        tree.nodes[parent].exclusive_ns += node.exclusive_ns;
        continue;
      }
      bool is_call = profile.sites[node.site].kind == HOTLINE_SITE_FUNCTION;
      uint32_t merged = child(parent, catalog.function_of(p, node.site));
      merged_node[i] = merged;
      CallTree::Node &target = tree.nodes[merged];
      target.calls += is_call ? node.calls : 0;
      target.inclusive_ns += node.inclusive_ns;
      target.exclusive_ns += node.exclusive_ns;
      if (node.parent == profile::kNoParent)
        tree.nodes[CallTree::kRoot].inclusive_ns += node.inclusive_ns;
    }
  }

  // Ties are broken by identity so the order does not depend on the order of
  // the files.
  auto bigger = [&](uint32_t a, uint32_t b) {
    const CallTree::Node &node_a = tree.nodes[a], &node_b = tree.nodes[b];
    if (node_a.inclusive_ns != node_b.inclusive_ns)
      return node_a.inclusive_ns > node_b.inclusive_ns;
    const FunctionIdentity &f = catalog.function(node_a.function);
    const FunctionIdentity &g = catalog.function(node_b.function);
    return std::tie(f.name, f.linkage_name, f.file, f.line) <
           std::tie(g.name, g.linkage_name, g.file, g.line);
  };
  for (CallTree::Node &node : tree.nodes)
    std::sort(node.children.begin(), node.children.end(), bigger);
  return tree;
}

} // namespace hotline::analysis
