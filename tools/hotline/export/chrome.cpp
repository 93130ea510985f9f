// Chrome's trace event JSON, for Perfetto and chrome://tracing: each process's
// threads with their calls, regions, I/O calls, waits and allocations, its NVTX
// start/end ranges, and its GPU streams with their kernels and transfers,
// linked to the calls that launched them.
#include "analysis/gpu.h"
#include "cli/json_writer.h"
#include "export/export.h"
#include "version.h"

#include <hotline/profile_format.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <utility>

namespace hotline::exports {

namespace {

// Linux pids and tids stay below PID_MAX_LIMIT (2^22): a second process or
// thread with the same id is given the id plus a multiple of it.
constexpr uint64_t kSyntheticId = uint64_t(1) << 22;
// GPU streams' track ids: far above those, within the 32 bits viewers keep.
constexpr uint64_t kFirstStreamTid = uint64_t(1) << 30;

// Microseconds, exact to the nanosecond.
std::string micros(uint64_t ns) { return fmt::format("{}.{:03}", ns / 1000, ns % 1000); }

std::string metadata(const char *name, uint64_t pid, const uint64_t *tid, const std::string &args) {
  return fmt::format("{{\"name\":\"{}\",\"ph\":\"M\",\"pid\":{}{},\"args\":{}}}", name, pid,
                     tid ? fmt::format(",\"tid\":{}", *tid) : "", args);
}

std::string complete(const std::string &name, const char *category, uint64_t start_ns,
                     uint64_t end_ns, uint64_t pid, uint64_t tid, const std::string &args) {
  return fmt::format("{{\"name\":{},\"cat\":\"{}\",\"ph\":\"X\",\"ts\":{},"
                     "\"dur\":{},\"pid\":{},\"tid\":{},\"args\":{}}}",
                     json::quote(name), category, micros(start_ns), micros(end_ns - start_ns), pid,
                     tid, args);
}

const char *trace_category(uint32_t kind) {
  switch (kind) {
  case HOTLINE_TRACE_CALL:
    return "call";
  case HOTLINE_TRACE_REGION:
    return "region";
  case HOTLINE_TRACE_WAIT:
    return "wait";
  default:
    break;
  }
  return "io";
}

// The call slices of one thread, by call node: where launches are looked up.
using CallSlices = std::map<uint32_t, std::vector<std::pair<uint64_t, uint64_t>>>;

class ChromeTrace {
public:
  ChromeTrace(const std::vector<profile::Profile> &profiles, const Timelines &timelines)
      : profiles_(profiles), timelines_(timelines), catalog_(profiles),
        offsets_(run_offsets(profiles)) {}

  std::string json() {
    std::set<uint64_t> pids;
    for (size_t p = 0; p < profiles_.size(); ++p) {
      uint64_t pid = profiles_[p].run.pid;
      while (!pids.insert(pid).second)
        pid += kSyntheticId;
      add_process(p, pid);
    }
    uint64_t dropped = 0; // by the runtime, its buffers full
    for (const profile::Profile &profile : profiles_)
      dropped += profile.trace.dropped;
    return fmt::format("{{\"traceEvents\":[\n{}\n],\n\"displayTimeUnit\":\"ns\",\n"
                       "\"otherData\":{{\"exporter\":{},\"events_left_out\":{},"
                       "\"events_dropped_by_runtime\":{}}}}}\n",
                       fmt::join(events_, ",\n"), json::quote(fmt::format("hotline {}", kVersion)),
                       timelines_.left_out, dropped);
  }

private:
  void add_process(size_t p, uint64_t pid) {
    const profile::Profile &profile = profiles_[p];
    const ProfileTimeline &timeline = timelines_.profiles[p];
    events_.push_back(metadata("process_name", pid, nullptr,
                               "{\"name\":" + json::quote(process_label(profile)) + "}"));
    events_.push_back(
        metadata("process_sort_index", pid, nullptr, fmt::format("{{\"sort_index\":{}}}", p)));
    // Two threads of a run may have had the same tid, one after the other. A
    // thread that only ended ranges has no track, but is named too.
    tids_.clear();
    std::set<uint64_t> tids;
    auto add_tid = [&](uint32_t thread) {
      uint64_t tid = profile.threads[thread].tid;
      while (!tids.insert(tid).second)
        tid += kSyntheticId;
      tids_[thread] = tid;
    };
    for (const Track &track : timeline.threads)
      add_tid(track.thread);
    for (uint32_t index : timeline.ranges) {
      uint32_t thread = profile.trace_events[index].thread;
      if (tids_.count(thread))
        continue;
      add_tid(thread);
      events_.push_back(
          metadata("thread_name", pid, &tids_[thread],
                   "{\"name\":" + json::quote(thread_label(profile.threads[thread])) + "}"));
    }
    std::map<uint32_t, CallSlices> calls; // by thread
    for (const Track &track : timeline.threads)
      add_thread(p, pid, track, calls[track.thread]);
    for (size_t s = 0; s < timeline.streams.size(); ++s)
      add_stream(p, pid, kFirstStreamTid + s, timeline.streams[s], calls);
    add_ranges(p, pid, timeline.ranges);
  }

