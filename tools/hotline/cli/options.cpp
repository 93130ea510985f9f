// Parses subcommand arguments and formats their --help.
#include "cli/options.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace hotline::cli {

namespace {

const OptionSpec *find_option(const CommandSpec &command, const std::string &name) {
  for (const OptionSpec &option : command.options)
    if (name == option.name)
      return &option;
  return nullptr;
}

const OptionSpec *find_short_option(const CommandSpec &command, char name) {
  for (const OptionSpec &option : command.options)
    if (option.short_name != 0 && name == option.short_name)
      return &option;
  return nullptr;
}

[[noreturn]] void unknown_option(const CommandSpec &command, const std::string &arg) {
  throw UsageError(fmt::format("unknown option '{}' for 'hotline {}' (see 'hotline {} --help')",
                               arg, command.name, command.name));
}

// Checks a value against its option's type: the same errors as the parse_* functions.
void check_value(const OptionSpec &option, const std::string &text) {
  switch (option.type) {
  case ValueType::Text:
    return;
  case ValueType::Count:
    parse_count(option.name, text);
    return;
  case ValueType::Number:
    parse_non_negative(option.name, text);
    return;
  case ValueType::Duration:
    parse_duration(option.name, text);
    return;
  case ValueType::Percent:
    parse_percent(option.name, text);
    return;
  case ValueType::Choice:
    for (const char *choice : option.choices)
      if (text == choice)
        return;
    throw_invalid_choice(option.name, text, option.choices);
  }
}

} // namespace

OptionSpec text_or_json_format() {
  return OptionSpec::choice("format", "FORMAT", "text or json (default text)", {"text", "json"});
}

std::optional<std::string> ParsedArgs::value(const std::string &option) const {
  auto it = values_.find(option);
  if (it == values_.end())
    return std::nullopt;
  return it->second;
}

std::optional<uint64_t> ParsedArgs::count(const std::string &option) const {
  std::optional<std::string> text = value(option);
  if (!text)
    return std::nullopt;
  return parse_count(option, *text);
}

std::optional<double> ParsedArgs::number(const std::string &option) const {
  std::optional<std::string> text = value(option);
  if (!text)
    return std::nullopt;
  return parse_non_negative(option, *text);
}

std::optional<double> ParsedArgs::percent(const std::string &option) const {
  std::optional<std::string> text = value(option);
  if (!text)
    return std::nullopt;
  return parse_percent(option, *text);
}

std::optional<uint64_t> ParsedArgs::duration(const std::string &option) const {
  std::optional<std::string> text = value(option);
  if (!text)
    return std::nullopt;
  return parse_duration(option, *text);
}

ParsedArgs parse_args(const std::vector<std::string> &args, const CommandSpec &command) {
  ParsedArgs parsed;
  parsed.arguments = args;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (arg == "--") {
      parsed.positional.insert(parsed.positional.end(), args.begin() + i + 1, args.end());
      break;
    }
    if (arg == "--help" || arg == "-h") {
      parsed.help = true;
      continue;
    }
    if (arg.size() < 2 || arg[0] != '-') { // "-" alone is a file name, by convention
      parsed.positional.push_back(arg);
      continue;
    }
    if (arg[1] != '-') {
      const OptionSpec *option = find_short_option(command, arg[1]);
      if (!option)
        unknown_option(command, arg);
      if (!option->value_name) {
        if (arg.size() > 2)
          unknown_option(command, arg);
        parsed.values_[option->name] = "";
      } else if (arg.size() > 2) {
        check_value(*option, arg.substr(2));
        parsed.values_[option->name] = arg.substr(2);
      } else if (i + 1 < args.size()) {
        check_value(*option, args[i + 1]);
        parsed.values_[option->name] = args[++i];
      } else {
        throw UsageError(fmt::format("option -{} needs a value ({})", arg[1], option->value_name));
      }
      continue;
    }
    size_t equals = arg.find('=');
    std::string name = arg.substr(2, equals == std::string::npos ? std::string::npos : equals - 2);
    const OptionSpec *option = find_option(command, name);
    if (!option)
      unknown_option(command, "--" + name);
    if (!option->value_name) {
      if (equals != std::string::npos)
        throw UsageError(fmt::format("option --{} takes no value", name));
      parsed.values_[name] = "";
    } else if (equals != std::string::npos) {
      check_value(*option, arg.substr(equals + 1));
      parsed.values_[name] = arg.substr(equals + 1);
    } else if (i + 1 < args.size()) {
      check_value(*option, args[i + 1]);
      parsed.values_[name] = args[++i];
    } else {
      throw UsageError(fmt::format("option --{} needs a value ({})", name, option->value_name));
    }
  }
  return parsed;
}

