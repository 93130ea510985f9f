// The command line of every subcommand: options, positional arguments, --help
// text.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace hotline::cli {

// A mistake on the command line; main prints it and exits with status 2.
class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// What an option's value is. parse_args checks it, so a bad value is an error that names the
// option before the command does any work, and the typed getters of ParsedArgs read it.
enum class ValueType {
  Text,     // anything (a path, a name, a list the command splits)
  Count,    // a whole number: parse_count
  Number,   // a number of at least 0: parse_non_negative
  Duration, // 5ms, 1.5s: parse_duration
  Percent,  // 10 or 10%: parse_percent
  Choice,   // one of `choices`
};

struct OptionSpec {
  const char *name;       // without the leading "--"
  const char *value_name; // shown in help, e.g. "N"; nullptr for an option
                          // without value
  const char *help;
  char short_name = 0; // 'o' also accepts "-o VALUE" and "-oVALUE"; 0: none
  ValueType type = ValueType::Text;
  std::vector<const char *> choices = {}; // ValueType::Choice

  static OptionSpec count(const char *name, const char *value_name, const char *help) {
    return {name, value_name, help, 0, ValueType::Count};
  }
  static OptionSpec number(const char *name, const char *value_name, const char *help) {
    return {name, value_name, help, 0, ValueType::Number};
  }
  static OptionSpec duration(const char *name, const char *value_name, const char *help) {
    return {name, value_name, help, 0, ValueType::Duration};
  }
  static OptionSpec percent(const char *name, const char *value_name, const char *help) {
    return {name, value_name, help, 0, ValueType::Percent};
  }
  static OptionSpec choice(const char *name, const char *value_name, const char *help,
                           std::vector<const char *> choices) {
    return {name, value_name, help, 0, ValueType::Choice, std::move(choices)};
  }
};

// --format text|json, as most subcommands take it. A function, not a constant: the commands'
// specs are constants of other files, whose initialization may come first.
OptionSpec text_or_json_format();

struct CommandSpec {
  const char *name;  // "report"
  const char *usage; // "hotline report [options] FILE..."
  const char *description;
  std::vector<OptionSpec> options;
};

class ParsedArgs {
public:
  std::vector<std::string> arguments; // as given, in order
  std::vector<std::string> positional;
  bool help = false; // --help or -h was given

  bool has(const std::string &option) const { return values_.count(option) != 0; }
  // The value given last, if the option was given.
  std::optional<std::string> value(const std::string &option) const;
  // The same, read as its type (parse_args checked it against the option's spec).
  std::optional<uint64_t> count(const std::string &option) const;
  std::optional<double> number(const std::string &option) const;
  std::optional<uint64_t> duration(const std::string &option) const;
  std::optional<double> percent(const std::string &option) const;

private:
  friend ParsedArgs parse_args(const std::vector<std::string> &args, const CommandSpec &command);
  std::map<std::string, std::string> values_;
};

// Accepts "--name value", "--name=value", the short forms "-n value" and
// "-nvalue" of options that have one, "--" (the rest is positional), --help and
// -h.
ParsedArgs parse_args(const std::vector<std::string> &args, const CommandSpec &command);

// Value checkers; each throws a UsageError naming the option.
uint64_t parse_count(const std::string &option, const std::string &text);
double parse_non_negative(const std::string &option, const std::string &text);
// "5ms", "1.5s", "200us" (or "200µs"), "100ns": a number with a unit, in
// nanoseconds.
uint64_t parse_duration(const std::string &option, const std::string &text);
// "10" or "10%": a percentage of at least 0, as a number of percent.
double parse_percent(const std::string &option, const std::string &text);
std::string parse_choice(const std::string &option, const std::string &text,
                         std::initializer_list<const char *> choices);

[[noreturn]] void throw_invalid_choice(const char *option, const std::string &text,
                                       const std::vector<const char *> &names);
// A named value of an option with a fixed set of values: {"json", Format::Json}.
template <class T> struct Choice {
  const char *name;
  T value;
};
// The value of `option` among `choices`; `fallback` when it was not given; a UsageError that
// lists the choices for any other value.
template <class T>
T choice_option(const ParsedArgs &parsed, const char *option,
                std::initializer_list<Choice<T>> choices, T fallback) {
  std::optional<std::string> text = parsed.value(option);
  if (!text)
    return fallback;
  std::vector<const char *> names;
  for (const Choice<T> &choice : choices) {
    if (*text == choice.name)
      return choice.value;
    names.push_back(choice.name);
  }
  throw_invalid_choice(option, *text, names);
}
std::string help_text(const CommandSpec &command);

// The options that most subcommands share, checked.
// --top N, or `fallback` when not given.
uint64_t top_option(const ParsedArgs &parsed, uint64_t fallback);
// --format text|json: whether JSON was asked for.
bool json_format(const ParsedArgs &parsed);
// The profiles named on the command line; a UsageError when there are none.
const std::vector<std::string> &profile_paths(const ParsedArgs &parsed, const CommandSpec &command);
// -o/--output of a command that must be given one; a UsageError when it is
// missing or empty.
std::string required_output(const ParsedArgs &parsed, const CommandSpec &command);

} // namespace hotline::cli
