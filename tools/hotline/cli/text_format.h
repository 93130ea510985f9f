// Human-readable numbers and aligned tables for the text reports.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hotline::text {

// "0 ns", "812 ns", "1.23 µs", "45.6 ms", "789 s": three significant digits.
std::string format_duration(uint64_t ns);

// "0 B", "812 B", "1.23 kB", "45.6 MB", "789 GB": decimal units, three
// significant digits.
std::string format_bytes(uint64_t bytes);

// "1,234,567"
std::string format_count(uint64_t n);

// "1 entry", "20,000 entries": the count and the word that goes with it.
std::string format_count_of(uint64_t n, const char *one, const char *many);

// "42.6%"
std::string format_percent(double percent);

// Control characters from a (possibly hostile) profile would move the cursor or
// worse.
std::string printable(std::string_view text);

// A file's path, printable; "(unnamed descriptor)" for a descriptor the runtime
// could not name ("").
std::string file_path(const std::string &path);

// Columns in terminal cells, counting each UTF-8 code point as one.
size_t display_width(std::string_view text);

// A table whose columns are padded to their widest cell; the last column is not
// padded.
class TextTable {
public:
  enum class Align { Left, Right };
  struct Column {
    std::string header;
    Align align;
    size_t max_width = 0; // cells wider than this spill over instead of
                          // widening the column; 0: no limit
  };

  explicit TextTable(std::vector<Column> columns) : columns_(std::move(columns)) {}
  void add_row(std::vector<std::string> cells);
  std::string render() const;

private:
  std::vector<Column> columns_;
  std::vector<std::vector<std::string>> rows_;
};

} // namespace hotline::text
