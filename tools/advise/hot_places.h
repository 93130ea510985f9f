// The hot places of a run, from its profiles and nothing else: hot functions, hot loops,
// allocations made in hot loops, and the exact line counts that back each piece of advice.
#pragma once

#include "analysis/analyze.h"
#include "profile/reader.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace hotline::advise {

// What makes a place hot (docs/advise.md, "Thresholds").
struct Thresholds {
  double min_percent = 5;    // of the run's measured time, self or inclusive
  uint64_t min_count = 1000; // times a pattern must have run: calls, iterations, executions
};

struct HotFunction {
  std::string name;         // demangled
  std::string linkage_name; // the name when the profile has no linkage name
  std::string file;         // normalized
  uint32_t line = 0;        // of the definition's name; 0 when unknown
  uint64_t calls = 0;       // exact
  uint64_t self_ns = 0;
  uint64_t total_ns = 0;
  double self_percent = 0;
  double total_percent = 0;
};

struct HotLoop {
  std::string file; // normalized
  uint32_t line = 0;
  uint32_t column = 0;  // 0 when unknown
  std::string function; // demangled name of the function it is in
  uint64_t entries = 0;
  uint64_t iterations = 0;
  uint64_t time_ns = 0;
  double percent = 0;
  // Where its time comes from: "timed" (its own clock reads), "sampled" (its lines'
  // samples), or "function" (neither: the self time of the function it is in).
  std::string time_source;
  bool hottest = false; // the loop with the most time of the run

  std::string label() const; // "file:line"
};

// The heap blocks allocated at one line inside a hot loop (MEMORY_SITES).
struct LoopAllocation {
  std::string file;  // normalized
  uint32_t line = 0; // 0: on no line of the program's own (made by library code it calls)
  std::string function;
  const HotLoop *loop = nullptr; // the loop that took most of them
  uint64_t allocations = 0;      // inside that loop
  uint64_t bytes = 0;
  // Of them, those made inside a library the line called ("libstdc++.so.6"); "" and 0 for none.
  std::string via;
  uint64_t via_allocations = 0;
};

// Findings and allocations point at its loops: it moves, it is never copied.
struct HotPlaces {
  HotPlaces() = default;
  HotPlaces(HotPlaces &&) = default;
  HotPlaces(const HotPlaces &) = delete;
  HotPlaces &operator=(const HotPlaces &) = delete;

  Thresholds thresholds;
  uint64_t measured_ns = 0;
  size_t function_count = 0; // every function and loop of the profiles
  size_t loop_count = 0;
  bool line_mode = false;      // the profiles have loops and line counts
  bool memory_tracked = false; // the profiles tracked allocations
  std::vector<HotFunction> functions;
  std::vector<HotLoop> loops;
  std::vector<LoopAllocation> allocations;
  // The translation units that hold the hot places, as the profiles' modules name them
  // (maybe relative to the directory they were compiled in).
  std::set<std::string> source_files;
  // Exact executions of each counted line (line mode), by normalized file and line.
  std::map<std::pair<std::string, uint32_t>, uint64_t> line_counts;

  std::optional<uint64_t> line_count(const std::string &file, uint32_t line) const;
};

HotPlaces find_hot_places(const analysis::Analysis &analysis, const Thresholds &thresholds);

} // namespace hotline::advise
