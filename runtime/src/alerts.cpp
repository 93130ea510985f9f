// HOTLINE_ALERT: parsing the rules, and saying when one is crossed.
#include "alerts.h"

#include "runtime.h"

#include <stdio.h>
#include <string.h>

namespace hotline::rt {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A percentage: digits, optionally a fraction, optionally '%'; nothing else.
bool parse_percent(const char *text, size_t length, double *percent) {
  size_t i = 0;
  double value = 0;
  if (i == length || !is_digit(text[i]))
    return false;
  for (; i < length && is_digit(text[i]); ++i)
    value = value * 10 + (text[i] - '0');
  if (i < length && text[i] == '.') {
    ++i;
    if (i == length || !is_digit(text[i]))
      return false;
    for (double scale = 0.1; i < length && is_digit(text[i]); ++i, scale /= 10)
      value += (text[i] - '0') * scale;
  }
  if (i < length && text[i] == '%')
    ++i;
  *percent = value;
  return i == length;
}

// A size: digits, optionally K, M or G (powers of 1024, either case); nothing else.
bool parse_size(const char *text, size_t length, uint64_t *bytes) {
  size_t i = 0;
  uint64_t value = 0;
  if (i == length || !is_digit(text[i]))
    return false;
  for (; i < length && is_digit(text[i]); ++i) {
    if (value > (UINT64_MAX - 9) / 10)
      return false;
    value = value * 10 + uint64_t(text[i] - '0');
  }
  unsigned shift = 0;
  if (i < length) {
    char unit = text[i] | 0x20; // lower case
    shift = unit == 'k' ? 10 : unit == 'm' ? 20 : unit == 'g' ? 30 : 64;
    if (shift == 64)
      return false;
    ++i;
  }
  if (i != length || (shift && value > (UINT64_MAX >> shift)))
    return false;
  *bytes = value << shift;
  return true;
}

// One rule, [begin, end) without surrounding spaces; false (after saying why) when it is bad.
bool parse_rule(const char *begin, const char *end, AlertRule &rule) {
  size_t length = size_t(end - begin);
  memset(&rule, 0, sizeof rule);
  if (length >= sizeof rule.text) {
    report_problem("HOTLINE_ALERT: '%.*s...': a rule is at most %u bytes long; alerts are off", 40,
                   begin, unsigned(sizeof rule.text - 1));
    return false;
  }
  memcpy(rule.text, begin, length);
  // The last '>': names may hold one ("function:std::vector<int>::size>10%").
  const char *greater = nullptr;
  for (const char *p = begin; p < end; ++p)
    if (*p == '>')
      greater = p;
  const char *colon = static_cast<const char *>(memchr(begin, ':', length));
  if (greater && greater - begin == 4 && !strncmp(begin, "heap", 4)) {
    rule.kind = AlertKind::Heap;
    if (!parse_size(greater + 1, size_t(end - greater - 1), &rule.bytes)) {
      report_problem(
          "HOTLINE_ALERT: '%s': expected a size after '>' (bytes, or with K, M or G: heap>2G); "
          "alerts are off",
          rule.text);
      return false;
    }
    return true;
  }
  bool region = colon && colon - begin == 6 && !strncmp(begin, "region", 6);
  bool function = colon && colon - begin == 8 && !strncmp(begin, "function", 8);
  if (!greater || !(region || function) || greater < colon) {
    report_problem(
        "HOTLINE_ALERT: '%s': expected region:NAME>PCT%%, function:NAME>PCT%% or heap>SIZE; "
        "alerts are off",
        rule.text);
    return false;
  }
  rule.kind = region ? AlertKind::Region : AlertKind::Function;
  size_t name_length = size_t(greater - colon - 1);
  if (name_length == 0) {
    report_problem("HOTLINE_ALERT: '%s': expected a name after '%s:'; alerts are off", rule.text,
                   region ? "region" : "function");
    return false;
  }
  memcpy(rule.name, colon + 1, name_length);
  if (!parse_percent(greater + 1, size_t(end - greater - 1), &rule.percent)) {
    report_problem(
        "HOTLINE_ALERT: '%s': expected a percentage after '>' (as in %s:%s>50%%); alerts are off",
        rule.text, region ? "region" : "function", rule.name);
    return false;
  }
  return true;
}

// "2.10 GiB": the heap figure of an alert, in the units its rule is written in.
void format_size(uint64_t bytes, char *out, size_t capacity) {
  const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double value = double(bytes);
  unsigned unit = 0;
  while (value >= 1024 && unit < 4) {
    value /= 1024;
    ++unit;
  }
  if (unit == 0)
    snprintf(out, capacity, "%llu B", (unsigned long long)bytes);
  else
    snprintf(out, capacity, "%.2f %s", value, units[unit]);
}

} // namespace

uint32_t parse_alert_rules(const char *spec, AlertRule *rules) {
  uint32_t count = 0;
  for (const char *p = spec; *p;) {
    const char *end = p;
    while (*end && *end != ',' && *end != ';')
      ++end;
    const char *begin = p;
    p = *end ? end + 1 : end;
    const char *last = end;
    while (begin < last && is_space(*begin))
      ++begin;
    while (last > begin && is_space(last[-1]))
      --last;
    if (begin == last)
      continue; // "a,,b" and a trailing ',' hold no rule
    if (count == kMaxAlertRules) {
      report_problem("HOTLINE_ALERT: more than %u rules; alerts are off", kMaxAlertRules);
      return 0;
    }
    if (!parse_rule(begin, last, rules[count]))
      return 0;
    ++count;
  }
  return count;
}

bool alert_names_function(const AlertRule &rule, const char *function) {
  size_t length = strlen(rule.name);
  return !strncmp(function, rule.name, length) &&
         (function[length] == '\0' || function[length] == '(');
}

void check_alert(AlertRule &rule, double percent, uint64_t bytes) {
  bool over = rule.kind == AlertKind::Heap ? bytes > rule.bytes : percent > rule.percent;
  if (!over) {
    if (rule.above && ++rule.snapshots_below >= kAlertRearmSnapshots)
      rule.above = false;
    return;
  }
  rule.snapshots_below = 0;
  if (rule.above)
    return;
  rule.above = true;
  if (rule.kind == AlertKind::Heap) {
    char size[32];
    format_size(bytes, size, sizeof size);
    report_problem("alert: heap in use %s (rule %s)", size, rule.text);
    return;
  }
  // Whole percents, unless rounding would show the threshold itself ("at 50%" for >50%).
  double rounded = double(uint64_t(percent + 0.5));
  report_problem("alert: %s %s at %.*f%% of the run (rule %s)",
                 rule.kind == AlertKind::Region ? "region" : "function", rule.name,
                 rounded > rule.percent ? 0 : 1, percent, rule.text);
}

} // namespace hotline::rt
