// `hotline pgo`: the exact counts of line mode as a sample profile for
// -fprofile-sample-use (LLVM's text format).
#include "analysis/sample_profile.h"
#include "cli/options.h"
#include "cli/output_file.h"
#include "cli/text_format.h"
#include "commands/commands.h"
#include "profile/reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace hotline {

const cli::CommandSpec kPgoCommand = {
    "pgo",
    "hotline pgo [options] FILE... -o PROFILE",
    "Writes the exact counts of programs built in line mode\n"
    "(-fplugin-arg-hotline-lines and -g) as a sample profile in LLVM's text\n"
    "format, for the next build: clang -O2 -g -fprofile-sample-use=PROFILE.\n"
    "Each function gets its entry count and the count of every line, by offset\n"
    "from its first line and discriminator; built with\n"
    "-fplugin-arg-hotline-call-targets too, each indirect call's line lists the\n"
    "functions it called, for indirect-call promotion. Several files (runs,\n"
    "processes) add up. Functions that did not run are left out: add\n"
    "-fprofile-sample-accurate to treat them as cold.",
    {
        {"output", "PROFILE", "write the profile to PROFILE ('-': standard output)", 'o'},
    }};

namespace {

// " callee:calls" for each function an indirect call called, the most called first.
std::string call_targets_text(const std::map<std::string, uint64_t> &targets) {
  std::vector<std::pair<std::string, uint64_t>> sorted(targets.begin(), targets.end());
  std::sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  std::string out;
  for (const auto &[name, calls] : sorted)
    out += fmt::format(" {}:{}", name, calls);
  return out;
}

// LLVM's text sample profile (llvm/lib/ProfileData/SampleProfReader.cpp):
//   name:total:head
//    offset[.discriminator]: count[ callee:calls...]
std::string sample_profile_text(const analysis::SampleProfile &profile) {
  std::string out;
  for (const analysis::FunctionSamples &function : profile.functions) {
    out += fmt::format("{}:{}:{}\n", function.name, function.total(), function.head);
    for (const auto &[place, count] : function.body) {
      auto [offset, discriminator] = place;
      std::string targets;
      if (auto found = function.call_targets.find(place); found != function.call_targets.end())
        targets = call_targets_text(found->second);
      if (discriminator == 0)
        out += fmt::format(" {}: {}{}\n", offset, count, targets);
      else
        out += fmt::format(" {}.{}: {}{}\n", offset, discriminator, count, targets);
    }
  }
  return out;
}

} // namespace

int run_pgo(const cli::ParsedArgs &parsed) {
  std::string output = cli::required_output(parsed, kPgoCommand);
  analysis::SampleProfileBuilder builder;
  profile::for_each_profile(cli::profile_paths(parsed, kPgoCommand),
                            [&](profile::Profile &&profile) { builder.add(profile); });
  analysis::SampleProfile samples = builder.finish();
  if (samples.functions.empty())
    throw profile::ProfileError(
        "pgo: no line counts in the profiles: build the program with "
        "-fplugin-arg-hotline-lines and -g, run it, then run hotline pgo on its profile");
  write_output_file(output, sample_profile_text(samples));
  std::string note =
      fmt::format("hotline pgo: {} from {}",
                  text::format_count_of(samples.functions.size(), "function", "functions"),
                  text::format_count_of(samples.profiles, "profile", "profiles"));
  if (samples.functions_without_lines > 0)
    note += fmt::format(
        "; left out {} that ran without line counts (built without line mode or debug information)",
        text::format_count_of(samples.functions_without_lines, "function", "functions"));
  if (samples.unnamed_call_targets > 0)
    note +=
        fmt::format("; left out {} indirect calls whose callee has no name in its object's symbols",
                    text::format_count(samples.unnamed_call_targets));
  fmt::print(stderr, "{}\n", note);
  return 0;
}

} // namespace hotline
