// MPI calls merged by function and by place.
#include "analysis/mpi.h"

#include <algorithm>
#include <map>

namespace hotline::analysis {

MpiTable compute_mpi_table(const std::vector<profile::Profile> &profiles, Symbolizer &symbolizer) {
  MpiTable table;
  RecordPlacer placer(profiles, symbolizer);
  std::map<std::string, MpiCallStats> functions;
  struct Merged {
    uint64_t calls = 0, ns = 0, bytes = 0;
    std::map<std::string, uint64_t> function_ns;
  };
  std::map<RecordPlace, Merged> places;
  for (const profile::Profile &profile : profiles) {
    table.wall_ns += profile.run.wall_ns;
    for (const profile::MpiSite &site : profile.mpi_sites) {
      table.calls += site.calls;
      table.ns += site.ns;
      table.bytes += site.bytes;
      MpiCallStats &f = functions[site.function];
      f.function = site.function;
      f.calls += site.calls;
      f.ns += site.ns;
      f.bytes += site.bytes;
      Merged &m = places[placer.place(profile, site.node, site.object, site.address)];
      m.calls += site.calls;
      m.ns += site.ns;
      m.bytes += site.bytes;
      m.function_ns[site.function] += site.ns;
    }
  }
  for (auto &[name, f] : functions)
    table.functions.push_back(std::move(f));
  std::sort(table.functions.begin(), table.functions.end(),
            [](const MpiCallStats &a, const MpiCallStats &b) {
              return a.ns != b.ns ? a.ns > b.ns : a.function < b.function;
            });
  for (const auto &[place, m] : places) {
    MpiPlaceStats stats;
    stats.place = place;
    stats.calls = m.calls;
    stats.ns = m.ns;
    stats.bytes = m.bytes;
    auto most = std::max_element(m.function_ns.begin(), m.function_ns.end(),
                                 [](const auto &a, const auto &b) { return a.second < b.second; });
    stats.function = most->first;
    table.places.push_back(std::move(stats));
  }
  std::sort(table.places.begin(), table.places.end(),
            [](const MpiPlaceStats &a, const MpiPlaceStats &b) {
              return a.ns != b.ns ? a.ns > b.ns : a.place < b.place;
            });
  table.unreadable_objects = placer.unreadable_objects();
  return table;
}

} // namespace hotline::analysis
