// `hotline calibrate`: measures this machine's single-thread peaks for the
// loops' roofline and caches them (text or JSON).
#include "calibration/machine_peaks.h"
#include "cli/json_writer.h"
#include "cli/options.h"
#include "cli/text_format.h"
#include "commands/commands.h"

#include <fmt/format.h>

namespace hotline {

const cli::CommandSpec kCalibrateCommand = {
    "calibrate",
    "hotline calibrate [options]",
    "Measures what one thread of this machine can do at best: the FLOP rate "
    "of\n"
    "independent FMA chains at the widest vector ISA it supports, in single "
    "and\n"
    "double precision, and the memory bandwidth of a STREAM triad. Takes about "
    "a\n"
    "second. Saves them for 'hotline loops', which compares each loop with "
    "them\n"
    "(a roofline), to $HOTLINE_MACHINE_FILE if set, else to\n"
    "$XDG_CACHE_HOME/hotline/machine-peaks.json,\n"
    "else to ~/.cache/hotline/machine-peaks.json. The file names the CPU it "
    "was\n"
    "measured on: run 'hotline calibrate' again on another machine.",
    {
        cli::text_or_json_format(),
        {"file", "PATH", "save to PATH instead"},
    }};

namespace {

using calibration::MachinePeaks;

// "263", "36.8", "1.23": three significant digits, as the other reports.
std::string three_digits(double value) {
  if (value < 9.995)
    return fmt::format("{:.2f}", value);
  if (value < 99.95)
    return fmt::format("{:.1f}", value);
  return fmt::format("{:.0f}", value);
}

std::string text_report(const MachinePeaks &peaks, const std::string &path) {
  std::string out = fmt::format("Machine peaks, one thread ({}, {}), saved to {}\n",
                                text::printable(peaks.cpu), peaks.isa, text::printable(path));
  out +=
      fmt::format("  single precision  {:>5} GFLOP/s\n", three_digits(peaks.flops32_per_s / 1e9));
  out +=
      fmt::format("  double precision  {:>5} GFLOP/s\n", three_digits(peaks.flops64_per_s / 1e9));
  out += fmt::format("  memory bandwidth  {:>5} GB/s   (STREAM triad)\n",
                     three_digits(peaks.bytes_per_s / 1e9));
  return out;
}

std::string json_report(const MachinePeaks &peaks, const std::string &path) {
  json::Writer json;
  json.begin_object();
  json.field("hotline_version", kVersion);
  json.field("file", path);
  calibration::write_fields(json, peaks);
  json.end_object();
  return json.text();
}

} // namespace

int run_calibrate(const cli::ParsedArgs &parsed) {
  bool json = cli::json_format(parsed);
  std::string path = calibration::machine_peaks_path();
  if (auto file = parsed.value("file")) {
    if (file->empty())
      throw cli::UsageError("option --file needs a value (PATH)");
    path = *file;
  }
  if (!parsed.positional.empty())
    throw cli::UsageError(fmt::format("calibrate: unexpected argument '{}' (usage: {})",
                                      text::printable(parsed.positional[0]),
                                      kCalibrateCommand.usage));

  MachinePeaks peaks = calibration::measure_machine_peaks();
  calibration::save_machine_peaks(peaks, path);
  fmt::print("{}", json ? json_report(peaks, path) : text_report(peaks, path));
  return 0;
}

} // namespace hotline
