// Formats the System section of `hotline report`, as text and as JSON.
#include "views/system_text.h"

#include "cli/text_format.h"

#include <fmt/format.h>

#include <cmath>

namespace hotline {

using analysis::Spread;
using analysis::SystemStats;
using Align = text::TextTable::Align;

namespace {

// Three significant digits with a metric prefix: "150 mJ", "42.0 J", "1.23 kW".
std::string format_si(double value, const char *unit) {
  static const char *const kPrefixes[] = {"m", "", "k", "M", "G"};
  size_t prefix = 1;
  if (value > 0 && value < 0.9995) {
    value *= 1000;
    prefix = 0;
  }
  while (value >= 999.5 && prefix < 4) {
    value /= 1000;
    ++prefix;
  }
  if (value < 9.995)
    return fmt::format("{:.2f} {}{}", value, kPrefixes[prefix], unit);
  if (value < 99.95)
    return fmt::format("{:.1f} {}{}", value, kPrefixes[prefix], unit);
  return fmt::format("{:.0f} {}{}", value, kPrefixes[prefix], unit);
}

std::string bytes_cell(double bytes) { return text::format_bytes(uint64_t(std::llround(bytes))); }

std::string celsius_cell(double celsius) { return fmt::format("{:.1f} °C", celsius); }

std::string watts_cell(double watts) { return format_si(watts, "W"); }

template <typename Format>
void add_spread_row(text::TextTable &rows, const char *reading, const Spread &spread,
                    Format format) {
  rows.add_row({reading, format(spread.min), format(spread.mean), format(spread.max)});
}

std::string cpu_line(const SystemStats &stats, bool several) {
  return fmt::format("CPU: {} of CPU time in {}, {:.2f} cores busy on average\n",
                     text::format_duration(stats.cpu_ns),
                     several ? text::format_duration(stats.wall_ns) + " of runs"
                             : "the " + text::format_duration(stats.wall_ns) + " run",
                     stats.cores_busy);
}

std::string energy_line(const SystemStats &stats) {
  if (stats.energy_profiles == 0)
    return "Energy: not readable here (no readable powercap intel-rapl zone)\n";
  std::string out = fmt::format("Energy: {} of CPU package energy (the machine's), {} on average",
                                format_si(stats.energy_j, "J"), watts_cell(stats.package_watts));
  if (stats.energy_profiles < stats.profiles)
    out += fmt::format(" ({} of {} profiles)", stats.energy_profiles, stats.profiles);
  return out + "\n";
}

// One row per profile, when there are several.
std::string profiles_table(const std::vector<SystemStats> &profiles) {
  text::TextTable rows({{"CPU time", Align::Right},
                        {"cores busy", Align::Right},
                        {"energy", Align::Right},
                        {"samples", Align::Right},
                        {"profile", Align::Left}});
  for (const SystemStats &p : profiles)
    rows.add_row({text::format_duration(p.cpu_ns), fmt::format("{:.2f}", p.cores_busy),
                  p.energy_profiles ? format_si(p.energy_j, "J") : "-",
                  text::format_count(p.samples), text::printable(p.profile)});
  return rows.render();
}

std::string samples_text(const SystemStats &stats, bool several) {
  if (stats.samples == 0)
    return "No samples (HOTLINE_SAMPLE_MS=N reads CPU, RSS and GPUs every N ms)\n";
  std::string out;
  if (stats.gpu_profiles > 0)
    out += fmt::format("GPU energy: {} from the power samples ({} GPU{})\n",
                       format_si(stats.gpu_energy_j, "J"), stats.gpu_count,
                       stats.gpu_count == 1 ? "" : "s");
  out += several ? fmt::format("{} samples:\n\n", text::format_count(stats.samples))
                 : fmt::format("{} samples, every {}:\n\n", text::format_count(stats.samples),
                               text::format_duration(stats.sample_period_ns));
  text::TextTable rows(
      {{"", Align::Left}, {"min", Align::Right}, {"mean", Align::Right}, {"max", Align::Right}});
  add_spread_row(rows, "CPU", stats.cpu_percent, text::format_percent);
  add_spread_row(rows, "RSS", stats.rss_bytes, bytes_cell);
  if (stats.gpu_samples > 0) {
    add_spread_row(rows, "GPU busy", stats.gpu_utilization_percent, text::format_percent);
    add_spread_row(rows, "GPU memory", stats.gpu_memory_bytes, bytes_cell);
    add_spread_row(rows, "GPU temperature", stats.gpu_temperature_c, celsius_cell);
    add_spread_row(rows, "GPU power", stats.gpu_power_w, watts_cell);
  }
  return out + rows.render();
}

void write_spread(json::Writer &json, const char *name, const Spread &spread) {
  json.key(name);
  json.begin_object();
  json.field("min", json::rounded(spread.min));
  json.field("mean", json::rounded(spread.mean));
  json.field("max", json::rounded(spread.max));
  json.end_object();
}

// The fields a profile and the total share; readings that were not measured
// are left out rather than written as 0.
void write_stats_fields(json::Writer &json, const SystemStats &stats, bool total) {
  if (total) {
    json.field("profiles", stats.profiles);
    json.field("energy_profiles", stats.energy_profiles);
    json.field("gpu_profiles", stats.gpu_profiles);
  } else {
    json.field("energy_measured", stats.energy_profiles > 0);
    json.field("gpu_measured", stats.gpu_profiles > 0);
  }
  json.field("wall_ns", stats.wall_ns);
  json.field("cpu_ns", stats.cpu_ns);
  json.field("cores_busy", json::rounded(stats.cores_busy));
  if (stats.energy_profiles > 0) {
    json.field("energy_j", stats.energy_j);
    json.field("package_watts", json::rounded(stats.package_watts));
  }
  json.field("sample_period_ns", stats.sample_period_ns);
  json.field("sample_count", stats.samples);
  if (stats.samples > 0) {
    write_spread(json, "cpu_percent", stats.cpu_percent);
    write_spread(json, "rss_bytes", stats.rss_bytes);
  }
  if (stats.gpu_profiles == 0)
    return;
  json.field("gpu_count", stats.gpu_count);
  json.field("gpu_sample_count", stats.gpu_samples);
  if (stats.gpu_samples > 0) {
    write_spread(json, "gpu_utilization_percent", stats.gpu_utilization_percent);
    write_spread(json, "gpu_memory_bytes", stats.gpu_memory_bytes);
    write_spread(json, "gpu_temperature_c", stats.gpu_temperature_c);
    write_spread(json, "gpu_power_w", stats.gpu_power_w);
  }
  json.field("gpu_energy_j", json::rounded(stats.gpu_energy_j));
}

// The time series, with only the readings that were measured.
void write_samples(json::Writer &json, const profile::Profile &profile) {
  json.key("samples");
  json.begin_array();
  for (const profile::SystemSample &s : profile.system_samples) {
    json.begin_object();
    json.field("time_ns", s.time_ns);
    json.field("cpu_percent", s.cpu_percent_x100 / 100.0);
    json.field("rss_bytes", s.rss_bytes);
    if (profile.system.energy_measured())
      json.field("energy_uj", s.energy_uj);
    if (profile.system.gpu_measured()) {
      json.field("gpu_utilization_percent", s.gpu_utilization_percent);
      json.field("gpu_memory_bytes", s.gpu_memory_bytes);
      json.field("gpu_temperature_c", s.gpu_temperature_c);
      json.field("gpu_power_mw", s.gpu_power_mw);
    }
    json.end_object();
  }
  json.end_array();
}

} // namespace

std::string system_text(const analysis::SystemTable &table) {
  const SystemStats &total = table.total;
  if (total.profiles == 0)
    return "";
  bool several = total.profiles > 1;
  std::string out = "\nSystem\n";
  if (several)
    out += profiles_table(table.profiles) + "\n";
  out += cpu_line(total, several);
  out += energy_line(total);
  out += samples_text(total, several);
  return out;
}

void write_system_json(json::Writer &json, const analysis::SystemTable &table,
                       const std::vector<profile::Profile> &profiles) {
  json.begin_object();
  json.key("profiles");
  json.begin_array();
  size_t next = 0; // table.profiles follows the profiles with a SYSTEM section
  for (const profile::Profile &profile : profiles) {
    if (!profile.system.present)
      continue;
    json.begin_object();
    json.field("file", profile.display_name);
    write_stats_fields(json, table.profiles[next++], false);
    write_samples(json, profile);
    json.end_object();
  }
  json.end_array();
  json.key("total");
  json.begin_object();
  write_stats_fields(json, table.total, true);
  json.end_object();
  json.end_object();
}

} // namespace hotline
