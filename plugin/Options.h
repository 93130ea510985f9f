//===- Options.h - What the user asked the plugin to instrument -----------===//
//
// Parsed from -fplugin-arg-hotline-<name>=<value> (clang) or from pass parameters
// (opt -passes='hotline-functions<name=value;...>'); docs/plugin-options.md lists them.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Regex.h"

#include <memory>
#include <string>
#include <vector>

namespace hotline {

enum class TimingMode { AfterInlining, BeforeInlining, Off };

// A regular expression of include=, exclude= or lines-include=, and its text as given.
struct NamePattern {
  std::string Text;
  std::shared_ptr<llvm::Regex> Regex;
};

struct Options {
  TimingMode Timing = TimingMode::AfterInlining;
  // Functions without loops or calls that have fewer IR instructions than this are counted
  // but not timed: two clock reads would cost more than the body.
  unsigned MinInstructions = 30;
  std::vector<NamePattern> Include; // empty: everything
  std::vector<NamePattern> Exclude;
  // Line mode: per-line counts and loops for every selected function ("lines"), for those
  // matching one of these ("lines-include="), and for [[hotline::lines]] functions.
  bool Lines = false;
  std::vector<NamePattern> LinesInclude;
  // Exact linkage names ("count-only=", "skip="), kept in hash sets rather than regexes:
  // `hotline filter` writes thousands of them. CountOnly functions are counted but never
  // timed; Skip functions are not instrumented at all, as if excluded.
  llvm::StringSet<> CountOnly;
  llvm::StringSet<> Skip;
  // A function defined in a header under one of these directories (absolute, without . or
  // ..) that has no loop is not instrumented, unless SystemHeaders: the accessors and
  // wrappers of the standard library and other -isystem libraries, inlined everywhere,
  // whose counts would cost more than anything they tell. Nor does "lines" give line counts
  // to the others (Eigen's kernels, stb's decoders): the program's lines are what it is for.
  // The clang plugin adds the compiler's system include directories; "system-header-dir="
  // adds one.
  std::vector<std::string> SystemHeaderDirs;
  std::vector<std::string> GivenSystemHeaderDirs; // those of system-header-dir=, as given
  bool SystemHeaders = false;
  // Line mode also counts the functions each indirect call calls ("call-targets"), for
  // `hotline pgo`'s indirect-call promotion.
  bool CallTargets = false;

  // Applies one "name=value" (or "name") argument; the error names the option.
  llvm::Error parse(llvm::StringRef Argument);
  // Applies "a=1;b=2" (pass-parameter syntax).
  llvm::Error parseList(llvm::StringRef Arguments);
  // The options in force that differ from the defaults, as written after
  // -fplugin-arg-hotline- and separated by spaces, in docs/plugin-options.md's order whatever
  // the order given ("timing=off include=^ns:: lines"); count-only= and skip=, which name
  // thousands of functions in a filter file, as their number ("count-only(12)"); "" for the
  // defaults. A filter file's options are there as if given one by one.
  std::string describe() const;

  // Whether a function (by demangled and linkage name) passes the include/exclude lists and
  // is not skipped.
  bool selects(llvm::StringRef DemangledName, llvm::StringRef LinkageName) const;
  // Whether lines-include= names a function.
  bool linesNamed(llvm::StringRef DemangledName, llvm::StringRef LinkageName) const;
  // Adds a system include directory, made absolute against WorkingDir.
  void addSystemHeaderDir(llvm::StringRef Dir, llvm::StringRef WorkingDir);
  // Whether a source file (absolute, or relative to CompilationDir) is under one of them.
  bool isSystemHeader(llvm::StringRef File, llvm::StringRef CompilationDir) const;
};

// Path made absolute against Base (the current directory when empty), without . or ..
std::string absoluteWithoutDots(llvm::StringRef Path, llvm::StringRef Base);

} // namespace hotline
