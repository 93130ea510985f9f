// Text, Markdown and JSON for the report's bottlenecks, suggestions, regions,
// categories, waits and GPU.
#include "views/report_sections.h"

#include "cli/places.h"
#include "cli/readable_names.h"
#include "cli/text_format.h"
#include "views/gpu_text.h"
#include "views/memory_io_text.h"

#include <fmt/format.h>

#include <cmath>

namespace hotline {

using text::TextTable;
using Align = TextTable::Align;

namespace {

std::string counters_cell(const std::vector<analysis::CounterStats> &counters) {
  std::string out;
  for (const analysis::CounterStats &c : counters) {
    if (!out.empty())
      out += ", ";
    out += fmt::format("{} {}", text::printable(c.name), text::format_count(c.value));
    if (c.per_second > 0)
      out += fmt::format(" ({}/s)", text::format_count(uint64_t(c.per_second + 0.5)));
  }
  return out.empty() ? "-" : out;
}

std::string bottleneck_what(const analysis::Bottleneck &b) {
  if (b.kind == analysis::BottleneckKind::Region || b.location.empty())
    return text::printable(b.name);
  return text::printable(b.location) + (b.name.empty() ? "" : " " + text::display_name(b.name));
}

// Markdown table cells may not hold a pipe.
std::string cell(std::string text) {
  std::string out;
  for (char c : text)
    out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

} // namespace

std::string bottlenecks_text(const std::vector<analysis::Bottleneck> &items, double threshold) {
  std::string out =
      fmt::format("\nBottlenecks (at least {} of the time)\n", text::format_percent(threshold));
  if (items.empty())
    return out + "None: nothing takes that much of the time.\n";
  TextTable rows({{"share", Align::Right},
                  {"of", Align::Left},
                  {"time", Align::Right},
                  {"kind", Align::Left},
                  {"what", Align::Left, 70},
                  {"detail", Align::Left}});
  for (const analysis::Bottleneck &b : items)
    rows.add_row({text::format_percent(b.percent), b.of, text::format_duration(b.time_ns),
                  analysis::bottleneck_kind_name(b.kind), bottleneck_what(b),
                  b.detail.empty() ? "-" : text::display_facts(b.detail)});
  out += '\n' + rows.render();
  return out;
}

std::string bottlenecks_markdown(const std::vector<analysis::Bottleneck> &items, double threshold) {
  std::string out = fmt::format("## Bottlenecks\n\nAt least {} of the time.\n\n",
                                text::format_percent(threshold));
  if (items.empty())
    return out + "None: nothing takes that much of the time.\n\n";
  out += "| share | of | time | kind | what | detail |\n|---:|---|---:|---|---|---|\n";
  for (const analysis::Bottleneck &b : items)
    out += fmt::format("| {} | {} | {} | {} | `{}` | {} |\n", text::format_percent(b.percent), b.of,
                       text::format_duration(b.time_ns), analysis::bottleneck_kind_name(b.kind),
                       cell(bottleneck_what(b)), cell(text::display_facts(b.detail)));
  return out + "\n";
}

void write_bottlenecks_json(json::Writer &json, const std::vector<analysis::Bottleneck> &items) {
  json.begin_array();
  for (const analysis::Bottleneck &b : items) {
    json.begin_object();
    json.field("kind", analysis::bottleneck_kind_name(b.kind));
    json.field("name", b.name);
    if (b.kind != analysis::BottleneckKind::Region)
      if (std::string short_name = text::shorter_name(b.name); !short_name.empty())
        json.field("short_name", short_name);
    json.field("location", b.location);
    json.field("time_ns", b.time_ns);
    json.field("percent", json::rounded(b.percent));
    json.field("of", b.of);
    json.field("detail", b.detail);
    json.end_object();
  }
  json.end_array();
}

std::string suggestions_text(const std::vector<rules::Finding> &findings) {
  std::string out = fmt::format("\nSuggestions ({})\n", findings.size());
  if (findings.empty())
    return out + "None: no rule found a problem (docs/report-rules.md lists them).\n";
  for (size_t i = 0; i < findings.size(); ++i) {
    const rules::Finding &f = findings[i];
    out += fmt::format("\n{}. [{}] {}{}\n", i + 1, f.rule,
                       f.location.empty() ? "" : f.location + ": ", f.finding);
    for (const std::string &line : f.evidence)
      out += "   evidence: " + line + "\n";
    out += "   suggestion: " + f.suggestion + "\n";
  }
  return out;
}

std::string suggestions_markdown(const std::vector<rules::Finding> &findings) {
  std::string out = fmt::format("## Suggestions\n\n");
  if (findings.empty())
    return out + "None: no rule found a problem.\n\n";
  for (size_t i = 0; i < findings.size(); ++i) {
    const rules::Finding &f = findings[i];
    out += fmt::format("{}. **{}**{}: {}\n", i + 1, f.rule,
                       f.location.empty() ? "" : " at `" + f.location + "`", f.finding);
    for (const std::string &line : f.evidence)
      out += "   - " + line + "\n";
    out += "   - *Suggestion:* " + f.suggestion + "\n";
  }
  return out + "\n";
}

void write_findings_json(json::Writer &json, const std::vector<rules::Finding> &findings) {
  json.begin_array();
  for (const rules::Finding &f : findings) {
    json.begin_object();
    json.field("rule", f.rule);
    json.field("location", f.location);
    json.field("finding", f.finding);
    json.key("evidence");
    json.begin_array();
    for (const std::string &line : f.evidence)
      json.value(line);
    json.end_array();
    json.field("suggestion", f.suggestion);
    json.field("impact_percent", json::rounded(f.impact_percent));
    json.end_object();
  }
  json.end_array();
}

std::string regions_text(const analysis::RegionTable &table) {
  if (table.regions.empty())
    return "";
  std::string out =
      "\nRegions (time summed over threads; wall% is of the processes' wall time)\n\n";
  TextTable rows({{"time", Align::Right},
                  {"wall%", Align::Right},
                  {"entries", Align::Right},
                  {"threads", Align::Right},
                  {"I/O", Align::Right},
                  {"waits", Align::Right},
                  {"allocator", Align::Right},
                  {"region", Align::Left, 40},
                  {"category", Align::Left},
                  {"counters (per second in the region)", Align::Left}});
  bool any_open = false;
  for (const analysis::RegionStats &r : table.regions) {
    any_open |= r.open_at_write;
    rows.add_row(
        {text::format_duration(r.inclusive_ns), text::format_percent(r.wall_percent),
         text::format_count(r.entries), std::to_string(r.threads), text::format_duration(r.io_ns),
         text::format_duration(r.sync_ns), text::format_duration(r.memory_ns),
         std::string(2 * r.depth, ' ') + text::printable(r.name) + (r.open_at_write ? " *" : ""),
         analysis::category_name(r.category), counters_cell(r.counters)});
  }
  out += rows.render();
  if (any_open)
    out += "*: still open when the profile was written; its time runs to then.\n";
  if (!table.outside_counters.empty())
    out += "Counted outside every region: " + counters_cell(table.outside_counters) + "\n";
  TextTable durations = durations_table("entries", {{"region", Align::Left}});
  bool any_durations = false;
  for (const analysis::RegionStats &r : table.regions) {
    const analysis::DurationStats &d = r.durations;
    if (d.calls == 0)
      continue;
    any_durations = true;
    std::vector<std::string> row =
        durations_cells(d, text::format_duration(r.entries ? r.inclusive_ns / r.entries : 0));
    row.push_back(std::string(2 * r.depth, ' ') + text::printable(r.name));
    durations.add_row(row);
  }
  if (any_durations)
    out += "\nRegion entries' durations (HOTLINE_HISTOGRAMS; those that ended)\n\n" +
           durations.render();
  return out;
}

std::string ranges_text(const analysis::RegionTable &table) {
  if (table.ranges.empty())
    return "";
  std::string out = "\nRanges (NVTX start/end: each from the call that started it to the one that "
                    "ended it, on any thread)\n\n";
  TextTable rows({{"time", Align::Right},
                  {"count", Align::Right},
                  {"mean", Align::Right},
                  {"min", Align::Right},
                  {"max", Align::Right},
                  {"ended elsewhere", Align::Right},
                  {"open", Align::Right},
                  {"range", Align::Left}});
  for (const profile::Range &r : table.ranges) {
    auto ended = [&](uint64_t ns) { return r.count ? text::format_duration(ns) : "-"; };
    rows.add_row({ended(r.ns), text::format_count(r.count), ended(r.mean_ns()), ended(r.min_ns),
                  ended(r.max_ns), text::format_count(r.other_thread), text::format_count(r.open),
                  text::printable(r.name)});
  }
  return out + rows.render() +
         "ended elsewhere: on another thread than started them; open: not ended when the "
         "profile was written, not in the times.\n";
}

std::string categories_text(const analysis::RegionTable &table) {
  if (!analysis::splits_time_by_category(table))
    return "";
  std::string out = fmt::format(
      "\nTime by category (main threads {}, all threads {}; rules in docs/report-rules.md)\n\n",
      text::format_duration(table.main_threads_ns), text::format_duration(table.all_threads_ns));
  TextTable rows({{"category", Align::Left},
                  {"main thread", Align::Right},
                  {"main%", Align::Right},
                  {"all threads", Align::Right},
                  {"all%", Align::Right}});
  for (const analysis::CategoryTime &c : table.categories)
    if (c.all_ns > 0)
      rows.add_row({analysis::category_name(c.category), text::format_duration(c.main_ns),
                    text::format_percent(c.main_percent), text::format_duration(c.all_ns),
                    text::format_percent(c.all_percent)});
  return out + rows.render();
}

void write_regions_json(json::Writer &json, const analysis::RegionTable &table) {
  auto counters = [&](const std::vector<analysis::CounterStats> &list) {
    json.begin_array();
    for (const analysis::CounterStats &c : list) {
      json.begin_object();
      json.field("name", c.name);
      json.field("value", c.value);
      json.field("per_second", c.per_second);
      json.end_object();
    }
    json.end_array();
  };
  json.begin_object();
  json.field("main_threads_ns", table.main_threads_ns);
  json.field("all_threads_ns", table.all_threads_ns);
  json.key("categories");
  json.begin_array();
  for (const analysis::CategoryTime &c : table.categories) {
    json.begin_object();
    json.field("category", analysis::category_name(c.category));
    json.field("main_ns", c.main_ns);
    json.field("main_percent", json::rounded(c.main_percent));
    json.field("all_ns", c.all_ns);
    json.field("all_percent", json::rounded(c.all_percent));
    json.end_object();
  }
  json.end_array();
  json.key("regions");
  json.begin_array();
  for (const analysis::RegionStats &r : table.regions) {
    json.begin_object();
    json.field("path", r.path);
    json.field("name", r.name);
    json.field("depth", r.depth);
    json.field("category", analysis::category_name(r.category));
    json.field("entries", r.entries);
    json.field("inclusive_ns", r.inclusive_ns);
    json.field("exclusive_ns", r.exclusive_ns);
    json.field("io_ns", r.io_ns);
    json.field("sync_ns", r.sync_ns);
    json.field("memory_ns", r.memory_ns);
    json.field("gpu_ns", r.gpu_ns);
    json.field("threads", r.threads);
    json.field("wall_percent", json::rounded(r.wall_percent));
    json.field("open_at_write", r.open_at_write);
    json.key("counters");
    counters(r.counters);
    write_durations_json(json, r.durations);
    json.end_object();
  }
  json.end_array();
  json.key("outside_counters");
  counters(table.outside_counters);
  json.key("ranges");
  json.begin_array();
  for (const profile::Range &r : table.ranges) {
    json.begin_object();
    json.field("name", r.name);
    json.field("count", r.count);
    json.field("ns", r.ns);
    json.field("min_ns", r.min_ns);
    json.field("max_ns", r.max_ns);
    json.field("other_thread", r.other_thread);
    json.field("open", r.open);
    json.end_object();
  }
  json.end_array();
  json.end_object();
}

std::string sync_text(const analysis::SyncTable &table, size_t rows_shown) {
  if (table.places.empty())
    return "";
  std::string out =
      fmt::format("\nSynchronization ({} waits, {} blocked; top {} places)\n\n",
                  text::format_count(table.waits), text::format_duration(table.wait_ns),
                  std::min(rows_shown, table.places.size()));
  TextTable rows({{"time", Align::Right},
                  {"waits", Align::Right},
                  {"kind", Align::Left},
                  {"place", Align::Left, 60},
                  {"loop", Align::Left}});
  for (size_t i = 0; i < table.places.size() && i < rows_shown; ++i) {
    const analysis::SyncPlaceStats &p = table.places[i];
    std::string place = text::place_location(p.place);
    rows.add_row({text::format_duration(p.wait_ns), text::format_count(p.waits),
                  analysis::sync_kind_name(p.kind), place.empty() ? "(outside timed calls)" : place,
                  p.loop.empty() ? "-" : text::printable(p.loop)});
  }
  out += rows.render();
  for (const analysis::WaitsDuringMainIo &process : table.main_io_waits) {
    if (process.waited_ns == 0)
      continue;
    std::string of =
        table.main_io_waits.size() > 1 ? " of " + text::printable(process.profile) : "";
    out += fmt::format(
        "\nWhile the main thread{} was blocked in I/O ({}), {} of its {} other threads "
        "waited: {} together, {} of their time.\n",
        of, text::format_duration(process.main_io_ns), process.waiting_workers, process.workers,
        text::format_duration(process.waited_ns), text::format_percent(process.waited_percent()));
  }
  return out;
}

void write_sync_json(json::Writer &json, const analysis::SyncTable &table, size_t rows) {
  json.begin_object();
  json.field("waits", table.waits);
  json.field("wait_ns", table.wait_ns);
  json.field("main_wait_ns", table.main_wait_ns);
  json.key("top_places");
  json.begin_array();
  for (size_t i = 0; i < table.places.size() && i < rows; ++i) {
    const analysis::SyncPlaceStats &p = table.places[i];
    json.begin_object();
    json.field("file", p.place.file);
    json.field("line", p.place.line);
    json.field("function", p.place.function);
    if (std::string short_name = text::shorter_name(p.place.function); !short_name.empty())
      json.field("short_function", short_name);
    json.field("kind", analysis::sync_kind_name(p.kind));
    json.field("waits", p.waits);
    json.field("wait_ns", p.wait_ns);
    json.field("loop", p.loop);
    json.end_object();
  }
  json.end_array();
  json.key("main_io_waits");
  json.begin_array();
  for (const analysis::WaitsDuringMainIo &process : table.main_io_waits) {
    json.begin_object();
    json.field("profile", process.profile);
    json.field("workers", process.workers);
    json.field("waiting_workers", process.waiting_workers);
    json.field("workers_ns", process.workers_ns);
    json.field("main_io_ns", process.main_io_ns);
    json.field("waited_ns", process.waited_ns);
    json.key("kinds");
    json.begin_object();
    for (const auto &[kind, ns] : process.kinds)
      json.field(analysis::sync_kind_name(kind), ns);
    json.end_object();
    json.key("files");
    write_io_during_idle_json(json, process.files);
    json.end_object();
  }
  json.end_array();
  json.end_object();
}

std::string gpu_text(const analysis::GpuTable &table, const std::vector<profile::Profile> &profiles,
                     size_t rows) {
  std::vector<analysis::KernelStats> kernels = table.kernels;
  if (kernels.size() > rows)
    kernels.resize(rows);
  std::string out =
      kernels.empty()
          ? "\nGPU\n"
          : fmt::format("\nGPU (top {} kernels by GPU time; 'hotline gpu' shows more)\n",
                        kernels.size());
  out += cuda_status_lines(profiles, true);
  for (const analysis::DeviceTimeline &device : table.devices)
    out += device_busy_line(device, profiles.size() > 1) + "\n";
  if (!kernels.empty()) {
    out += fmt::format("Kernels: {} of GPU time in {} launches of {} kernels\n\n",
                       text::format_duration(table.kernel_ns), text::format_count(table.launches),
                       text::format_count(table.kernels.size()));
    out += kernels_table(kernels, false);
  }
  if (!table.transfers.empty()) {
    out += fmt::format("\nTransfers: {} of GPU time in {} transfers\n\n",
                       text::format_duration(table.transfer_ns),
                       text::format_count(table.transfer_count));
    out += transfers_table(table.transfers);
  }
  return out;
}

void write_gpu_json(json::Writer &json, const analysis::GpuTable &table,
                    const std::vector<profile::Profile> &profiles, size_t rows) {
  std::vector<analysis::KernelStats> kernels = table.kernels;
  if (kernels.size() > rows)
    kernels.resize(rows);
  json.begin_object();
  json.key("cuda");
  write_cuda_json(json, profiles);
  json.key("devices");
  json.begin_array();
  for (const analysis::DeviceTimeline &device : table.devices)
    write_device_json(json, device);
  json.end_array();
  json.field("kernel_ns", table.kernel_ns);
  json.field("launches", table.launches);
  json.field("transfer_count", table.transfer_count);
  json.field("transfer_ns", table.transfer_ns);
  json.field("kernel_count", table.kernels.size());
  json.key("top_kernels");
  write_kernels_json(json, kernels);
  json.key("transfers");
  write_transfers_json(json, table.transfers);
  json.end_object();
}

TextTable durations_table(const char *count, std::vector<TextTable::Column> rest) {
  std::vector<TextTable::Column> columns = {{count, Align::Right}, {"mean", Align::Right},
                                            {"p50", Align::Right}, {"p90", Align::Right},
                                            {"p99", Align::Right}, {"longest", Align::Right}};
  columns.insert(columns.end(), rest.begin(), rest.end());
  return TextTable(std::move(columns));
}

std::vector<std::string> durations_cells(const analysis::DurationStats &d, std::string mean) {
  return {text::format_count(d.calls),     std::move(mean),
          text::format_duration(d.p50_ns), text::format_duration(d.p90_ns),
          text::format_duration(d.p99_ns), text::format_duration(d.longest_ns)};
}

void write_durations_json(json::Writer &json, const analysis::DurationStats &durations) {
  if (durations.calls == 0)
    return;
  json.key("durations");
  json.begin_object();
  json.field("calls", durations.calls);
  json.field("shortest_ns", durations.shortest_ns);
  json.field("p50_ns", durations.p50_ns);
  json.field("p90_ns", durations.p90_ns);
  json.field("p99_ns", durations.p99_ns);
  json.field("longest_ns", durations.longest_ns);
  json.end_object();
}

} // namespace hotline
