// Readable C++ names: the demangled name parsed into text and bracketed groups
// (template arguments, parameter lists), simplified, then elided to a width.
#include "cli/readable_names.h"

#include "cli/text_format.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <memory>
#include <optional>
#include <vector>

namespace hotline::text {

namespace {

struct Group;

// A run of a name: text, and groups in brackets after parts of it.
struct Item {
  std::string text;             // when group is null
  std::unique_ptr<Group> group; // `<...>` or `(...)`
};
using Sequence = std::vector<Item>;

struct Group {
  char open = '<';
  std::vector<Sequence> arguments; // split at the top-level commas
  bool elided = false;
};

char closing(char open) { return open == '<' ? '>' : open == '(' ? ')' : ']'; }

class Parser {
public:
  explicit Parser(std::string_view text) : text_(text) {}

  // The whole name, or nothing when its brackets do not balance.
  std::optional<Sequence> parse() {
    Sequence sequence;
    if (!parse_sequence(sequence, '\0') || at_ != text_.size())
      return std::nullopt;
    return sequence;
  }

private:
  // Reads up to (not including) a top-level ',' or `close` (or the end, for '\0').
  bool parse_sequence(Sequence &into, char close) {
    std::string text;
    auto flush = [&] {
      if (!text.empty())
        into.push_back({std::move(text), nullptr});
      text.clear();
    };
    while (at_ < text_.size()) {
      char c = text_[at_];
      if (close != '\0' && (c == close || c == ','))
        break;
      if (c == '>' || c == ')' || c == ']')
        return false; // closes nothing open
      if (ends_with_operator(text)) {
        text += operator_symbol();
        continue;
      }
      if (c == '<' || c == '(' || c == '[') {
        ++at_;
        auto group = std::make_unique<Group>();
        group->open = c;
        for (;;) {
          Sequence argument;
          if (!parse_sequence(argument, closing(c)) || at_ >= text_.size())
            return false;
          group->arguments.push_back(std::move(argument));
          if (text_[at_++] == closing(c))
            break;
        }
        flush();
        into.push_back({"", std::move(group)});
        continue;
      }
      text += c;
      ++at_;
    }
    flush();
    return true;
  }

  // "operator" just read (not as part of a longer identifier): the symbol after it is
  // part of the name, brackets and all (operator<, operator<<, operator(), operator[]...).
  static bool ends_with_operator(const std::string &text) {
    constexpr std::string_view kOperator = "operator";
    if (text.size() < kOperator.size() ||
        text.compare(text.size() - kOperator.size(), kOperator.size(), kOperator) != 0)
      return false;
    if (text.size() == kOperator.size())
      return true;
    char before = text[text.size() - kOperator.size() - 1];
    return !(std::isalnum((unsigned char)before) || before == '_');
  }

  std::string operator_symbol() {
    static constexpr std::array<std::string_view, 10> kBracketed = {
        "<=>", "<<=", ">>=", "<<", ">>", "<=", ">=", "()", "[]", "->*"};
    for (std::string_view symbol : kBracketed)
      if (text_.substr(at_, symbol.size()) == symbol) {
        at_ += symbol.size();
        return std::string(symbol);
      }
    // One character (operator<, operator>, operator-...), or an identifier
    // (operator new, operator bool): one character is enough either way.
    return std::string(1, text_[at_++]);
  }

