// CPU time, energy and the sampler's readings, per profile and over profiles,
// with exact numbers.
#include "analysis/system.h"
#include "profile/reader.h"
#include "profile_builder.h"

#include <gtest/gtest.h>

namespace hotline::test {
namespace {

using analysis::Spread;
using analysis::SystemStats;
using analysis::SystemTable;
using profile::Profile;

hotline_system_sample_record reading(uint64_t time_ns, uint32_t cpu_percent_x100,
                                     uint64_t rss_bytes) {
  hotline_system_sample_record record{};
  record.time_ns = time_ns;
  record.cpu_percent_x100 = cpu_percent_x100;
  record.rss_bytes = rss_bytes;
  return record;
}

hotline_system_sample_record gpu_reading(uint64_t time_ns, uint32_t utilization, uint64_t memory,
                                         uint32_t temperature, uint32_t power_mw) {
  hotline_system_sample_record record = reading(time_ns, 0, 0);
  record.gpu_utilization_percent = utilization;
  record.gpu_memory_bytes = memory;
  record.gpu_temperature_c = temperature;
  record.gpu_power_mw = power_mw;
  return record;
}

// 2 s of wall time, 1.5 s of CPU, 42 J, two GPUs; samples every 0.5 s.
Profile with_energy_and_gpus() {
  ProfileBuilder b;
  b.run().wall_ns = 2000000000;
  hotline_system_record &system = b.system();
  system.cpu_ns = 1500000000;
  system.energy_uj = 42000000;
  system.sample_period_ns = 500000000;
  system.flags = HOTLINE_SYSTEM_ENERGY | HOTLINE_SYSTEM_GPU;
  system.gpu_count = 2;
  hotline_system_sample_record samples[] = {
      gpu_reading(500000000, 10, 1000, 40, 100000),
      gpu_reading(1000000000, 20, 2000, 50, 200000),
      gpu_reading(1500000000, 60, 3000, 60, 300000),
  };
  uint32_t cpu[] = {5000, 10000, 15000};
  uint64_t rss[] = {1000000, 2000000, 6000000};
  for (int i = 0; i < 3; ++i) {
    samples[i].cpu_percent_x100 = cpu[i];
    samples[i].rss_bytes = rss[i];
    b.add_system_sample(samples[i]);
  }
  return profile::parse_profile(b.build(), "a.hotline");
}

// 1 s of wall time, 3 s of CPU (three busy threads); no energy, no GPU, whose
// fields are ignored.
Profile three_cores() {
  ProfileBuilder b;
  b.run().wall_ns = 1000000000;
  b.system().cpu_ns = 3000000000;
  b.system().sample_period_ns = 100000000;
  b.system().energy_uj = 999; // not measured: not counted
  hotline_system_sample_record first = reading(100000000, 30000, 8000000);
  first.gpu_power_mw = 5000;
  b.add_system_sample(first);
  b.add_system_sample(reading(200000000, 30000, 4000000));
  return profile::parse_profile(b.build(), "b.hotline");
}

Profile without_system() { return profile::parse_profile(ProfileBuilder().build(), "c.hotline"); }

void expect_spread(const Spread &spread, double min, double mean, double max) {
  EXPECT_DOUBLE_EQ(spread.min, min);
  EXPECT_DOUBLE_EQ(spread.mean, mean);
  EXPECT_DOUBLE_EQ(spread.max, max);
}

TEST(System, OneProfileWithEnergyAndGpus) {
  SystemTable table = analysis::compute_system_table({with_energy_and_gpus()});
  ASSERT_EQ(table.profiles.size(), 1u);
  const SystemStats &a = table.profiles[0];
  EXPECT_EQ(a.profile, "a.hotline");
  EXPECT_EQ(a.profiles, 1u);
  EXPECT_EQ(a.wall_ns, 2000000000u);
  EXPECT_EQ(a.cpu_ns, 1500000000u);
  EXPECT_DOUBLE_EQ(a.cores_busy, 0.75);
  EXPECT_EQ(a.energy_profiles, 1u);
  EXPECT_DOUBLE_EQ(a.energy_j, 42);
  EXPECT_DOUBLE_EQ(a.package_watts, 21);
  EXPECT_EQ(a.sample_period_ns, 500000000u);
  EXPECT_EQ(a.samples, 3u);
  expect_spread(a.cpu_percent, 50, 100, 150);
  expect_spread(a.rss_bytes, 1000000, 3000000, 6000000);
  EXPECT_EQ(a.gpu_profiles, 1u);
  EXPECT_EQ(a.gpu_samples, 3u);
  EXPECT_EQ(a.gpu_count, 2u);
  expect_spread(a.gpu_utilization_percent, 10, 30, 60);
  expect_spread(a.gpu_memory_bytes, 1000, 2000, 3000);
  expect_spread(a.gpu_temperature_c, 40, 50, 60);
  expect_spread(a.gpu_power_w, 100, 200, 300);
  // 0.5 s at (100 + 200) / 2 W, then 0.5 s at (200 + 300) / 2 W.
  EXPECT_DOUBLE_EQ(a.gpu_energy_j, 75 + 125);
}

TEST(System, ProfileWithoutEnergyOrGpus) {
  SystemTable table = analysis::compute_system_table({three_cores()});
  ASSERT_EQ(table.profiles.size(), 1u);
  const SystemStats &b = table.profiles[0];
  EXPECT_DOUBLE_EQ(b.cores_busy, 3);
  EXPECT_EQ(b.energy_profiles, 0u);
  EXPECT_DOUBLE_EQ(b.energy_j, 0);
  EXPECT_DOUBLE_EQ(b.package_watts, 0);
  EXPECT_EQ(b.samples, 2u);
  expect_spread(b.cpu_percent, 300, 300, 300);
  expect_spread(b.rss_bytes, 4000000, 6000000, 8000000);
  EXPECT_EQ(b.gpu_profiles, 0u);
  EXPECT_EQ(b.gpu_samples, 0u);
  EXPECT_EQ(b.gpu_count, 0u);
  expect_spread(b.gpu_power_w, 0, 0, 0);
  EXPECT_DOUBLE_EQ(b.gpu_energy_j, 0);
}

TEST(System, AddsUpProfilesAndSkipsThoseWithoutSystem) {
  SystemTable table =
      analysis::compute_system_table({with_energy_and_gpus(), without_system(), three_cores()});
  ASSERT_EQ(table.profiles.size(), 2u);
  EXPECT_EQ(table.profiles[0].profile, "a.hotline");
  EXPECT_EQ(table.profiles[1].profile, "b.hotline");
  const SystemStats &total = table.total;
  EXPECT_EQ(total.profile, "");
  EXPECT_EQ(total.profiles, 2u);
  EXPECT_EQ(total.wall_ns, 3000000000u);
  EXPECT_EQ(total.cpu_ns, 4500000000u);
  EXPECT_DOUBLE_EQ(total.cores_busy, 1.5);
  // Energy over a.hotline only, the one that measured it: 42 J in its 2 s.
  EXPECT_EQ(total.energy_profiles, 1u);
  EXPECT_DOUBLE_EQ(total.energy_j, 42);
  EXPECT_DOUBLE_EQ(total.package_watts, 21);
  EXPECT_EQ(total.sample_period_ns, 500000000u);
  EXPECT_EQ(total.samples, 5u);
  expect_spread(total.cpu_percent, 50, (50 + 100 + 150 + 300 + 300) / 5.0, 300);
  expect_spread(total.rss_bytes, 1000000, 4200000, 8000000);
  // GPU readings of a.hotline only.
  EXPECT_EQ(total.gpu_profiles, 1u);
  EXPECT_EQ(total.gpu_samples, 3u);
  EXPECT_EQ(total.gpu_count, 2u);
  expect_spread(total.gpu_power_w, 100, 200, 300);
  EXPECT_DOUBLE_EQ(total.gpu_energy_j, 200);
}

TEST(System, EnergyAddsUpAcrossProfiles) {
  Profile a = with_energy_and_gpus();
  Profile a2 = with_energy_and_gpus();
  a2.run.wall_ns = 1000000000;
  a2.system.energy_uj = 18000000;
  SystemTable table = analysis::compute_system_table({a, a2});
  EXPECT_DOUBLE_EQ(table.total.energy_j, 60);
  EXPECT_DOUBLE_EQ(table.total.package_watts, 20); // 60 J in 3 s
  EXPECT_DOUBLE_EQ(table.total.gpu_energy_j, 400); // integrated per profile
}

TEST(System, NoSystemSections) {
  SystemTable table = analysis::compute_system_table({without_system()});
  EXPECT_TRUE(table.profiles.empty());
  EXPECT_EQ(table.total.profiles, 0u);
  EXPECT_EQ(table.total.samples, 0u);
  EXPECT_DOUBLE_EQ(table.total.cores_busy, 0);
}

TEST(System, OneSampleHasNoGpuEnergy) {
  ProfileBuilder b;
  b.system().flags = HOTLINE_SYSTEM_GPU;
  b.add_system_sample(gpu_reading(1000, 50, 1, 30, 70000));
  SystemTable table = analysis::compute_system_table({profile::parse_profile(b.build(), "x")});
  EXPECT_EQ(table.total.gpu_samples, 1u);
  expect_spread(table.total.gpu_power_w, 70, 70, 70);
  EXPECT_DOUBLE_EQ(table.total.gpu_energy_j, 0);
}

} // namespace
} // namespace hotline::test
