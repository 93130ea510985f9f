// hotline-advise (`hotline advise`): source-level advice for the hot places of a run. Reads
// the profiles, finds what is hot, parses only the translation units that hold it, runs the
// checks there, prints the findings and applies or exports their fix-its.
#include "checks/check.h"
#include "cli/options.h"
#include "fixes.h"
#include "hot_places.h"
#include "print.h"
#include "profile/reader.h"
#include "scan.h"

#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <new>
#include <sstream>

namespace {

using namespace hotline;

// As the hotline command: 1 for a bad profile or a unit that did not parse, 2 for a bad
// command line or a file that cannot be read or written.
constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

std::string description() {
  std::string text =
      "Source-level advice for the hot places of a run, and fix-its where they are safe.\n"
      "Hot places come from the profiles only: functions with at least --min-percent of\n"
      "the run (self or with callees), loops with that share (line mode), and the\n"
      "allocations made in them (HOTLINE_MEMORY). Only the translation units that hold\n"
      "them are parsed, with the commands of BUILD_DIR/compile_commands.json, and the\n"
      "checks look only inside those functions and loops. A pattern must also have run\n"
      "--min-count times (calls, iterations, the line's executions). docs/advise.md has\n"
      "the details.\n\nchecks:\n";
  for (const advise::Check &check : advise::all_checks())
    text += fmt::format("  {:<26} {}\n", check.name, check.summary);
  text.pop_back();
  return text;
}

const cli::CommandSpec &command() {
  static const cli::CommandSpec spec = {
      "advise",
      "hotline advise [options] -p BUILD_DIR FILE...",
      "",
      {
          {"build-dir", "DIR", "where compile_commands.json is (or the file itself); required",
           'p'},
          cli::OptionSpec::number("min-percent", "P",
                                  "a hot place takes at least P% of the run (default 5)"),
          cli::OptionSpec::count("min-count", "N",
                                 "a pattern must have run at least N times (default 1000)"),
          {"checks", "LIST", "run only these checks (comma-separated names)"},
          {"fix", nullptr, "apply the fix-its to the sources in place"},
          {"export-fixes", "FILE", "write the fix-its as clang-apply-replacements YAML"},
          cli::text_or_json_format(),
      }};
  return spec;
}

std::set<std::string> selected_checks(const cli::ParsedArgs &parsed) {
  std::set<std::string> known, selected;
  for (const advise::Check &check : advise::all_checks())
    known.insert(check.name);
  std::optional<std::string> list = parsed.value("checks");
  if (!list)
    return known;
  std::stringstream names(*list);
  for (std::string name; std::getline(names, name, ',');) {
    if (name.empty())
      continue;
    if (!known.count(name))
      throw cli::UsageError(
          fmt::format("--checks: unknown check '{}' (see 'hotline advise --help')", name));
    selected.insert(name);
  }
  if (selected.empty())
    throw cli::UsageError("--checks: no check named");
  return selected;
}

int run(const std::vector<std::string> &args) {
  cli::CommandSpec spec = command();
  std::string text = description();
  spec.description = text.c_str();
  cli::ParsedArgs parsed = cli::parse_args(args, spec);
  if (parsed.help) {
    fmt::print("{}", cli::help_text(spec));
    return 0;
  }
  const std::vector<std::string> &paths = cli::profile_paths(parsed, spec);
  std::optional<std::string> build_dir = parsed.value("build-dir");
  if (!build_dir)
    throw cli::UsageError("advise: -p BUILD_DIR is required: the directory that holds "
                          "compile_commands.json");
  advise::Thresholds thresholds;
  thresholds.min_percent = parsed.number("min-percent").value_or(thresholds.min_percent);
  thresholds.min_count = parsed.count("min-count").value_or(thresholds.min_count);
  bool json = cli::json_format(parsed);
  advise::ScanOptions options;
  options.build_dir = *build_dir;
  options.checks = selected_checks(parsed);

  advise::HotPlaces places = [&] {
    // Dropped once the hot places are known: the ASTs need the memory more.
    analysis::Analysis analysis = analysis::analyze(profile::read_profiles(paths), {});
    return advise::find_hot_places(analysis, thresholds);
  }();
  advise::ScanResult result = advise::scan(places, options);

  fmt::print("{}",
             json ? advise::format_json(places, result) : advise::format_text(places, result));
  std::fflush(stdout);
  for (const std::string &failure : result.failures)
    std::fprintf(stderr, "hotline: error: %s\n", failure.c_str());

  if (std::optional<std::string> yaml = parsed.value("export-fixes")) {
    std::string main_source = result.parsed_units.size() == 1 ? result.parsed_units[0] : "";
    advise::FixSummary summary = advise::export_fixes(result.findings, main_source, *yaml);
    std::fprintf(stderr, "hotline advise: wrote %zu fix-its for %zu files to %s\n", summary.fixes,
                 summary.files, yaml->c_str());
  }
  if (parsed.has("fix")) {
    advise::FixSummary summary = advise::apply_fixes(result.findings);
    for (const std::string &conflict : summary.conflicts)
      std::fprintf(stderr, "hotline advise: not applied (overlaps another fix-it): %s\n",
                   conflict.c_str());
    std::fprintf(stderr, "hotline advise: applied %zu fix-its to %zu files\n", summary.fixes,
                 summary.files);
  }
  return result.failures.empty() ? 0 : kExitFailed;
}

// Plain stdio: this runs inside catch handlers, where a throwing print would terminate.
int error(int status, const char *message) {
  std::fprintf(stderr, "hotline: error: %s\n", message);
  return status;
}

} // namespace

int main(int argc, char **argv) {
  try {
    return run(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const cli::UsageError &e) {
    return error(kExitUsage, e.what());
  } catch (const profile::ProfileFileError &e) {
    return error(kExitUsage, e.what());
  } catch (const advise::DatabaseError &e) {
    return error(kExitUsage, e.what());
  } catch (const advise::FixFileError &e) {
    return error(kExitUsage, e.what());
  } catch (const profile::ProfileFormatError &e) {
    return error(kExitFailed, e.what());
  } catch (const std::bad_alloc &) {
    return error(kExitFailed, "out of memory");
  } catch (const std::exception &e) {
    return error(kExitFailed, e.what());
  } catch (...) {
    return error(kExitFailed, "unexpected internal error");
  }
}
