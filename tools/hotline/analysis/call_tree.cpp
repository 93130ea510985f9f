// Builds the merged call tree by mapping each profile's nodes onto paths of
// functions.
#include "analysis/call_tree.h"

#include <hotline/profile_format.h>

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace hotline::analysis {

NodeRole node_role(const profile::Profile &profile, const FunctionCatalog &catalog, size_t p,
                   uint32_t node) {
  const profile::CallNode &call = profile.nodes[node];
  if (profile.sites[call.site].kind != HOTLINE_SITE_LOOP || call.parent == profile::kNoParent)
    return NodeRole::Call;
  // A loop belongs to the function its site names; the parent node (a call, or
  // a loop) runs in its own function's code.
  return catalog.function_of(p, call.site) ==
                 catalog.function_of(p, profile.nodes[call.parent].site)
             ? NodeRole::PartOfParent
             : NodeRole::Inlined;
}

CallTree build_call_tree(const std::vector<profile::Profile> &profiles,
                         const FunctionCatalog &catalog) {
  CallTree tree;
  tree.nodes.emplace_back();
  tree.measured_ns = measured_ns(profiles);
  std::map<std::tuple<uint32_t, FunctionId, bool>, uint32_t>
      child_of; // (parent, function, inlined)

  auto child = [&](uint32_t parent, FunctionId function, bool inlined) {
    auto [it, inserted] =
        child_of.emplace(std::make_tuple(parent, function, inlined), uint32_t(tree.nodes.size()));
    if (inserted) {
      tree.nodes.emplace_back();
      tree.nodes.back().function = function;
      tree.nodes.back().inlined = inlined;
      tree.nodes[parent].children.push_back(it->second);
    }
    return it->second;
  };

  std::vector<uint64_t> calls_of(catalog.functions().size(), 0);
  for (size_t p = 0; p < profiles.size(); ++p) {
    const profile::Profile &profile = profiles[p];
    for (uint32_t site = 0; site < profile.sites.size(); ++site)
      if (profile.sites[site].kind == HOTLINE_SITE_FUNCTION)
        calls_of[catalog.function_of(p, site)] += profile.site_counts[site];
    // Parents come before children, so one pass in file order maps every node.
    std::vector<uint32_t> &merged_node = tree.node_of.emplace_back(profile.nodes.size());
    for (uint32_t i = 0; i < profile.nodes.size(); ++i) {
      const profile::CallNode &node = profile.nodes[i];
      uint32_t parent =
          node.parent == profile::kNoParent ? CallTree::kRoot : merged_node[node.parent];
      NodeRole role = node_role(profile, catalog, p, i);
      // A timed loop (line mode) is part of the call it runs in: its own time
      // is that call's, its callees are that call's callees.
      if (role == NodeRole::PartOfParent) {
        merged_node[i] = parent;
        tree.nodes[parent].exclusive_ns += node.exclusive_ns;
        continue;
      }
      bool is_call = profile.sites[node.site].kind == HOTLINE_SITE_FUNCTION;
      uint32_t merged = child(parent, catalog.function_of(p, node.site), role == NodeRole::Inlined);
      merged_node[i] = merged;
      CallTree::Node &target = tree.nodes[merged];
      target.calls += is_call ? node.calls : 0;
      target.open_calls += is_call ? node.open_calls : 0;
      target.inclusive_ns += node.inclusive_ns;
      target.exclusive_ns += node.exclusive_ns;
      if (node.parent == profile::kNoParent)
        tree.nodes[CallTree::kRoot].inclusive_ns += node.inclusive_ns;
    }
  }

  // An inlined frame's calls are known when all of the function's calls ran
  // there: its only inlined frame, and no call of its own anywhere.
  std::vector<uint32_t> places_of(calls_of.size(), 0);
  for (const CallTree::Node &node : tree.nodes)
    if (node.function != kNoFunction)
      ++places_of[node.function];
  for (CallTree::Node &node : tree.nodes)
    if (node.inlined && places_of[node.function] == 1)
      node.calls = calls_of[node.function];

  // Ties are broken by identity so the order does not depend on the order of
  // the files.
  auto bigger = [&](uint32_t a, uint32_t b) {
    const CallTree::Node &node_a = tree.nodes[a], &node_b = tree.nodes[b];
    if (node_a.inclusive_ns != node_b.inclusive_ns)
      return node_a.inclusive_ns > node_b.inclusive_ns;
    if (node_a.inlined != node_b.inlined)
      return node_b.inlined;
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
