// `hotline memory`: the heap's totals and peaks, then the places in the source
// that allocated the most, left the most unfreed, made temporaries, or
// allocated inside loops (text or JSON).
#include "analysis/memory.h"
#include "cli/json_writer.h"
#include "cli/options.h"
#include "cli/text_format.h"
#include "commands/commands.h"
#include "profile/reader.h"
#include "views/memory_io_text.h"

#include <fmt/format.h>

namespace hotline {

const cli::CommandSpec kMemoryCommand = {
    "memory",
    "hotline memory [options] FILE...",
    "Where the heap went: allocations, bytes, frees and what was still allocated\n"
    "at exit, by place in the source: the program's line that called the allocator\n"
    "(library code inlined into it counts there). Several files are added together;\n"
    "peaks are the largest one profile had. Needs the profiled executables and\n"
    "libraries, for their debug information.",
    {
        cli::OptionSpec::count("top", "N",
                               "show the first N places of each table (default 10; 0 shows all)"),
        cli::text_or_json_format(),
    }};

namespace {

using analysis::HeapTotals;
using analysis::MemoryOrder;
using analysis::MemoryPlaceStats;
using analysis::MemoryTable;

// One table in the text and the JSON: its heading, key and order.
struct PlaceList {
  const char *heading;
  const char *json_key;
  MemoryOrder order;
  const char *when_empty;
};

const PlaceList kPlaceLists[] = {
    {"Places by bytes allocated", "by_bytes", MemoryOrder::Bytes, ""},
    {"Places by allocations", "by_allocations", MemoryOrder::Allocations, ""},
    {"Not freed at exit", "not_freed", MemoryOrder::NotFreed,
     "Every place freed all it allocated."},
    {"Temporaries: blocks freed before the timed call that allocated them "
     "returned",
     "temporaries", MemoryOrder::Temporaries, "No place made temporaries."},
    {"Allocations inside loops", "in_loops", MemoryOrder::InLoops,
     "No allocation was made inside a timed loop (line mode)."},
};

// " (app.2.hotline, the largest of 3 profiles)" when there are several.
std::string largest_of(const std::string &profile, size_t profiles) {
  if (profiles < 2)
    return "";
  return fmt::format(" ({}, the largest of {} profiles)", text::printable(profile), profiles);
}

// "; hotline's own memory 3.1 MB of it at the end" when the runtime recorded it.
std::string runtime_share(const HeapTotals &heap) {
  if (heap.runtime_resident_bytes == 0)
    return "";
  return fmt::format("; hotline's own memory {} of it at the end",
                     text::format_bytes(heap.runtime_resident_bytes));
}

std::string heap_block(const HeapTotals &heap) {
  std::string out;
  if (heap.tracked_profiles < heap.profiles)
    out += fmt::format("{} of {} profiles tracked allocations (HOTLINE_MEMORY=0 in the others); "
                       "the heap numbers are theirs.\n",
                       heap.tracked_profiles, heap.profiles);
  out += fmt::format("Heap             {} allocations, {}\n", text::format_count(heap.allocations),
                     text::format_bytes(heap.allocated_bytes));
  if (heap.inherited_blocks > 0)
    out += fmt::format("Inherited        {} blocks, {}, live at the fork in forked children: the "
                       "parent allocated them (in its profile), the child may free them\n",
                       text::format_count(heap.inherited_blocks),
                       text::format_bytes(heap.inherited_bytes));
  out += fmt::format("Frees            {}, {}\n", text::format_count(heap.frees),
                     text::format_bytes(heap.freed_bytes));
  out +=
      fmt::format("Not freed        {} blocks, {}, when the profile was written\n",
                  text::format_count(heap.not_freed()), text::format_bytes(heap.not_freed_bytes()));
  out += fmt::format("Peak live heap   {}{}\n", text::format_bytes(heap.peak_live_bytes),
                     largest_of(heap.peak_live_profile, heap.tracked_profiles));
  out += fmt::format("Peak RSS         {}{}{}\n", text::format_bytes(heap.peak_rss_bytes),
                     largest_of(heap.peak_rss_profile, heap.profiles), runtime_share(heap));
  out += fmt::format("Untracked frees  {} (blocks allocated while not tracking, or by a path not "
                     "hooked)\n",
                     text::format_count(heap.untracked_frees));
  if (heap.profiler_allocations > 0)
    out +=
        fmt::format("Profiler's own   {} allocations, {}, {} not freed, by the libraries hotline "
                    "loaded for itself (CUPTI, NVML): not in the figures above\n",
                    text::format_count(heap.profiler_allocations),
                    text::format_bytes(heap.profiler_allocated_bytes),
                    text::format_bytes(heap.profiler_not_freed_bytes));
  return out;
}

std::string text_memory(const MemoryTable &table, size_t top) {
  const HeapTotals &heap = table.heap;
  std::string out = missing_heap_note(heap);
  if (heap.profiles == 0)
    return out;
  if (heap.tracked_profiles == 0)
    return out + fmt::format("Peak RSS  {}{}{}\n", text::format_bytes(heap.peak_rss_bytes),
                             largest_of(heap.peak_rss_profile, heap.profiles), runtime_share(heap));
  out += heap_block(heap);
  if (table.places.empty())
    return out + "\nNo allocation was recorded at any place.\n";

  bool any_marked_place = false;
  for (const PlaceList &list : kPlaceLists) {
    std::vector<MemoryPlaceStats> all = analysis::top_memory_places(table, list.order, 0);
    std::vector<MemoryPlaceStats> shown = analysis::top_memory_places(table, list.order, top);
    out += '\n';
    if (shown.empty()) {
      out += fmt::format("{}: none. {}\n", list.heading, list.when_empty);
      continue;
    }
    out += fmt::format("{} ({} of {})\n", list.heading, shown.size(), all.size());
    out += memory_places_table(shown, list.order == MemoryOrder::InLoops);
    for (const MemoryPlaceStats &place : shown)
      any_marked_place |= marked_place(place.place);
  }
  out += "\npeak live: the most bytes of one calling context (thread, timed call, instruction)\n"
         "   live at once; a place's contexts may peak at different times.\n";
  out += place_note(any_marked_place);
  for (const std::string &object : table.unreadable_objects)
    out += fmt::format("Cannot read {} as it was when profiled (moved, deleted, or rebuilt since): "
                       "its allocations are placed at their "
                       "timed calls.\n",
                       text::printable(object));
  return out;
}

std::string json_memory(const MemoryTable &table, size_t top) {
  json::Writer json;
  json.begin_object();
  json.field("hotline_version", kVersion);
  json.key("heap");
  write_heap_json(json, table.heap);
  json.field("place_count", table.places.size());
  for (const PlaceList &list : kPlaceLists) {
    json.key(list.json_key);
    write_memory_places_json(json, analysis::top_memory_places(table, list.order, top));
  }
  write_unreadable_objects_json(json, table.unreadable_objects);
  json.end_object();
  return json.text();
}

} // namespace

int run_memory(const cli::ParsedArgs &parsed) {
  uint64_t top = cli::top_option(parsed, 10);
  bool json = cli::json_format(parsed);

  std::vector<profile::Profile> profiles =
      profile::read_profiles(cli::profile_paths(parsed, kMemoryCommand));
  analysis::Symbolizer symbolizer;
  MemoryTable table = analysis::compute_memory_table(profiles, symbolizer);
  fmt::print("{}", json ? json_memory(table, top) : text_memory(table, top));
  return 0;
}

} // namespace hotline
