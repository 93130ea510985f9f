// `hotline loops`: every loop built in line mode: entries, iterations and trip
// counts (exact), time inside (measured), and what the optimizer did with it.
#include "analysis/lines.h"
#include "analysis/roofline.h"
#include "analysis/timing_cost.h"
#include "calibration/machine_peaks.h"
#include "cli/json_writer.h"
#include "cli/options.h"
#include "cli/readable_names.h"
#include "cli/text_format.h"
#include "commands/commands.h"
#include "profile/reader.h"
#include "views/loop_cells.h"
#include "views/report_sections.h"
#include "views/timing_note.h"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <unistd.h>

namespace hotline {

const cli::CommandSpec kLoopsCommand = {
    "loops",
    "hotline loops [options] FILE...",
    "Every loop of the code built in line mode (-fplugin-arg-hotline-lines):\n"
    "how often it was entered, its iterations and trip counts (exact), the "
    "time\ninside it, callees included (measured from entry to exit), and the\n"
    "optimizer's own account of it from the same compile (vectorized, "
    "unrolled,\nor why not). Then each loop's throughput: its FLOPs and "
    "bytes (counted\nexactly in the optimized code) over its time, against "
    "this machine's peaks\n(measured by 'hotline calibrate'): near the "
    "memory roof, the compute roof, or\nfar below both.",
    {
        cli::OptionSpec::count("top", "N", "show the first N loops (default 30; 0 shows all)"),
        cli::text_or_json_format(),
        {"no-compensation", nullptr,
         "show times as recorded, with the measured cost of timing left in"},
        {"machine-file", "PATH",
         "the peaks to compare with (default: this machine's, cached by "
         "'hotline calibrate')"},
    }};

namespace {

using analysis::LoopStats;
using analysis::LoopThroughput;

bool has_work(const LoopStats &loop) { return loop.flops32 + loop.flops64 + loop.bytes > 0; }

std::string per_iteration(uint64_t amount, uint64_t iterations) {
  if (iterations == 0)
    return "-";
  return fmt::format("{:.1f}", double(amount) / double(iterations));
}

std::string share(double value) { return fmt::format("{:.0f}%", value * 100); }

std::string text_roofline(const std::vector<LoopStats> &shown, const MachineRoofs &machine,
                          uint64_t sample_period_ns,
                          const std::vector<profile::Profile> &profiles) {
  std::vector<const LoopStats *> with_work;
  for (const LoopStats &loop : shown)
    if (has_work(loop))
      with_work.push_back(&loop);
  if (with_work.empty())
    return "";
  std::string out = "\nThroughput: work counted in the optimized code (vector lanes "
                    "included) over the\nloop's time";
  if (machine.peaks) {
    const calibration::MachinePeaks &peaks = *machine.peaks;
    out += fmt::format(", against one thread's peaks on {}\n({}): {:.1f} GFLOP/s single, {:.1f} "
                       "GFLOP/s double, {:.1f} GB/s memory.\n",
                       text::printable(peaks.cpu), text::printable(peaks.isa),
                       peaks.flops32_per_s * 1e-9, peaks.flops64_per_s * 1e-9,
                       peaks.bytes_per_s * 1e-9);
    char host[256] = {};
    if (gethostname(host, sizeof host - 1) == 0)
      for (const profile::Profile &profile : profiles)
        if (profile.run.host != host) {
          out += fmt::format("The profile {} was recorded on {}, not on this "
                             "machine ({}): compare with care.\n",
                             text::printable(profile.display_name),
                             text::printable(profile.run.host), text::printable(host));
          break;
        }
  } else {
    out += fmt::format(".\nNo verdicts: {}.\n", machine.why_not);
  }
  out += '\n';
  using Align = text::TextTable::Align;
  text::TextTable rows({{"GFLOP/s", Align::Right},
                        {"GB/s", Align::Right},
                        {"FLOP/B", Align::Right},
                        {"FLOP/iter", Align::Right},
                        {"B/iter", Align::Right},
                        {"compute", Align::Right},
                        {"memory", Align::Right},
                        {"verdict", Align::Left},
                        {"loop", Align::Left}});
  bool any_below = false, any_cache = false, any_calls = false;
  for (const LoopStats *loop : with_work) {
    LoopThroughput t = analysis::loop_throughput(*loop, machine.get(), sample_period_ns);
    bool judged = t.bound != analysis::LoopBound::Unjudged;
    any_below |= t.bound == analysis::LoopBound::BelowRoofs;
    any_cache |= t.bound == analysis::LoopBound::Cache;
    any_calls |= loop->calls > 0;
    std::string tilde = t.sampled ? "~" : "";
    rows.add_row({t.has_rates ? tilde + fmt::format("{:.2f}", t.flops_per_s * 1e-9) : "-",
                  t.has_rates ? tilde + fmt::format("{:.2f}", t.bytes_per_s * 1e-9) : "-",
                  loop->bytes > 0 ? fmt::format("{:.3f}", double(loop->flops32 + loop->flops64) /
                                                              double(loop->bytes))
                                  : "-",
                  per_iteration(loop->flops32 + loop->flops64, loop->iterations),
                  per_iteration(loop->bytes, loop->iterations),
                  judged ? share(t.compute_share) : "-", judged ? share(t.memory_share) : "-",
                  verdict_cell(t), fmt::format("{}:{}", text::printable(loop->file), loop->line)});
  }
  out += rows.render();
  out += fmt::format("\ncompute, memory: the time its FLOPs would take at the peak FLOP rate "
                     "(for its mix of\n   single and double precision), and its bytes at the "
                     "memory bandwidth, as shares of\n   its time. A loop at {:.0f}% or more "
                     "of a roof is bound by it.\n",
                     analysis::kNearRoof * 100);
  if (any_cache)
    out += fmt::format("in cache: moves {:.1f} times the bytes per second that memory can "
                       "deliver, or more: its\n   data stays in cache, and the memory roof "
                       "does not limit it.\n",
                       analysis::kInCache);
  if (any_below)
    out += "below both roofs: neither roof limits it: it waits on latency (a "
           "chain of dependent\n   operations, pointer chasing), on branches, "
           "or is not vectorized.\n";
  if (any_calls)
    out += "calls out: its time includes calls whose work is not counted in "
           "its FLOPs and bytes.\n";
  return out;
}

std::string mean_trips(const LoopStats &loop) {
  if (loop.entries == 0)
    return "-";
  return fmt::format("{:.1f}", double(loop.iterations) / double(loop.entries));
}

// Time per iteration (estimated with its time, when timing stopped).
std::string time_per_iteration(const LoopStats &loop) {
  if (loop.iterations == 0)
    return "-";
  uint64_t time = loop.time_ns();
  if (time == 0)
    return "-";
  double ns = double(time) / double(loop.iterations);
  return ns < 10 ? fmt::format("{:.2f} ns", ns) : text::format_duration(uint64_t(std::llround(ns)));
}

std::string text_loops(const std::vector<LoopStats> &loops, const std::vector<LoopStats> &shown,
                       const analysis::TimingCostSummary &timing_cost, const MachineRoofs &machine,
                       uint64_t sample_period_ns, const std::vector<profile::Profile> &profiles) {
  if (loops.empty())
    return "No loop was instrumented: build with -fplugin-arg-hotline-lines "
           "and -g.\n";
  std::string out = fmt::format("Loops by time inside ({} of {})\n", shown.size(), loops.size());
  out += "Percentages are of the measured time (as in 'hotline report').\n";
  out += timing_cost_note(timing_cost);
  out += '\n';
  using Align = text::TextTable::Align;
  text::TextTable rows({{"time", Align::Right},
                        {"time%", Align::Right},
                        {"entered", Align::Right},
                        {"iterations", Align::Right},
                        {"mean", Align::Right},
                        {"max", Align::Right},
                        {"per iter", Align::Right},
                        {"loop", Align::Left},
                        {"function", Align::Left, 40},
                        {"optimizer", Align::Left}});
  bool any_stopped = false, any_sampled = false;
  for (const LoopStats &loop : shown) {
    any_stopped |= loop.timing_stopped;
    any_sampled |= loop.timed_entries == 0 && loop.sampled_ns > 0;
    rows.add_row({loop_time_cell(loop), loop_percent_cell(loop), text::format_count(loop.entries),
                  text::format_count(loop.iterations), mean_trips(loop),
                  text::format_count(loop.max_trips), time_per_iteration(loop),
                  fmt::format("{}:{}", text::printable(loop.file), loop.line),
                  text::display_name(loop.function),
                  loop.facts.empty() ? "-" : text::display_facts(loop.facts)});
  }
  out += rows.render();
  if (any_sampled)
    out += "\n~: not timed (an innermost loop without calls: timing it would "
           "cost more than it\n   runs); the CPU time sampled on its lines, and "
           "its share of all samples. Its\n   time is part of the enclosing "
           "loop's or function's.\n";
  if (any_stopped)
    out += "\n*: timing stopped once its entries proved too short to time "
           "(HOTLINE_STOP_TIMING_*);\n   the later entries' time is estimated from "
           "those timed again in re-timing windows\n   (or from the first ones). "
           "Entries and iterations are all counted.\n";
  out += text_roofline(shown, machine, sample_period_ns, profiles);
  return out;
}

std::string json_loops(const std::vector<LoopStats> &loops, const std::vector<LoopStats> &shown,
                       const MachineRoofs &machine, uint64_t sample_period_ns) {
  json::Writer json;
  json.begin_object();
  json.field("hotline_version", kVersion);
  json.key("roofs");
  if (machine.peaks) {
    json.begin_object();
    calibration::write_fields(json, *machine.peaks);
    json.end_object();
  } else {
    json.null_value();
  }
  json.field("loop_count", loops.size());
  json.key("loops");
  json.begin_array();
  for (const LoopStats &loop : shown) {
    json.begin_object();
    json.field("file", loop.file);
    json.field("line", loop.line);
    json.field("column", loop.column);
    json.field("function", loop.function);
    if (std::string short_name = text::shorter_name(loop.function); !short_name.empty())
      json.field("short_function", short_name);
    json.field("entries", loop.entries);
    json.field("iterations", loop.iterations);
    json.field("max_trips", loop.max_trips);
    json.field("timed_entries", loop.timed_entries);
    json.field("inclusive_ns", loop.inclusive_ns);
    json.field("percent", json::rounded(loop.percent));
    json.field("sampled_ns", loop.sampled_ns);
    json.field("sampled_percent", json::rounded(loop.sampled_percent));
    json.field("timing_stopped", loop.timing_stopped);
    json.field("estimated_ns", loop.estimated_ns);
    json.field("window_entries", loop.window_entries);
    json.field("optimizer", loop.facts);
    write_durations_json(json, loop.durations);
    json.field("flops32", loop.flops32);
    json.field("flops64", loop.flops64);
    json.field("bytes", loop.bytes);
    json.field("calls", loop.calls);
    LoopThroughput t = analysis::loop_throughput(loop, machine.get(), sample_period_ns);
    json.key("throughput");
    json.begin_object();
    json.field("has_rates", t.has_rates);
    json.field("sampled", t.sampled);
    json.field("flops_per_s", t.flops_per_s);
    json.field("bytes_per_s", t.bytes_per_s);
    json.field("flops_per_byte", t.intensity);
    json.field("compute_share", t.compute_share);
    json.field("memory_share", t.memory_share);
    json.field("bound", t.bound == analysis::LoopBound::Unjudged
                            ? std::string()
                            : std::string(analysis::bound_name(t.bound)));
    json.field("unjudged", t.unjudged);
    json.end_object();
    json.end_object();
  }
  json.end_array();
  json.end_object();
  return json.text();
}

} // namespace

int run_loops(const cli::ParsedArgs &parsed) {
  uint64_t top = cli::top_option(parsed, 30);
  bool json = cli::json_format(parsed);

  std::vector<profile::Profile> profiles =
      profile::read_profiles(cli::profile_paths(parsed, kLoopsCommand));
  analysis::TimingCostSummary timing_cost =
      analysis::settle_call_times(profiles, !parsed.has("no-compensation"));
  analysis::Symbolizer symbolizer;
  analysis::LineTable lines = analysis::compute_line_table(profiles, symbolizer);
  std::vector<LoopStats> loops = analysis::compute_loop_table(profiles, &lines);
  std::vector<LoopStats> shown = loops;
  if (top != 0 && shown.size() > top)
    shown.resize(top);
  MachineRoofs machine =
      load_roofs(parsed.value("machine-file").value_or(calibration::machine_peaks_path()));
  fmt::print("{}", json
                       ? json_loops(loops, shown, machine, lines.period_ns)
                       : text_loops(loops, shown, timing_cost, machine, lines.period_ns, profiles));
  return 0;
}

} // namespace hotline
