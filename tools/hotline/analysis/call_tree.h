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
    // The function's code inlined into its parent's (known from a loop of it
    // timed there, see NodeRole): a frame of its own, not a call.
    bool inlined = false;
    // Calls; for an inlined frame, the function's exact count when this is the
    // only place it ran (no other inlined frame, no call of its own), else 0.
    uint64_t calls = 0;
    // Of `calls`, those still open when their profile was written (profile::CallNode).
    uint64_t open_calls = 0;
    uint64_t inclusive_ns = 0;
    uint64_t exclusive_ns = 0;
    std::vector<uint32_t> children; // indices into nodes, biggest inclusive_ns first
  };

  // nodes[0] is an artificial root whose children are the threads' top-level
  // calls; its inclusive_ns is the sum of theirs.
  std::vector<Node> nodes;
  uint64_t measured_ns = 0; // as in FunctionTable: percentages are relative to it
  // [profile][call node of that profile]: the node it went into.
  std::vector<std::vector<uint32_t>> node_of;

  static constexpr uint32_t kRoot = 0;
};

// How a call node of a profile appears in the call tree.
enum class NodeRole {
  Call,         // a call of its own (or a loop at the top of a thread)
  PartOfParent, // a loop of the function of the call it runs in: that call's time
  Inlined,      // a loop of another function, whose code the optimizer inlined
                // into the caller: a frame of that function, marked inlined
};
NodeRole node_role(const profile::Profile &profile, const FunctionCatalog &catalog, size_t p,
                   uint32_t node);

CallTree build_call_tree(const std::vector<profile::Profile> &profiles,
                         const FunctionCatalog &catalog);

} // namespace hotline::analysis
