// `hotline io`: bytes read and written and the time blocked doing it, how
// much of each thread's time that was, then the files and the places in the
// source (text or JSON).
#include "analysis/io.h"
#include "cli/json_writer.h"
#include "cli/options.h"
#include "cli/text_format.h"
#include "commands/commands.h"
#include "profile/reader.h"
#include "views/memory_io_text.h"

#include <fmt/format.h>

namespace hotline {

const cli::CommandSpec kIoCommand = {
    "io",
    "hotline io [options] FILE...",
    "Where the program waited on I/O: bytes read and written, the time threads were\n"
    "blocked in I/O calls and how much of each thread's time that was, then the\n"
    "files and the places in the source that made the calls. Several files are\n"
    "added together. Needs the profiled executables and libraries, for their\n"
    "debug information.",
    {
        cli::OptionSpec::count("top", "N",
                               "show the first N files and places (default 10; 0 shows all)"),
        cli::text_or_json_format(),
    }};

namespace {

using analysis::IoCounts;
using analysis::IoTable;
using analysis::ThreadIo;

std::string totals_block(const IoCounts &total) {
  std::string out;
  out += fmt::format("Read     {} in {}, {}\n", text::format_bytes(total.read_bytes),
                     calls_text(total.reads), text::format_duration(total.read_ns));
  out += fmt::format("Written  {} in {}, {}\n", text::format_bytes(total.write_bytes),
                     calls_text(total.writes), text::format_duration(total.write_ns));
  out += fmt::format("Opens    {}, {}\n", calls_text(total.opens),
                     text::format_duration(total.open_ns));
  out += fmt::format("Syncs    {}, {}\n", calls_text(total.syncs),
                     text::format_duration(total.sync_ns));
  out += fmt::format("Maps     {}, {} mapped, {}\n", calls_text(total.maps),
                     text::format_bytes(total.mapped_bytes), text::format_duration(total.map_ns));
  out += fmt::format("Blocked  {} in all I/O calls, all threads\n",
                     text::format_duration(total.time_ns()));
  return out;
}

std::string thread_label(const ThreadIo &thread) {
  if (thread.main)
    return "main thread";
  if (thread.name.empty())
    return fmt::format("thread {}", thread.tid);
  return fmt::format("thread {} ({})", thread.tid, text::printable(thread.name));
}

std::string threads_block(const IoTable &table, bool several_profiles) {
  std::string out = "\nThreads\n";
  uint64_t main_ns = 0, other_ns = 0;
  for (const ThreadIo &thread : table.threads) {
    (thread.main ? main_ns : other_ns) += thread.io_ns;
    out += fmt::format("{}{} blocked in I/O for {} of its {} ({})\n",
                       several_profiles ? text::printable(thread.profile) + ": " : "",
                       thread_label(thread), text::format_percent(thread.blocked_percent),
                       text::format_duration(thread.wall_ns), text::format_duration(thread.io_ns));
  }
  if (table.no_thread_ns > 0)
    out += fmt::format("{} of I/O was made with no thread state (before the "
                       "runtime started, or while a thread exited).\n",
                       text::format_duration(table.no_thread_ns));
  if (main_ns + other_ns > 0)
    out += other_ns > main_ns ? "Most of the time blocked in I/O was on other threads than "
                                "the main one.\n"
                              : "Most of the time blocked in I/O was on the main thread, "
                                "which waited for it.\n";
  return out;
}

template <typename T> std::vector<T> first(const std::vector<T> &all, size_t top) {
  if (top == 0 || all.size() <= top)
    return all;
  return std::vector<T>(all.begin(), all.begin() + top);
}

std::string text_io(const IoTable &table, size_t top, size_t profiles) {
  std::string note = io_not_hooked_note(table, profiles);
  if (table.files.empty())
    return note.empty() ? "No I/O was recorded in these profiles.\n" : note;
  std::string out = note + totals_block(table.total);
  out += threads_block(table, profiles > 1);

  auto files = first(table.files, top);
  out += fmt::format("\nFiles by I/O time ({} of {})\n", files.size(), table.files.size());
  out += io_files_table(files);

  auto places = first(table.places, top);
  out += fmt::format("\nPlaces by I/O time ({} of {})\n", places.size(), table.places.size());
  out += io_places_table(places);
  bool any_marked_place = false;
  for (const auto &place : places)
    any_marked_place |= marked_place(place.place);
  if (any_marked_place)
    out += '\n' + place_note(true);
  for (const std::string &object : table.unreadable_objects)
    out += fmt::format("Cannot read {} as it was when profiled (moved, deleted, or rebuilt since): "
                       "its I/O calls are "
                       "placed at their timed calls.\n",
                       text::printable(object));
  return out;
}

std::string json_io(const IoTable &table, size_t top) {
  json::Writer json;
  json.begin_object();
  json.field("hotline_version", kVersion);
  json.field("not_hooked_profiles", table.not_hooked_profiles);
  json.key("total");
  json.begin_object();
  write_io_count_fields(json, table.total);
  json.end_object();
  json.field("no_thread_ns", table.no_thread_ns);
  json.key("threads");
  json.begin_array();
  for (const ThreadIo &thread : table.threads)
    write_thread_io_json(json, thread);
  json.end_array();
  json.field("file_count", table.files.size());
  json.key("files");
  write_io_files_json(json, first(table.files, top));
  json.field("place_count", table.places.size());
  json.key("places");
  write_io_places_json(json, first(table.places, top));
  write_unreadable_objects_json(json, table.unreadable_objects);
  json.end_object();
  return json.text();
}

} // namespace

int run_io(const cli::ParsedArgs &parsed) {
  uint64_t top = cli::top_option(parsed, 10);
  bool json = cli::json_format(parsed);

  std::vector<profile::Profile> profiles =
      profile::read_profiles(cli::profile_paths(parsed, kIoCommand));
  analysis::Symbolizer symbolizer;
  IoTable table = analysis::compute_io_table(profiles, symbolizer);
  fmt::print("{}", json ? json_io(table, top) : text_io(table, top, profiles.size()));
  return 0;
}

} // namespace hotline
