// speedscope's file format (https://www.speedscope.app/file-format-schema.json):
// one evented profile per thread: from its trace events, or its call tree laid out.
#include "cli/json_writer.h"
#include "export/export.h"
#include "version.h"

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

// The thread's call tree laid out as slices: each call path opens, its callees follow one
// after the other, then its own (self) time, and it closes; the first call path starts at 0.
// Left Heavy and Sandwich are then the call tree and the function table. Written depth first
// without recursion, two events a node: linear in the tree's size however deep it is (one
// sample per call path, each naming its whole path, grew as depth squared: 100,000-deep
// recursion did not finish in a minute).
std::string call_tree_profile(Frames &frames, const analysis::FunctionCatalog &catalog,
                              const profile::Profile &profile, size_t p,
                              const profile::Thread &thread) {
  const uint32_t first = thread.first_node, count = thread.node_count;
  constexpr uint32_t kTop = UINT32_MAX;
  // A loop of the call it runs in is part of that call: its time and callees are the call's.
  std::vector<uint32_t> drawn(count); // the node drawn for each: itself or its call
  std::vector<uint64_t> self_ns(count, 0);
  std::vector<uint32_t> child_count(count + 1, 0); // the last for the thread's top calls
  for (uint32_t i = 0; i < count; ++i) {
    uint32_t parent = profile.nodes[first + i].parent;
    bool merged =
        parent != profile::kNoParent && merged_into_parent(catalog, profile, p, first + i);
    drawn[i] = merged ? drawn[parent - first] : i;
    self_ns[drawn[i]] += profile.nodes[first + i].exclusive_ns;
    if (!merged)
      ++child_count[parent == profile::kNoParent ? count : drawn[parent - first]];
  }
  // Children in creation order, grouped by parent (counting sort).
  std::vector<uint32_t> first_child(count + 2, 0);
  for (uint32_t i = 0; i <= count; ++i)
    first_child[i + 1] = first_child[i] + child_count[i];
  std::vector<uint32_t> children(first_child[count + 1]),
      next(first_child.begin(), first_child.end() - 1);
  for (uint32_t i = 0; i < count; ++i)
    if (drawn[i] == i) {
      uint32_t parent = profile.nodes[first + i].parent;
      children[next[parent == profile::kNoParent ? count : drawn[parent - first]]++] = i;
    }

  std::string events;
  uint64_t at = 0;
  struct Open {
    uint32_t node; // kTop for the thread itself
    uint32_t frame;
    uint32_t next_child;
  };
  std::vector<Open> open = {{kTop, 0, first_child[count]}};
  while (!open.empty()) {
    Open &top = open.back();
    uint32_t end = first_child[(top.node == kTop ? count : top.node) + 1];
    if (top.next_child < end) {
      uint32_t child = children[top.next_child++];
      uint32_t frame = node_frame(frames, catalog, profile, p, first + child);
      fmt::format_to(std::back_inserter(events), "{}{{\"type\":\"O\",\"frame\":{},\"at\":{}}}",
                     events.empty() ? "" : ",\n", frame, at);
      open.push_back({child, frame, first_child[child]});
      continue;
    }
    if (top.node != kTop) {
      at += self_ns[top.node];
      fmt::format_to(std::back_inserter(events), ",\n{{\"type\":\"C\",\"frame\":{},\"at\":{}}}",
                     top.frame, at);
    }
    open.pop_back();
  }
  return fmt::format("{{\"type\":\"evented\",\"name\":{},\"unit\":\"nanoseconds\","
                     "\"startValue\":0,\"endValue\":{},\"events\":[\n{}]}}",
                     json::quote(process_label(profile) + ": " + thread_label(thread)), at, events);
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
        profiles_json.push_back(call_tree_profile(frames, catalog, profile, p, thread));
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
