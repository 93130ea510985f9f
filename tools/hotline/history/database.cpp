// What both engines share: values, the choice of engine, the write transaction.
#include "history/database.h"

#include <cstdlib>

namespace hotline::history {

int64_t as_integer(const Value &value) {
  if (auto *integer = std::get_if<int64_t>(&value))
    return *integer;
  if (auto *real = std::get_if<double>(&value))
    return int64_t(*real);
  if (auto *text = std::get_if<std::string>(&value))
    return std::strtoll(text->c_str(), nullptr, 10);
  return 0;
}

double as_real(const Value &value) {
  if (auto *real = std::get_if<double>(&value))
    return *real;
  if (auto *integer = std::get_if<int64_t>(&value))
    return double(*integer);
  if (auto *text = std::get_if<std::string>(&value))
    return std::strtod(text->c_str(), nullptr);
  return 0;
}

std::string as_text(const Value &value) {
  if (auto *text = std::get_if<std::string>(&value))
    return *text;
  if (auto *integer = std::get_if<int64_t>(&value))
    return std::to_string(*integer);
  if (auto *real = std::get_if<double>(&value))
    return std::to_string(*real);
  return "";
}

bool is_postgresql_location(const std::string &location) {
  for (const char *prefix : {"postgresql://", "postgres://", "host=", "dbname="})
    if (location.rfind(prefix, 0) == 0)
      return true;
  return false;
}

std::unique_ptr<Database> open_database(const std::string &location, bool create, int wait_ms) {
  if (location.empty())
    throw HistoryError("no history database given (--db or HOTLINE_DB)");
  if (is_postgresql_location(location))
    return open_postgresql(location, wait_ms);
  return open_sqlite(location, create, wait_ms);
}

WriteTransaction::~WriteTransaction() {
  if (!open_)
    return;
  try {
    database_.rollback();
  } catch (const HistoryError &) {
    // The connection is gone: the engine dropped the transaction with it.
  }
}

void WriteTransaction::commit() {
  database_.commit();
  open_ = false;
}

} // namespace hotline::history
