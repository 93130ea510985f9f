// Call paths shared by the stack formats: where each call node went in the
// merged call tree, and function names as frames.
#include "export/export.h"

#include <hotline/profile_format.h>

namespace hotline::exports {

std::vector<uint32_t> merged_nodes(const analysis::CallTree &tree,
                                   const analysis::FunctionCatalog &catalog,
                                   const std::vector<profile::Profile> &profiles, size_t p) {
  const profile::Profile &profile = profiles[p];
  std::vector<uint32_t> merged(profile.nodes.size(), analysis::CallTree::kRoot);
  // As build_call_tree merges them: a loop inside a call is its caller's node.
  for (size_t i = 0; i < profile.nodes.size(); ++i) {
    const profile::CallNode &node = profile.nodes[i];
    uint32_t parent =
        node.parent == profile::kNoParent ? analysis::CallTree::kRoot : merged[node.parent];
    if (profile.sites[node.site].kind == HOTLINE_SITE_LOOP && parent != analysis::CallTree::kRoot) {
      merged[i] = parent;
      continue;
    }
    analysis::FunctionId function = catalog.function_of(p, node.site);
    for (uint32_t child : tree.nodes[parent].children)
      if (tree.nodes[child].function == function)
        merged[i] = child;
  }
  return merged;
}

std::string frame_name(const std::string &name) {
  std::string frame = name;
  for (char &c : frame)
    if (c == ';')
      c = ',';
    else if (c == '\n' || c == '\r')
      c = ' ';
  return frame;
}

} // namespace hotline::exports
