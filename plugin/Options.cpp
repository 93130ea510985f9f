//===- Options.cpp - Parsing and applying the plugin's options ------------===//
#include "Options.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace hotline {

static Error optionError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

static Error addRegex(std::vector<std::shared_ptr<Regex>> &List, StringRef Name, StringRef Pattern) {
  if (Pattern.empty())
    return optionError("option '" + Name + "' needs a regular expression, e.g. " + Name + "=^ns::");
  auto R = std::make_shared<Regex>(Pattern);
  std::string Why;
  if (!R->isValid(Why))
    return optionError("option '" + Name + "': invalid regular expression '" + Pattern + "': " + Why);
  List.push_back(std::move(R));
  return Error::success();
}

Error Options::parse(StringRef Argument) {
  auto [Name, Value] = Argument.split('=');
  if (Name == "timing") {
    if (Value == "after-inlining")
      Timing = TimingMode::AfterInlining;
    else if (Value == "before-inlining")
      Timing = TimingMode::BeforeInlining;
    else if (Value == "off")
      Timing = TimingMode::Off;
    else
      return optionError("option 'timing' must be after-inlining, before-inlining or off, not '" +
                         Value + "'");
    return Error::success();
  }
  if (Name == "min-instructions") {
    if (Value.getAsInteger(10, MinInstructions))
      return optionError("option 'min-instructions' needs a non-negative integer, not '" + Value + "'");
    return Error::success();
  }
  if (Name == "lines") {
    if (Argument.contains('='))
      return optionError("option 'lines' takes no value (to choose functions, use lines-include=REGEX)");
    Lines = true;
    return Error::success();
  }
  if (Name == "lines-include")
    return addRegex(LinesInclude, Name, Value);
  if (Name == "include")
    return addRegex(Include, Name, Value);
  if (Name == "exclude")
    return addRegex(Exclude, Name, Value);
  return optionError("unknown option '" + Name +
                     "' (known: timing, min-instructions, include, exclude, lines, lines-include; see "
                     "docs/plugin-options.md)");
}

Error Options::parseList(StringRef Arguments) {
  SmallVector<StringRef, 4> Parts;
  Arguments.split(Parts, ';', -1, /*KeepEmpty=*/false);
  for (StringRef Part : Parts)
    if (Error E = parse(Part.trim()))
      return E;
  return Error::success();
}

static bool matchesAny(const std::vector<std::shared_ptr<Regex>> &List, StringRef DemangledName,
                       StringRef LinkageName) {
  for (const auto &R : List)
    if (R->match(DemangledName) || R->match(LinkageName))
      return true;
  return false;
}

bool Options::selects(StringRef DemangledName, StringRef LinkageName) const {
  if (!Include.empty() && !matchesAny(Include, DemangledName, LinkageName))
    return false;
  return !matchesAny(Exclude, DemangledName, LinkageName);
}

bool Options::linesFor(StringRef DemangledName, StringRef LinkageName) const {
  return Lines || matchesAny(LinesInclude, DemangledName, LinkageName);
}

} // namespace hotline
