// Adds up IO_SITES records by file, by place and by thread.
#include "analysis/io.h"
#include "analysis/percent.h"

#include <hotline/profile_format.h>

#include <algorithm>
#include <map>
#include <tuple>

namespace hotline::analysis {

using profile::Profile;

namespace {

uint64_t bytes_moved(const IoCounts &io) {
  return io.read_bytes + io.write_bytes + io.mapped_bytes;
}

double per_second(uint64_t bytes, uint64_t ns) {
  return ns == 0 ? 0.0 : double(bytes) * 1e9 / double(ns);
}

// Files by time, then bytes, then path.
void sort_files(std::vector<IoFileStats> &files) {
  std::sort(files.begin(), files.end(), [](const IoFileStats &a, const IoFileStats &b) {
    auto key = [](const IoFileStats &f) {
      return std::make_tuple(f.io.time_ns(), bytes_moved(f.io));
    };
    if (key(a) != key(b))
      return key(a) > key(b);
    return a.path < b.path;
  });
}

ThreadIo thread_io(const Profile &profile, uint32_t t, const std::map<std::string, IoCounts> &files,
                   bool main) {
  const profile::Thread &thread = profile.threads[t];
  ThreadIo result;
  result.profile = profile.display_name;
  result.thread = t;
  result.tid = thread.tid;
  result.name = thread.name;
  result.main = main;
  result.wall_ns = thread.lifetime_ns();
  for (const auto &[path, io] : files) {
    result.io_ns += io.time_ns();
    if (moved_data(path, io))
      result.data_io_ns += io.time_ns();
    result.files.push_back({path, io});
  }
  sort_files(result.files);
  result.blocked_percent = percent_of(result.io_ns, result.wall_ns);
  result.data_blocked_percent = percent_of(result.data_io_ns, result.wall_ns);
  return result;
}

} // namespace

bool moved_data(const std::string &path, const IoCounts &io) {
  if (io.opens + io.syncs + io.maps > 0 || io.mapped_bytes > 0)
    return true;
  uint64_t bytes = io.read_bytes + io.write_bytes, calls = io.reads + io.writes;
  bool peer = path.rfind("pipe:", 0) == 0 || path.rfind("socket:", 0) == 0;
  return peer ? bytes > kPeerMessageBytes * calls : bytes > 0;
}

bool moved_data(const profile::TraceEvent &io_call) {
  return io_call.value > 0 || io_call.kind == HOTLINE_TRACE_OPEN ||
         io_call.kind == HOTLINE_TRACE_SYNC || io_call.kind == HOTLINE_TRACE_MAP;
}

bool is_io_event(const profile::TraceEvent &event) {
  return event.kind >= HOTLINE_TRACE_READ && event.kind <= HOTLINE_TRACE_MAP;
}

uint32_t main_thread(const Profile &profile) {
  for (uint32_t t = 0; t < profile.threads.size(); ++t)
    if (profile.threads[t].tid == profile.run.pid)
      return t;
  return 0;
}

MainIoOverlap::MainIoOverlap(const Profile &profile) : profile_(profile) {
  uint32_t main = main_thread(profile);
  for (const profile::TraceEvent &event : profile.trace_events)
    if (event.thread == main && is_io_event(event) && moved_data(event))
      calls_.push_back(&event);
  std::sort(calls_.begin(), calls_.end(),
            [](const profile::TraceEvent *a, const profile::TraceEvent *b) {
              return a->start_ns < b->start_ns;
            });
  idle_ns_.assign(calls_.size(), 0);
}

template <typename Covered>
void MainIoOverlap::for_each_covered(const std::vector<TimeSpan> &idle, Covered covered) const {
  // The calls start in order and the spans end in order: a span that ends
  // before a call starts can cover no later call.
  size_t first = 0;
  for (size_t i = 0; i < calls_.size(); ++i) {
    const profile::TraceEvent &call = *calls_[i];
    while (first < idle.size() && idle[first].end_ns <= call.start_ns)
      ++first;
    for (size_t s = first; s < idle.size() && idle[s].start_ns < call.end_ns; ++s) {
      uint64_t from = std::max(call.start_ns, idle[s].start_ns);
      uint64_t to = std::min(call.end_ns, idle[s].end_ns);
      if (to > from)
        covered(i, to - from);
    }
  }
}

uint64_t MainIoOverlap::add_idle(const std::vector<TimeSpan> &idle) {
  uint64_t added = 0;
  for_each_covered(idle, [&](size_t call, uint64_t ns) {
    idle_ns_[call] += ns;
    added += ns;
  });
  return added;
}

uint64_t MainIoOverlap::covered_ns(const std::vector<TimeSpan> &idle) const {
  uint64_t ns = 0;
  for_each_covered(idle, [&](size_t, uint64_t call_ns) { ns += call_ns; });
  return ns;
}

uint64_t MainIoOverlap::io_ns() const {
  uint64_t ns = 0;
  for (const profile::TraceEvent *call : calls_)
    ns += call->end_ns - call->start_ns;
  return ns;
}

uint64_t MainIoOverlap::idle_ns() const {
  uint64_t ns = 0;
  for (uint64_t call_ns : idle_ns_)
    ns += call_ns;
  return ns;
}

std::vector<IoDuringIdle> MainIoOverlap::by_file() const {
  std::map<uint32_t, IoDuringIdle> files;
  for (size_t i = 0; i < calls_.size(); ++i) {
    if (idle_ns_[i] == 0)
      continue;
    IoDuringIdle &file = files[calls_[i]->id];
    ++file.calls;
    file.bytes += calls_[i]->value;
    file.ns += idle_ns_[i];
  }
  std::vector<IoDuringIdle> result;
  for (auto &[id, file] : files) {
    file.path = id == profile::kNoFile ? "" : profile_.files[id];
    result.push_back(std::move(file));
  }
  std::sort(result.begin(), result.end(), [](const IoDuringIdle &a, const IoDuringIdle &b) {
    return std::tie(b.ns, a.path) < std::tie(a.ns, b.path);
  });
  return result;
}

void IoCounts::add(const profile::IoSite &site) {
  reads += site.reads;
  read_bytes += site.read_bytes;
  read_ns += site.read_ns;
  writes += site.writes;
  write_bytes += site.write_bytes;
  write_ns += site.write_ns;
  opens += site.opens;
  open_ns += site.open_ns;
  syncs += site.syncs;
  sync_ns += site.sync_ns;
  maps += site.maps;
  mapped_bytes += site.mapped_bytes;
  map_ns += site.map_ns;
}

uint64_t IoCounts::time_ns() const { return read_ns + write_ns + open_ns + sync_ns + map_ns; }

double IoCounts::read_bytes_per_s() const { return per_second(read_bytes, read_ns); }

double IoCounts::write_bytes_per_s() const { return per_second(write_bytes, write_ns); }

IoTable compute_io_table(const std::vector<Profile> &profiles, Symbolizer &symbolizer) {
  IoTable table;
  RecordPlacer placer(profiles, symbolizer);
  std::map<std::string, IoCounts> files;
  std::map<RecordPlace, IoCounts> places;
  std::map<RecordPlace, std::map<std::string, uint64_t>> loop_ns;
  for (const Profile &profile : profiles) {
    table.not_hooked_profiles += profile.run.io_not_hooked();
    if (profile.io_sites.empty())
      continue;
    std::vector<std::map<std::string, IoCounts>> thread_files(profile.threads.size());
    for (const profile::IoSite &site : profile.io_sites) {
      if (made_by_profiler(profile, site))
        continue; // CUPTI's or NVML's own reads and writes
      IoCounts io;
      io.add(site);
      table.total.add(site);
      const std::string &path = site.file == profile::kNoFile ? "" : profile.files[site.file];
      if (site.thread == profile::kNoThread)
        table.no_thread_ns += io.time_ns();
      else
        thread_files[site.thread][path].add(site);
      files[path].add(site);
      RecordPlace place =
          placer.place(profile, site.node, site.object, site.address, site.via_object);
      places[place].add(site);
      std::string loop = enclosing_loop(profile, site.node);
      if (!loop.empty())
        loop_ns[place][loop] += io.time_ns();
    }
    if (profile.threads.empty())
      continue;
    uint32_t main = main_thread(profile);
    table.threads.push_back(thread_io(profile, main, thread_files[main], true));
    size_t others = table.threads.size();
    for (uint32_t t = 0; t < profile.threads.size(); ++t) {
      ThreadIo thread = thread_io(profile, t, thread_files[t], false);
      if (t != main && thread.io_ns > 0)
        table.threads.push_back(std::move(thread));
    }
    std::sort(table.threads.begin() + others, table.threads.end(),
              [](const ThreadIo &a, const ThreadIo &b) {
                if (a.io_ns != b.io_ns)
                  return a.io_ns > b.io_ns;
                return a.thread < b.thread;
              });
  }

  for (const auto &[path, io] : files)
    table.files.push_back({path, io});
  sort_files(table.files);

  for (const auto &[place, io] : places) {
    IoPlaceStats stats{place, "", io};
    // The loop with the most I/O time; on a tie, the first by name.
    uint64_t most = 0;
    for (const auto &[loop, ns] : loop_ns[place])
      if (stats.loop.empty() || ns > most) {
        stats.loop = loop;
        most = ns;
      }
    table.places.push_back(std::move(stats));
  }
  std::sort(table.places.begin(), table.places.end(),
            [](const IoPlaceStats &a, const IoPlaceStats &b) {
              auto key = [](const IoPlaceStats &p) {
                return std::make_tuple(p.io.time_ns(), bytes_moved(p.io));
              };
              if (key(a) != key(b))
                return key(a) > key(b);
              return a.place < b.place;
            });
  table.unreadable_objects = placer.unreadable_objects();
  return table;
}

} // namespace hotline::analysis
