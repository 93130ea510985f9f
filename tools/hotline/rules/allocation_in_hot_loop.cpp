// allocation-in-hot-loop: many heap allocations made inside a loop that takes
// much of the time.
#include "rules/rules.h"

#include "cli/places.h"
#include "cli/text_format.h"

#include <fmt/format.h>

#include <map>

namespace hotline::rules {

// Fewer allocations than this are not worth hoisting, whatever the loop.
constexpr uint64_t kMinLoopAllocations = 1000;

void check_allocation_in_hot_loop(const ReportData &data, const Thresholds &thresholds,
                                  std::vector<Finding> &findings) {
  if (!data.memory)
    return;
  std::map<std::string, const analysis::LoopStats *> loops; // by "file:line"
  for (const analysis::LoopStats &loop : *data.loops)
    loops[fmt::format("{}:{}", loop.file, loop.line)] = &loop;
  for (const analysis::MemoryPlaceStats &place :
       analysis::top_memory_places(*data.memory, analysis::MemoryOrder::InLoops, 0)) {
    auto found = loops.find(place.loop);
    if (found == loops.end() || place.loop_allocations < kMinLoopAllocations)
      continue;
    const analysis::LoopStats &loop = *found->second;
    double percent = loop.time_percent();
    if (percent < thresholds.hot_percent)
      continue;
    Finding f;
    f.rule = "allocation-in-hot-loop";
    f.location = text::place_location(place.place);
    f.finding = fmt::format("{} heap allocations are made inside the loop at {}, which takes {} "
                            "of the time.",
                            text::format_count(place.loop_allocations), text::printable(place.loop),
                            text::format_percent(percent));
    f.evidence.push_back(fmt::format(
        "{} allocated in the loop, {} per iteration", text::format_bytes(place.loop_bytes),
        loop.iterations ? fmt::format("{:.2f} allocations",
                                      double(place.loop_allocations) / double(loop.iterations))
                        : std::string("-")));
    f.evidence.push_back(fmt::format("{} of its blocks were freed before their call returned",
                                     text::format_count(place.temporaries)));
    f.suggestion = "allocate once before the loop and reuse the buffer (reserve() a vector, keep "
                   "a scratch object alive across iterations, or use a pool or arena)";
    f.impact_percent = percent;
    findings.push_back(std::move(f));
  }
}

} // namespace hotline::rules
