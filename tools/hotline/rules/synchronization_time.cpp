// synchronization-time: threads wait at one place on locks, conditions,
// barriers, semaphores or futexes for much of their time. Joins are left out: a main
// thread waiting for its workers is how parallel work ends, not a problem. So are the waits
// a library makes in threads of its own, outside every timed call (the CUDA driver's helper
// threads sleep on a semaphore for the whole run): nothing in the program's code waited.
#include "rules/rules.h"

#include "cli/places.h"
#include "cli/text_format.h"

#include <hotline/profile_format.h>

#include <fmt/format.h>

namespace hotline::rules {

namespace {

const char *advice_for(uint32_t kind) {
  switch (kind) {
  case HOTLINE_SYNC_MUTEX:
  case HOTLINE_SYNC_RWLOCK:
    return "shorten the critical section (compute outside the lock, publish the result inside), "
           "give each thread its own data and combine at the end, or split the lock";
  case HOTLINE_SYNC_CONDITION:
  case HOTLINE_SYNC_SEMAPHORE:
  case HOTLINE_SYNC_FUTEX:
    return "the waiting side is starved: make the producing side faster or wider (more threads, "
           "bigger batches) or let the queue hold more ready work";
  case HOTLINE_SYNC_BARRIER:
    return "the threads reach the barrier at different times: balance the work between them "
           "(smaller chunks handed out dynamically)";
  }
  return "reduce the time threads spend waiting for each other";
}

} // namespace

void check_synchronization_time(const ReportData &data, const Thresholds &thresholds,
                                std::vector<Finding> &findings) {
  if (!data.sync || data.regions->all_threads_ns == 0)
    return;
  for (const analysis::SyncPlaceStats &place : data.sync->places) {
    if (place.kind == HOTLINE_SYNC_JOIN ||
        (place.place.source == analysis::PlaceSource::None && !place.place.via.empty()))
      continue;
    double percent = 100.0 * double(place.wait_ns) / double(data.regions->all_threads_ns);
    if (percent < thresholds.hot_percent)
      continue;
    Finding f;
    f.rule = "synchronization-time";
    f.location = text::place_location(place.place);
    if (f.location.empty()) // waits made where no timed call was open (an untimed thread routine)
      f.location = "(outside timed calls)";
    f.finding = fmt::format("Threads waited here on a {} for {} of all threads' time.",
                            analysis::sync_kind_name(place.kind), text::format_percent(percent));
    f.evidence.push_back(
        fmt::format("{} waits, {} in all, {} each on average", text::format_count(place.waits),
                    text::format_duration(place.wait_ns),
                    text::format_duration(place.waits ? place.wait_ns / place.waits : 0)));
    if (!place.loop.empty())
      f.evidence.push_back("inside the loop at " + text::printable(place.loop));
    f.suggestion = advice_for(place.kind);
    f.impact_percent = percent;
    findings.push_back(std::move(f));
  }
}

} // namespace hotline::rules
