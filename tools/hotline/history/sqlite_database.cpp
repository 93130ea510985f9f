// The history in a SQLite file (Debian's libsqlite3): the default, one file per history.
#include "history/database.h"

#include <fmt/format.h>
#include <sqlite3.h>

namespace hotline::history {

namespace {

class SqliteDatabase final : public Database {
public:
  SqliteDatabase(const std::string &path, sqlite3 *handle) : Database(path), handle_(handle) {}
  ~SqliteDatabase() override { sqlite3_close(handle_); }

  std::vector<Row> query(const std::string &sql, const std::vector<Value> &params) override {
    sqlite3_stmt *statement = nullptr;
    if (sqlite3_prepare_v2(handle_, sql.c_str(), int(sql.size()), &statement, nullptr) != SQLITE_OK)
      fail("cannot prepare a statement");
    std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt *)> owner(statement, sqlite3_finalize);
    for (size_t i = 0; i < params.size(); ++i)
      bind(statement, i + 1, params[i]);
    std::vector<Row> rows;
    for (;;) {
      int status = sqlite3_step(statement);
      if (status == SQLITE_DONE)
        return rows;
      if (status != SQLITE_ROW)
        fail("cannot run a statement");
      Row row(size_t(sqlite3_column_count(statement)));
      for (int column = 0; column < int(row.size()); ++column)
        row[size_t(column)] = read(statement, column);
      rows.push_back(std::move(row));
    }
  }

  void begin_write() override { query("BEGIN IMMEDIATE", {}); }

  const char *id_column_type() const override { return "INTEGER PRIMARY KEY"; }

  bool has_table(const std::string &table) override {
    return !query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = $1", {table})
                .empty();
  }

private:
  void bind(sqlite3_stmt *statement, size_t index, const Value &value) {
    // $N's index is the order of first appearance, which is N when the SQL names them in order;
    // look it up so that it need not be.
    int slot = sqlite3_bind_parameter_index(statement, fmt::format("${}", index).c_str());
    if (slot == 0)
      return; // a parameter the statement does not use
    int status = SQLITE_OK;
    if (std::holds_alternative<std::monostate>(value))
      status = sqlite3_bind_null(statement, slot);
    else if (auto *integer = std::get_if<int64_t>(&value))
      status = sqlite3_bind_int64(statement, slot, *integer);
    else if (auto *real = std::get_if<double>(&value))
      status = sqlite3_bind_double(statement, slot, *real);
    else {
      const std::string &text = std::get<std::string>(value);
      status = sqlite3_bind_text(statement, slot, text.data(), int(text.size()), SQLITE_TRANSIENT);
    }
    if (status != SQLITE_OK)
      fail("cannot bind a parameter");
  }

  static Value read(sqlite3_stmt *statement, int column) {
    switch (sqlite3_column_type(statement, column)) {
    case SQLITE_INTEGER:
      return int64_t(sqlite3_column_int64(statement, column));
    case SQLITE_FLOAT:
      return sqlite3_column_double(statement, column);
    case SQLITE_NULL:
      return std::monostate{};
    default: {
      const unsigned char *text = sqlite3_column_text(statement, column);
      return std::string(reinterpret_cast<const char *>(text),
                         size_t(sqlite3_column_bytes(statement, column)));
    }
    }
  }

  [[noreturn]] void fail(const char *what) {
    throw HistoryError(fmt::format("{}: {}: {}", name(), what, sqlite3_errmsg(handle_)));
  }

  sqlite3 *handle_;
};

} // namespace

std::unique_ptr<Database> open_sqlite(const std::string &path, bool create, int wait_ms) {
  sqlite3 *handle = nullptr;
  int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
  int status = sqlite3_open_v2(path.c_str(), &handle, flags, nullptr);
  if (status != SQLITE_OK) {
    std::string message = handle ? sqlite3_errmsg(handle) : sqlite3_errstr(status);
    sqlite3_close(handle);
    if (!create && status == SQLITE_CANTOPEN)
      throw HistoryError(
          fmt::format("{}: no history there (runs are added with 'hotline history add')", path));
    throw HistoryError(fmt::format("{}: cannot open the history: {}", path, message));
  }
  sqlite3_busy_timeout(handle, wait_ms);
  sqlite3_extended_result_codes(handle, 1);
  auto database = std::make_unique<SqliteDatabase>(path, handle);
  // The file is a SQLite database (not some other file that happens to be at the path): SQLite
  // reads nothing at open, so ask it now, for a clear message before any work.
  database->query("SELECT count(*) FROM sqlite_master", {});
  database->query("PRAGMA foreign_keys = ON", {});
  return database;
}

} // namespace hotline::history
