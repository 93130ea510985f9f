//===- Options.cpp - Parsing and applying the plugin's options ------------===//
#include "Options.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

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

// count-only= and skip= name one function each, by the linkage name that profiles record
// (hotline filter writes them). A demangled name would silently match nothing, so it is an error.
static Error addLinkageName(StringSet<> &Names, StringRef Name, StringRef Value) {
  if (Value.empty())
    return optionError("option '" + Name + "' needs a function's linkage name, e.g. " + Name +
                       "=_Z4tinyi");
  if (Value.find_first_of(" \t(") != StringRef::npos)
    return optionError("option '" + Name +
                       "' needs a linkage name (as profiles record it, e.g. _Z4tinyi), not '" + Value +
                       "'");
  Names.insert(Value);
  return Error::success();
}

// A filter file holds options, one per line, as they are written after -fplugin-arg-hotline-:
// include=, exclude=, lines-include= and the others; blank lines and lines starting with #
// are skipped.
static Error applyFilterFile(Options &Opts, StringRef Path) {
  if (Path.empty())
    return optionError("option 'filter' needs a file of options, e.g. filter=hotline.filter");
  ErrorOr<std::unique_ptr<MemoryBuffer>> File = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!File)
    return optionError("option 'filter': cannot read '" + Path + "': " + File.getError().message());
  SmallVector<StringRef, 16> Lines;
  (*File)->getBuffer().split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    StringRef Line = Lines[I].trim();
    if (Line.empty() || Line.starts_with("#"))
      continue;
    if (Line.split('=').first == "filter")
      return optionError(Path + ":" + Twine(I + 1) + ": a filter file cannot name another");
    if (Error E = Opts.parse(Line))
      return optionError(Path + ":" + Twine(I + 1) + ": " + toString(std::move(E)));
  }
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
  if (Name == "count-only")
    return addLinkageName(CountOnly, Name, Value);
  if (Name == "skip")
    return addLinkageName(Skip, Name, Value);
  if (Name == "filter")
    return applyFilterFile(*this, Value);
  return optionError("unknown option '" + Name +
                     "' (known: timing, min-instructions, include, exclude, lines, lines-include, "
                     "count-only, skip, filter; see docs/plugin-options.md)");
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
  if (Skip.contains(LinkageName))
    return false;
  if (!Include.empty() && !matchesAny(Include, DemangledName, LinkageName))
    return false;
  return !matchesAny(Exclude, DemangledName, LinkageName);
}

bool Options::linesFor(StringRef DemangledName, StringRef LinkageName) const {
  return Lines || matchesAny(LinesInclude, DemangledName, LinkageName);
}

} // namespace hotline
