//===- Options.cpp - Parsing and applying the plugin's options ------------===//
#include "Options.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hotline {

static Error optionError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

// A flag option: "name" alone.
static Error setFlag(bool &Flag, StringRef Name, StringRef Argument) {
  if (Argument.contains('='))
    return optionError("option '" + Name + "' takes no value");
  Flag = true;
  return Error::success();
}

static Error addRegex(std::vector<NamePattern> &List, StringRef Name, StringRef Pattern) {
  if (Pattern.empty())
    return optionError("option '" + Name + "' needs a regular expression, e.g. " + Name + "=^ns::");
  auto R = std::make_shared<Regex>(Pattern);
  std::string Why;
  if (!R->isValid(Why))
    return optionError("option '" + Name + "': invalid regular expression '" + Pattern +
                       "': " + Why);
  List.push_back({Pattern.str(), std::move(R)});
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
                       "' needs a linkage name (as profiles record it, e.g. _Z4tinyi), not '" +
                       Value + "'");
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
      return optionError("option 'min-instructions' needs a non-negative integer, not '" + Value +
                         "'");
    return Error::success();
  }
  if (Name == "lines") {
    if (Argument.contains('='))
      return optionError(
          "option 'lines' takes no value (to choose functions, use lines-include=REGEX)");
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
  if (Name == "system-headers")
    return setFlag(SystemHeaders, Name, Argument);
  if (Name == "call-targets")
    return setFlag(CallTargets, Name, Argument);
  if (Name == "system-header-dir") {
    if (Value.empty())
      return optionError(
          "option 'system-header-dir' needs a directory, e.g. system-header-dir=/usr/include");
    addSystemHeaderDir(Value, "");
    GivenSystemHeaderDirs.push_back(Value.str());
    return Error::success();
  }
  return optionError(
      "unknown option '" + Name +
      "' (known: timing, min-instructions, include, exclude, lines, lines-include, "
      "count-only, skip, filter, system-headers, system-header-dir, call-targets; see "
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

std::string Options::describe() const {
  const Options Defaults;
  std::vector<std::string> Parts;
  if (Timing == TimingMode::BeforeInlining)
    Parts.push_back("timing=before-inlining");
  else if (Timing == TimingMode::Off)
    Parts.push_back("timing=off");
  if (MinInstructions != Defaults.MinInstructions)
    Parts.push_back("min-instructions=" + std::to_string(MinInstructions));
  auto AddPatterns = [&](StringRef Name, const std::vector<NamePattern> &Patterns) {
    for (const NamePattern &P : Patterns)
      Parts.push_back((Name + "=" + P.Text).str());
  };
  AddPatterns("include", Include);
  AddPatterns("exclude", Exclude);
  if (Lines)
    Parts.push_back("lines");
  AddPatterns("lines-include", LinesInclude);
  if (!CountOnly.empty())
    Parts.push_back("count-only(" + std::to_string(CountOnly.size()) + ")");
  if (!Skip.empty())
    Parts.push_back("skip(" + std::to_string(Skip.size()) + ")");
  if (SystemHeaders)
    Parts.push_back("system-headers");
  if (CallTargets)
    Parts.push_back("call-targets");
  for (const std::string &Dir : GivenSystemHeaderDirs)
    Parts.push_back("system-header-dir=" + Dir);
  return join(Parts, " ");
}

static bool matchesAny(const std::vector<NamePattern> &List, StringRef DemangledName,
                       StringRef LinkageName) {
  for (const NamePattern &P : List)
    if (P.Regex->match(DemangledName) || P.Regex->match(LinkageName))
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

std::string absoluteWithoutDots(StringRef Path, StringRef Base) {
  SmallString<256> Result;
  if (!sys::path::is_absolute(Path)) {
    if (!Base.empty())
      Result = Base;
    else
      sys::fs::current_path(Result);
  }
  sys::path::append(Result, Path);
  sys::path::remove_dots(Result, /*remove_dot_dot=*/true);
  return std::string(Result);
}

void Options::addSystemHeaderDir(StringRef Dir, StringRef WorkingDir) {
  std::string Absolute = absoluteWithoutDots(Dir, WorkingDir);
  while (Absolute.size() > 1 && sys::path::is_separator(Absolute.back()))
    Absolute.pop_back();
  SystemHeaderDirs.push_back(std::move(Absolute));
}

bool Options::isSystemHeader(StringRef File, StringRef CompilationDir) const {
  if (SystemHeaderDirs.empty())
    return false;
  std::string Path = absoluteWithoutDots(File, CompilationDir);
  for (const std::string &Dir : SystemHeaderDirs)
    if (StringRef(Path).starts_with(Dir) && Path.size() > Dir.size() &&
        (Dir == "/" || sys::path::is_separator(Path[Dir.size()])))
      return true;
  return false;
}

bool Options::linesNamed(StringRef DemangledName, StringRef LinkageName) const {
  return matchesAny(LinesInclude, DemangledName, LinkageName);
}

} // namespace hotline
