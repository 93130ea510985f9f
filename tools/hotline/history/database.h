// The run history's database: SQLite (a file, the default) or PostgreSQL (a postgresql:// URL
// that many CI machines share), behind one small interface so that the history's SQL is
// written once (history/store.cpp). Statements take their parameters as $1, $2, ..., which
// both engines accept.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace hotline::history {

// A database that cannot be opened, read or written, or whose contents are not a history this
// hotline understands. what() names the database.
class HistoryError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// One value of a parameter or a column: NULL, an integer, a real or a text.
using Value = std::variant<std::monostate, int64_t, double, std::string>;
using Row = std::vector<Value>;

int64_t as_integer(const Value &value);  // 0 for NULL
double as_real(const Value &value);      // an integer's value too; 0 for NULL
std::string as_text(const Value &value); // "" for NULL

class Database {
public:
  virtual ~Database() = default;

  // Runs one statement with parameters $1..$N and returns its rows.
  virtual std::vector<Row> query(const std::string &sql, const std::vector<Value> &params = {}) = 0;
  // Starts a transaction that will write: it waits for other writers (SQLite's write lock,
  // a PostgreSQL advisory lock) so that two writers at once take turns.
  virtual void begin_write() = 0;
  void begin_read() { query("BEGIN"); }
  void commit() { query("COMMIT"); }
  void rollback() { query("ROLLBACK"); }

  // The column type of a run's id, which the database numbers itself.
  virtual const char *id_column_type() const = 0;
  // Whether a table exists.
  virtual bool has_table(const std::string &name) = 0;
  // How messages name the database: a path, or the URL without its password.
  const std::string &name() const { return name_; }

protected:
  explicit Database(std::string name) : name_(std::move(name)) {}

private:
  std::string name_;
};

// How long a writer waits for another one before it gives up, by default.
constexpr int kDefaultWaitMs = 30000;

// A postgresql:// or postgres:// URL (or "host=... dbname=..." key=value text starting with
// one of those keys) selects PostgreSQL; anything else is a SQLite file's path. `create`: a
// SQLite file that does not exist is made (commands that only read want a clear error
// instead). `wait_ms`: how long a statement waits for another writer's lock before it fails.
std::unique_ptr<Database> open_database(const std::string &location, bool create,
                                        int wait_ms = kDefaultWaitMs);

bool is_postgresql_location(const std::string &location);

// The engines' own openers (sqlite_database.cpp, postgresql_database.cpp).
std::unique_ptr<Database> open_sqlite(const std::string &path, bool create, int wait_ms);
std::unique_ptr<Database> open_postgresql(const std::string &url, int wait_ms);

// A write transaction that rolls back unless committed: an error leaves the database as it was.
class WriteTransaction {
public:
  explicit WriteTransaction(Database &database) : database_(database) { database_.begin_write(); }
  ~WriteTransaction();
  WriteTransaction(const WriteTransaction &) = delete;
  WriteTransaction &operator=(const WriteTransaction &) = delete;
  void commit();

private:
  Database &database_;
  bool open_ = true;
};

} // namespace hotline::history
