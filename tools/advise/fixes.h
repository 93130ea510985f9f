// The findings' fix-its: applied to the sources in place (--fix), or written as
// clang-apply-replacements YAML (--export-fixes).
#pragma once

#include "finding.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace hotline::advise {

// A source or the YAML file could not be read or written: one line, exit status 2.
class FixFileError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct FixSummary {
  size_t fixes = 0; // findings whose fix-it was applied (or exported)
  size_t files = 0;
  std::vector<std::string> conflicts; // findings left out: their edits overlap earlier ones
};

// Edits every source in place: each finding's edits all or none; the files are replaced
// atomically.
FixSummary apply_fixes(const std::vector<Finding> &findings);

// One YAML document (clang::tooling::TranslationUnitReplacements) with every edit, which
// `clang-apply-replacements DIR` applies.
FixSummary export_fixes(const std::vector<Finding> &findings, const std::string &main_source,
                        const std::string &path);

} // namespace hotline::advise
