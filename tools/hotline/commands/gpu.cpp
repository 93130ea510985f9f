// `hotline gpu`: what the CUDA module could record, then the kernels and the
// places that launched them, transfers by direction, each GPU's idle time and
// what the host launched after its longest gaps, the host's time waiting in
// CUDA calls, and device memory (text or JSON).
#include "analysis/gpu.h"
#include "cli/json_writer.h"
#include "cli/options.h"
#include "cli/places.h"
#include "cli/readable_names.h"
#include "cli/text_format.h"
#include "commands/commands.h"
#include "profile/reader.h"
#include "views/gpu_text.h"
#include "views/memory_io_text.h"

#include <fmt/format.h>

namespace hotline {

const cli::CommandSpec kGpuCommand = {
    "gpu",
    "hotline gpu [options] FILE...",
    "Where the GPU time went: the kernels and the places in the source that\n"
    "launched them, transfers by direction with their bandwidth and what came from\n"
    "pageable host memory, how long each GPU sat idle and what the host launched\n"
    "after its longest gaps, the host's time waiting in CUDA calls, and device\n"
    "memory. Several files are added together; each process's GPUs keep their own\n"
    "timeline. Needs the profiled executables and libraries, for their debug\n"
    "information.",
    {
        cli::OptionSpec::count(
            "top", "N",
            "show the first N rows of each table and N idle gaps per GPU (default 10; 0 shows "
            "all)"),
        cli::text_or_json_format(),
    }};

namespace {

using analysis::GpuTable;
using Align = text::TextTable::Align;

template <typename T> std::vector<T> first(const std::vector<T> &all, size_t top) {
  if (top == 0 || all.size() <= top)
    return all;
  return std::vector<T>(all.begin(), all.begin() + top);
}

// Whether a place was found by its timed call, for the footnote that says what
// that means.
bool marked(const analysis::GpuCallPlace &site) { return site.known && marked_place(site.place); }

// The "place" and "function" cells of a CUDA call's place.
std::string site_place_cell(const analysis::GpuCallPlace &site) {
  return site.known ? place_cell(site.place) : "unknown launch site";
}
std::string site_function_cell(const analysis::GpuCallPlace &site) {
  return site.known ? function_cell(site.place) : "";
}

std::string launch_sites_table(const std::vector<analysis::LaunchSiteStats> &sites,
                               bool &any_marked) {
  text::TextTable rows({{"GPU time", Align::Right},
                        {"share", Align::Right},
                        {"launches", Align::Right},
                        {"kernels", Align::Right},
                        {"place", Align::Left},
                        {"function", Align::Left}});
  for (const analysis::LaunchSiteStats &s : sites) {
    any_marked |= marked(s.site);
    rows.add_row({text::format_duration(s.gpu_ns), text::format_percent(s.percent),
                  text::format_count(s.launches), text::format_count(s.kernels),
                  site_place_cell(s.site), site_function_cell(s.site)});
  }
  return rows.render();
}

std::string transfers_block(const GpuTable &table, size_t top, bool &any_marked) {
  if (table.transfers.empty())
    return "\nTransfers: none.\n";
  std::string out = "\nTransfers by direction\n" + transfers_table(table.transfers);
  if (table.pageable_sites.empty())
    return out;
  auto sites = first(table.pageable_sites, top);
  out += fmt::format("\nCopies from or to pageable host memory, by place ({} of {})\n",
                     sites.size(), table.pageable_sites.size());
  text::TextTable rows({{"copies", Align::Right},
                        {"bytes", Align::Right},
                        {"GPU time", Align::Right},
                        {"place", Align::Left},
                        {"function", Align::Left}});
  for (const analysis::PageableSiteStats &s : sites) {
    any_marked |= marked(s.site);
    rows.add_row({text::format_count(s.count), text::format_bytes(s.bytes),
                  text::format_duration(s.gpu_ns), site_place_cell(s.site),
                  site_function_cell(s.site)});
  }
  return out + rows.render();
}

std::string idle_block(const GpuTable &table, bool several_profiles) {
  std::string out = "\nGPU busy and idle\n";
  std::string gaps;
  for (const analysis::DeviceTimeline &device : table.devices) {
    out += device_busy_line(device, several_profiles) + "\n";
    if (!device.worked) {
      out += "   it ran no kernel and no transfer\n";
      continue;
    }
    out += fmt::format(
        "   between its first work at {} and its last at {}: idle {} of {} ({}), "
        "in {} gaps\n",
        text::format_duration(device.first_ns), text::format_duration(device.last_ns),
        text::format_duration(device.span_idle_ns),
        text::format_duration(device.last_ns - device.first_ns),
        text::format_percent(device.span_idle_percent()), text::format_count(device.gap_count));
    if (device.traced)
      out += fmt::format("   the main thread was blocked in I/O for {} of that idle time\n",
                         text::format_duration(device.main_io_in_gaps_ns));
    if (device.longest_gaps.empty())
      continue;
    gaps += fmt::format("\nLongest idle gaps ({} of {}) of {}\n", device.longest_gaps.size(),
                        text::format_count(device.gap_count),
                        text::device_label(device, several_profiles));
    text::TextTable rows({{"gap", Align::Right},
                          {"from", Align::Right},
                          {"to", Align::Right},
                          {"next work", Align::Left, 60},
                          {"launched from", Align::Left}});
    for (const analysis::IdleGap &gap : device.longest_gaps)
      rows.add_row({text::format_duration(gap.length_ns()), text::format_duration(gap.start_ns),
                    text::format_duration(gap.end_ns),
                    gap.next_is_kernel ? "kernel " + text::printable(gap.next_work)
                                       : gap.next_work + " transfer",
                    text::gpu_call_location(gap.next_site)});
    gaps += rows.render();
  }
  if (!gaps.empty())
    out += gaps + "from, to: since the run's start; next work: what ended the gap, and the CUDA "
                  "call that launched it.\n";
  return out;
}

std::string host_waits_block(const GpuTable &table, size_t top, bool &any_marked) {
  std::string out = fmt::format(
      "\nHost time in CUDA calls that wait: {} in {} synchronize calls, {} in {} memcpy calls\n",
      text::format_duration(table.sync_host_ns), text::format_count(table.sync_calls),
      text::format_duration(table.memcpy_host_ns), text::format_count(table.memcpy_calls));
  if (!table.host_waits.empty()) {
    text::TextTable rows({{"host time", Align::Right},
                          {"calls", Align::Right},
                          {"call", Align::Left},
                          {"place", Align::Left},
                          {"function", Align::Left}});
    for (const analysis::HostWaitStats &w : first(table.host_waits, top)) {
      any_marked |= marked(w.site);
      rows.add_row({text::format_duration(w.host_ns), text::format_count(w.calls),
                    text::display_name(w.function), place_cell(w.site.place),
                    function_cell(w.site.place)});
    }
    out += rows.render();
  }
  if (!table.syncs.empty()) {
    std::string waits;
    for (const analysis::GpuSyncStats &s : table.syncs)
      waits += fmt::format("{}{} {}, {}", waits.empty() ? "" : "; ",
                           analysis::gpu_sync_kind_name(s.kind), text::format_count(s.count),
                           text::format_duration(s.ns));
    out += "Waits as CUPTI timed them: " + waits + "\n";
  }
  return out;
}

std::string memory_block(const GpuTable &table, bool several_profiles, size_t top,
                         bool &any_marked) {
  if (table.memory_sites.empty())
    return "\nDevice memory: no allocation recorded.\n";
  std::string out = "\nDevice memory\n";
  for (const analysis::DeviceMemory &memory : table.device_memory)
    out += fmt::format("{}device {}: peak {} live, {} still allocated at exit\n",
                       several_profiles ? text::printable(memory.profile) + ": " : "",
                       memory.device, text::format_bytes(memory.peak_live_bytes),
                       text::format_bytes(memory.live_at_exit_bytes));
  text::TextTable rows({{"allocs", Align::Right},
                        {"allocated", Align::Right},
                        {"frees", Align::Right},
                        {"freed", Align::Right},
                        {"call", Align::Left},
                        {"place", Align::Left},
                        {"function", Align::Left}});
  for (const analysis::GpuMemorySiteStats &m : first(table.memory_sites, top)) {
    any_marked |= marked(m.site);
    rows.add_row({text::format_count(m.allocations), text::format_bytes(m.allocated_bytes),
                  text::format_count(m.frees), text::format_bytes(m.freed_bytes),
                  text::display_name(m.function), site_place_cell(m.site),
                  site_function_cell(m.site)});
  }
  out += rows.render();
  out += "Peaks and leftovers are of device memory; host memory allocated through CUDA\n"
         "(cudaMallocHost) is in the table only.\n";
  return out;
}

std::string text_gpu(const std::vector<profile::Profile> &profiles, const GpuTable &table,
                     size_t top) {
  std::string out = cuda_status_lines(profiles, false);
  if (table.launches == 0 && table.transfers.empty() && table.memory_sites.empty() &&
      table.host_waits.empty())
    return out;
  bool several_profiles = profiles.size() > 1;
  bool any_marked = false;
  out += fmt::format("\nKernels    {} of GPU time in {} launches of {} kernels\n",
                     text::format_duration(table.kernel_ns), text::format_count(table.launches),
                     text::format_count(table.kernels.size()));
  out += fmt::format("Transfers  {} of GPU time in {} transfers\n",
                     text::format_duration(table.transfer_ns),
                     text::format_count(table.transfer_count));
  if (!table.kernels.empty()) {
    auto kernels = first(table.kernels, top);
    out += fmt::format("\nKernels by GPU time ({} of {})\n", kernels.size(), table.kernels.size());
    out += kernels_table(kernels, true);
    auto sites = first(table.launch_sites, top);
    out += fmt::format("\nLaunch sites by GPU time ({} of {})\n", sites.size(),
                       table.launch_sites.size());
    out += launch_sites_table(sites, any_marked);
  }
  out += transfers_block(table, top, any_marked);
  out += idle_block(table, several_profiles);
  out += host_waits_block(table, top, any_marked);
  out += memory_block(table, several_profiles, top, any_marked);
  if (any_marked)
    out += '\n' + place_note(true);
  for (const std::string &object : table.unreadable_objects)
    out += fmt::format("Cannot read {} as it was when profiled (moved, deleted, or rebuilt since): "
                       "its CUDA calls are placed at their timed calls.\n",
                       text::printable(object));
  return out;
}

std::string json_gpu(const std::vector<profile::Profile> &profiles, const GpuTable &table,
                     size_t top) {
  json::Writer json;
  json.begin_object();
  json.field("hotline_version", kVersion);
  json.key("cuda");
  write_cuda_json(json, profiles);
  json.field("kernel_ns", table.kernel_ns);
  json.field("launches", table.launches);
  json.field("transfer_count", table.transfer_count);
  json.field("transfer_ns", table.transfer_ns);
  json.field("copy_ns", table.copy_ns);
  json.field("kernel_count", table.kernels.size());
  json.key("kernels");
  write_kernels_json(json, first(table.kernels, top));
  json.field("launch_site_count", table.launch_sites.size());
  json.key("launch_sites");
  json.begin_array();
  for (const analysis::LaunchSiteStats &s : first(table.launch_sites, top)) {
    json.begin_object();
    write_gpu_site_fields(json, s.site);
    json.field("kernels", s.kernels);
    json.field("launches", s.launches);
    json.field("gpu_ns", s.gpu_ns);
    json.field("percent", json::rounded(s.percent));
    json.end_object();
  }
  json.end_array();
  json.key("transfers");
  write_transfers_json(json, table.transfers);
  json.key("pageable_places");
  json.begin_array();
  for (const analysis::PageableSiteStats &s : first(table.pageable_sites, top)) {
    json.begin_object();
    write_gpu_site_fields(json, s.site);
    json.field("count", s.count);
    json.field("bytes", s.bytes);
    json.field("gpu_ns", s.gpu_ns);
    json.end_object();
  }
  json.end_array();
  json.key("devices");
  json.begin_array();
  for (const analysis::DeviceTimeline &device : table.devices)
    write_device_json(json, device);
  json.end_array();
  json.key("host_waits");
  json.begin_object();
  json.field("sync_calls", table.sync_calls);
  json.field("sync_host_ns", table.sync_host_ns);
  json.field("memcpy_calls", table.memcpy_calls);
  json.field("memcpy_host_ns", table.memcpy_host_ns);
  json.key("places");
  json.begin_array();
  for (const analysis::HostWaitStats &w : first(table.host_waits, top)) {
    json.begin_object();
    write_gpu_site_fields(json, w.site);
    json.field("call", w.function);
    json.field("calls", w.calls);
    json.field("host_ns", w.host_ns);
    json.end_object();
  }
  json.end_array();
  json.key("cupti_waits");
  json.begin_array();
  for (const analysis::GpuSyncStats &s : table.syncs) {
    json.begin_object();
    json.field("kind", analysis::gpu_sync_kind_name(s.kind));
    json.field("count", s.count);
    json.field("ns", s.ns);
    json.end_object();
  }
  json.end_array();
  json.end_object();
  json.key("memory");
  json.begin_object();
  json.key("devices");
  json.begin_array();
  for (const analysis::DeviceMemory &m : table.device_memory) {
    json.begin_object();
    json.field("profile", m.profile);
    json.field("device", m.device);
    json.field("peak_live_bytes", m.peak_live_bytes);
    json.field("live_at_exit_bytes", m.live_at_exit_bytes);
    json.end_object();
  }
  json.end_array();
  json.key("places");
  json.begin_array();
  for (const analysis::GpuMemorySiteStats &m : first(table.memory_sites, top)) {
    json.begin_object();
    write_gpu_site_fields(json, m.site);
    json.field("call", m.function);
    json.field("allocations", m.allocations);
    json.field("allocated_bytes", m.allocated_bytes);
    json.field("frees", m.frees);
    json.field("freed_bytes", m.freed_bytes);
    json.end_object();
  }
  json.end_array();
  json.end_object();
  write_unreadable_objects_json(json, table.unreadable_objects);
  json.end_object();
  return json.text();
}

} // namespace

int run_gpu(const cli::ParsedArgs &parsed) {
  uint64_t top = cli::top_option(parsed, 10);
  bool json = cli::json_format(parsed);

  std::vector<profile::Profile> profiles =
      profile::read_profiles(cli::profile_paths(parsed, kGpuCommand));
  analysis::Symbolizer symbolizer;
  GpuTable table = analysis::compute_gpu_table(profiles, symbolizer, top);
  fmt::print("{}", json ? json_gpu(profiles, table, top) : text_gpu(profiles, table, top));
  return 0;
}

} // namespace hotline
