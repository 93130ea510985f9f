// The history's schema and its reads and writes, in SQL that SQLite and PostgreSQL both run.
#include "history/store.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>

namespace hotline::history {

namespace {

// Migration i takes a history from schema version i to i + 1: the first creates it. A new
// schema version is one more entry here (and docs/history.md), never an edit of an old one.
// `{id}` is the engine's type of a self-numbered id column.
const std::vector<std::vector<const char *>> kMigrations = {
    {
        "CREATE TABLE hotline_schema (version BIGINT NOT NULL)",
        "INSERT INTO hotline_schema (version) VALUES (0)",
        "CREATE TABLE runs ("
        " id {id},"
        " checksum TEXT NOT NULL UNIQUE,"
        " profiles TEXT NOT NULL,"
        " program TEXT NOT NULL,"
        " command TEXT NOT NULL,"
        " host TEXT NOT NULL,"
        " cpu TEXT NOT NULL,"
        " clock TEXT NOT NULL,"
        " runtime_version TEXT NOT NULL,"
        " start_unix_ns BIGINT NOT NULL,"
        " wall_ns BIGINT NOT NULL,"
        " processes BIGINT NOT NULL,"
        " git_commit TEXT NOT NULL,"
        " git_branch TEXT NOT NULL,"
        " git_dirty BIGINT NOT NULL,"
        " build TEXT NOT NULL,"
        " added_unix_ns BIGINT NOT NULL)",
        "CREATE TABLE run_tags ("
        " run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,"
        " key TEXT NOT NULL,"
        " value TEXT NOT NULL,"
        " PRIMARY KEY (run_id, key))",
        "CREATE TABLE measures ("
        " run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,"
        " kind TEXT NOT NULL,"
        " name TEXT NOT NULL,"
        " value DOUBLE PRECISION NOT NULL,"
        " PRIMARY KEY (run_id, kind, name))",
        "CREATE INDEX measures_by_kind ON measures (kind, name)",
    },
};

constexpr const char *kRunColumns =
    "id, checksum, profiles, program, command, host, cpu, clock, runtime_version, start_unix_ns, "
    "wall_ns, processes, git_commit, git_branch, git_dirty, build, added_unix_ns";

std::string joined(const std::vector<std::string> &lines) {
  std::string text;
  for (const std::string &line : lines)
    text += (text.empty() ? "" : "\n") + line;
  return text;
}

std::vector<std::string> split_lines(const std::string &text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size() && !text.empty()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos)
      end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

Run run_of_row(const Row &row) {
  Run run;
  run.id = as_integer(row[0]);
  run.checksum = as_text(row[1]);
  run.profiles = split_lines(as_text(row[2]));
  run.program = as_text(row[3]);
  run.command = as_text(row[4]);
  run.host = as_text(row[5]);
  run.cpu = as_text(row[6]);
  run.clock = as_text(row[7]);
  run.runtime_version = as_text(row[8]);
  run.start_unix_ns = as_integer(row[9]);
  run.wall_ns = as_integer(row[10]);
  run.processes = as_integer(row[11]);
  run.commit = as_text(row[12]);
  run.branch = as_text(row[13]);
  run.dirty = as_integer(row[14]);
  run.build = as_text(row[15]);
  run.added_unix_ns = as_integer(row[16]);
  return run;
}

bool parse_id_range(const std::string &text, int64_t &low, int64_t &high) {
  char *end = nullptr;
  low = std::strtoll(text.c_str(), &end, 10);
  if (end == text.c_str())
    return false;
  if (*end == '\0') {
    high = low;
    return true;
  }
  if (*end != '-')
    return false;
  const char *rest = end + 1;
  high = std::strtoll(rest, &end, 10);
  return end != rest && *end == '\0' && low <= high;
}

const std::string *tag_value(const Run &run, const std::string &key) {
  for (const auto &[tag, value] : run.tags)
    if (tag == key)
      return &value;
  return nullptr;
}

} // namespace

std::vector<std::string> split_list(const std::string &text) {
  std::vector<std::string> items;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find(',', start);
    if (end == std::string::npos)
      end = text.size();
    items.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return items;
}

RunFilter parse_filter(const std::string &text) {
  RunFilter filter;
  for (const std::string &item : split_list(text)) {
    size_t equals = item.find('=');
    if (equals == 0 || equals == std::string::npos || equals + 1 == item.size())
      throw HistoryError(fmt::format("'{}' is not a condition KEY=VALUE", item));
    std::string key = item.substr(0, equals), value = item.substr(equals + 1);
    int64_t low = 0, high = 0;
    if (key == "id" && !parse_id_range(value, low, high))
      throw HistoryError(
          fmt::format("'{}': an id is a number or a range of them (id=3 or id=1-19)", item));
    filter.conditions.push_back({key, value});
  }
  return filter;
}

bool matches(const RunFilter &filter, const Run &run) {
  if (filter.since_unix_ns != 0 && run.start_unix_ns < filter.since_unix_ns)
    return false;
  for (const auto &[key, value] : filter.conditions) {
    bool met = false;
    if (key == "id") {
      int64_t low = 0, high = 0;
      parse_id_range(value, low, high);
      met = run.id >= low && run.id <= high;
    } else if (key == "commit")
      met = !run.commit.empty() && run.commit.rfind(value, 0) == 0;
    else if (key == "branch")
      met = run.branch == value;
    else if (key == "host")
      met = run.host == value;
    else if (key == "program")
      met = run.program == value;
    else {
      const std::string *tag = tag_value(run, key);
      met = tag && *tag == value;
    }
    if (!met)
      return false;
  }
  return true;
}

History History::open(const std::string &location, bool for_writing, int wait_ms) {
  History history(open_database(location, for_writing, wait_ms));
  int64_t version = history.schema_version();
  if (version > kSchemaVersion)
    throw HistoryError(fmt::format(
        "{}: the history's schema is version {}, newer than this hotline's {}: use a newer "
        "hotline",
        history.name(), version, kSchemaVersion));
  if (version < kSchemaVersion) {
    if (!for_writing)
      throw HistoryError(
          version == 0
              ? fmt::format("{}: no history there (runs are added with 'hotline history add')",
                            history.name())
              : fmt::format("{}: the history's schema is version {}; 'hotline history add' "
                            "upgrades it to {}",
                            history.name(), version, kSchemaVersion));
    history.migrate();
  }
  return history;
}

int64_t History::schema_version() {
  if (!database_->has_table("hotline_schema"))
    return 0;
  std::vector<Row> rows = database_->query("SELECT version FROM hotline_schema");
  if (rows.size() != 1)
    throw HistoryError(fmt::format("{}: the history's schema table is damaged", name()));
  return as_integer(rows[0][0]);
}

void History::migrate() {
  WriteTransaction transaction(*database_);
  // Another writer may have migrated it while this one waited for the lock.
  int64_t version = schema_version();
  for (; version < kSchemaVersion; ++version) {
    for (const char *statement : kMigrations.at(size_t(version))) {
      std::string sql = statement;
      size_t id = sql.find("{id}");
      if (id != std::string::npos)
        sql.replace(id, 4, database_->id_column_type());
      database_->query(sql);
    }
    database_->query("UPDATE hotline_schema SET version = $1", {version + 1});
  }
  transaction.commit();
}

std::vector<History::Added>
History::add(const std::vector<std::pair<Run, std::vector<Measure>>> &runs) {
  int64_t now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                    std::chrono::system_clock::now().time_since_epoch())
                    .count();
  std::vector<Added> added;
  WriteTransaction transaction(*database_);
  for (const auto &[run, measures] : runs) {
    std::vector<Row> existing =
        database_->query("SELECT id FROM runs WHERE checksum = $1", {run.checksum});
    if (!existing.empty()) {
      added.push_back({as_integer(existing[0][0]), false});
      continue;
    }
    std::vector<Row> id = database_->query(
        "INSERT INTO runs (checksum, profiles, program, command, host, cpu, clock, "
        "runtime_version, start_unix_ns, wall_ns, processes, git_commit, git_branch, git_dirty, "
        "build, added_unix_ns) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, "
        "$14, $15, $16) RETURNING id",
        {run.checksum, joined(run.profiles), run.program, run.command, run.host, run.cpu, run.clock,
         run.runtime_version, run.start_unix_ns, run.wall_ns, run.processes, run.commit, run.branch,
         run.dirty, run.build, now});
    int64_t run_id = as_integer(id.at(0).at(0));
    for (const auto &[key, value] : run.tags)
      database_->query("INSERT INTO run_tags (run_id, key, value) VALUES ($1, $2, $3)",
                       {run_id, key, value});
    for (const Measure &measure : measures)
      database_->query("INSERT INTO measures (run_id, kind, name, value) VALUES ($1, $2, $3, $4)",
                       {run_id, measure.kind, measure.name, measure.value});
    added.push_back({run_id, true});
  }
  transaction.commit();
  return added;
}