  std::string_view text_;
  size_t at_ = 0;
};

std::string render(const Sequence &sequence);

std::string trimmed(std::string text) {
  size_t begin = text.find_first_not_of(' ');
  if (begin == std::string::npos)
    return "";
  return text.substr(begin, text.find_last_not_of(' ') - begin + 1);
}

// Arguments joined by ", ", whatever spacing the demangler used (`> >` or `>>`).
std::string render(const Group &group) {
  std::string out(1, group.open);
  if (group.elided)
    out += "…";
  else
    for (size_t i = 0; i < group.arguments.size(); ++i)
      out += (i ? ", " : "") + trimmed(render(group.arguments[i]));
  return out + closing(group.open);
}

std::string render(const Sequence &sequence) {
  std::string out;
  for (const Item &item : sequence)
    out += item.group ? render(*item.group) : item.text;
  return out;
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

void replace_all(std::string &text, std::string_view what, std::string_view with) {
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + with.size()))
    text.replace(at, what.size(), with);
}

// A default template argument of the standard library, as the demangler spells it.
bool is_default_argument(const std::string &argument) {
  static constexpr std::array<std::string_view, 6> kDefaults = {
      "std::allocator<", "std::char_traits<", "std::less<",
      "std::hash<",      "std::equal_to<",    "std::default_delete<"};
  return std::any_of(kDefaults.begin(), kDefaults.end(),
                     [&](std::string_view prefix) { return starts_with(argument, prefix); });
}

// The standard library's names for its class templates over one character type.
std::optional<std::string> alias_of(std::string_view template_name, const std::string &argument) {
  struct Alias {
    std::string_view name, argument, alias;
  };
  static constexpr std::array<Alias, 13> kAliases = {{
      {"basic_string", "char", "string"},
      {"basic_string", "wchar_t", "wstring"},
      {"basic_string", "char8_t", "u8string"},
      {"basic_string", "char16_t", "u16string"},
      {"basic_string", "char32_t", "u32string"},
      {"basic_string_view", "char", "string_view"},
      {"basic_string_view", "wchar_t", "wstring_view"},
      {"basic_ostream", "char", "ostream"},
      {"basic_istream", "char", "istream"},
      {"basic_iostream", "char", "iostream"},
      {"basic_ostringstream", "char", "ostringstream"},
      {"basic_istringstream", "char", "istringstream"},
      {"basic_stringstream", "char", "stringstream"},
  }};
  for (const Alias &alias : kAliases)
    if (template_name == alias.name && argument == alias.argument)
      return std::string(alias.alias);
  return std::nullopt;
}

// Simplifies the groups below first, so that their text is final when compared.
void simplify(Sequence &sequence) {
  for (Item &item : sequence)
    if (item.group)
      for (Sequence &argument : item.group->arguments)
        simplify(argument);
  for (size_t i = 0; i < sequence.size(); ++i) {
    Group *group = sequence[i].group.get();
    if (!group || group->open != '<' || i == 0 || sequence[i - 1].group)
      continue;
    std::vector<Sequence> kept;
    for (size_t a = 0; a < group->arguments.size(); ++a) {
      std::string text = trimmed(render(group->arguments[a]));
      if (a > 0 && is_default_argument(text))
        continue;
      kept.push_back(std::move(group->arguments[a]));
    }
    group->arguments = std::move(kept);
    // `std::basic_string<char>` → `std::string`: the template's name ends the text before.
    std::string &before = sequence[i - 1].text;
    constexpr std::string_view kStd = "std::";
    size_t name_at = before.rfind(kStd);
    if (name_at == std::string::npos || group->arguments.size() != 1 ||
        (name_at > 0 && (std::isalnum((unsigned char)before[name_at - 1]) ||
                         before[name_at - 1] == '_' || before[name_at - 1] == ':')))
      continue;
    std::string_view name = std::string_view(before).substr(name_at + kStd.size());
    if (auto alias = alias_of(name, trimmed(render(group->arguments[0])))) {
      before.replace(name_at + kStd.size(), std::string::npos, *alias);
      sequence[i].group.reset();
      sequence[i].text = "";
    }
  }
}

// The deepest template argument lists not yet elided, `depth` levels down.
void groups_at_depth(Sequence &sequence, size_t depth, size_t at, std::vector<Group *> &into) {
  for (Item &item : sequence) {
    if (!item.group || item.group->elided)
      continue;
    size_t inner = item.group->open == '<' ? at + 1 : at;
    if (item.group->open == '<' && inner == depth)
      into.push_back(item.group.get());
    else
      for (Sequence &argument : item.group->arguments)
        groups_at_depth(argument, depth, inner, into);
  }
}

size_t template_depth(const Sequence &sequence) {
  size_t deepest = 0;
  for (const Item &item : sequence)
    if (item.group && !item.group->elided)
      for (const Sequence &argument : item.group->arguments)
        deepest = std::max(deepest, template_depth(argument) + (item.group->open == '<'));
  return deepest;
}

size_t width_of(const std::string &text) {
  // "…" is one column in three bytes.
  return size_t(std::count_if(text.begin(), text.end(),
                              [](char c) { return ((unsigned char)c & 0xc0) != 0x80; }));
}

// The last top-level parenthesized list that follows a name (not `(anonymous namespace)`).
Group *parameter_list(Sequence &name) {
  for (size_t i = name.size(); i-- > 1;) {
    Group *group = name[i].group.get();
    if (group && group->open == '(' &&
        !(group->arguments.size() == 1 && render(group->arguments[0]) == "anonymous namespace"))
      return group;
  }
  return nullptr;
}

// The scopes that the name's leading text opens, innermost first: "a::b::" and "a::" for
// `a::b::f(...)`. The standard library's are left alone: `std::` is part of what a
// type is called.
std::vector<std::string> own_namespaces(const Sequence &name) {
  std::vector<std::string> scopes;
  if (name.empty() || name[0].group || starts_with(name[0].text, "std::"))
    return scopes;
  const std::string &lead = name[0].text;
  for (size_t end = lead.rfind("::"); end != std::string::npos && end > 0;
       end = lead.rfind("::", end - 1))
    scopes.push_back(lead.substr(0, end + 2));
  return scopes;
}

// Removes `scope` where it begins a qualified name in `sequence` and in its groups.
void strip_qualifier(Sequence &sequence, const std::string &scope) {
  for (Item &item : sequence) {
    if (item.group) {
      for (Sequence &argument : item.group->arguments)
        strip_qualifier(argument, scope);
      continue;
    }
    std::string &text = item.text;
    for (size_t at = text.find(scope); at != std::string::npos; at = text.find(scope, at)) {
      char before = at > 0 ? text[at - 1] : ' ';
      if (std::isalnum((unsigned char)before) || before == '_' || before == ':')
        at += scope.size();
      else
        text.erase(at, scope.size());
    }
  }
}

} // namespace

