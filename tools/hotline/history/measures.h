// The numbers of a run that its history keeps: one analysis (analysis/analyze.h) turned into
// (kind, name, value) measures, so that a trend, a change point or the CI gate can follow any
// of them across runs. Each kind is defined once, in kMeasureKinds.
#pragma once

#include "analysis/analyze.h"

#include <string>
#include <vector>

namespace hotline::history {

enum class Unit { Nanoseconds, Count, Bytes, Joules };

struct MeasureKind {
  const char *name; // "function.self"
  Unit unit;
  const char *help;
  // Whether the CI gate judges it by default (a time the program spends, which a regression
  // makes longer).
  bool gated;
};

// Every kind of measure, in the order the views list them.
extern const std::vector<MeasureKind> kMeasureKinds;
const MeasureKind *find_measure_kind(const std::string &name);
const char *unit_name(Unit unit); // "ns", "count", "bytes", "J"

struct Measure {
  std::string kind;
  std::string name; // "" for the run's own figures (wall time, CPU time)
  double value = 0;
};

// How many of the call paths, lines and heap places a run keeps (the biggest; all functions,
// loops, regions, kernels and files are kept).
constexpr size_t kKeptCallPaths = 20;
constexpr size_t kKeptLines = 200;
constexpr size_t kKeptHeapPlaces = 50;

// The measures of one run (its profiles analysed together, with AnalysisOptions::call_tree),
// each (kind, name) once.
std::vector<Measure> measures_of(const analysis::Analysis &analysis);

// A measure's value as the views print it: "12.3 ms", "1,234", "4.5 MB", "3.2 J".
std::string format_value(Unit unit, double value);

} // namespace hotline::history
