// Adds up SYSTEM sections and summarizes SYSTEM_SAMPLES, per profile and over
// all profiles.
#include "analysis/system.h"

#include <algorithm>

namespace hotline::analysis {

using profile::Profile;
using profile::SystemSample;

namespace {

// Gathers a Spread one value at a time.
class SpreadSum {
public:
  void add(double value) {
    min_ = count_ == 0 ? value : std::min(min_, value);
    max_ = count_ == 0 ? value : std::max(max_, value);
    sum_ += value;
    ++count_;
  }
  Spread spread() const {
    if (count_ == 0)
      return {};
    return {min_, sum_ / double(count_), max_};
  }

private:
  double min_ = 0, max_ = 0, sum_ = 0;
  size_t count_ = 0;
};

class SystemSum {
public:
  explicit SystemSum(std::string name) { stats_.profile = std::move(name); }

  void add(const Profile &profile) {
    const profile::System &system = profile.system;
    ++stats_.profiles;
    stats_.wall_ns += profile.run.wall_ns;
    stats_.cpu_ns += system.cpu_ns;
    if (system.energy_measured()) {
      ++stats_.energy_profiles;
      energy_uj_ += system.energy_uj;
      energy_wall_ns_ += profile.run.wall_ns;
    }
    stats_.sample_period_ns = std::max(stats_.sample_period_ns, system.sample_period_ns);
    bool gpu = system.gpu_measured();
    if (gpu) {
      ++stats_.gpu_profiles;
      stats_.gpu_count = std::max(stats_.gpu_count, system.gpu_count);
    }
    const SystemSample *previous = nullptr;
    for (const SystemSample &sample : profile.system_samples) {
      ++stats_.samples;
      cpu_percent_.add(sample.cpu_percent_x100 / 100.0);
      rss_bytes_.add(double(sample.rss_bytes));
      if (!gpu)
        continue;
      ++stats_.gpu_samples;
      gpu_utilization_.add(sample.gpu_utilization_percent);
      gpu_memory_.add(double(sample.gpu_memory_bytes));
      gpu_temperature_.add(sample.gpu_temperature_c);
      gpu_power_.add(sample.gpu_power_mw / 1000.0);
      if (previous)
        gpu_mw_ns_ += double(sample.time_ns - previous->time_ns) *
                      (double(previous->gpu_power_mw) + sample.gpu_power_mw) / 2;
      previous = &sample;
    }
  }

  SystemStats stats() const {
    SystemStats stats = stats_;
    if (stats.wall_ns > 0)
      stats.cores_busy = double(stats.cpu_ns) / double(stats.wall_ns);
    stats.energy_j = double(energy_uj_) / 1e6;
    if (energy_wall_ns_ > 0)
      stats.package_watts = stats.energy_j / (double(energy_wall_ns_) / 1e9);
    stats.cpu_percent = cpu_percent_.spread();
    stats.rss_bytes = rss_bytes_.spread();
    stats.gpu_utilization_percent = gpu_utilization_.spread();
    stats.gpu_memory_bytes = gpu_memory_.spread();
    stats.gpu_temperature_c = gpu_temperature_.spread();
    stats.gpu_power_w = gpu_power_.spread();
    stats.gpu_energy_j = gpu_mw_ns_ / 1e12; // mW * ns = 1e-12 J
    return stats;
  }

private:
  SystemStats stats_;
  uint64_t energy_uj_ = 0;
  uint64_t energy_wall_ns_ = 0;
  double gpu_mw_ns_ = 0;
  SpreadSum cpu_percent_, rss_bytes_, gpu_utilization_, gpu_memory_, gpu_temperature_, gpu_power_;
};

} // namespace

SystemTable compute_system_table(const std::vector<Profile> &profiles) {
  SystemTable table;
  SystemSum total("");
  for (const Profile &profile : profiles) {
    if (!profile.system.present)
      continue;
    SystemSum one(profile.display_name);
    one.add(profile);
    table.profiles.push_back(one.stats());
    total.add(profile);
  }
  table.total = total.stats();
  return table;
}

} // namespace hotline::analysis