std::string readable_name(std::string_view demangled, size_t width) {
  std::string text(demangled);
  replace_all(text, "std::__cxx11::", "std::");
  replace_all(text, "std::__1::", "std::");
  std::optional<Sequence> name = Parser(text).parse();
  if (!name)
    return text;
  simplify(*name);
  std::string out = render(*name);
  // The parameters' qualifiers that repeat the function's own namespaces say nothing.
  Group *parameters = parameter_list(*name);
  if (width_of(out) > width && parameters) {
    for (const std::string &scope : own_namespaces(*name))
      for (Sequence &parameter : parameters->arguments)
        strip_qualifier(parameter, scope);
    out = render(*name);
  }
  // Then the deepest template arguments: they say the least about which function it is.: they say
  // the least about which function it is.
  for (size_t depth = template_depth(*name); width_of(out) > width && depth > 0; --depth) {
    std::vector<Group *> deepest;
    groups_at_depth(*name, depth, 0, deepest);
    for (Group *group : deepest)
      group->elided = true;
    out = render(*name);
  }
  // Then the parameters.
  if (width_of(out) > width && parameters) {
    parameters->elided = !parameters->arguments.empty();
    out = render(*name);
  }
  return out;
}

std::string shorter_name(std::string_view demangled) {
  std::string name = readable_name(demangled);
  return name == demangled ? "" : name;
}

std::string display_name(std::string_view demangled) { return printable(readable_name(demangled)); }

std::string display_facts(std::string_view facts) {
  constexpr std::string_view kCalls = "calls ", kSeparator = "; ";
  std::string out, topic; // topic: the previous clause's "loop not vectorized: "
  for (size_t at = 0; at <= facts.size();) {
    size_t end = facts.find(kSeparator, at);
    std::string clause =
        trimmed(std::string(facts.substr(at, end == std::string_view::npos ? end : end - at)));
    at = end == std::string_view::npos ? facts.size() + 1 : end + kSeparator.size();
    if (clause.empty())
      continue;
    if (!out.empty())
      out += kSeparator;
    // The callees' names are the clause's groups: the parser keeps the commas between
    // names as text, so the clause is one "name"; each callee may use the whole width.
    if (clause.compare(0, kCalls.size(), kCalls) == 0) {
      out += readable_name(clause, 3 * kReadableNameWidth);
      topic.clear();
      continue;
    }
    // The optimizer's reasons repeat their topic: said once.
    size_t colon = clause.find(": ");
    std::string clause_topic = colon == std::string::npos ? "" : clause.substr(0, colon + 2);
    out += !topic.empty() && clause_topic == topic ? clause.substr(topic.size()) : clause;
    topic = clause_topic;
  }
  return printable(out);
}

} // namespace hotline::text
