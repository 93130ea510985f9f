// pageable-transfers: copies between host and GPU from or to pageable host
// memory, which the driver stages through a pinned buffer of its own: slower
// than from pinned memory, and never overlapped with the GPU's other work.
#include "rules/rules.h"

#include "cli/places.h"
#include "cli/text_format.h"

#include <hotline/profile_format.h>

#include <fmt/format.h>

#include <cmath>

namespace hotline::rules {

constexpr size_t kPlacesShown = 3;

// The wall time of the runs, all profiles together.
uint64_t runs_wall_ns(const ReportData &data) {
  uint64_t wall = 0;
  for (const profile::Profile &p : *data.profiles)
    wall += p.run.wall_ns;
  return wall;
}

void check_pageable_transfers(const ReportData &data, const Thresholds &thresholds,
                              std::vector<Finding> &findings) {
  if (!data.gpu)
    return;
  const analysis::GpuTable &gpu = *data.gpu;
  uint64_t count = 0, bytes = 0, ns = 0;
  for (const analysis::TransferStats &t : gpu.transfers) {
    count += t.pageable_count;
    bytes += t.pageable_bytes;
    ns += t.pageable_ns;
  }
  // What pinning could save is at most the copies' own time. Not the host's time in the
  // cudaMemcpy calls: a copy back also waits there for the kernels before it.
  uint64_t wall_ns = runs_wall_ns(data);
  double wall_percent = wall_ns ? 100.0 * double(ns) / double(wall_ns) : 0;
  if (count == 0 || wall_percent < thresholds.hot_percent)
    return;
  double percent = gpu.copy_ns ? 100.0 * double(ns) / double(gpu.copy_ns) : 0;
  Finding f;
  f.rule = "pageable-transfers";
  const analysis::PageableSiteStats &top = gpu.pageable_sites.front();
  if (top.site.known)
    f.location = text::place_location(top.site.place);
  f.finding =
      fmt::format("{} copies between host and GPU moved {} from or to pageable host "
                  "memory in {}, {} of the GPU's copy time and {} of the run.",
                  text::format_count(count), text::format_bytes(bytes), text::format_duration(ns),
                  text::format_percent(percent), text::format_percent(wall_percent));
  for (const analysis::TransferStats &t : gpu.transfers)
    if (t.pageable_count > 0)
      f.evidence.push_back(fmt::format(
          "{}: {} of {} copies, {} in {} ({}/s)", analysis::transfer_kind_name(t.kind),
          text::format_count(t.pageable_count), text::format_count(t.count),
          text::format_bytes(t.pageable_bytes), text::format_duration(t.pageable_ns),
          text::format_bytes(t.pageable_ns ? uint64_t(std::llround(double(t.pageable_bytes) * 1e9 /
                                                                   double(t.pageable_ns)))
                                           : 0)));
  for (size_t i = 0; i < gpu.pageable_sites.size() && i < kPlacesShown; ++i) {
    const analysis::PageableSiteStats &site = gpu.pageable_sites[i];
    f.evidence.push_back(fmt::format("from {}: {} copies, {}", text::gpu_call_location(site.site),
                                     text::format_count(site.count),
                                     text::format_bytes(site.bytes)));
  }
  f.suggestion = "allocate these host buffers as pinned memory (cudaMallocHost, cudaHostAlloc) or "
                 "pin them once with cudaHostRegister: the GPU then copies them directly, faster, "
                 "and cudaMemcpyAsync can overlap the copies with kernels";
  f.impact_percent = wall_percent;
  findings.push_back(std::move(f));
}

} // namespace hotline::rules
