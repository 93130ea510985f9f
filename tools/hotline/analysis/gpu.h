// GPU work across one or many profiles: kernels by name and by launch site,
// transfers by direction, each device's busy and idle time with its longest idle
// gaps, the host's time in CUDA calls that wait, and device memory.
#pragma once

#include "analysis/io.h"
#include "analysis/record_place.h"
#include "analysis/symbolizer.h"
#include "profile/reader.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace hotline::analysis {

// "host to device", "device to host", "device to device", "host to host",
// "peer to peer", "other copy", "memset" (HOTLINE_GPU_COPY_*, HOTLINE_GPU_MEMSET).
const char *transfer_kind_name(uint32_t kind);
// "stream", "device", "event", "stream wait on event", "other" (HOTLINE_GPU_SYNC_*).
const char *gpu_sync_kind_name(uint32_t kind);
// A copy between host and device whose host side is pageable memory: the
// driver stages it through a pinned buffer of its own.
bool pageable_copy(const profile::GpuTransfer &transfer);

// Kernel names as CUPTI gives them are mangled: this demangles each once.
class KernelNames {
public:
  const std::string &operator()(const std::string &mangled);

private:
  std::map<std::string, std::string> names_;
};

// Where a CUDA call was made: its place in the source, or nowhere known (GPU
// work whose call the runtime did not see: kNoGpuSite).
struct GpuCallPlace {
  bool known = false;
  RecordPlace place;
};
bool operator<(const GpuCallPlace &a, const GpuCallPlace &b);

// One kernel, by name, every launch of it in every profile.
struct KernelStats {
  std::string name; // demangled
  uint64_t launches = 0;
  uint64_t gpu_ns = 0;
  uint64_t min_ns = 0;
  uint64_t max_ns = 0;
  double percent = 0;    // of all kernels' GPU time
  GpuCallPlace site;     // the launch site that took the most of its time
  size_t site_count = 0; // launch sites it was launched from

  uint64_t mean_ns() const;
};

// The kernels launched from one place.
struct LaunchSiteStats {
  GpuCallPlace site;
  size_t kernels = 0; // distinct names
  uint64_t launches = 0;
  uint64_t gpu_ns = 0;
  double percent = 0; // of all kernels' GPU time
};

// The transfers of one kind (direction), with those whose host side was
// pageable memory.
struct TransferStats {
  uint32_t kind = 0; // HOTLINE_GPU_COPY_*, HOTLINE_GPU_MEMSET
  uint64_t count = 0;
  uint64_t bytes = 0;
  uint64_t gpu_ns = 0;
  uint64_t pageable_count = 0;
  uint64_t pageable_bytes = 0;
  uint64_t pageable_ns = 0;

  // Bytes per second of GPU time; 0 without time.
  double bytes_per_s() const;
};

// The pageable host-device copies made from one place.
struct PageableSiteStats {
  GpuCallPlace site;
  uint64_t count = 0;
  uint64_t bytes = 0;
  uint64_t gpu_ns = 0;
};

// A time when a device ran neither a kernel nor a transfer, between two pieces
// of work, and the work that ended it: what the host got to next.
struct IdleGap {
  uint64_t start_ns = 0; // since the run's start
  uint64_t end_ns = 0;
  bool next_is_kernel = false;
  std::string next_work;  // the kernel's name, or the transfer's kind ("host to device")
  GpuCallPlace next_site; // the CUDA call that started it

  uint64_t length_ns() const { return end_ns - start_ns; }
};