  void add_thread(size_t p, uint64_t pid, const Track &track, CallSlices &calls) {
    const profile::Profile &profile = profiles_[p];
    const profile::Thread &thread = profile.threads[track.thread];
    uint64_t tid = tids_.at(track.thread);
    events_.push_back(
        metadata("thread_name", pid, &tid, "{\"name\":" + json::quote(thread_label(thread)) + "}"));
    size_t next_allocation = 0;
    auto allocations_until = [&](uint64_t time_ns) {
      for (; next_allocation < track.allocations.size(); ++next_allocation) {
        const profile::TraceEvent &allocation =
            profile.trace_events[track.allocations[next_allocation]];
        if (allocation.start_ns > time_ns)
          break;
        events_.push_back(
            fmt::format("{{\"name\":\"allocation\",\"cat\":\"memory\",\"ph\":\"i\",\"s\":\"t\","
                        "\"ts\":{},\"pid\":{},\"tid\":{},\"args\":{{\"bytes\":{}}}}}",
                        micros(offsets_[p] + allocation.start_ns), pid, tid, allocation.value));
      }
    };
    for (const Slice &slice : track.slices) {
      const profile::TraceEvent &event = profile.trace_events[slice.index];
      if (slice.start_ns > 0)
        allocations_until(slice.start_ns - 1);
      std::string args = "{}";
      if (event.kind == HOTLINE_TRACE_CALL) {
        calls[event.id].emplace_back(slice.start_ns, slice.end_ns);
        const profile::Site &site = profile.sites[profile.nodes[event.id].site];
        args = fmt::format("{{\"file\":{},\"line\":{}}}",
                           json::quote(analysis::normal_path(site.file)), site.line);
      } else if (event.kind != HOTLINE_TRACE_REGION && event.kind != HOTLINE_TRACE_WAIT) {
        args = fmt::format("{{\"bytes\":{}}}", event.value);
      }
      events_.push_back(complete(event_name(profile, catalog_, p, event),
                                 trace_category(event.kind), offsets_[p] + slice.start_ns,
                                 offsets_[p] + slice.end_ns, pid, tid, args));
    }
    allocations_until(UINT64_MAX);
  }

  // NVTX start/end ranges as async events ("b" and "e" with one id), which
  // viewers draw on tracks of the process by name, since they need not nest
  // and may cross threads; the events are on the thread that ended the range.
  void add_ranges(size_t p, uint64_t pid, const std::vector<uint32_t> &ranges) {
    const profile::Profile &profile = profiles_[p];
    for (uint32_t index : ranges) {
      const profile::TraceEvent &range = profile.trace_events[index];
      uint64_t tid = tids_.at(range.thread);
      uint64_t id = ++async_ids_;
      events_.push_back(fmt::format(
          "{{\"name\":{},\"cat\":\"range\",\"ph\":\"b\",\"id\":\"{:#x}\",\"ts\":{},\"pid\":{},"
          "\"tid\":{},\"args\":{{\"ended_on_another_thread\":{}}}}}",
          json::quote(range.region), id, micros(offsets_[p] + range.start_ns), pid, tid,
          range.value == 1 ? "true" : "false"));
      events_.push_back(fmt::format(
          "{{\"name\":{},\"cat\":\"range\",\"ph\":\"e\",\"id\":\"{:#x}\",\"ts\":{},\"pid\":{},"
          "\"tid\":{}}}",
          json::quote(range.region), id, micros(offsets_[p] + range.end_ns), pid, tid));
    }
  }

