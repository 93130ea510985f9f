// The process and the machine across one or many profiles: CPU time and how
// many cores it kept busy, CPU package energy, and the sampler's readings (CPU,
// RSS, GPUs) as smallest, mean and largest.
#pragma once

#include "profile/reader.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hotline::analysis {

// One reading over a set of samples. The mean gives every sample the same
// weight: samples are evenly spaced in time, so it is the mean over time.
struct Spread {
  double min = 0;
  double mean = 0;
  double max = 0;
};

// One profile's SYSTEM section and samples, or several added up.
struct SystemStats {
  std::string profile; // the profile's display name; "" for a total
  size_t profiles = 0; // profiles with a SYSTEM section
  uint64_t wall_ns = 0;
  uint64_t cpu_ns = 0;
  double cores_busy = 0; // cpu_ns / wall_ns: 1.0 is one core busy all the time

  // CPU package energy, over the profiles that measured it. It is the
  // machine's, not the process's: processes that ran at once on one machine
  // each count the same joules.
  size_t energy_profiles = 0;
  double energy_j = 0;
  double package_watts = 0; // energy_j over those profiles' wall time

  uint64_t sample_period_ns = 0; // one profile's; the largest for a total
  size_t samples = 0;
  Spread cpu_percent; // 100 = one core busy
  Spread rss_bytes;

  // Over the profiles whose GPUs NVML read, and their samples.
  size_t gpu_profiles = 0;
  uint32_t gpu_count = 0; // the most one profile saw
  size_t gpu_samples = 0;
  Spread gpu_utilization_percent; // the busiest GPU's
  Spread gpu_memory_bytes;        // all GPUs
  Spread gpu_temperature_c;       // the hottest GPU's
  Spread gpu_power_w;             // all GPUs
  // The power samples integrated over time (trapezoids between consecutive
  // samples of one profile): the GPUs' energy from the first sample to the
  // last, not from the run's start to its end.
  double gpu_energy_j = 0;
};

struct SystemTable {
  std::vector<SystemStats> profiles; // each profile with a SYSTEM section
  SystemStats total;                 // all of them together
};

SystemTable compute_system_table(const std::vector<profile::Profile> &profiles);

} // namespace hotline::analysis
