#include "views/runs.h"

#include "cli/text_format.h"

#include <fmt/format.h>

#include <algorithm>

namespace hotline {

using profile::Profile;

namespace {

// "dataset=imagenet-mini, batch=256"
std::string tags_text(const std::vector<profile::Tag> &tags) {
  std::string out;
  for (const profile::Tag &tag : tags)
    out += (out.empty() ? "" : ", ") + text::printable(tag.key) + "=" + text::printable(tag.value);
  return out;
}

// The distinct ways its modules were built, in the order they first appear; "" left out.
std::vector<std::string> builds_of(const Profile &profile) {
  std::vector<std::string> builds;
  for (const profile::Module &module : profile.modules)
    if (!module.build.empty() &&
        std::find(builds.begin(), builds.end(), module.build) == builds.end())
      builds.push_back(module.build);
  return builds;
}

// "clang 22.1.0, -O2; clang 22.1.0, -O0, hotline: lines"
std::string builds_text(const std::vector<std::string> &builds) {
  std::string out;
  for (const std::string &build : builds)
    out += (out.empty() ? "" : "; ") + text::printable(build);
  return out;
}

// "2 windows, 1.20 s of 4.56 s: 0 ns-1.00 s, 3.36 s-4.56 s"
std::string windows_text(const Profile &profile) {
  uint64_t recorded = 0;
  for (const profile::Window &w : profile.windows)
    recorded += w.end_ns - w.start_ns;
  std::string out = fmt::format(
      "{} window{}, {} of {}", profile.windows.size(), profile.windows.size() == 1 ? "" : "s",
      text::format_duration(recorded), text::format_duration(profile.run.wall_ns));
  constexpr size_t kShown = 4;
  for (size_t i = 0; i < profile.windows.size() && i < kShown; ++i)
    out +=
        fmt::format("{}{}-{}", i ? ", " : ": ", text::format_duration(profile.windows[i].start_ns),
                    text::format_duration(profile.windows[i].end_ns));
  if (profile.windows.size() > kShown)
    out += ", ...";
  return out;
}

} // namespace

std::string run_summary(const std::vector<Profile> &profiles) {
  std::string out;
  if (profiles.size() == 1) {
    const Profile &profile = profiles[0];
    const profile::RunInfo &run = profile.run;
    out += fmt::format("Profile    {}\n", text::printable(profile.display_name));
    out += fmt::format("Program    {} (pid {}, host {})\n", text::printable(run.program), run.pid,
                       text::printable(run.host));
    if (profile.job.present)
      out += fmt::format("Job        rank {} of {} ({})\n", profile.job.rank,
                         profile.job.world_size, text::printable(profile.job.launcher));
    out += fmt::format("Command    {}\n", text::printable(run.command_line));
    if (!profile.tags.empty())
      out += fmt::format("Tags       {}\n", tags_text(profile.tags));
    if (std::vector<std::string> builds = builds_of(profile); !builds.empty())
      out += fmt::format("Built      {}\n", builds_text(builds));
    out += fmt::format("Wall time  {}, {} thread{}, clock {}\n", text::format_duration(run.wall_ns),
                       profile.threads.size(), profile.threads.size() == 1 ? "" : "s",
                       text::printable(run.clock_source));
    if (run.dump())
      out += "Dump       written while the program went on: what was recorded until then\n";
    else if (run.incomplete())
      out += "Incomplete written while other threads were still running: their "
             "unfinished calls are missing\n";
    if (profile.windowed)
      out += fmt::format("Recorded   {} (the recording was stopped in between)\n",
                         windows_text(profile));
    return out;
  }
  bool any_job = false, any_tags = false;
  for (const Profile &profile : profiles) {
    any_job |= profile.job.present;
    any_tags |= !profile.tags.empty();
  }
  using Align = text::TextTable::Align;
  std::vector<text::TextTable::Column> columns = {{"profile", Align::Left},
                                                  {"program", Align::Left}};
  if (any_job)
    columns.push_back({"rank", Align::Right});
  columns.insert(columns.end(), {{"pid", Align::Right},
                                 {"host", Align::Left},
                                 {"wall time", Align::Right},
                                 {"threads", Align::Right},
                                 {"clock", Align::Left}});
  if (any_tags)
    columns.push_back({"tags", Align::Left});
  text::TextTable table(std::move(columns));
  bool any_incomplete = false;
  for (const Profile &profile : profiles) {
    any_incomplete |= profile.run.incomplete();
    std::vector<std::string> row = {text::printable(profile.display_name) +
                                        (profile.run.incomplete() ? " *" : ""),
                                    text::printable(profile.run.program)};
    if (any_job)
      row.push_back(profile.job.present
                        ? fmt::format("{}/{}", profile.job.rank, profile.job.world_size)
                        : "-");
    row.insert(row.end(),
               {std::to_string(profile.run.pid), text::printable(profile.run.host),
                text::format_duration(profile.run.wall_ns), std::to_string(profile.threads.size()),
                text::printable(profile.run.clock_source)});
    if (any_tags)
      row.push_back(tags_text(profile.tags));
    table.add_row(std::move(row));
  }
  out += fmt::format("{} profiles\n", profiles.size());
  out += table.render();
  // One line for all the profiles: each build once, as they come.
  std::vector<std::string> builds;
  for (const Profile &profile : profiles)
    for (std::string &build : builds_of(profile))
      if (std::find(builds.begin(), builds.end(), build) == builds.end())
        builds.push_back(std::move(build));
  if (!builds.empty())
    out += fmt::format("Built      {}\n", builds_text(builds));
  if (any_incomplete)
    out += "* written while other threads were still running: their unfinished "
           "calls are missing\n";
  return out;
}

void write_runs_json(json::Writer &json, const std::vector<Profile> &profiles) {
  json.begin_array();
  for (const Profile &profile : profiles) {
    const profile::RunInfo &run = profile.run;
    json.begin_object();
    json.field("file", profile.display_name);
    json.field("program", run.program);
    json.field("pid", run.pid);
    if (profile.job.present) {
      json.field("rank", profile.job.rank);
      json.field("world_size", profile.job.world_size);
      json.field("launcher", profile.job.launcher);
    }
    json.field("host", run.host);
    json.field("wall_ns", run.wall_ns);
    json.field("threads", profile.threads.size());
    json.field("clock_source", run.clock_source);
    json.field("command_line", run.command_line);
    json.field("start_unix_ns", run.start_unix_ns);
    json.field("incomplete", run.incomplete());
    json.field("dump", run.dump());
    if (profile.windowed) {
      json.key("windows");
      json.begin_array();
      for (const profile::Window &w : profile.windows) {
        json.begin_object();
        json.field("start_ns", w.start_ns);
        json.field("end_ns", w.end_ns);
        json.end_object();
      }
      json.end_array();
      json.field("recorded", windows_text(profile)); // as the text report says it
    }
    json.field("max_call_paths", run.max_call_paths);
    json.field("call_paths_limit_reached", profile.other_call_paths_site != profile::kNoSite);
    if (profile.timing_cost.measured) {
      json.field("timing_cost_self_ps", profile.timing_cost.self_ps);
      json.field("timing_cost_caller_ps", profile.timing_cost.caller_ps);
    }
    if (!profile.tags.empty()) {
      json.key("tags");
      json.begin_object();
      for (const profile::Tag &tag : profile.tags)
        json.field(tag.key, tag.value);
      json.end_object();
    }
    if (std::vector<std::string> builds = builds_of(profile); !builds.empty()) {
      json.key("builds");
      json.begin_array();
      for (const std::string &build : builds)
        json.value(build);
      json.end_array();
    }
    json.end_object();
  }
  json.end_array();
}

} // namespace hotline