  void add_stream(size_t p, uint64_t pid, uint64_t tid, const Track &track,
                  const std::map<uint32_t, CallSlices> &calls) {
    const profile::Profile &profile = profiles_[p];
    std::string device_name;
    for (const profile::GpuDevice &device : profile.gpu_devices)
      if (device.device == track.device)
        device_name = " (" + device.name + ")";
    events_.push_back(metadata("thread_name", pid, &tid,
                               "{\"name\":" +
                                   json::quote(fmt::format("GPU {}{} stream {}", track.device,
                                                           device_name, track.stream)) +
                                   "}"));
    // After the threads, which keep the default sort index 0.
    events_.push_back(metadata("thread_sort_index", pid, &tid,
                               fmt::format("{{\"sort_index\":{}}}", 1 + tid - kFirstStreamTid)));
    for (const Slice &slice : track.slices) {
      uint64_t start_ns = offsets_[p] + slice.start_ns;
      uint32_t site = profile::kNoGpuSite;
      if (slice.source == Slice::Source::Kernel) {
        const profile::GpuKernel &kernel = profile.gpu_kernels[slice.index];
        site = kernel.site;
        events_.push_back(
            complete(kernel_names_(kernel.name), "gpu kernel", start_ns, offsets_[p] + slice.end_ns,
                     pid, tid,
                     fmt::format("{{\"grid\":[{}],\"block\":[{}],\"registers\":{},"
                                 "\"shared_bytes\":{}}}",
                                 fmt::join(kernel.grid, ","), fmt::join(kernel.block, ","),
                                 kernel.registers, kernel.shared_bytes)));
      } else {
        const profile::GpuTransfer &transfer = profile.gpu_transfers[slice.index];
        site = transfer.site;
        events_.push_back(complete(analysis::transfer_kind_name(transfer.kind), "gpu transfer",
                                   start_ns, offsets_[p] + slice.end_ns, pid, tid,
                                   fmt::format("{{\"bytes\":{},\"pageable\":{}}}", transfer.bytes,
                                               analysis::pageable_copy(transfer))));
      }
      add_launch_flow(p, pid, tid, site, slice.start_ns, calls);
    }
  }

  // An arrow from the call that launched GPU work to the work, when that call
  // is on the timeline: it starts in the last slice of the launching call node
  // that began before the work, no later than the work.
  void add_launch_flow(size_t p, uint64_t pid, uint64_t tid, uint32_t site, uint64_t work_start_ns,
                       const std::map<uint32_t, CallSlices> &calls) {
    const profile::Profile &profile = profiles_[p];
    if (site == profile::kNoGpuSite)
      return;
    const profile::GpuSite &gpu_site = profile.gpu_sites[site];
    if (gpu_site.thread == profile::kNoThread || gpu_site.node == profile::kNoParent)
      return;
    auto thread = calls.find(gpu_site.thread);
    if (thread == calls.end())
      return;
    auto node = thread->second.find(gpu_site.node);
    if (node == thread->second.end())
      return;
    const auto &slices = node->second; // by start
    auto after = std::upper_bound(slices.begin(), slices.end(), work_start_ns,
                                  [](uint64_t time_ns, const std::pair<uint64_t, uint64_t> &slice) {
                                    return time_ns < slice.first;
                                  });
    if (after == slices.begin())
      return;
    auto [call_start_ns, call_end_ns] = *(after - 1);
    uint64_t launch_ns = std::max(
        call_start_ns,
        std::min(work_start_ns, call_end_ns > call_start_ns ? call_end_ns - 1 : call_end_ns));
    uint64_t id = ++flows_;
    events_.push_back(
        fmt::format("{{\"name\":\"launch\",\"cat\":\"gpu launch\",\"ph\":\"s\",\"id\":{},"
                    "\"ts\":{},\"pid\":{},\"tid\":{}}}",
                    id, micros(offsets_[p] + launch_ns), pid, tids_.at(gpu_site.thread)));
    events_.push_back(
        fmt::format("{{\"name\":\"launch\",\"cat\":\"gpu launch\",\"ph\":\"f\",\"bp\":\"e\","
                    "\"id\":{},\"ts\":{},\"pid\":{},\"tid\":{}}}",
                    id, micros(offsets_[p] + work_start_ns), pid, tid));
  }

  const std::vector<profile::Profile> &profiles_;
  const Timelines &timelines_;
  analysis::FunctionCatalog catalog_;
  std::vector<uint64_t> offsets_;
  std::vector<std::string> events_;
  analysis::KernelNames kernel_names_;
  std::map<uint32_t, uint64_t> tids_; // of the current process's threads
  uint64_t async_ids_ = 0;            // the last id given to a range's async events
  uint64_t flows_ = 0;
};

} // namespace

std::string chrome_trace(const std::vector<profile::Profile> &profiles,
                         const Timelines &timelines) {
  bool anything = false;
  for (const ProfileTimeline &timeline : timelines.profiles)
    anything |= !timeline.threads.empty() || !timeline.streams.empty() || !timeline.ranges.empty();
  if (!anything) {
    std::vector<std::string> names;
    for (const profile::Profile &profile : profiles)
      names.push_back(profile.display_name);
    throw std::runtime_error(fmt::format("{} {} no timeline: run the program with HOTLINE_TRACE=1",
                                         fmt::join(names, ", "),
                                         names.size() == 1 ? "has" : "have"));
  }
  return ChromeTrace(profiles, timelines).json();
}

} // namespace hotline::exports
