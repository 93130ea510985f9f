// leak: heap blocks from one place still allocated when the profile was
// written, above a size worth reporting. A library's own few blocks per process
// (the C library's stdio buffers, the C++ library's exception pool), which live
// until exit by design, are not a leak however many processes add up to the size; nor is the
// CUDA driver's state (libcuda's thousands of blocks from the program's first CUDA call),
// which lives until the process exits.
#include "rules/rules.h"

#include "cli/places.h"
#include "cli/text_format.h"

#include <fmt/format.h>

namespace hotline::rules {

constexpr uint64_t kMinLeakedBytes = 1 << 20;
constexpr uint64_t kLibraryBlocksPerProcess = 4;

namespace {
// Allocated by a library's code, not the program's, a few blocks in each process.
bool library_lifetime_blocks(const analysis::MemoryPlaceStats &place) {
  return !place.place.via.empty() && place.most_not_freed_in_a_profile <= kLibraryBlocksPerProcess;
}

bool cuda_driver_state(const analysis::MemoryPlaceStats &place) {
  return place.place.via.rfind("libcuda.so", 0) == 0;
}
} // namespace

void check_leak(const ReportData &data, const Thresholds &, std::vector<Finding> &findings) {
  if (!data.memory)
    return;
  // Blocks a forked child inherited and kept are in its profile's leftovers: they count as
  // allocated there.
  uint64_t allocated = data.memory->heap.held_bytes();
  for (const analysis::MemoryPlaceStats &place :
       analysis::top_memory_places(*data.memory, analysis::MemoryOrder::NotFreed, 0)) {
    if (place.not_freed_bytes() < kMinLeakedBytes || library_lifetime_blocks(place) ||
        cuda_driver_state(place))
      continue;
    double share = allocated ? 100.0 * double(place.not_freed_bytes()) / double(allocated) : 0;
    Finding f;
    f.rule = "leak";
    f.location = text::place_location(place.place);
    f.finding = fmt::format("{} allocated here were never freed.",
                            text::format_bytes(place.not_freed_bytes()));
    f.evidence.push_back(fmt::format(
        "{} of {} blocks still allocated at exit ({} of {})", text::format_count(place.not_freed()),
        text::format_count(place.held()), text::format_bytes(place.not_freed_bytes()),
        text::format_bytes(place.held_bytes())));
    f.suggestion = "free these blocks when they are no longer needed (own them with "
                   "std::unique_ptr or a container); if they are meant to live until exit, "
                   "allocate them once";
    f.impact_percent = share;
    findings.push_back(std::move(f));
  }
}

} // namespace hotline::rules
