// Formats memory and I/O results: cells, summary lines, tables and JSON
// fields shared by `hotline memory`, `hotline io` and `hotline report`.
#include "views/memory_io_text.h"

#include "cli/readable_names.h"
#include "cli/text_format.h"

#include <fmt/format.h>

#include <cmath>

namespace hotline {

using analysis::PlaceSource;
using Align = text::TextTable::Align;

namespace {

const char *placed_by(PlaceSource source) {
  switch (source) {
  case PlaceSource::Line:
    return "line";
  case PlaceSource::TimedCall:
    return "timed call";
  case PlaceSource::None:
    break;
  }
  return "none";
}

std::string loop_cell(const std::string &loop) {
  return loop.empty() ? "" : "in loop " + text::printable(loop);
}

// "1.23 GB/s", or "-" without time to divide by.
std::string rate_cell(double bytes_per_s) {
  if (bytes_per_s <= 0)
    return "-";
  return text::format_bytes(uint64_t(std::llround(bytes_per_s))) + "/s";
}

} // namespace

std::string place_cell(const analysis::RecordPlace &place) {
  if (place.source == PlaceSource::None)
    return "(outside timed calls)";
  if (place.file.empty())
    return "-";
  return fmt::format("{}:{}", text::printable(place.file), place.line);
}

std::string function_cell(const analysis::RecordPlace &place) {
  std::string cell = text::display_name(place.function);
  if (!place.via.empty())
    cell += (cell.empty() ? "via " : " via ") + text::printable(place.via);
  if (place.source == PlaceSource::TimedCall)
    cell += " (no line)";
  return cell;
}

bool marked_place(const analysis::RecordPlace &place) {
  return place.source == PlaceSource::TimedCall || !place.via.empty();
}

std::string place_note(bool any_marked) {
  if (!any_marked)
    return "";
  return "via LIB: made inside a call into the library LIB; the place is the program's line that\n"
         "   called into it. (no line): the call was made on no line of the program's own source\n"
         "   (from a library template, from code without debug information, or from a library\n"
         "   with no call of the program's below it); the place is the timed call it was made\n"
         "   in, at its function's line.\n";
}

std::string missing_heap_note(const analysis::HeapTotals &heap) {
  if (heap.profiles == 0)
    return "No heap data: the runtime that wrote these profiles recorded none "
           "(no HEAP section).\n";
  if (heap.tracked_profiles == 0 && heap.not_hooked_profiles > 0)
    return "No heap numbers: memory tracking saw no allocation, as the program's malloc was\n"
           "not hotline's: a sanitizer's interceptors or an allocator came first, or the\n"
           "executable is static (docs/runtime-options.md). Only the peak RSS is known.\n";
  if (heap.tracked_profiles == 0)
    return "No heap numbers: memory tracking was off (HOTLINE_MEMORY=0); only "
           "the peak RSS is known.\n";
  if (heap.not_hooked_profiles > 0)
    return fmt::format("{} of {} profiles have no heap numbers: their program's malloc was not\n"
                       "hotline's (a sanitizer's interceptors or an allocator came first, or\n"
                       "the executable is static; docs/runtime-options.md).\n",
                       heap.not_hooked_profiles, heap.profiles);
  return "";
}

std::string io_not_hooked_note(const analysis::IoTable &io, size_t profiles) {
  if (io.not_hooked_profiles == 0)
    return "";
  if (io.not_hooked_profiles == profiles)
    return "No I/O numbers: I/O tracking saw no call, as the program's write was not\n"
           "hotline's: a sanitizer's interceptors came first, or the executable is static\n"
           "(docs/runtime-options.md).\n";
  return fmt::format("{} of {} profiles have no I/O numbers: their program's write was not\n"
                     "hotline's (a sanitizer's interceptors came first, or the executable is\n"
                     "static; docs/runtime-options.md).\n",
                     io.not_hooked_profiles, profiles);
}

std::string heap_summary_line(const analysis::HeapTotals &heap) {
  if (heap.tracked_profiles == 0 && heap.not_hooked_profiles > 0)
    return fmt::format("Peak RSS {}; memory tracking saw no allocation: the program's malloc\n"
                       "was not hotline's (a sanitizer's interceptors or an allocator came\n"
                       "first, or the executable is static).\n",
                       text::format_bytes(heap.peak_rss_bytes));
  if (heap.tracked_profiles == 0)
    return fmt::format("Peak RSS {}; memory tracking was off "
                       "(HOTLINE_MEMORY=0).\n",
                       text::format_bytes(heap.peak_rss_bytes));
  return fmt::format("Heap: {} allocations ({}), {} frees; peak live heap {}, "
                     "peak RSS {}; {} not freed at exit.\n",
                     text::format_count(heap.allocations), text::format_bytes(heap.allocated_bytes),
                     text::format_count(heap.frees), text::format_bytes(heap.peak_live_bytes),
                     text::format_bytes(heap.peak_rss_bytes),
                     text::format_bytes(heap.not_freed_bytes()));
}

std::string memory_places_table(const std::vector<analysis::MemoryPlaceStats> &places,
                                bool in_loops) {
  if (in_loops) {
    text::TextTable rows({{"allocs in loops", Align::Right},
                          {"bytes in loops", Align::Right},
                          {"place", Align::Left},
                          {"function", Align::Left, 40},
                          {"loop", Align::Left}});
    for (const analysis::MemoryPlaceStats &p : places)
      rows.add_row({text::format_count(p.loop_allocations), text::format_bytes(p.loop_bytes),
                    place_cell(p.place), function_cell(p.place), loop_cell(p.loop)});
    return rows.render();
  }
  text::TextTable rows({{"allocated", Align::Right},
                        {"allocs", Align::Right},
                        {"frees", Align::Right},
                        {"not freed", Align::Right},
                        {"temporaries", Align::Right},
                        {"peak live", Align::Right},
                        {"place", Align::Left},
                        {"function", Align::Left, 40},
                        {"loop", Align::Left}});
  for (const analysis::MemoryPlaceStats &p : places)
    rows.add_row({text::format_bytes(p.allocated_bytes), text::format_count(p.allocations),
                  text::format_count(p.frees), text::format_bytes(p.not_freed_bytes()),
                  text::format_count(p.temporaries), text::format_bytes(p.peak_live_bytes),
                  place_cell(p.place), function_cell(p.place), loop_cell(p.loop)});
  return rows.render();
}

std::string main_thread_lines(const analysis::IoTable &table, bool with_profile) {
  std::string out;
  for (const analysis::ThreadIo &thread : table.threads)
    if (thread.main)
      out +=
          fmt::format("{}main thread blocked in I/O for {} of its {} ({})\n",
                      with_profile ? text::printable(thread.profile) + ": " : "",
                      text::format_percent(thread.blocked_percent),
                      text::format_duration(thread.wall_ns), text::format_duration(thread.io_ns));
  return out;
}

std::string io_files_table(const std::vector<analysis::IoFileStats> &files) {
  text::TextTable rows({{"time", Align::Right},
                        {"reads", Align::Right},
                        {"read", Align::Right},
                        {"read time", Align::Right},
                        {"read rate", Align::Right},
                        {"writes", Align::Right},
                        {"written", Align::Right},
                        {"write time", Align::Right},
                        {"write rate", Align::Right},
                        {"opens", Align::Right},
                        {"maps", Align::Right},
                        {"file", Align::Left}});
  for (const analysis::IoFileStats &f : files)
    rows.add_row({text::format_duration(f.io.time_ns()), text::format_count(f.io.reads),
                  text::format_bytes(f.io.read_bytes), text::format_duration(f.io.read_ns),
                  rate_cell(f.io.read_bytes_per_s()), text::format_count(f.io.writes),
                  text::format_bytes(f.io.write_bytes), text::format_duration(f.io.write_ns),
                  rate_cell(f.io.write_bytes_per_s()), text::format_count(f.io.opens),
                  text::format_count(f.io.maps), text::file_path(f.path)});
  return rows.render();
}

std::string io_places_table(const std::vector<analysis::IoPlaceStats> &places) {
  text::TextTable rows({{"time", Align::Right},
                        {"reads", Align::Right},
                        {"read", Align::Right},
                        {"writes", Align::Right},
                        {"written", Align::Right},
                        {"opens", Align::Right},
                        {"syncs", Align::Right},
                        {"maps", Align::Right},
                        {"place", Align::Left},
                        {"function", Align::Left, 40},
                        {"loop", Align::Left}});
  for (const analysis::IoPlaceStats &p : places)
    rows.add_row({text::format_duration(p.io.time_ns()), text::format_count(p.io.reads),
                  text::format_bytes(p.io.read_bytes), text::format_count(p.io.writes),
                  text::format_bytes(p.io.write_bytes), text::format_count(p.io.opens),
                  text::format_count(p.io.syncs), text::format_count(p.io.maps),
                  place_cell(p.place), function_cell(p.place), loop_cell(p.loop)});
  return rows.render();
}

std::string calls_text(uint64_t n) { return text::format_count(n) + (n == 1 ? " call" : " calls"); }

std::string io_totals_text(const analysis::IoCounts &total) {
  return fmt::format("read {} in {}, wrote {} in {}; blocked {}",
                     text::format_bytes(total.read_bytes), calls_text(total.reads),
                     text::format_bytes(total.write_bytes), calls_text(total.writes),
                     text::format_duration(total.time_ns()));
}

void write_heap_json(json::Writer &json, const analysis::HeapTotals &heap) {
  json.begin_object();
  json.field("profiles", heap.profiles);
  json.field("tracked_profiles", heap.tracked_profiles);
  json.field("not_hooked_profiles", heap.not_hooked_profiles);
  json.field("allocations", heap.allocations);
  json.field("allocated_bytes", heap.allocated_bytes);
  json.field("frees", heap.frees);
  json.field("freed_bytes", heap.freed_bytes);
  json.field("not_freed", heap.not_freed());
  json.field("not_freed_bytes", heap.not_freed_bytes());
  json.field("untracked_frees", heap.untracked_frees);
  json.field("inherited_blocks", heap.inherited_blocks);
  json.field("inherited_bytes", heap.inherited_bytes);
  json.field("profiler_allocations", heap.profiler_allocations);
  json.field("profiler_allocated_bytes", heap.profiler_allocated_bytes);
  json.field("profiler_not_freed_bytes", heap.profiler_not_freed_bytes);
  json.field("peak_live_bytes", heap.peak_live_bytes);
  json.field("peak_live_profile", heap.peak_live_profile);
  json.field("peak_rss_bytes", heap.peak_rss_bytes);
  json.field("peak_rss_profile", heap.peak_rss_profile);
  json.field("runtime_resident_bytes", heap.runtime_resident_bytes);
  json.end_object();
}

void write_place_fields(json::Writer &json, const analysis::RecordPlace &place) {
  json.field("file", place.file);
  json.field("line", place.line);
  json.field("function", place.function);
  if (std::string short_name = text::shorter_name(place.function); !short_name.empty())
    json.field("short_function", short_name);
  json.field("via", place.via);
  json.field("placed_by", placed_by(place.source));
}

void write_memory_places_json(json::Writer &json,
                              const std::vector<analysis::MemoryPlaceStats> &places) {
  json.begin_array();
  for (const analysis::MemoryPlaceStats &p : places) {
    json.begin_object();
    write_place_fields(json, p.place);
    json.field("allocations", p.allocations);
    json.field("allocated_bytes", p.allocated_bytes);
    json.field("frees", p.frees);
    json.field("freed_bytes", p.freed_bytes);
    json.field("inherited_blocks", p.inherited_blocks);
    json.field("inherited_bytes", p.inherited_bytes);
    json.field("not_freed", p.not_freed());
    json.field("not_freed_bytes", p.not_freed_bytes());
    json.field("temporaries", p.temporaries);
    json.field("temporary_bytes", p.temporary_bytes);
    json.field("peak_live_bytes", p.peak_live_bytes);
    json.field("loop_allocations", p.loop_allocations);
    json.field("loop_bytes", p.loop_bytes);
    json.field("loop", p.loop);
    json.end_object();
  }
  json.end_array();
}

void write_io_count_fields(json::Writer &json, const analysis::IoCounts &io) {
  json.field("time_ns", io.time_ns());
  json.field("reads", io.reads);
  json.field("read_bytes", io.read_bytes);
  json.field("read_ns", io.read_ns);
  json.field("writes", io.writes);
  json.field("write_bytes", io.write_bytes);
  json.field("write_ns", io.write_ns);
  json.field("opens", io.opens);
  json.field("open_ns", io.open_ns);
  json.field("syncs", io.syncs);
  json.field("sync_ns", io.sync_ns);
  json.field("maps", io.maps);
  json.field("mapped_bytes", io.mapped_bytes);
  json.field("map_ns", io.map_ns);
}

void write_io_files_json(json::Writer &json, const std::vector<analysis::IoFileStats> &files) {
  json.begin_array();
  for (const analysis::IoFileStats &f : files) {
    json.begin_object();
    json.field("path", f.path);
    write_io_count_fields(json, f.io);
    json.field("read_bytes_per_s", std::round(f.io.read_bytes_per_s()));
    json.field("write_bytes_per_s", std::round(f.io.write_bytes_per_s()));
    json.end_object();
  }
  json.end_array();
}

void write_io_places_json(json::Writer &json, const std::vector<analysis::IoPlaceStats> &places) {
  json.begin_array();
  for (const analysis::IoPlaceStats &p : places) {
    json.begin_object();
    write_place_fields(json, p.place);
    json.field("loop", p.loop);
    write_io_count_fields(json, p.io);
    json.end_object();
  }
  json.end_array();
}

void write_thread_io_json(json::Writer &json, const analysis::ThreadIo &thread) {
  json.begin_object();
  json.field("profile", thread.profile);
  json.field("thread", thread.thread);
  json.field("tid", thread.tid);
  json.field("name", thread.name);
  json.field("main", thread.main);
  json.field("wall_ns", thread.wall_ns);
  json.field("io_ns", thread.io_ns);
  json.field("blocked_percent", json::rounded(thread.blocked_percent));
  json.end_object();
}

void write_io_during_idle_json(json::Writer &json,
                               const std::vector<analysis::IoDuringIdle> &files) {
  json.begin_array();
  for (const analysis::IoDuringIdle &file : files) {
    json.begin_object();
    json.field("path", file.path);
    json.field("calls", file.calls);
    json.field("bytes", file.bytes);
    json.field("ns", file.ns);
    json.end_object();
  }
  json.end_array();
}

void write_unreadable_objects_json(json::Writer &json, const std::vector<std::string> &objects) {
  json.key("unreadable_objects");
  json.begin_array();
  for (const std::string &object : objects)
    json.value(object);
  json.end_array();
}

} // namespace hotline
