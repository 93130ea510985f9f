// Where in the program's own source a memory or I/O record was made, and the
// loop it was made in (the rules are in docs/memory-and-io.md).
#pragma once

#include "analysis/symbolizer.h"
#include "profile/reader.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace hotline::analysis {

// How a record's place was found.
enum class PlaceSource {
  Line,      // a line of the program's own source, at the calling instruction
  TimedCall, // no such line: the innermost timed call the record was made in
  None,      // neither: made outside every timed call
};

struct RecordPlace {
  PlaceSource source = PlaceSource::None;
  std::string file;     // normalized; for TimedCall, the function's file
  uint32_t line = 0;    // for TimedCall, the line the function starts on
  std::string function; // demangled; "" for None
  // The library the call was made from ("libstdc++.so.6"), or "" (the
  // program's own code, or unknown). With Line, the line is the program's call
  // into that library.
  std::string via;
};

bool operator<(const RecordPlace &a, const RecordPlace &b);

// Whether a record's calling instruction is in a library hotline's runtime loaded for itself
// (CUPTI, NVML: profile::Object::profiler): the profiler's cost, not the program's.
bool made_by_profiler(const profile::Profile &profile, uint32_t object);
// The same for a memory, I/O or sync record: its calling instruction, or the library it was
// made inside (via_object), is such a library's.
template <typename Site> bool made_by_profiler(const profile::Profile &profile, const Site &site) {
  return made_by_profiler(profile, site.object) || made_by_profiler(profile, site.via_object);
}

// "file:line" of the innermost loop around a record: the first LOOP call node
// (line mode) among `node` and its ancestors; "" when there is none.
std::string enclosing_loop(const profile::Profile &profile, uint32_t node);

// Places records, symbolizing their calling instructions.
class RecordPlacer {
public:
  // The program's own source files are those of the profiles' sites and
  // modules, less system headers (/usr/include, ...: library templates used by
  // the program have sites too).
  RecordPlacer(const std::vector<profile::Profile> &profiles, Symbolizer &symbolizer);

  // `node`, `object`, `address` and `via_object` as in profile::MemorySite.
  RecordPlace place(const profile::Profile &profile, uint32_t node, uint32_t object,
                    uint64_t address, uint32_t via_object = profile::kNoObject);

  // Objects that could not be read (moved, deleted, not object files), each
  // once: their records are placed at their timed calls.
  const std::vector<std::string> &unreadable_objects() const { return unreadable_objects_; }

private:
  bool readable(const profile::Object &object);

  Symbolizer &symbolizer_;
  std::set<std::string> program_files_;
  std::map<std::pair<std::string, std::string>, bool> readable_; // by path and build id
  std::vector<std::string> unreadable_objects_;
};

} // namespace hotline::analysis