uint64_t parse_count(const std::string &option, const std::string &text) {
  bool all_digits = !text.empty() && std::all_of(text.begin(), text.end(),
                                                 [](char c) { return c >= '0' && c <= '9'; });
  errno = 0;
  unsigned long long value = all_digits ? std::strtoull(text.c_str(), nullptr, 10) : 0;
  if (!all_digits || errno == ERANGE)
    throw UsageError(
        fmt::format("invalid value '{}' for --{}: expected a whole number", text, option));
  return value;
}

double parse_non_negative(const std::string &option, const std::string &text) {
  char *end = nullptr;
  errno = 0;
  double value = text.empty() ? -1 : std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(value) || value < 0)
    throw UsageError(
        fmt::format("invalid value '{}' for --{}: expected a number of at least 0", text, option));
  return value;
}

uint64_t parse_duration(const std::string &option, const std::string &text) {
  static const struct {
    const char *name;
    double ns;
  } kUnits[] = {{"ns", 1}, {"us", 1e3}, {"µs", 1e3}, {"ms", 1e6}, {"s", 1e9}};
  size_t unit_at = text.find_first_not_of("0123456789.");
  std::string number = text.substr(0, unit_at);
  std::string unit = unit_at == std::string::npos ? "" : text.substr(unit_at);
  double scale = 0;
  for (const auto &known : kUnits)
    if (unit == known.name)
      scale = known.ns;
  char *end = nullptr;
  double value = number.empty() ? -1 : std::strtod(number.c_str(), &end);
  // Below 2^64 ns (584 years), so the conversion is defined.
  if (scale == 0 || number.empty() || *end != '\0' || !std::isfinite(value) ||
      value * scale >= 18446744073709551616.0)
    throw UsageError(fmt::format("invalid value '{}' for --{}: expected a "
                                 "duration such as 5ms (ns, us, ms or s)",
                                 text, option));
  return uint64_t(value * scale + 0.5);
}

double parse_percent(const std::string &option, const std::string &text) {
  std::string number = text;
  if (!number.empty() && number.back() == '%')
    number.pop_back();
  char *end = nullptr;
  errno = 0;
  double value = number.empty() ? -1 : std::strtod(number.c_str(), &end);
  if (number.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(value) || value < 0)
    throw UsageError(fmt::format("invalid value '{}' for --{}: expected a percentage (10 or 10%)",
                                 text, option));
  return value;
}

std::string parse_choice(const std::string &option, const std::string &text,
                         std::initializer_list<const char *> choices) {
  for (const char *choice : choices)
    if (text == choice)
      return text;
  throw_invalid_choice(option.c_str(), text, std::vector<const char *>(choices));
}

void throw_invalid_choice(const char *option, const std::string &text,
                          const std::vector<const char *> &names) {
  throw UsageError(fmt::format("invalid value '{}' for --{}: expected one of {}", text, option,
                               fmt::join(names, ", ")));
}

std::string help_text(const CommandSpec &command) {
  std::string text =
      fmt::format("usage: {}\n\n{}\n\noptions:\n", command.usage, command.description);
  std::vector<std::pair<std::string, std::string>> rows;
  for (const OptionSpec &option : command.options)
    rows.emplace_back((option.short_name ? fmt::format("-{}, ", option.short_name) : "") +
                          (option.value_name
                               ? fmt::format("--{} {}", option.name, option.value_name)
                               : fmt::format("--{}", option.name)),
                      option.help);
  rows.emplace_back("-h, --help", "show this help");
  size_t width = 0;
  for (const auto &row : rows)
    width = std::max(width, row.first.size());
  for (const auto &row : rows)
    text += fmt::format("  {:<{}}  {}\n", row.first, width, row.second);
  return text;
}

uint64_t top_option(const ParsedArgs &parsed, uint64_t fallback) {
  return parsed.count("top").value_or(fallback);
}

bool json_format(const ParsedArgs &parsed) {
  auto format = parsed.value("format");
  return format && parse_choice("format", *format, {"text", "json"}) == "json";
}

const std::vector<std::string> &profile_paths(const ParsedArgs &parsed,
                                              const CommandSpec &command) {
  if (parsed.positional.empty())
    throw UsageError(fmt::format("{}: no profile given (usage: {})", command.name, command.usage));
  return parsed.positional;
}

std::string required_output(const ParsedArgs &parsed, const CommandSpec &command) {
  std::optional<std::string> output = parsed.value("output");
  if (!output)
    throw UsageError(
        fmt::format("{}: no output file given (usage: {})", command.name, command.usage));
  if (output->empty())
    throw UsageError("option --output needs a value (OUT)");
  return *output;
}

} // namespace hotline::cli
