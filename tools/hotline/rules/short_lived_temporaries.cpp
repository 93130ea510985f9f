// short-lived-temporaries: a place whose blocks are mostly freed before the
// call that allocated them returns, in large numbers.
#include "rules/rules.h"

#include "cli/places.h"
#include "cli/text_format.h"

#include <fmt/format.h>

namespace hotline::rules {

constexpr uint64_t kMinTemporaries = 10000;
constexpr double kMinTemporaryShare = 0.5; // of the place's allocations

void check_short_lived_temporaries(const ReportData &data, const Thresholds &,
                                   std::vector<Finding> &findings) {
  if (!data.memory || data.memory->heap.allocations == 0)
    return;
  for (const analysis::MemoryPlaceStats &place :
       analysis::top_memory_places(*data.memory, analysis::MemoryOrder::Temporaries, 0)) {
    if (place.temporaries < kMinTemporaries ||
        double(place.temporaries) < kMinTemporaryShare * double(place.allocations))
      continue;
    double share = 100.0 * double(place.temporaries) / double(data.memory->heap.allocations);
    Finding f;
    f.rule = "short-lived-temporaries";
    f.location = text::place_location(place.place);
    f.finding = fmt::format("{} blocks allocated here were freed before the call that allocated "
                            "them returned.",
                            text::format_count(place.temporaries));
    f.evidence.push_back(
        fmt::format("{} of this place's {} allocations ({}), {} of all the "
                    "program's allocations",
                    text::format_count(place.temporaries), text::format_count(place.allocations),
                    text::format_bytes(place.temporary_bytes), text::format_percent(share)));
    if (!place.loop.empty())
      f.evidence.push_back("inside the loop at " + text::printable(place.loop));
    f.suggestion = "keep such short-lived objects on the stack (a fixed-size array, "
                   "std::array, small-buffer types), or reuse one buffer across calls instead "
                   "of allocating each time";
    f.impact_percent = share;
    findings.push_back(std::move(f));
  }
}

} // namespace hotline::rules