// One device of one process, over its run's wall time.
struct DeviceTimeline {
  std::string profile;  // its profile's display name
  uint32_t device = 0;  // CUDA ordinal
  std::string name;     // "" when GPU_DEVICES does not list it
  uint64_t wall_ns = 0; // the run's
  // The union of its kernels' and transfers' intervals within [0, wall_ns],
  // and the rest of the wall time.
  uint64_t busy_ns = 0;
  uint64_t idle_ns = 0;
  bool worked = false;               // ran any kernel or transfer
  uint64_t first_ns = 0;             // the start of its first work
  uint64_t last_ns = 0;              // the end of its last work
  uint64_t span_idle_ns = 0;         // idle between first_ns and last_ns
  size_t gap_count = 0;              // idle gaps between first_ns and last_ns
  std::vector<IdleGap> longest_gaps; // longest first, then earliest
  // Trace mode only (the profile kept a timeline): the main thread's I/O calls
  // that moved data (or opened, synced or mapped), the part of them that fell
  // in this device's idle gaps between first_ns and last_ns. I/O calls shorter
  // than the trace's min_ns are not in the timeline, so not counted.
  bool traced = false;
  uint64_t main_io_in_gaps_ns = 0;
  std::vector<IoDuringIdle> main_io_in_gaps; // by time, then path

  double busy_percent() const;            // of wall_ns
  double span_idle_percent() const;       // of last_ns - first_ns
  double main_io_in_gaps_percent() const; // of last_ns - first_ns
};

// The calls to one CUDA function from one place that make the host wait:
// synchronizations and copies.
struct HostWaitStats {
  GpuCallPlace site;
  std::string function; // "cudaStreamSynchronize"
  uint32_t api = 0;     // HOTLINE_GPU_API_SYNCHRONIZE or HOTLINE_GPU_API_MEMCPY
  uint64_t calls = 0;
  uint64_t host_ns = 0;
};

// The waits of one kind as CUPTI timed them (GPU_SYNCS).
struct GpuSyncStats {
  uint32_t kind = 0; // HOTLINE_GPU_SYNC_*
  uint64_t count = 0;
  uint64_t ns = 0;
};

// The device allocations and frees made by one CUDA function at one place.
struct GpuMemorySiteStats {
  GpuCallPlace site;
  std::string function; // "cudaMalloc"; "" for an unknown site
  uint64_t allocations = 0;
  uint64_t allocated_bytes = 0;
  uint64_t frees = 0;
  uint64_t freed_bytes = 0;
};

// Device memory of one device of one process, followed through GPU_MEMORY.
// Host memory (pinned, pageable) allocated through CUDA is left out.
struct DeviceMemory {
  std::string profile;
  uint32_t device = 0;
  uint64_t peak_live_bytes = 0;
  uint64_t live_at_exit_bytes = 0; // allocated and not freed when the profile was written
};

struct GpuTable {
  size_t cuda_profiles = 0; // profiles with a CUDA section
  uint64_t kernel_ns = 0;   // all kernels' GPU time
  uint64_t launches = 0;
  uint64_t transfer_count = 0;                   // copies and memsets
  uint64_t transfer_ns = 0;                      // their GPU time
  uint64_t copy_ns = 0;                          // the copies' GPU time (memsets left out)
  std::vector<KernelStats> kernels;              // by GPU time, then launches, then name
  std::vector<LaunchSiteStats> launch_sites;     // by GPU time, then place
  std::vector<TransferStats> transfers;          // the kinds that occurred, in kind order
  std::vector<PageableSiteStats> pageable_sites; // by bytes, then place
  std::vector<DeviceTimeline> devices;           // by profile, then ordinal
  uint64_t sync_calls = 0;                       // synchronize calls, all places
  uint64_t sync_host_ns = 0;
  uint64_t memcpy_calls = 0;
  uint64_t memcpy_host_ns = 0;
  std::vector<HostWaitStats> host_waits;        // by host time, then place, then function
  std::vector<GpuSyncStats> syncs;              // the kinds that occurred, in kind order
  std::vector<GpuMemorySiteStats> memory_sites; // by bytes allocated, then freed, then place
  std::vector<DeviceMemory> device_memory;      // by profile, then ordinal
  std::vector<std::string> unreadable_objects;
};

// `gaps` is how many of each device's longest idle gaps to keep (0: all).
GpuTable compute_gpu_table(const std::vector<profile::Profile> &profiles, Symbolizer &symbolizer,
                           size_t gaps);

} // namespace hotline::analysis
