// Prints the hot places that were searched and the findings, as text or JSON.
#include "print.h"

#include "cli/json_writer.h"
#include "cli/text_format.h"

#include <fmt/format.h>

namespace hotline::advise {

namespace {

std::string plural(size_t n, const char *one, const char *many) {
  return fmt::format("{} {}", text::format_count(n), n == 1 ? one : many);
}

} // namespace

std::string format_text(const HotPlaces &places, const ScanResult &result) {
  std::string out = fmt::format(
      "Hot places (at least {} of the run): {} of {}, {} of {}; found {} and {} in {} of {} "
      "translation units\n",
      text::format_percent(places.thresholds.min_percent),
      text::format_count(places.functions.size()),
      plural(places.function_count, "function", "functions"),
      text::format_count(places.loops.size()), plural(places.loop_count, "loop", "loops"),
      plural(result.functions_found, "function", "functions"),
      plural(result.loops_found, "loop", "loops"), text::format_count(result.parsed_units.size()),
      text::format_count(result.database_units));
  if (!places.line_mode)
    out += "The profiles have no loops or line counts: loop checks were skipped (build with "
           "-fplugin-arg-hotline-lines and -g).\n";
  for (const std::string &unit : result.missing_units)
    out += fmt::format("{} holds hot code but is not in compile_commands.json.\n",
                       text::printable(unit));
  size_t fixable = 0;
  for (const Finding &finding : result.findings) {
    out += fmt::format("\n{}:{}:{}: {} [{}]\n", text::printable(finding.file), finding.line,
                       finding.column, text::printable(finding.message), finding.check);
    out += fmt::format("    range {}:{}-{}:{} in {}\n", finding.line, finding.column,
                       finding.end_line, finding.end_column, text::printable(finding.function));
    for (const std::string &evidence : finding.evidence)
      out += fmt::format("    {}\n", text::printable(evidence));
    if (!finding.replacements.empty()) {
      ++fixable;
      out += fmt::format("    fix-it: {}\n", text::printable(finding.fix));
    }
  }
  if (result.findings.empty())
    out += "\nNo advice: no check found its pattern in the hot places.\n";
  else
    out += fmt::format("\n{}, {} with a fix-it{}\n",
                       plural(result.findings.size(), "finding", "findings"),
                       text::format_count(fixable),
                       fixable ? " (apply with --fix, or export with --export-fixes FILE)" : "");
  return out;
}

std::string format_json(const HotPlaces &places, const ScanResult &result) {
  json::Writer out;
  out.begin_object();
  out.field("min_percent", places.thresholds.min_percent);
  out.field("min_count", places.thresholds.min_count);
  out.field("hot_functions", places.functions.size());
  out.field("hot_loops", places.loops.size());
  out.field("functions_found", result.functions_found);
  out.field("loops_found", result.loops_found);
  out.key("translation_units");
  out.begin_array();
  for (const std::string &unit : result.parsed_units)
    out.value(unit);
  out.end_array();
  out.key("findings");
  out.begin_array();
  for (const Finding &finding : result.findings) {
    out.begin_object();
    out.field("check", finding.check);
    out.field("file", finding.file);
    out.field("line", finding.line);
    out.field("column", finding.column);
    out.field("end_line", finding.end_line);
    out.field("end_column", finding.end_column);
    out.field("message", finding.message);
    out.field("function", finding.function);
    out.key("loop");
    if (finding.loop.empty())
      out.null_value();
    else
      out.value(finding.loop);
    out.field("percent", json::rounded(finding.percent));
    for (const auto &[name, count] : finding.counts)
      out.field(name, count);
    out.key("evidence");
    out.begin_array();
    for (const std::string &evidence : finding.evidence)
      out.value(evidence);
    out.end_array();
    out.key("fix");
    if (finding.replacements.empty()) {
      out.null_value();
    } else {
      out.begin_object();
      out.field("description", finding.fix);
      out.key("replacements");
      out.begin_array();
      for (const clang::tooling::Replacement &edit : finding.replacements) {
        out.begin_object();
        out.field("file", edit.getFilePath().str());
        out.field("offset", edit.getOffset());
        out.field("length", edit.getLength());
        out.field("text", edit.getReplacementText().str());
        out.end_object();
      }
      out.end_array();
      out.end_object();
    }
    out.end_object();
  }
  out.end_array();
  out.key("errors");
  out.begin_array();
  for (const std::string &failure : result.failures)
    out.value(failure);
  out.end_array();
  out.end_object();
  return out.text() + "\n";
}

} // namespace hotline::advise
