// A hotline built without libpq: a postgresql:// history is an error that says why.
#include "history/database.h"

namespace hotline::history {

std::unique_ptr<Database> open_postgresql(const std::string &, int) {
  throw HistoryError("this hotline was built without PostgreSQL support (libpq was not found "
                     "when it was built): use a SQLite history, or rebuild with libpq-dev");
}

} // namespace hotline::history
