// libFuzzer target for the profile reader (docs/profile-format.md): whatever the bytes, parsing
// a profile or a bundle either succeeds or throws ProfileFormatError; it never crashes, reads out
// of bounds (AddressSanitizer) or hits undefined behaviour (UBSan). A parsed profile must also
// keep the invariants the analyses rely on, which the target checks again here.
#include "profile/reader.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace {

using hotline::profile::Profile;

// The reader's promises that the analyses index with; any violation is a reader bug.
void check_invariants(const Profile &p) {
  for (const auto &node : p.nodes)
    if (node.site >= p.sites.size() ||
        (node.parent != hotline::profile::kNoParent && node.parent >= p.nodes.size()))
      std::abort();
  for (const auto &thread : p.threads)
    if (uint64_t(thread.first_node) + thread.node_count > p.nodes.size())
      std::abort();
  for (const auto &event : p.trace_events)
    if (event.thread >= p.threads.size() || event.end_ns < event.start_ns)
      std::abort();
  for (const auto &range : p.call_histograms)
    if (range.index >= p.nodes.size() || range.count == 0 || range.upper_ns < range.lower_ns)
      std::abort();
  for (const auto &kernel : p.gpu_kernels)
    if (kernel.site != hotline::profile::kNoGpuSite && kernel.site >= p.gpu_sites.size())
      std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  try {
    for (const Profile &p : hotline::profile::parse_profiles(data, size, "fuzz.hotline"))
      check_invariants(p);
  } catch (const hotline::profile::ProfileFormatError &) {
  }
  return 0;
}
