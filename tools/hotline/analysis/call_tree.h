// The call tree of one or many profiles, merged across threads and processes.
#pragma once

#include "analysis/functions.h"
#include "profile/reader.h"

#include <cstdint>
#include <vector>

namespace hotline::analysis {

// Nodes are keyed by the path of functions from the top: the same path in two
// threads, two processes or two translation units' copies of a function is one
// node.
struct CallTree {
  struct Node {
    FunctionId function = kNoFunction; // kNoFunction only for the root
    uint64_t calls = 0;
    uint64_t inclusive_ns = 0;
    uint64_t exclusive_ns = 0;
    std::vector<uint32_t>
        children; // indices into nodes, biggest inclusive_ns first
  };

  // nodes[0] is an artificial root whose children are the threads' top-level
  // calls; its inclusive_ns is the sum of theirs.
  std::vector<Node> nodes;
  uint64_t measured_ns =
      0; // as in FunctionTable: percentages are relative to it

  static constexpr uint32_t kRoot = 0;
};

CallTree build_call_tree(const std::vector<profile::Profile> &profiles,
                         const FunctionCatalog &catalog);

} // namespace hotline::analysis
