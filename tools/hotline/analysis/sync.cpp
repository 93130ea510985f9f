// Waits merged by place in the source.
#include "analysis/sync.h"

#include "analysis/io.h"

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

SyncTable compute_sync_table(const std::vector<profile::Profile> &profiles, Symbolizer &symbolizer) {
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
      table.waits += site.waits;
      table.wait_ns += site.wait_ns;
      if (site.thread == main)
        table.main_wait_ns += site.wait_ns;
      Merged &m = places[placer.place(profile, site.node, site.object, site.address)];
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
  std::sort(table.places.begin(), table.places.end(), [](const SyncPlaceStats &a, const SyncPlaceStats &b) {
    if (a.wait_ns != b.wait_ns)
      return a.wait_ns > b.wait_ns;
    return a.place < b.place;
  });
  table.unreadable_objects = placer.unreadable_objects();
  return table;
}

} // namespace hotline::analysis