std::vector<Run> History::select_runs(const std::string &where, const std::vector<Value> &params) {
  std::vector<Run> runs;
  for (const Row &row : database_->query(
           fmt::format("SELECT {} FROM runs {} ORDER BY start_unix_ns, id", kRunColumns, where),
           params))
    runs.push_back(run_of_row(row));
  std::map<int64_t, Run *> by_id;
  for (Run &run : runs)
    by_id[run.id] = &run;
  for (const Row &row :
       database_->query("SELECT run_id, key, value FROM run_tags ORDER BY run_id, key")) {
    auto found = by_id.find(as_integer(row[0]));
    if (found != by_id.end())
      found->second->tags.push_back({as_text(row[1]), as_text(row[2])});
  }
  return runs;
}

std::vector<Run> History::runs(const RunFilter &filter) {
  std::vector<Run> all = select_runs("", {});
  std::vector<Run> kept;
  for (Run &run : all)
    if (matches(filter, run))
      kept.push_back(std::move(run));
  return kept;
}

std::optional<Run> History::run(int64_t id) {
  std::vector<Run> runs = select_runs("WHERE id = $1", {id});
  if (runs.empty())
    return std::nullopt;
  return runs[0];
}

void History::remove(const std::vector<int64_t> &ids) {
  WriteTransaction transaction(*database_);
  for (int64_t id : ids) {
    if (database_->query("SELECT id FROM runs WHERE id = $1", {id}).empty())
      throw HistoryError(fmt::format("{}: there is no run {}", name(), id));
    // The tags and measures go with it (ON DELETE CASCADE); said here as well, for a SQLite
    // connection that did not turn foreign keys on.
    database_->query("DELETE FROM run_tags WHERE run_id = $1", {id});
    database_->query("DELETE FROM measures WHERE run_id = $1", {id});
    database_->query("DELETE FROM runs WHERE id = $1", {id});
  }
  transaction.commit();
}

std::vector<Measure> History::measures(int64_t run) {
  std::vector<Measure> measures;
  for (const Row &row : database_->query(
           "SELECT kind, name, value FROM measures WHERE run_id = $1 ORDER BY kind, name", {run}))
    measures.push_back({as_text(row[0]), as_text(row[1]), as_real(row[2])});
  return measures;
}

std::map<std::string, std::map<std::string, Series>>
History::measures(const std::vector<int64_t> &runs) {
  std::map<std::string, std::map<std::string, Series>> all;
  if (runs.empty())
    return all;
  int64_t low = *std::min_element(runs.begin(), runs.end());
  int64_t high = *std::max_element(runs.begin(), runs.end());
  std::vector<int64_t> sorted = runs;
  std::sort(sorted.begin(), sorted.end());
  for (const Row &row :
       database_->query("SELECT run_id, kind, name, value FROM measures WHERE run_id >= $1 AND "
                        "run_id <= $2",
                        {low, high})) {
    int64_t run = as_integer(row[0]);
    if (std::binary_search(sorted.begin(), sorted.end(), run))
      all[as_text(row[1])][as_text(row[2])][run] = as_real(row[3]);
  }
  return all;
}

} // namespace hotline::history
