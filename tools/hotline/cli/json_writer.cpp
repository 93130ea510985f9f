// Writes JSON for the --format json outputs.
#include "cli/json_writer.h"

#include <fmt/format.h>

#include <cmath>

namespace hotline::json {

double rounded(double value) { return std::round(value * 1000) / 1000; }

namespace {

// Length of the well-formed UTF-8 sequence at text[i], or 0 if it is not one.
size_t utf8_sequence_length(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return (unsigned char)text[k]; };
  unsigned char lead = byte(i);
  size_t length;
  uint32_t code_point;
  if (lead < 0x80)
    return 1;
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
    code_point = lead & 0x1f;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    code_point = lead & 0x0f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    code_point = lead & 0x07;
  } else {
    return 0;
  }
  if (i + length > text.size())
    return 0;
  for (size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xc0) != 0x80)
      return 0;
    code_point = (code_point << 6) | (byte(i + k) & 0x3f);
  }
  bool overlong = (length == 3 && code_point < 0x800) || (length == 4 && code_point < 0x10000);
  bool surrogate = code_point >= 0xd800 && code_point <= 0xdfff;
  if (overlong || surrogate || code_point > 0x10ffff)
    return 0;
  return length;
}

} // namespace

std::string quote(std::string_view text) {
  std::string out = "\"";
  for (size_t i = 0; i < text.size();) {
    unsigned char c = (unsigned char)text[i];
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (c < 0x20) {
        out += fmt::format("\\u{:04x}", c);
      } else if (size_t length = utf8_sequence_length(text, i)) {
        out.append(text.substr(i, length));
        i += length;
        continue;
      } else {
        out += "\\ufffd";
      }
    }
    ++i;
  }
  out += '"';
  return out;
}

void Writer::newline_and_indent() {
  out_ += '\n';
  out_.append(2 * levels_.size(), ' ');
}

void Writer::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (levels_.empty())
    return;
  if (levels_.back().items++ > 0)
    out_ += ',';
  newline_and_indent();
}

void Writer::raw(const std::string &token) {
  before_value();
  out_ += token;
  if (levels_.empty())
    out_ += '\n';
}

void Writer::key(std::string_view name) {
  if (levels_.back().items++ > 0)
    out_ += ',';
  newline_and_indent();
  out_ += quote(name);
  out_ += ": ";
  after_key_ = true;
}

void Writer::begin_object() {
  before_value();
  out_ += '{';
  levels_.push_back({true});
}

void Writer::begin_array() {
  before_value();
  out_ += '[';
  levels_.push_back({false});
}

void Writer::end_object() {
  bool empty = levels_.back().items == 0;
  levels_.pop_back();
  if (!empty)
    newline_and_indent();
  out_ += '}';
  if (levels_.empty())
    out_ += '\n';
}

void Writer::end_array() {
  bool empty = levels_.back().items == 0;
  levels_.pop_back();
  if (!empty)
    newline_and_indent();
  out_ += ']';
  if (levels_.empty())
    out_ += '\n';
}

void Writer::value(std::string_view text) { raw(quote(text)); }

void Writer::value(bool flag) { raw(flag ? "true" : "false"); }

void Writer::null_value() { raw("null"); }

void Writer::value(double number) {
  raw(std::isfinite(number) ? fmt::format("{}", number) : "null");
}

} // namespace hotline::json
