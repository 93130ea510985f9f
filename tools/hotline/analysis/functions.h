// Per-function results across one or many profiles: exact calls, self and total
// time.
#pragma once

#include "profile/reader.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotline::analysis {

using FunctionId = uint32_t;
inline constexpr FunctionId kNoFunction = 0xffffffffu;

// What makes two sites the same function: an inline or template function
// instrumented in several translation units has one site per unit but one
// identity, while static functions of the same name in different files differ
// by file.
struct FunctionIdentity {
  std::string name;
  std::string linkage_name; // the name when the site has no linkage name
  std::string file;         // the module's source file when the site has none
  uint32_t line = 0;        // 0 when unknown
};

// Every distinct function of a set of profiles, and which function each site
// is.
class FunctionCatalog {
public:
  explicit FunctionCatalog(const std::vector<profile::Profile> &profiles);

  const std::vector<FunctionIdentity> &functions() const { return functions_; }
  const FunctionIdentity &function(FunctionId id) const { return functions_[id]; }
  FunctionId function_of(size_t profile_index, uint32_t site) const {
    return site_functions_[profile_index][site];
  }

private:
  std::vector<FunctionIdentity> functions_;
  std::vector<std::vector<FunctionId>> site_functions_; // [profile][site]
};

struct FunctionStats {
  FunctionId id = kNoFunction;
  FunctionIdentity function;
  uint64_t calls = 0;       // exact entries (SITE_COUNTS), all threads and processes
  uint64_t timed_calls = 0; // completed calls that were timed (sum over call nodes)
  uint64_t self_ns = 0;     // time in the function itself, callees excluded
  uint64_t total_ns = 0;    // time in the function and its callees, recursion counted once
  // False when no call of it was timed (it was inlined, or too small to time):
  // its time is then part of its callers'.
  bool timed = false;
  // The runtime stopped timing it after its first calls proved too short: its
  // later calls' time is estimated (settle_call_times), `estimated_ns` of it.
  bool timing_stopped = false;
  uint64_t estimated_ns = 0;
  uint64_t sampled_estimate_ns = 0; // of estimated_ns, from samples (CallNode's)
  // Of timed_calls, those timed again in re-timing windows after the stop: the
  // sample the estimate came from when there were HOTLINE_MIN_WINDOW_CALLS.
  uint64_t window_calls = 0;
  double self_percent = 0;  // of FunctionTable::measured_ns
  double total_percent = 0; // of FunctionTable::measured_ns
};

struct FunctionTable {
  // All time measured: exclusive time of every call node of every thread of
  // every profile. Percentages are relative to it, so self percentages add up
  // to 100.
  uint64_t measured_ns = 0;
  std::vector<FunctionStats> functions; // sorted by sort_functions
};

enum class FunctionOrder { Self, Total, Calls };

// Functions that were neither entered nor timed are left out.
FunctionTable compute_function_table(const std::vector<profile::Profile> &profiles,
                                     const FunctionCatalog &catalog);

// Biggest first; ties broken by name, file and line so output is stable.
void sort_functions(std::vector<FunctionStats> &functions, FunctionOrder order);

// The measured time of a set of profiles (see FunctionTable::measured_ns).
uint64_t measured_ns(const std::vector<profile::Profile> &profiles);

} // namespace hotline::analysis
