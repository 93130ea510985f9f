// The timelines that chrome and speedscope draw: trace events by thread, GPU
// work by stream, capped and properly nested.
#include "export/export.h"

#include "analysis/sync.h"

#include <hotline/profile_format.h>

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace hotline::exports {

namespace {

// An event that the cap may leave out.
struct Candidate {
  uint64_t length_ns;
  uint64_t start_ns;
  uint32_t profile;
  Slice::Source source;
  uint32_t index;
};

// Longest first; ties in time order, so that the kept set is always the same.
bool kept_before(const Candidate &a, const Candidate &b) {
  return std::tie(b.length_ns, a.start_ns, a.profile, a.source, a.index) <
         std::tie(a.length_ns, b.start_ns, b.profile, b.source, b.index);
}

} // namespace

void nest(std::vector<Slice> &slices) {
  std::sort(slices.begin(), slices.end(), [](const Slice &a, const Slice &b) {
    return std::tie(a.start_ns, b.end_ns, a.source, a.index) <
           std::tie(b.start_ns, a.end_ns, b.source, b.index);
  });
  std::vector<uint64_t> open_ends; // of the slices enclosing the current one
  for (Slice &slice : slices) {
    while (!open_ends.empty() && open_ends.back() <= slice.start_ns)
      open_ends.pop_back();
    if (!open_ends.empty())
      slice.end_ns = std::min(slice.end_ns, open_ends.back());
    open_ends.push_back(slice.end_ns);
  }
}

Timelines select_events(const std::vector<profile::Profile> &profiles, size_t max_events,
                        bool with_gpu) {
  std::vector<Candidate> candidates;
  for (uint32_t p = 0; p < profiles.size(); ++p) {
    const profile::Profile &profile = profiles[p];
    for (uint32_t i = 0; i < profile.trace_events.size(); ++i) {
      const profile::TraceEvent &event = profile.trace_events[i];
      uint64_t event_length =
          event.kind == HOTLINE_TRACE_ALLOCATION ? 0 : event.end_ns - event.start_ns;
      candidates.push_back({event_length, event.start_ns, p, Slice::Source::Trace, i});
    }
    if (!with_gpu)
      continue;
    for (uint32_t i = 0; i < profile.gpu_kernels.size(); ++i) {
      const profile::GpuKernel &kernel = profile.gpu_kernels[i];
      candidates.push_back(
          {kernel.end_ns - kernel.start_ns, kernel.start_ns, p, Slice::Source::Kernel, i});
    }
    for (uint32_t i = 0; i < profile.gpu_transfers.size(); ++i) {
      const profile::GpuTransfer &transfer = profile.gpu_transfers[i];
      candidates.push_back(
          {transfer.end_ns - transfer.start_ns, transfer.start_ns, p, Slice::Source::Transfer, i});
    }
  }
  Timelines timelines;
  if (max_events != 0 && candidates.size() > max_events) {
    std::nth_element(candidates.begin(), candidates.begin() + max_events, candidates.end(),
                     kept_before);
    timelines.left_out = candidates.size() - max_events;
    candidates.resize(max_events);
  }
  std::sort(candidates.begin(), candidates.end(), [](const Candidate &a, const Candidate &b) {
    return std::tie(a.profile, a.source, a.index) < std::tie(b.profile, b.source, b.index);
  });

  timelines.profiles.resize(profiles.size());
  // Per profile: tracks by thread, and by (device, stream).
  std::vector<std::map<uint32_t, Track>> threads(profiles.size());
  std::vector<std::map<std::pair<uint32_t, uint32_t>, Track>> streams(profiles.size());
  for (const Candidate &kept : candidates) {
    const profile::Profile &profile = profiles[kept.profile];
    Track *track = nullptr;
    uint64_t start_ns = 0, end_ns = 0;
    if (kept.source == Slice::Source::Trace) {
      const profile::TraceEvent &event = profile.trace_events[kept.index];
      if (event.kind == HOTLINE_TRACE_RANGE) {
        timelines.profiles[kept.profile].ranges.push_back(kept.index);
        continue;
      }
      track = &threads[kept.profile][event.thread];
      track->thread = event.thread;
      if (event.kind == HOTLINE_TRACE_ALLOCATION) {
        track->allocations.push_back(kept.index);
        continue;
      }
      start_ns = event.start_ns;
      end_ns = event.end_ns;
    } else if (kept.source == Slice::Source::Kernel) {
      const profile::GpuKernel &kernel = profile.gpu_kernels[kept.index];
      track = &streams[kept.profile][{kernel.device, kernel.stream}];
      track->device = kernel.device;
      track->stream = kernel.stream;
      start_ns = kernel.start_ns;
      end_ns = kernel.end_ns;
    } else {
      const profile::GpuTransfer &transfer = profile.gpu_transfers[kept.index];
      track = &streams[kept.profile][{transfer.device, transfer.stream}];
      track->device = transfer.device;
      track->stream = transfer.stream;
      start_ns = transfer.start_ns;
      end_ns = transfer.end_ns;
    }
    track->slices.push_back({kept.source, kept.index, start_ns, end_ns});
  }
  for (size_t p = 0; p < profiles.size(); ++p) {
    const profile::Profile &profile = profiles[p];
    for (uint32_t thread : thread_order(profile)) {
      auto it = threads[p].find(thread);
      if (it == threads[p].end())
        continue;
      Track &track = it->second;
      nest(track.slices);
      std::sort(track.allocations.begin(), track.allocations.end(), [&](uint32_t a, uint32_t b) {
        return std::make_pair(profile.trace_events[a].start_ns, a) <
               std::make_pair(profile.trace_events[b].start_ns, b);
      });
      timelines.profiles[p].threads.push_back(std::move(track));
    }
    for (auto &[device_stream, track] : streams[p]) {
      nest(track.slices);
      timelines.profiles[p].streams.push_back(std::move(track));
    }
    std::vector<uint32_t> &ranges = timelines.profiles[p].ranges;
    std::sort(ranges.begin(), ranges.end(), [&](uint32_t a, uint32_t b) {
      return std::make_pair(profile.trace_events[a].start_ns, a) <
             std::make_pair(profile.trace_events[b].start_ns, b);
    });
  }
  return timelines;
}

std::string event_name(const profile::Profile &profile, const analysis::FunctionCatalog &catalog,
                       size_t p, const profile::TraceEvent &event) {
  switch (event.kind) {
  case HOTLINE_TRACE_CALL: {
    const profile::Site &site = profile.sites[profile.nodes[event.id].site];
    const std::string &function =
        catalog.function(catalog.function_of(p, profile.nodes[event.id].site)).name;
    std::string loop = fmt::format("loop {}:{}", analysis::normal_path(site.file), site.line);
    // A loop of a function inlined into the caller stands for that function's
    // code there, as in the call tree (analysis::NodeRole).
    if (analysis::node_role(profile, catalog, p, event.id) == analysis::NodeRole::Inlined)
      return fmt::format("{} [inlined] {}", function, loop);
    if (site.kind == HOTLINE_SITE_LOOP)
      return loop;
    return function;
  }
  case HOTLINE_TRACE_REGION:
    return event.region;
  case HOTLINE_TRACE_ALLOCATION:
    return "allocation";
  case HOTLINE_TRACE_WAIT:
    return fmt::format("wait ({})", analysis::sync_kind_name(event.id));
  default:
    break;
  }
  const char *call = event.kind == HOTLINE_TRACE_READ    ? "read"
                     : event.kind == HOTLINE_TRACE_WRITE ? "write"
                     : event.kind == HOTLINE_TRACE_OPEN  ? "open"
                     : event.kind == HOTLINE_TRACE_SYNC  ? "sync"
                     : event.kind == HOTLINE_TRACE_MAP   ? "map"
                                                         : "event";
  if (event.id == profile::kNoFile)
    return call;
  return fmt::format("{} {}", call, profile.files[event.id]);
}

std::vector<uint64_t> run_offsets(const std::vector<profile::Profile> &profiles) {
  std::vector<uint64_t> offsets;
  if (profiles.empty())
    return offsets;
  int64_t earliest = profiles[0].run.start_unix_ns;
  for (const profile::Profile &profile : profiles)
    earliest = std::min(earliest, profile.run.start_unix_ns);
  for (const profile::Profile &profile : profiles)
    offsets.push_back(uint64_t(profile.run.start_unix_ns - earliest));
  return offsets;
}

std::vector<uint32_t> thread_order(const profile::Profile &profile) {
  std::vector<uint32_t> order;
  for (bool main : {true, false})
    for (uint32_t t = 0; t < profile.threads.size(); ++t)
      if ((profile.threads[t].tid == profile.run.pid) == main)
        order.push_back(t);
  return order;
}

std::string thread_label(const profile::Thread &thread) {
  if (thread.name.empty())
    return fmt::format("thread {}", thread.tid);
  return fmt::format("{} ({})", thread.name, thread.tid);
}

std::string process_label(const profile::Profile &profile) {
  const std::string &program = profile.run.program;
  return fmt::format("{} (pid {})", program.substr(program.rfind('/') + 1), profile.run.pid);
}

} // namespace hotline::exports
