// Formats GPU results: the CUDA status line, device lines, the kernel and
// transfer tables and their JSON, shared by `hotline gpu` and `hotline report`.
#include "views/gpu_text.h"

#include "cli/places.h"
#include "cli/readable_names.h"
#include "cli/text_format.h"
#include "views/memory_io_text.h"

#include <hotline/profile_format.h>

#include <fmt/format.h>

#include <cmath>

namespace hotline {

using Align = text::TextTable::Align;

namespace {

const char *cuda_state_name(uint32_t state) {
  switch (state) {
  case HOTLINE_CUDA_TRACED:
    return "traced";
  case HOTLINE_CUDA_NO_DRIVER:
    return "no driver";
  case HOTLINE_CUDA_NO_DEVICE:
    return "no device";
  case HOTLINE_CUDA_NO_CUPTI:
    return "no CUPTI";
  case HOTLINE_CUDA_CUPTI_TAKEN:
    return "CUPTI taken";
  case HOTLINE_CUDA_CUPTI_FAILED:
    return "CUPTI failed";
  case HOTLINE_CUDA_NOT_BUILT:
    return "not built";
  }
  return "unknown";
}

// "1 device", "7 activity records": a count and its noun, plural unless one.
std::string counted(uint64_t n, const char *singular, const char *plural) {
  return text::format_count(n) + " " + (n == 1 ? singular : plural);
}

std::string traced_line(const profile::Profile &profile) {
  const profile::Cuda &cuda = profile.cuda;
  std::string names;
  for (const profile::GpuDevice &device : profile.gpu_devices)
    if (names.find(device.name) == std::string::npos)
      names += (names.empty() ? "" : ", ") + text::printable(device.name);
  std::string out = "CUDA: traced on " + counted(cuda.device_count, "device", "devices");
  if (!names.empty())
    out += " (" + names + ")";
  if (cuda.dropped_records > 0)
    out += ", " + counted(cuda.dropped_records, "activity record", "activity records") +
           " dropped by CUPTI";
  if (cuda.lost_records > 0)
    out += ", " + counted(cuda.lost_records, "record", "records") +
           " lost (the runtime's buffers were full)";
  return out;
}

} // namespace

std::string cuda_status_line(const profile::Profile &profile) {
  const profile::Cuda &cuda = profile.cuda;
  if (!cuda.present)
    return "no CUDA in this run";
  std::string detail = cuda.message.empty() ? "" : " (" + text::printable(cuda.message) + ")";
  switch (cuda.state) {
  case HOTLINE_CUDA_TRACED:
    return traced_line(profile);
  case HOTLINE_CUDA_NO_DRIVER:
    return "CUDA present, no driver" + detail;
  case HOTLINE_CUDA_NO_DEVICE:
    return "CUDA present, no device" + detail;
  case HOTLINE_CUDA_NO_CUPTI:
    return "CUDA present, CUPTI not available" + detail + ": no GPU records";
  case HOTLINE_CUDA_CUPTI_TAKEN:
    return "CUDA present, CUPTI taken by another tool" + detail + ": no GPU records";
  case HOTLINE_CUDA_CUPTI_FAILED:
    return "CUDA present, CUPTI failed" + detail + ": no GPU records";
  case HOTLINE_CUDA_NOT_BUILT:
    return "CUDA present, hotline's runtime was built without CUPTI" + detail + ": no GPU records";
  }
  return fmt::format("CUDA present, unknown state {}{}", cuda.state, detail);
}

std::string cuda_status_lines(const std::vector<profile::Profile> &profiles, bool cuda_only) {
  std::string out;
  for (const profile::Profile &profile : profiles)
    if (profile.cuda.present || !cuda_only)
      out += (profiles.size() > 1 ? text::printable(profile.display_name) + ": " : "") +
             cuda_status_line(profile) + "\n";
  return out;
}

std::string device_busy_line(const analysis::DeviceTimeline &device, bool with_profile) {
  return fmt::format(
      "{}: busy {}, {} of the run's {}; idle {}", text::device_label(device, with_profile),
      text::format_duration(device.busy_ns), text::format_percent(device.busy_percent()),
      text::format_duration(device.wall_ns), text::format_duration(device.idle_ns));
}

std::string kernels_table(const std::vector<analysis::KernelStats> &kernels, bool detailed) {
  std::vector<text::TextTable::Column> columns = {
      {"GPU time", Align::Right}, {"share", Align::Right}, {"launches", Align::Right}};
  if (detailed)
    columns.insert(columns.end(),
                   {{"mean", Align::Right}, {"min", Align::Right}, {"max", Align::Right}});
  columns.insert(columns.end(), {{"kernel", Align::Left, 60}, {"launched from", Align::Left}});
  text::TextTable rows(columns);
  for (const analysis::KernelStats &k : kernels) {
    std::vector<std::string> cells = {text::format_duration(k.gpu_ns),
                                      text::format_percent(k.percent),
                                      text::format_count(k.launches)};
    if (detailed)
      cells.insert(cells.end(), {text::format_duration(k.mean_ns()),
                                 text::format_duration(k.min_ns), text::format_duration(k.max_ns)});
    std::string from = text::gpu_call_location(k.site);
    if (k.site_count > 1)
      from += fmt::format(" and {} more", k.site_count - 1);
    cells.insert(cells.end(),
                 {k.name.empty() ? "(unnamed)" : text::display_name(k.name), std::move(from)});
    rows.add_row(std::move(cells));
  }
  return rows.render();
}

std::string transfers_table(const std::vector<analysis::TransferStats> &transfers) {
  text::TextTable rows({{"direction", Align::Left},
                        {"transfers", Align::Right},
                        {"bytes", Align::Right},
                        {"GPU time", Align::Right},
                        {"bandwidth", Align::Right},
                        {"pageable", Align::Right},
                        {"pageable bytes", Align::Right}});
  for (const analysis::TransferStats &t : transfers) {
    bool host_side =
        t.kind == HOTLINE_GPU_COPY_HOST_TO_DEVICE || t.kind == HOTLINE_GPU_COPY_DEVICE_TO_HOST;
    double rate = t.bytes_per_s();
    rows.add_row({analysis::transfer_kind_name(t.kind), text::format_count(t.count),
                  text::format_bytes(t.bytes), text::format_duration(t.gpu_ns),
                  rate > 0 ? text::format_bytes(uint64_t(std::llround(rate))) + "/s" : "-",
                  host_side ? text::format_count(t.pageable_count) : "-",
                  host_side ? text::format_bytes(t.pageable_bytes) : "-"});
  }
  return rows.render();
}

void write_cuda_json(json::Writer &json, const std::vector<profile::Profile> &profiles) {
  json.begin_array();
  for (const profile::Profile &profile : profiles) {
    const profile::Cuda &cuda = profile.cuda;
    if (!cuda.present)
      continue;
    json.begin_object();
    json.field("profile", profile.display_name);
    json.field("state", cuda_state_name(cuda.state));
    json.field("status", cuda_status_line(profile));
    json.field("message", cuda.message);
    json.field("device_count", cuda.device_count);
    json.field("driver_version", cuda.driver_version);
    json.field("cupti_version", cuda.cupti_version);
    json.field("dropped_records", cuda.dropped_records);
    json.field("lost_records", cuda.lost_records);
    json.end_object();
  }
  json.end_array();
}

void write_gpu_site_fields(json::Writer &json, const analysis::GpuCallPlace &site) {
  json.field("known", site.known);
  write_place_fields(json, site.place);
}

void write_kernels_json(json::Writer &json, const std::vector<analysis::KernelStats> &kernels) {
  json.begin_array();
  for (const analysis::KernelStats &k : kernels) {
    json.begin_object();
    json.field("name", k.name);
    json.field("launches", k.launches);
    json.field("gpu_ns", k.gpu_ns);
    json.field("mean_ns", k.mean_ns());
    json.field("min_ns", k.min_ns);
    json.field("max_ns", k.max_ns);
    json.field("percent", json::rounded(k.percent));
    json.key("launch_site");
    json.begin_object();
    write_gpu_site_fields(json, k.site);
    json.end_object();
    json.field("launch_site_count", k.site_count);
    json.end_object();
  }
  json.end_array();
}

void write_transfers_json(json::Writer &json,
                          const std::vector<analysis::TransferStats> &transfers) {
  json.begin_array();
  for (const analysis::TransferStats &t : transfers) {
    json.begin_object();
    json.field("direction", analysis::transfer_kind_name(t.kind));
    json.field("count", t.count);
    json.field("bytes", t.bytes);
    json.field("gpu_ns", t.gpu_ns);
    json.field("bytes_per_s", std::round(t.bytes_per_s()));
    json.field("pageable_count", t.pageable_count);
    json.field("pageable_bytes", t.pageable_bytes);
    json.field("pageable_ns", t.pageable_ns);
    json.end_object();
  }
  json.end_array();
}

void write_device_json(json::Writer &json, const analysis::DeviceTimeline &device) {
  json.begin_object();
  json.field("profile", device.profile);
  json.field("device", device.device);
  json.field("name", device.name);
  json.field("wall_ns", device.wall_ns);
  json.field("busy_ns", device.busy_ns);
  json.field("idle_ns", device.idle_ns);
  json.field("busy_percent", json::rounded(device.busy_percent()));
  json.field("worked", device.worked);
  json.field("first_ns", device.first_ns);
  json.field("last_ns", device.last_ns);
  json.field("span_idle_ns", device.span_idle_ns);
  json.field("span_idle_percent", json::rounded(device.span_idle_percent()));
  json.field("gap_count", device.gap_count);
  json.key("longest_gaps");
  json.begin_array();
  for (const analysis::IdleGap &gap : device.longest_gaps) {
    json.begin_object();
    json.field("start_ns", gap.start_ns);
    json.field("end_ns", gap.end_ns);
    json.field("length_ns", gap.length_ns());
    json.field("next_is_kernel", gap.next_is_kernel);
    json.field("next_work", gap.next_work);
    json.key("launch_site");
    json.begin_object();
    write_gpu_site_fields(json, gap.next_site);
    json.end_object();
    json.end_object();
  }
  json.end_array();
  json.field("traced", device.traced);
  json.field("main_io_in_gaps_ns", device.main_io_in_gaps_ns);
  json.key("main_io_in_gaps");
  write_io_during_idle_json(json, device.main_io_in_gaps);
  json.end_object();
}

} // namespace hotline
