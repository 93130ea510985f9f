// Collects the findings' edits per file (all of one finding's edits or none of them), then
// applies them with clang::tooling::applyAllReplacements or writes them as YAML.
#include "fixes.h"

#include <clang/Tooling/Core/Replacement.h>
#include <clang/Tooling/ReplacementsYaml.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include <fmt/format.h>

#include <cstdio>
#include <map>
#include <set>
#include <tuple>

namespace hotline::advise {

using clang::tooling::Replacement;
using clang::tooling::Replacements;

namespace {

struct Collected {
  std::map<std::string, Replacements> by_file;
  FixSummary summary;
};

Collected collect(const std::vector<Finding> &findings) {
  Collected collected;
  // The same edit twice (a header's finding seen from two units) is one edit.
  std::set<std::tuple<std::string, unsigned, unsigned, std::string>> seen;
  for (const Finding &finding : findings) {
    if (finding.replacements.empty())
      continue;
    std::map<std::string, Replacements> trial = collected.by_file;
    bool fits = true;
    for (const Replacement &edit : finding.replacements) {
      auto key = std::make_tuple(edit.getFilePath().str(), edit.getOffset(), edit.getLength(),
                                 edit.getReplacementText().str());
      if (seen.count(key))
        continue;
      if (llvm::Error error = trial[edit.getFilePath().str()].add(edit)) {
        llvm::consumeError(std::move(error));
        fits = false;
        break;
      }
    }
    if (!fits) {
      collected.summary.conflicts.push_back(
          fmt::format("{}:{}:{} [{}]", finding.file, finding.line, finding.column, finding.check));
      continue;
    }
    for (const Replacement &edit : finding.replacements)
      seen.emplace(edit.getFilePath().str(), edit.getOffset(), edit.getLength(),
                   edit.getReplacementText().str());
    collected.by_file = std::move(trial);
    ++collected.summary.fixes;
  }
  for (const auto &[file, edits] : collected.by_file)
    collected.summary.files += edits.empty() ? 0 : 1;
  return collected;
}

} // namespace

FixSummary apply_fixes(const std::vector<Finding> &findings) {
  Collected collected = collect(findings);
  for (const auto &[file, edits] : collected.by_file) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> source = llvm::MemoryBuffer::getFile(file);
    if (!source)
      throw FixFileError(fmt::format("cannot read {}: {}", file, source.getError().message()));
    llvm::Expected<std::string> fixed =
        clang::tooling::applyAllReplacements((*source)->getBuffer(), edits);
    if (!fixed)
      throw FixFileError(fmt::format("cannot apply the fix-its to {}: {}", file,
                                     llvm::toString(fixed.takeError())));
    // A temporary file renamed over the source: an interrupted --fix leaves it whole.
    std::string temporary = file + ".hotline-advise.tmp";
    {
      std::error_code error;
      llvm::raw_fd_ostream out(temporary, error);
      if (error)
        throw FixFileError(fmt::format("cannot write {}: {}", temporary, error.message()));
      out << *fixed;
      out.close();
      if (out.has_error())
        throw FixFileError(fmt::format("cannot write {}: {}", temporary, out.error().message()));
    }
    if (std::error_code error = llvm::sys::fs::rename(temporary, file)) {
      std::remove(temporary.c_str());
      throw FixFileError(fmt::format("cannot replace {}: {}", file, error.message()));
    }
  }
  return collected.summary;
}

FixSummary export_fixes(const std::vector<Finding> &findings, const std::string &main_source,
                        const std::string &path) {
  Collected collected = collect(findings);
  clang::tooling::TranslationUnitReplacements document;
  document.MainSourceFile = main_source;
  for (const auto &[file, edits] : collected.by_file)
    for (const Replacement &edit : edits)
      document.Replacements.push_back(edit);
  std::error_code error;
  llvm::raw_fd_ostream out(path, error);
  if (error)
    throw FixFileError(fmt::format("cannot write {}: {}", path, error.message()));
  llvm::yaml::Output yaml(out);
  yaml << document;
  out.close();
  if (out.has_error())
    throw FixFileError(fmt::format("cannot write {}: {}", path, out.error().message()));
  return collected.summary;
}

} // namespace hotline::advise
