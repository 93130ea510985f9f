// Exact counts into LLVM's sample-profile shape (see sample_profile.h).
#include "analysis/sample_profile.h"

#include "hotline/profile_format.h"

#include <algorithm>
#include <optional>

namespace hotline::analysis {

uint64_t FunctionSamples::total() const {
  uint64_t sum = 0;
  for (const auto &[place, count] : body)
    sum += count;
  return sum;
}

namespace {

// A site's line as -fprofile-sample-use keys it: its offset from its function's
// first line; none when the site is in another file or above that line (a macro,
// code inlined before line mode ran).
std::optional<uint32_t> line_offset(const profile::Site &site, const profile::Site &function) {
  if (site.file != function.file || function.line == 0 || site.line < function.line ||
      site.line - function.line > 0xffff)
    return std::nullopt;
  return site.line - function.line;
}

} // namespace

void SampleProfileBuilder::add(const profile::Profile &profile) {
  ++result_.profiles;
  // Counts of one copy of a function (one translation unit's) first: a line
  // whose code spans several blocks with one discriminator counts as its busiest
  // block, as the compiler weighs a block by its busiest instruction.
  std::map<uint32_t, FunctionSamples> copies; // by function site
  for (size_t i = 0; i < profile.sites.size(); ++i) {
    const profile::Site &site = profile.sites[i];
    if (site.kind == HOTLINE_SITE_FUNCTION) {
      uint64_t entries = profile.site_counts[i];
      if (entries == 0)
        continue;
      FunctionSamples &copy = copies[uint32_t(i)];
      copy.name = site.linkage_name;
      copy.head = entries;
      continue;
    }
    if (site.kind != HOTLINE_SITE_LINE)
      continue;
    const profile::Site &function = profile.sites[site.function];
    uint64_t count = profile.site_counts[site.counter];
    if (profile.site_counts[site.function] == 0)
      continue;
    std::optional<uint32_t> offset = line_offset(site, function);
    if (!offset) {
      ++result_.lines_elsewhere;
      continue;
    }
    uint64_t &line = copies[site.function].body[{*offset, site.discriminator}];
    line = std::max(line, count);
  }
  for (const profile::CallTarget &target : profile.call_targets) {
    const profile::Site &call = profile.sites[target.site];
    const profile::Site &function = profile.sites[call.function];
    std::optional<uint32_t> offset = line_offset(call, function);
    if (profile.site_counts[call.function] == 0 || !offset)
      continue;
    std::string name;
    if (target.object != profile::kNoObject) {
      const profile::Object &object = profile.objects[target.object];
      if (symbolizer_.readable(object.path, object.build_id))
        name = symbolizer_.linkage_name(object.path, target.address);
    }
    if (name.empty()) {
      result_.unnamed_call_targets += target.count;
      continue;
    }
    copies[call.function].call_targets[{*offset, call.discriminator}][name] += target.count;
  }
  // A call has a discriminator of its own where its line has several calls in one block
  // (add-discriminators), and the compiler looks its targets up there: the place's count is
  // the call's, exactly the sum of its targets' counts.
  for (auto &[site, copy] : copies)
    for (const auto &[place, targets] : copy.call_targets) {
      uint64_t calls = 0;
      for (const auto &[name, count] : targets)
        calls += count;
      uint64_t &line = copy.body[place];
      line = std::max(line, calls);
    }
  // Copies of one function (an inline function in several translation units,
  // several runs) add up.
  for (auto &[site, copy] : copies) {
    FunctionSamples &sum = functions_[copy.name];
    sum.name = copy.name;
    sum.head += copy.head;
    for (const auto &[place, count] : copy.body)
      sum.body[place] += count;
    for (const auto &[place, targets] : copy.call_targets)
      for (const auto &[name, calls] : targets)
        sum.call_targets[place][name] += calls;
  }
}

SampleProfile SampleProfileBuilder::finish() {
  for (auto &[name, function] : functions_) {
    if (function.body.empty()) {
      ++result_.functions_without_lines;
      continue;
    }
    result_.functions.push_back(std::move(function));
  }
  functions_.clear();
  return std::move(result_);
}

} // namespace hotline::analysis
