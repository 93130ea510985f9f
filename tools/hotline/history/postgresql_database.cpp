// The history on a PostgreSQL server (libpq): one history that many CI machines write.
#include "history/database.h"

#include <fmt/format.h>
#include <libpq-fe.h>

#include <regex>

namespace hotline::history {

namespace {

// Column type ids of PostgreSQL's catalog (pg_type.h, a server header that libpq-dev does not
// ship): the ones whose values are read as numbers.
constexpr Oid kBoolOid = 16;
constexpr Oid kInt8Oid = 20;
constexpr Oid kInt2Oid = 21;
constexpr Oid kInt4Oid = 23;
constexpr Oid kFloat4Oid = 700;
constexpr Oid kFloat8Oid = 701;
constexpr Oid kNumericOid = 1700;

// Writers take this transaction-scoped advisory lock, so that two of them (two CI machines
// adding runs, or the first two creating the schema) take turns.
constexpr int64_t kWriterLock = 0x686f746c696e65; // "hotline"

// The URL as messages show it: without a password.
std::string without_password(const std::string &url) {
  return std::regex_replace(url, std::regex(R"(://([^:/@]*):[^@]*@)"), "://$1:***@");
}

class PostgresqlDatabase final : public Database {
public:
  PostgresqlDatabase(const std::string &url, PGconn *connection)
      : Database(without_password(url)), connection_(connection) {}
  ~PostgresqlDatabase() override { PQfinish(connection_); }

  std::vector<Row> query(const std::string &sql, const std::vector<Value> &params) override {
    std::vector<std::string> texts(params.size());
    std::vector<const char *> values(params.size(), nullptr);
    for (size_t i = 0; i < params.size(); ++i) {
      if (std::holds_alternative<std::monostate>(params[i]))
        continue;
      if (auto *real = std::get_if<double>(&params[i]))
        texts[i] = fmt::format("{}", *real); // shortest text that reads back the same double
      else
        texts[i] = as_text(params[i]);
      values[i] = texts[i].c_str();
    }
    PGresult *result = PQexecParams(connection_, sql.c_str(), int(params.size()), nullptr,
                                    values.data(), nullptr, nullptr, 0);
    std::unique_ptr<PGresult, void (*)(PGresult *)> owner(result, PQclear);
    ExecStatusType status = PQresultStatus(result);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
      throw HistoryError(fmt::format("{}: {}", name(), trimmed(PQresultErrorMessage(result))));
    std::vector<Row> rows;
    int columns = PQnfields(result);
    for (int row = 0; row < PQntuples(result); ++row) {
      Row values_of_row(size_t(columns), Value{});
      for (int column = 0; column < columns; ++column)
        if (!PQgetisnull(result, row, column))
          values_of_row[size_t(column)] =
              read(PQftype(result, column), PQgetvalue(result, row, column));
      rows.push_back(std::move(values_of_row));
    }
    return rows;
  }

  void begin_write() override {
    query("BEGIN", {});
    query("SELECT pg_advisory_xact_lock($1)", {kWriterLock});
  }

  const char *id_column_type() const override { return "BIGSERIAL PRIMARY KEY"; }

  bool has_table(const std::string &table) override {
    return !query("SELECT 1 FROM information_schema.tables WHERE table_schema = "
                  "current_schema() AND table_name = $1",
                  {table})
                .empty();
  }

private:
  static Value read(Oid type, const char *text) {
    switch (type) {
    case kInt2Oid:
    case kInt4Oid:
    case kInt8Oid:
      return int64_t(std::strtoll(text, nullptr, 10));
    case kFloat4Oid:
    case kFloat8Oid:
    case kNumericOid:
      return std::strtod(text, nullptr);
    case kBoolOid:
      return int64_t(text[0] == 't');
    default:
      return std::string(text);
    }
  }

  static std::string trimmed(std::string message) {
    while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
      message.pop_back();
    return message;
  }

  PGconn *connection_;
};

} // namespace

std::unique_ptr<Database> open_postgresql(const std::string &url, int wait_ms) {
  PGconn *connection = PQconnectdb(url.c_str());
  if (!connection)
    throw HistoryError(fmt::format("{}: cannot connect: out of memory", without_password(url)));
  if (PQstatus(connection) != CONNECTION_OK) {
    std::string message = PQerrorMessage(connection);
    PQfinish(connection);
    while (!message.empty() && message.back() == '\n')
      message.pop_back();
    throw HistoryError(fmt::format("{}: cannot connect: {}", without_password(url), message));
  }
  auto database = std::make_unique<PostgresqlDatabase>(url, connection);
  // The history's notices ("relation already exists, skipping") are not the user's business.
  database->query("SET client_min_messages = warning", {});
  // The advisory lock of a writer waits this long for another writer, like any lock.
  database->query(fmt::format("SET lock_timeout = {}", wait_ms), {});
  return database;
}

} // namespace hotline::history
