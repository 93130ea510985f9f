// Adds up GPU records by kernel, launch site, direction and place, and lays
// each device's work on its run's timeline.
#include "analysis/gpu.h"

#include "analysis/io.h"
#include "analysis/percent.h"

#include <hotline/profile_format.h>

#include "llvm/Demangle/Demangle.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <utility>

namespace hotline::analysis {

using profile::Profile;

const char *transfer_kind_name(uint32_t kind) {
  switch (kind) {
  case HOTLINE_GPU_COPY_HOST_TO_DEVICE:
    return "host to device";
  case HOTLINE_GPU_COPY_DEVICE_TO_HOST:
    return "device to host";
  case HOTLINE_GPU_COPY_DEVICE_TO_DEVICE:
    return "device to device";
  case HOTLINE_GPU_COPY_HOST_TO_HOST:
    return "host to host";
  case HOTLINE_GPU_COPY_PEER_TO_PEER:
    return "peer to peer";
  case HOTLINE_GPU_COPY_OTHER:
    return "other copy";
  case HOTLINE_GPU_MEMSET:
    return "memset";
  }
  return "unknown";
}

const char *gpu_sync_kind_name(uint32_t kind) {
  switch (kind) {
  case HOTLINE_GPU_SYNC_EVENT:
    return "event";
  case HOTLINE_GPU_SYNC_STREAM_WAIT_EVENT:
    return "stream wait on event";
  case HOTLINE_GPU_SYNC_STREAM:
    return "stream";
  case HOTLINE_GPU_SYNC_DEVICE:
    return "device";
  }
  return "other";
}

bool pageable_copy(const profile::GpuTransfer &transfer) {
  return (transfer.kind == HOTLINE_GPU_COPY_HOST_TO_DEVICE &&
          transfer.source == HOTLINE_GPU_MEMORY_PAGEABLE) ||
         (transfer.kind == HOTLINE_GPU_COPY_DEVICE_TO_HOST &&
          transfer.destination == HOTLINE_GPU_MEMORY_PAGEABLE);
}

bool operator<(const GpuCallPlace &a, const GpuCallPlace &b) {
  return std::tie(a.known, a.place) < std::tie(b.known, b.place);
}

uint64_t KernelStats::mean_ns() const { return launches ? gpu_ns / launches : 0; }

double TransferStats::bytes_per_s() const {
  return gpu_ns ? double(bytes) * 1e9 / double(gpu_ns) : 0;
}

double DeviceTimeline::busy_percent() const {
  return wall_ns ? 100.0 * double(busy_ns) / double(wall_ns) : 0;
}

double DeviceTimeline::span_idle_percent() const {
  uint64_t span = last_ns - first_ns;
  return span ? 100.0 * double(span_idle_ns) / double(span) : 0;
}

double DeviceTimeline::main_io_in_gaps_percent() const {
  uint64_t span = last_ns - first_ns;
  return span ? 100.0 * double(main_io_in_gaps_ns) / double(span) : 0;
}

const std::string &KernelNames::operator()(const std::string &mangled) {
  auto [it, inserted] = names_.emplace(mangled, std::string());
  if (inserted)
    it->second = llvm::demangle(mangled);
  return it->second;
}

namespace {

// The place of every GPU site of one profile, by index.
std::vector<GpuCallPlace> place_sites(const Profile &profile, RecordPlacer &placer) {
  std::vector<GpuCallPlace> places;
  places.reserve(profile.gpu_sites.size());
  for (const profile::GpuSite &site : profile.gpu_sites)
    places.push_back({true, placer.place(profile, site.node, site.object, site.address)});
  return places;
}

GpuCallPlace place_of(const std::vector<GpuCallPlace> &places, uint32_t site) {
  return site == profile::kNoGpuSite ? GpuCallPlace{} : places[site];
}

// A kernel or a transfer on its device's timeline: an index into the
// profile's gpu_kernels or gpu_transfers.
struct Work {
  uint64_t start_ns;
  uint64_t end_ns;
  bool kernel;
  size_t index;
};

// A time between two busy blocks of a device, and the work that opens the
// next block.
struct Gap {
  uint64_t start_ns, end_ns;
  const Work *next;
};

uint64_t overlap(uint64_t start, uint64_t end, uint64_t from, uint64_t to) {
  uint64_t a = std::max(start, from), b = std::min(end, to);
  return b > a ? b - a : 0;
}

// Lays the device's idle gaps (in time order) on the main thread's traced I/O
// calls.
void place_main_io_in_gaps(const Profile &profile, const std::vector<Gap> &gaps,
                           DeviceTimeline &timeline) {
  timeline.traced = profile.trace.present;
  std::vector<TimeSpan> idle;
  for (const Gap &gap : gaps)
    idle.push_back({gap.start_ns, gap.end_ns});
  MainIoOverlap io(profile);
  io.add_idle(idle);
  timeline.main_io_in_gaps_ns = io.idle_ns();
  timeline.main_io_in_gaps = io.by_file();
}

// The ordinals of the devices that GPU_DEVICES lists or that ran anything.
std::set<uint32_t> device_ordinals(const Profile &profile) {
  std::set<uint32_t> devices;
  for (const profile::GpuDevice &device : profile.gpu_devices)
    devices.insert(device.device);
  for (const profile::GpuKernel &kernel : profile.gpu_kernels)
    devices.insert(kernel.device);
  for (const profile::GpuTransfer &transfer : profile.gpu_transfers)
    devices.insert(transfer.device);
  return devices;
}

DeviceTimeline device_timeline(const Profile &profile, uint32_t device,
                               const std::vector<GpuCallPlace> &places, KernelNames &demangle,
                               size_t gaps_kept) {
  DeviceTimeline timeline;
  timeline.profile = profile.display_name;
  timeline.device = device;
  for (const profile::GpuDevice &d : profile.gpu_devices)
    if (d.device == device)
      timeline.name = d.name;
  timeline.wall_ns = profile.run.wall_ns;
  timeline.idle_ns = timeline.wall_ns;

  std::vector<Work> work;
  for (size_t i = 0; i < profile.gpu_kernels.size(); ++i)
    if (profile.gpu_kernels[i].device == device)
      work.push_back({profile.gpu_kernels[i].start_ns, profile.gpu_kernels[i].end_ns, true, i});
  for (size_t i = 0; i < profile.gpu_transfers.size(); ++i)
    if (profile.gpu_transfers[i].device == device)
      work.push_back(
          {profile.gpu_transfers[i].start_ns, profile.gpu_transfers[i].end_ns, false, i});
  if (work.empty())
    return timeline;
  // What started first ends the gap before it; at the same instant, a kernel.
  std::sort(work.begin(), work.end(), [](const Work &a, const Work &b) {
    return std::make_tuple(a.start_ns, !a.kernel, a.index) <
           std::make_tuple(b.start_ns, !b.kernel, b.index);
  });

  // Merges the intervals into busy blocks; a gap lies before every block but
  // the first, and the work that opens the block ends it.
  std::vector<Gap> gaps;
  uint64_t busy_in_wall = 0, busy_in_span = 0;
  uint64_t block_start = work[0].start_ns, block_end = work[0].end_ns;
  auto close_block = [&] {
    busy_in_wall += overlap(block_start, block_end, 0, timeline.wall_ns);
    busy_in_span += block_end - block_start;
  };
  for (size_t i = 1; i < work.size(); ++i) {
    if (work[i].start_ns > block_end) {
      close_block();
      gaps.push_back({block_end, work[i].start_ns, &work[i]});
      block_start = work[i].start_ns;
    }
    block_end = std::max(block_end, work[i].end_ns);
  }
  close_block();

  timeline.worked = true;
  timeline.busy_ns = busy_in_wall;
  timeline.idle_ns = timeline.wall_ns - busy_in_wall;
  timeline.first_ns = work[0].start_ns;
  timeline.last_ns = block_end;
  timeline.span_idle_ns = (block_end - work[0].start_ns) - busy_in_span;
  timeline.gap_count = gaps.size();
  place_main_io_in_gaps(profile, gaps, timeline); // while they are in time order
  std::sort(gaps.begin(), gaps.end(), [](const Gap &a, const Gap &b) {
    if (a.end_ns - a.start_ns != b.end_ns - b.start_ns)
      return a.end_ns - a.start_ns > b.end_ns - b.start_ns;
    return a.start_ns < b.start_ns;
  });
  if (gaps_kept != 0 && gaps.size() > gaps_kept)
    gaps.resize(gaps_kept);
  for (const Gap &gap : gaps) {
    IdleGap idle;
    idle.start_ns = gap.start_ns;
    idle.end_ns = gap.end_ns;
    idle.next_is_kernel = gap.next->kernel;
    if (gap.next->kernel) {
      const profile::GpuKernel &kernel = profile.gpu_kernels[gap.next->index];
      idle.next_work = demangle(kernel.name);
      idle.next_site = place_of(places, kernel.site);
    } else {
      const profile::GpuTransfer &transfer = profile.gpu_transfers[gap.next->index];
      idle.next_work = transfer_kind_name(transfer.kind);
      idle.next_site = place_of(places, transfer.site);
    }
    timeline.longest_gaps.push_back(std::move(idle));
  }
  return timeline;
}

// Follows one profile's device allocations and frees in time, device by device.
std::vector<DeviceMemory> device_memory(const Profile &profile) {
  struct Live {
    uint64_t bytes = 0, peak = 0;
  };
  std::map<uint32_t, Live> devices;
  for (const profile::GpuMemoryEvent &event : profile.gpu_memory) {
    if (event.memory == HOTLINE_GPU_MEMORY_PINNED || event.memory == HOTLINE_GPU_MEMORY_PAGEABLE)
      continue;
    Live &live = devices[event.device];
    if (event.operation == HOTLINE_GPU_ALLOCATE) {
      live.bytes += event.bytes;
      live.peak = std::max(live.peak, live.bytes);
    } else {
      // A block allocated before the runtime watched: nothing to take back.
      live.bytes -= std::min(live.bytes, event.bytes);
    }
  }
  std::vector<DeviceMemory> memory;
  for (const auto &[device, live] : devices)
    memory.push_back({profile.display_name, device, live.peak, live.bytes});
  return memory;
}

} // namespace

GpuTable compute_gpu_table(const std::vector<Profile> &profiles, Symbolizer &symbolizer,
                           size_t gaps) {
  GpuTable table;
  RecordPlacer placer(profiles, symbolizer);
  KernelNames demangle;
  struct KernelMerge {
    KernelStats stats;
    std::map<GpuCallPlace, uint64_t> site_ns;
  };
  std::map<std::string, KernelMerge> kernels;
  struct SiteMerge {
    LaunchSiteStats stats;
    std::set<std::string> names;
  };
  std::map<GpuCallPlace, SiteMerge> launch_sites;
  std::map<uint32_t, TransferStats> transfers;
  std::map<GpuCallPlace, PageableSiteStats> pageable_sites;
  std::map<std::pair<GpuCallPlace, std::string>, HostWaitStats> host_waits;
  std::map<uint32_t, GpuSyncStats> syncs;
  std::map<std::pair<GpuCallPlace, std::string>, GpuMemorySiteStats> memory_sites;

  for (const Profile &profile : profiles) {
    if (!profile.cuda.present)
      continue;
    ++table.cuda_profiles;
    std::vector<GpuCallPlace> places = place_sites(profile, placer);

    for (const profile::GpuKernel &kernel : profile.gpu_kernels) {
      uint64_t ns = kernel.end_ns - kernel.start_ns;
      const std::string &name = demangle(kernel.name);
      GpuCallPlace site = place_of(places, kernel.site);
      KernelMerge &merge = kernels[name];
      KernelStats &stats = merge.stats;
      stats.min_ns = stats.launches == 0 ? ns : std::min(stats.min_ns, ns);
      stats.max_ns = std::max(stats.max_ns, ns);
      ++stats.launches;
      stats.gpu_ns += ns;
      merge.site_ns[site] += ns;
      SiteMerge &launch = launch_sites[site];
      ++launch.stats.launches;
      launch.stats.gpu_ns += ns;
      launch.names.insert(name);
      ++table.launches;
      table.kernel_ns += ns;
    }

    for (const profile::GpuTransfer &transfer : profile.gpu_transfers) {
      uint64_t ns = transfer.end_ns - transfer.start_ns;
      TransferStats &stats = transfers[transfer.kind];
      ++stats.count;
      stats.bytes += transfer.bytes;
      stats.gpu_ns += ns;
      ++table.transfer_count;
      table.transfer_ns += ns;
      if (transfer.kind != HOTLINE_GPU_MEMSET)
        table.copy_ns += ns;
      if (!pageable_copy(transfer))
        continue;
      ++stats.pageable_count;
      stats.pageable_bytes += transfer.bytes;
      stats.pageable_ns += ns;
      GpuCallPlace site = place_of(places, transfer.site);
      PageableSiteStats &from = pageable_sites[site];
      ++from.count;
      from.bytes += transfer.bytes;
      from.gpu_ns += ns;
    }

    for (size_t i = 0; i < profile.gpu_sites.size(); ++i) {
      const profile::GpuSite &site = profile.gpu_sites[i];
      if (site.api == HOTLINE_GPU_API_SYNCHRONIZE) {
        table.sync_calls += site.calls;
        table.sync_host_ns += site.host_ns;
      } else if (site.api == HOTLINE_GPU_API_MEMCPY) {
        table.memcpy_calls += site.calls;
        table.memcpy_host_ns += site.host_ns;
      } else {
        continue;
      }
      HostWaitStats &wait = host_waits[{places[i], site.function}];
      wait.api = site.api;
      wait.calls += site.calls;
      wait.host_ns += site.host_ns;
    }

    for (const profile::GpuSync &sync : profile.gpu_syncs) {
      GpuSyncStats &stats = syncs[sync.kind];
      ++stats.count;
      stats.ns += sync.end_ns - sync.start_ns;
    }

    for (const profile::GpuMemoryEvent &event : profile.gpu_memory) {
      std::string function =
          event.site == profile::kNoGpuSite ? "" : profile.gpu_sites[event.site].function;
      GpuMemorySiteStats &stats = memory_sites[{place_of(places, event.site), function}];
      if (event.operation == HOTLINE_GPU_ALLOCATE) {
        ++stats.allocations;
        stats.allocated_bytes += event.bytes;
      } else {
        ++stats.frees;
        stats.freed_bytes += event.bytes;
      }
    }
    for (DeviceMemory &memory : device_memory(profile))
      table.device_memory.push_back(std::move(memory));

    for (uint32_t device : device_ordinals(profile))
      table.devices.push_back(device_timeline(profile, device, places, demangle, gaps));
  }

  for (auto &[name, merge] : kernels) {
    KernelStats &stats = merge.stats;
    stats.name = name;
    stats.percent = percent_of(stats.gpu_ns, table.kernel_ns);
    stats.site_count = merge.site_ns.size();
    // The site with the most time; on a tie, the first by place.
    uint64_t most = 0;
    for (const auto &[site, ns] : merge.site_ns)
      if (ns > most || &site == &merge.site_ns.begin()->first) {
        stats.site = site;
        most = ns;
      }
    table.kernels.push_back(std::move(stats));
  }
  std::sort(table.kernels.begin(), table.kernels.end(),
            [](const KernelStats &a, const KernelStats &b) {
              return std::make_tuple(b.gpu_ns, b.launches, a.name) <
                     std::make_tuple(a.gpu_ns, a.launches, b.name);
            });

  for (auto &[site, merge] : launch_sites) {
    merge.stats.site = site;
    merge.stats.kernels = merge.names.size();
    merge.stats.percent = percent_of(merge.stats.gpu_ns, table.kernel_ns);
    table.launch_sites.push_back(std::move(merge.stats));
  }
  std::sort(table.launch_sites.begin(), table.launch_sites.end(),
            [](const LaunchSiteStats &a, const LaunchSiteStats &b) {
              if (a.gpu_ns != b.gpu_ns)
                return a.gpu_ns > b.gpu_ns;
              return a.site < b.site;
            });

  for (auto &[kind, stats] : transfers) {
    stats.kind = kind;
    table.transfers.push_back(stats);
  }
  for (auto &[site, stats] : pageable_sites) {
    stats.site = site;
    table.pageable_sites.push_back(std::move(stats));
  }
  std::sort(table.pageable_sites.begin(), table.pageable_sites.end(),
            [](const PageableSiteStats &a, const PageableSiteStats &b) {
              if (a.bytes != b.bytes)
                return a.bytes > b.bytes;
              return a.site < b.site;
            });

  for (auto &[key, wait] : host_waits) {
    wait.site = key.first;
    wait.function = key.second;
    table.host_waits.push_back(std::move(wait));
  }
  std::sort(table.host_waits.begin(), table.host_waits.end(),
            [](const HostWaitStats &a, const HostWaitStats &b) {
              if (a.host_ns != b.host_ns)
                return a.host_ns > b.host_ns;
              return std::tie(a.site, a.function) < std::tie(b.site, b.function);
            });

  for (auto &[kind, stats] : syncs) {
    stats.kind = kind;
    table.syncs.push_back(stats);
  }

  for (auto &[key, stats] : memory_sites) {
    stats.site = key.first;
    stats.function = key.second;
    table.memory_sites.push_back(std::move(stats));
  }
  std::sort(table.memory_sites.begin(), table.memory_sites.end(),
            [](const GpuMemorySiteStats &a, const GpuMemorySiteStats &b) {
              if (a.allocated_bytes != b.allocated_bytes)
                return a.allocated_bytes > b.allocated_bytes;
              if (a.freed_bytes != b.freed_bytes)
                return a.freed_bytes > b.freed_bytes;
              return std::tie(a.site, a.function) < std::tie(b.site, b.function);
            });
  table.unreadable_objects = placer.unreadable_objects();
  return table;
}

} // namespace hotline::analysis
