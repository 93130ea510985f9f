// A small streaming JSON writer (indented, valid UTF-8 out whatever bytes come
// in).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace hotline::json {

// A measured number as the JSON outputs give it: rounded to 3 decimals.
double rounded(double value);

// Quotes and escapes text; bytes that are not valid UTF-8 become U+FFFD.
std::string quote(std::string_view text);

class Writer {
public:
  void begin_object();
  void end_object();
  void begin_array();
  void end_array();
  void key(std::string_view name); // inside an object, before each value

  void value(std::string_view text);
  void value(const char *text) { value(std::string_view(text)); }
  void value(const std::string &text) { value(std::string_view(text)); }
  void value(bool flag);
  void value(double number); // non-finite numbers become null
  void null_value();
  template <
      typename Integer,
      std::enable_if_t<std::is_integral_v<Integer> && !std::is_same_v<Integer, bool>, int> = 0>
  void value(Integer number) {
    raw(std::to_string(number));
  }

  template <typename T> void field(std::string_view name, const T &v) {
    key(name);
    value(v);
  }

  // The document so far; complete once every begin has its end.
  const std::string &text() const { return out_; }

private:
  void raw(const std::string &token);
  void before_value();
  void newline_and_indent();

  struct Level {
    bool is_object;
    size_t items = 0;
  };
  std::string out_;
  std::vector<Level> levels_;
  bool after_key_ = false;
};

} // namespace hotline::json
