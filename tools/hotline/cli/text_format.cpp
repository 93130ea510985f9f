// Formats durations, counts, percentages and tables for the text reports.
#include "cli/text_format.h"

#include <fmt/format.h>

#include <algorithm>

namespace hotline::text {

namespace {
// `value` (at least 1000 base units) in the largest of `units` (the first 1000 base units,
// each next 1000 times the one before) that keeps it at 1 or more, with three significant
// digits.
template <size_t N> std::string format_scaled(double value, const char *const (&units)[N]) {
  for (size_t unit = 0; unit < N; ++unit) {
    value /= 1000;
    bool last = unit == N - 1;
    // Choose the unit after rounding, so 999.96 µs reads "1.00 ms", not "1000
    // µs".
    if (value < 9.995)
      return fmt::format("{:.2f} {}", value, units[unit]);
    if (value < 99.95)
      return fmt::format("{:.1f} {}", value, units[unit]);
    if (value < 999.5 || last)
      return fmt::format("{:.0f} {}", value, units[unit]);
  }
  return {}; // not reached: the last unit always returns
}
} // namespace

std::string format_duration(uint64_t ns) {
  if (ns < 1000)
    return fmt::format("{} ns", ns);
  static const char *const kUnits[] = {"µs", "ms", "s"};
  return format_scaled(double(ns), kUnits);
}

std::string format_bytes(uint64_t bytes) {
  if (bytes < 1000)
    return fmt::format("{} B", bytes);
  static const char *const kUnits[] = {"kB", "MB", "GB", "TB", "PB", "EB"};
  return format_scaled(double(bytes), kUnits);
}

std::string format_count(uint64_t n) {
  std::string digits = std::to_string(n);
  std::string grouped;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0)
      grouped += ',';
    grouped += digits[i];
  }
  return grouped;
}

std::string format_count_of(uint64_t n, const char *one, const char *many) {
  return fmt::format("{} {}", format_count(n), n == 1 ? one : many);
}

std::string format_percent(double percent) { return fmt::format("{:.1f}%", percent); }

std::string printable(std::string_view text) {
  std::string result(text);
  for (char &c : result)
    if ((unsigned char)c < 0x20 || c == 0x7f)
      c = '?';
  return result;
}

std::string file_path(const std::string &path) {
  return path.empty() ? "(unnamed descriptor)" : printable(path);
}

size_t display_width(std::string_view text) {
  // Continuation bytes (10xxxxxx) do not start a code point.
  return size_t(std::count_if(text.begin(), text.end(),
                              [](char c) { return ((unsigned char)c & 0xc0) != 0x80; }));
}

void TextTable::add_row(std::vector<std::string> cells) {
  cells.resize(columns_.size());
  rows_.push_back(std::move(cells));
}

std::string TextTable::render() const {
  std::vector<size_t> widths(columns_.size(), 0);
  auto widen = [&](size_t column, const std::string &cell) {
    size_t width = display_width(cell);
    if (columns_[column].max_width != 0)
      width = std::min(width, columns_[column].max_width);
    widths[column] = std::max(widths[column], width);
  };
  for (size_t c = 0; c < columns_.size(); ++c)
    widen(c, columns_[c].header);
  for (const auto &row : rows_)
    for (size_t c = 0; c < columns_.size(); ++c)
      widen(c, row[c]);

  std::string out;
  auto append_line = [&](auto cell_of) {
    std::string line;
    for (size_t c = 0; c < columns_.size(); ++c) {
      const std::string &cell = cell_of(c);
      size_t width = display_width(cell);
      size_t padding = width < widths[c] ? widths[c] - width : 0;
      bool last = c + 1 == columns_.size();
      if (c > 0)
        line += "  ";
      if (columns_[c].align == Align::Right)
        line.append(padding, ' ');
      line += cell;
      if (columns_[c].align == Align::Left && !last)
        line.append(padding, ' ');
    }
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    out += line;
    out += '\n';
  };
  append_line([&](size_t c) -> const std::string & { return columns_[c].header; });
  for (const auto &row : rows_)
    append_line([&](size_t c) -> const std::string & { return row[c]; });
  return out;
}

} // namespace hotline::text
