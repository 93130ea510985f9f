// Waits merged by place in the source.
#include "analysis/sync.h"

#include "analysis/io.h"
#include "analysis/percent.h"

#include <hotline/profile_format.h>

#include <algorithm>
#include <map>

namespace hotline::analysis {

const char *sync_kind_name(uint32_t kind) {
  switch (kind) {
  case HOTLINE_SYNC_MUTEX:
    return "mutex";
  case HOTLINE_SYNC_CONDITION:
    return "condition";
  case HOTLINE_SYNC_JOIN:
    return "join";
  case HOTLINE_SYNC_BARRIER:
    return "barrier";
  case HOTLINE_SYNC_SEMAPHORE:
    return "semaphore";
  case HOTLINE_SYNC_RWLOCK:
    return "rwlock";
  case HOTLINE_SYNC_FUTEX:
    return "futex";
  }
  return "unknown";
}

double WaitsDuringMainIo::waited_percent() const { return percent_of(waited_ns, workers_ns); }

namespace {

// Spans in time order, overlapping ones joined.
std::vector<TimeSpan> joined(std::vector<TimeSpan> spans) {
  std::sort(spans.begin(), spans.end(),
            [](const TimeSpan &a, const TimeSpan &b) { return a.start_ns < b.start_ns; });
  std::vector<TimeSpan> result;
  for (const TimeSpan &span : spans) {
    if (!result.empty() && span.start_ns <= result.back().end_ns)
      result.back().end_ns = std::max(result.back().end_ns, span.end_ns);
    else
      result.push_back(span);
  }
  return result;
}

WaitsDuringMainIo waits_during_main_io(const profile::Profile &profile) {
  WaitsDuringMainIo result;
  result.profile = profile.display_name;
  uint32_t main = main_thread(profile);
  // The other threads' waits, by thread and kind.
  std::map<uint32_t, std::map<uint32_t, std::vector<TimeSpan>>> waits;
  for (const profile::TraceEvent &event : profile.trace_events)
    if (event.kind == HOTLINE_TRACE_WAIT && event.thread != main)
      waits[event.thread][event.id].push_back({event.start_ns, event.end_ns});
  for (uint32_t t = 0; t < profile.threads.size(); ++t)
    if (t != main) {
      ++result.workers;
      result.workers_ns += profile.threads[t].end_ns - profile.threads[t].start_ns;
    }

  MainIoOverlap all(profile);
  std::map<uint32_t, uint64_t> kind_ns;
  for (const auto &[thread, kinds] : waits) {
    std::vector<TimeSpan> any_kind;
    for (const auto &[kind, spans] : kinds) {
      kind_ns[kind] += all.covered_ns(joined(spans));
      any_kind.insert(any_kind.end(), spans.begin(), spans.end());
    }
    result.waiting_workers += all.add_idle(joined(std::move(any_kind))) > 0;
  }
  result.main_io_ns = all.io_ns();
  result.waited_ns = all.idle_ns();
  result.files = all.by_file();
  for (const auto &[kind, ns] : kind_ns)
    if (ns > 0)
      result.kinds.emplace_back(kind, ns);
  std::stable_sort(result.kinds.begin(), result.kinds.end(),
                   [](const auto &a, const auto &b) { return a.second > b.second; });
  return result;
}

} // namespace

SyncTable compute_sync_table(const std::vector<profile::Profile> &profiles,
                             Symbolizer &symbolizer) {
  SyncTable table;
  RecordPlacer placer(profiles, symbolizer);
  struct Merged {
    uint64_t waits = 0, wait_ns = 0;
    std::map<uint32_t, uint64_t> kind_ns;
    std::map<std::string, uint64_t> loop_ns;
  };
  std::map<RecordPlace, Merged> places;
  for (const profile::Profile &profile : profiles) {
    if (profile.threads.empty())
      continue;
    uint32_t main = main_thread(profile);
    for (const profile::SyncSite &site : profile.sync_sites) {
      if (made_by_profiler(profile, site))
        continue; // the waits of CUPTI's or NVML's own threads
      table.waits += site.waits;
      table.wait_ns += site.wait_ns;
      if (site.thread == main)
        table.main_wait_ns += site.wait_ns;
      Merged &m =
          places[placer.place(profile, site.node, site.object, site.address, site.via_object)];
      m.waits += site.waits;
      m.wait_ns += site.wait_ns;
      m.kind_ns[site.kind] += site.wait_ns;
      std::string loop = enclosing_loop(profile, site.node);
      if (!loop.empty())
        m.loop_ns[loop] += site.wait_ns;
    }
  }
  auto most = [](const auto &map) {
    auto best = map.begin();
    for (auto it = map.begin(); it != map.end(); ++it)
      if (it->second > best->second)
        best = it;
    return best;
  };
  for (const auto &[place, m] : places) {
    SyncPlaceStats stats;
    stats.place = place;
    stats.waits = m.waits;
    stats.wait_ns = m.wait_ns;
    stats.kind = m.kind_ns.empty() ? 0 : most(m.kind_ns)->first;
    if (!m.loop_ns.empty())
      stats.loop = most(m.loop_ns)->first;
    table.places.push_back(std::move(stats));
  }
  std::sort(table.places.begin(), table.places.end(),
            [](const SyncPlaceStats &a, const SyncPlaceStats &b) {
              if (a.wait_ns != b.wait_ns)
                return a.wait_ns > b.wait_ns;
              return a.place < b.place;
            });
  for (const profile::Profile &profile : profiles)
    if (profile.trace.present && profile.threads.size() > 1)
      table.main_io_waits.push_back(waits_during_main_io(profile));
  table.unreadable_objects = placer.unreadable_objects();
  return table;
}

} // namespace hotline::analysis
