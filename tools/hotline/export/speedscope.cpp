// speedscope's file format (https://www.speedscope.app/file-format-schema.json):
// one profile per thread, evented from trace events, or sampled from the call
// paths of the call tree.
#include "export/export.h"
#include "json_writer.h"
#include "subcommands.h"

#include <hotline/profile_format.h>

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <tuple>

namespace hotline::exports {

namespace {

// shared.frames: each distinct (name, file, line) once.
class Frames {
public:
  uint32_t index(const std::string &name, const std::string &file = "", uint32_t line = 0) {
    auto [it, inserted] = index_.emplace(std::make_tuple(name, file, line), uint32_t(json_.size()));
    if (inserted) {
      std::string frame = "{\"name\":" + json::quote(name);
      if (!file.empty())
        frame += ",\"file\":" + json::quote(file);
      if (line != 0)
        frame += fmt::format(",\"line\":{}", line);
      json_.push_back(frame + "}");
    }
    return it->second;
  }
  const std::vector<std::string> &json() const { return json_; }

private:
  std::map<std::tuple<std::string, std::string, uint32_t>, uint32_t> index_;
  std::vector<std::string> json_;
};

// The frame of a call node: its function (marked when inlined into the
// caller, see analysis::NodeRole), or the loop it is.
uint32_t node_frame(Frames &frames, const analysis::FunctionCatalog &catalog,
                    const profile::Profile &profile, size_t p, uint32_t node) {
  const profile::Site &site = profile.sites[profile.nodes[node].site];
  const analysis::FunctionIdentity &function =
      catalog.function(catalog.function_of(p, profile.nodes[node].site));
  if (analysis::node_role(profile, catalog, p, node) == analysis::NodeRole::Inlined)
    return frames.index(function.name + " [inlined]", function.file, function.line);
  if (site.kind == HOTLINE_SITE_LOOP) {
    std::string file = analysis::normal_path(site.file);
    return frames.index(fmt::format("loop {}:{}", file, site.line), file, site.line);
  }
  return frames.index(function.name, function.file, function.line);
}

// A loop of the call it runs in is part of that call, as in the call tree.
bool merged_into_parent(const analysis::FunctionCatalog &catalog, const profile::Profile &profile,
                        size_t p, uint32_t node) {
  return analysis::node_role(profile, catalog, p, node) == analysis::NodeRole::PartOfParent;
}

// Each call path of the thread is a sample, weighted by its self time.
std::string sampled_profile(Frames &frames, const analysis::FunctionCatalog &catalog,
                            const profile::Profile &profile, size_t p,
                            const profile::Thread &thread) {
  std::vector<std::string> samples;
  std::vector<uint64_t> weights;
  uint64_t total_ns = 0;
  for (uint32_t n = thread.first_node; n < thread.first_node + thread.node_count; ++n) {
    uint64_t self_ns = profile.nodes[n].exclusive_ns;
    if (self_ns == 0)
      continue;
    std::vector<uint32_t> stack;
    for (uint32_t up = n; up != profile::kNoParent; up = profile.nodes[up].parent)
      if (!merged_into_parent(catalog, profile, p, up))
        stack.push_back(node_frame(frames, catalog, profile, p, up));
    std::reverse(stack.begin(), stack.end());
    samples.push_back(fmt::format("[{}]", fmt::join(stack, ",")));
    weights.push_back(self_ns);
    total_ns += self_ns;
  }
  return fmt::format("{{\"type\":\"sampled\",\"name\":{},\"unit\":\"nanoseconds\","
                     "\"startValue\":0,\"endValue\":{},\"samples\":[{}],\"weights\":[{}]}}",
                     json::quote(process_label(profile) + ": " + thread_label(thread)), total_ns,
                     fmt::join(samples, ","), fmt::join(weights, ","));
}

// The thread's slices opened and closed in time order.
std::string evented_profile(Frames &frames, const analysis::FunctionCatalog &catalog,
                            const profile::Profile &profile, size_t p, const Track &track,
                            uint64_t offset_ns) {
  std::vector<std::string> events;
  struct Open {
    uint32_t frame;
    uint64_t end_ns;
  };
  std::vector<Open> open;
  auto close_until = [&](uint64_t time_ns) {
    while (!open.empty() && open.back().end_ns <= time_ns) {
      events.push_back(fmt::format("{{\"type\":\"C\",\"frame\":{},\"at\":{}}}", open.back().frame,
                                   offset_ns + open.back().end_ns));
      open.pop_back();
    }
  };
  uint64_t start_ns = track.slices.front().start_ns, end_ns = start_ns;
  for (const Slice &slice : track.slices) {
    const profile::TraceEvent &event = profile.trace_events[slice.index];
    close_until(slice.start_ns);
    uint32_t frame = event.kind == HOTLINE_TRACE_CALL
                         ? node_frame(frames, catalog, profile, p, event.id)
                         : frames.index(event_name(profile, catalog, p, event));
    events.push_back(fmt::format("{{\"type\":\"O\",\"frame\":{},\"at\":{}}}", frame,
                                 offset_ns + slice.start_ns));
    open.push_back({frame, slice.end_ns});
    end_ns = std::max(end_ns, slice.end_ns);
  }
  close_until(end_ns);
  return fmt::format(
      "{{\"type\":\"evented\",\"name\":{},\"unit\":\"nanoseconds\","
      "\"startValue\":{},\"endValue\":{},\"events\":[\n{}]}}",
      json::quote(process_label(profile) + ": " + thread_label(profile.threads[track.thread])),
      offset_ns + start_ns, offset_ns + end_ns, fmt::join(events, ",\n"));
}

} // namespace

std::string speedscope(const std::vector<profile::Profile> &profiles, const Timelines &timelines) {
  analysis::FunctionCatalog catalog(profiles);
  std::vector<uint64_t> offsets = run_offsets(profiles);
  Frames frames;
  std::vector<std::string> profiles_json;
  for (size_t p = 0; p < profiles.size(); ++p) {
    const profile::Profile &profile = profiles[p];
    if (profile.trace.present) {
      for (const Track &track : timelines.profiles[p].threads)
        if (!track.slices.empty())
          profiles_json.push_back(evented_profile(frames, catalog, profile, p, track, offsets[p]));
      continue;
    }
    for (uint32_t t : thread_order(profile))
      if (const profile::Thread &thread = profile.threads[t]; thread.node_count != 0)
        profiles_json.push_back(sampled_profile(frames, catalog, profile, p, thread));
  }
  std::string name =
      profiles.size() == 1 ? profiles[0].display_name : fmt::format("{} profiles", profiles.size());
  return fmt::format("{{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\",\n"
                     "\"exporter\":{},\n\"name\":{},\n\"activeProfileIndex\":0,\n"
                     "\"shared\":{{\"frames\":[\n{}\n]}},\n\"profiles\":[\n{}\n]}}\n",
                     json::quote(fmt::format("hotline {}", kVersion)), json::quote(name),
                     fmt::join(frames.json(), ",\n"), fmt::join(profiles_json, ",\n"));
}

} // namespace hotline::exports
