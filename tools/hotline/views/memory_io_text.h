// How memory and I/O results print, the same in `hotline memory`, `hotline io`
// and `hotline report`: places, summaries and tables, as text and as JSON.
#pragma once

#include "analysis/io.h"
#include "analysis/memory.h"
#include "analysis/record_place.h"
#include "cli/json_writer.h"

#include <string>
#include <vector>

namespace hotline {

// "file:line", or "(outside timed calls)".
std::string place_cell(const analysis::RecordPlace &place);
// "load()", "load() via libstdc++.so.6", "load() (no line)", "via libc.so.6".
std::string function_cell(const analysis::RecordPlace &place);
// Whether a place's function cell carries a mark that place_note explains.
bool marked_place(const analysis::RecordPlace &place);
// The footnote explaining "via LIB" and "(no line)", when any shown place is marked.
std::string place_note(bool any_marked);

// Why there are no heap numbers (or some profiles have none), or "" when every profile that
// has a heap section tracked it.
std::string missing_heap_note(const analysis::HeapTotals &heap);
// The heap in one line: "Heap: 10 allocations (1.00 kB), 8 frees; ...".
std::string heap_summary_line(const analysis::HeapTotals &heap);

// Empty unless some of `profiles` profiles saw no I/O call because the program's write was
// not the runtime's; then says so.
std::string io_not_hooked_note(const analysis::IoTable &io, size_t profiles);
// A table of places with every count; `in_loops` shows only what was allocated
// inside loops.
std::string memory_places_table(const std::vector<analysis::MemoryPlaceStats> &places,
                                bool in_loops);

// One line per main thread: "main thread blocked in I/O for 41.0% of its
// 2.10 s (862 ms)"; `with_profile` names the profile first.
std::string main_thread_lines(const analysis::IoTable &table, bool with_profile);
std::string io_files_table(const std::vector<analysis::IoFileStats> &files);
std::string io_places_table(const std::vector<analysis::IoPlaceStats> &places);
// "1 call", "1,234 calls"
std::string calls_text(uint64_t n);
// "read 1.20 GB in 1,234 calls, wrote 3.40 MB in 56 calls; blocked 2.10 s"
std::string io_totals_text(const analysis::IoCounts &total);

// The fields of a place ("file", "line", "function", "via", "placed_by") in the
// object being written.
void write_place_fields(json::Writer &json, const analysis::RecordPlace &place);
// JSON: each writes one value (an object or an array), except
// write_io_count_fields, which writes the counts and time_ns as fields of the
// object being written.
void write_heap_json(json::Writer &json, const analysis::HeapTotals &heap);
void write_memory_places_json(json::Writer &json,
                              const std::vector<analysis::MemoryPlaceStats> &places);
void write_io_count_fields(json::Writer &json, const analysis::IoCounts &io);
void write_io_files_json(json::Writer &json, const std::vector<analysis::IoFileStats> &files);
void write_io_places_json(json::Writer &json, const std::vector<analysis::IoPlaceStats> &places);
void write_thread_io_json(json::Writer &json, const analysis::ThreadIo &thread);
void write_io_during_idle_json(json::Writer &json,
                               const std::vector<analysis::IoDuringIdle> &files);
// The "unreadable_objects" field: objects whose debug information could not be read.
void write_unreadable_objects_json(json::Writer &json, const std::vector<std::string> &objects);

} // namespace hotline
