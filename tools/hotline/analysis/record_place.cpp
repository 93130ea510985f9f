// Chooses a record's place: the innermost inlined frame in the program's own
// files, else the timed call it was made in.
#include "analysis/record_place.h"

#include <hotline/profile_format.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <tuple>

namespace hotline::analysis {

using profile::Profile;

namespace {

// Headers of the system and of toolkits: their template and inline functions are
// instrumented where the program uses them, so they have sites, but they are not the
// program's own source.
bool system_file(const std::string &path) {
  static const char *const kSystemPrefixes[] = {"/usr/include/",       "/usr/lib/",
                                                "/usr/local/include/", "/usr/local/lib/",
                                                "/usr/local/cuda/",    "/usr/local/cuda-"};
  for (const char *prefix : kSystemPrefixes)
    if (path.rfind(prefix, 0) == 0)
      return true;
  return false;
}

} // namespace

bool operator<(const RecordPlace &a, const RecordPlace &b) {
  return std::tie(a.file, a.line, a.function, a.via, a.source) <
         std::tie(b.file, b.line, b.function, b.via, b.source);
}

bool made_by_profiler(const profile::Profile &profile, uint32_t object) {
  return object < profile.objects.size() && profile.objects[object].profiler;
}

std::string enclosing_loop(const Profile &profile, uint32_t node) {
  for (uint32_t up = node; up != profile::kNoParent; up = profile.nodes[up].parent) {
    const profile::Site &site = profile.sites[profile.nodes[up].site];
    if (site.kind == HOTLINE_SITE_LOOP)
      return fmt::format("{}:{}", normal_path(site.file), site.line);
  }
  return "";
}

RecordPlacer::RecordPlacer(const std::vector<Profile> &profiles, Symbolizer &symbolizer)
    : symbolizer_(symbolizer) {
  auto add = [&](const std::string &path) {
    std::string file = normal_path(path);
    if (!file.empty() && !system_file(file))
      program_files_.insert(file);
  };
  for (const Profile &profile : profiles) {
    for (const profile::Module &module : profile.modules)
      add(module.source_file);
    for (const profile::Site &site : profile.sites)
      add(site.file);
  }
}

bool RecordPlacer::readable(const profile::Object &object) {
  auto [it, inserted] = readable_.emplace(std::make_pair(object.path, object.build_id), false);
  if (inserted) {
    it->second = symbolizer_.readable(object.path, object.build_id);
    if (!it->second && std::find(unreadable_objects_.begin(), unreadable_objects_.end(),
                                 object.path) == unreadable_objects_.end())
      unreadable_objects_.push_back(object.path);
  }
  return it->second;
}

RecordPlace RecordPlacer::place(const Profile &profile, uint32_t node, uint32_t object,
                                uint64_t address, uint32_t via_object) {
  RecordPlace place;
  auto library_name = [&](uint32_t index) {
    const std::string &path = profile.objects[index].path;
    return path == profile.run.program ? "" : std::filesystem::path(path).filename().string();
  };
  if (via_object != profile::kNoObject)
    place.via = library_name(via_object);
  if (object != profile::kNoObject) {
    const std::string &path = profile.objects[object].path;
    if (readable(profile.objects[object])) {
      // Inlined library code (std::vector::push_back, say) belongs to the
      // line of the program that it was inlined into.
      for (const SourcePlace &frame : symbolizer_.inlined_places(path, address)) {
        if (frame.known && program_files_.count(frame.file)) {
          place.source = PlaceSource::Line;
          place.file = frame.file;
          place.line = frame.line;
          place.function = frame.function;
          return place;
        }
      }
    }
    if (place.via.empty())
      place.via = library_name(object);
  }
  if (node == profile::kNoParent)
    return place;
  // The innermost timed call of the program's own, not of a library template
  // instantiated in it (std::vector::_M_realloc_insert, say).
  auto function_of = [&](uint32_t n) -> const profile::Site & {
    return profile.sites[profile.sites[profile.nodes[n].site].function];
  };
  uint32_t own = node;
  while (own != profile::kNoParent && !program_files_.count(normal_path(function_of(own).file)))
    own = profile.nodes[own].parent;
  const profile::Site &function = function_of(own == profile::kNoParent ? node : own);
  place.source = PlaceSource::TimedCall;
  place.file = normal_path(function.file);
  place.line = function.line;
  place.function = function.name;
  return place;
}

} // namespace hotline::analysis
