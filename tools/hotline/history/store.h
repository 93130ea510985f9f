// The run history: runs, their tags and their measures in a database (history/database.h),
// under a versioned schema (docs/history.md). Only the numbers are kept: a run's profiles stay
// files, named by path and checksum.
#pragma once

#include "history/database.h"
#include "history/measures.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hotline::history {

// The schema this hotline writes; it reads and migrates every older one.
constexpr int64_t kSchemaVersion = 1;

struct Run {
  int64_t id = 0;       // numbered by the database, from 1
  std::string checksum; // of the profiles' bytes: adding the same profiles twice is a no-op
  std::vector<std::string> profiles; // their paths when added
  std::string program;
  std::string command;
  std::string host;
  std::string cpu; // the CPU model; "" when added on another host than the run's
  std::string clock;
  std::string runtime_version;
  int64_t start_unix_ns = 0;
  int64_t wall_ns = 0;
  int64_t processes = 0;
  std::string commit; // git, "" outside a repository
  std::string branch;
  int64_t dirty = -1; // 1: uncommitted changes, 0: none, -1: unknown
  std::string build;  // the build's flags, as given at add
  int64_t added_unix_ns = 0;
  std::vector<std::pair<std::string, std::string>> tags; // by key
};

// Which runs a command works on: conditions KEY=VALUE joined by commas, all of which a run
// must meet. KEY is id (VALUE a number or a range 3-19), commit (a prefix), branch, host or
// program, or else a tag.
struct RunFilter {
  std::vector<std::pair<std::string, std::string>> conditions;
  int64_t since_unix_ns = 0; // runs that started at or after this; 0: all
};
// Throws HistoryError for a malformed condition (naming it).
RunFilter parse_filter(const std::string &text);

// "a,b,c" into its items, as the options that take lists give them ("" gives none).
std::vector<std::string> split_list(const std::string &text);
bool matches(const RunFilter &filter, const Run &run);

// One measure's values over runs, by run id (runs without it are absent).
using Series = std::map<int64_t, double>;

class History {
public:
  // Opens the history at `location` (a SQLite path or a PostgreSQL URL). For writing, a new
  // history is created and an older schema migrated; for reading, a missing or older one is
  // an error that says so. A newer schema is always an error.
  static History open(const std::string &location, bool for_writing, int wait_ms = kDefaultWaitMs);

  // Adds the runs with their measures in one transaction, all or nothing. A run whose checksum
  // the history holds is not added again: its entry is that run's id, and `added` false.
  struct Added {
    int64_t id = 0;
    bool added = false;
  };
  std::vector<Added> add(const std::vector<std::pair<Run, std::vector<Measure>>> &runs);

  // The runs that match, by start time (then id).
  std::vector<Run> runs(const RunFilter &filter = {});
  std::optional<Run> run(int64_t id);
  // Removes the runs and their measures, all or none: an id not in the history is an error.
  void remove(const std::vector<int64_t> &ids);

  std::vector<Measure> measures(int64_t run);
  // Every measure of the given runs: [kind][name] is its series.
  std::map<std::string, std::map<std::string, Series>> measures(const std::vector<int64_t> &runs);

  const std::string &name() const { return database_->name(); }

private:
  explicit History(std::unique_ptr<Database> database) : database_(std::move(database)) {}
  int64_t schema_version();
  void migrate();
  std::vector<Run> select_runs(const std::string &where, const std::vector<Value> &params);

  std::unique_ptr<Database> database_;
};

} // namespace hotline::history
