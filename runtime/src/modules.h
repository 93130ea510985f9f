// The registry of instrumented modules and their sites, numbered globally.
#pragma once

#include <hotline/abi.h>

#include <stdint.h>

namespace hotline::rt {

// Global site ids live in [0, kMaxSites). Modules that arrive when the space is full, or that
// were built for another ABI, get site_base = kRefusedSiteBase: their counters land in a tail
// of every counter array that is never reported, and enter/exit ignore their ids.
constexpr uint32_t kMaxSites = HOTLINE_UNREGISTERED_SITE_BASE;
constexpr uint32_t kMaxSitesPerModule = HOTLINE_MAX_SITES_PER_MODULE;
constexpr uint32_t kRefusedSiteBase = HOTLINE_UNREGISTERED_SITE_BASE;
constexpr uint32_t kCounterSlots = kMaxSites + kMaxSitesPerModule;

// The runtime's record of one registered module. `sites` points at the module's own table
// while it is loaded and at the runtime's copy after it is unloaded.
struct ModuleEntry {
  const __hotline_module *module; // null after unregistration
  const __hotline_site *sites;
  const __hotline_implied_count *implied_counts; // the module's, then the runtime's copy
  uint32_t implied_count_count;
  const char *source_file;
  const char *build; // "" when the module's record names none
  const char *object_path;
  uint32_t site_base;
  uint32_t site_count;
  // The runtime's copies of the sites and implied counts, made when the module was first
  // unloaded (null before): a module loaded again uses them at each later unload.
  const __hotline_site *copied_sites;
  const __hotline_implied_count *copied_implied_counts;
};

// Called once from runtime_init: makes the registry fork-safe.
void modules_init();

// Called by the exit hook once it has written the profile: nothing reads the modules' tables
// any more, so unregistering a module (its destructor runs after the hook, from _dl_fini)
// copies nothing. The copy of a big module's names took more than a millisecond at each exit.
void keep_modules_until_exit();

// Stops timing a site: sets its untimed byte in its module (while the module is loaded) and
// remembers it for the profile. Takes the registry lock.
void stop_timing_site(uint32_t site);
// Whether stop_timing_site was called for this site.
bool timing_stopped(uint32_t site);
// Clears (timed) or sets again the untimed byte of every stopped site in the modules still
// loaded, for the re-timing windows (timing_policy.h); a site stopped meanwhile follows the
// last setting. False, doing nothing, when the registry is busy: it never waits, so that it
// is safe from __hotline_exit in any thread.
bool set_stopped_sites_timed(bool timed);

// Adds a thread's count for `site` to a total: summed, except for the sites that count the
// most iterations of one loop entry (HOTLINE_ABI_SITE_LOOP_MAX_TRIPS), which take the maximum.
inline uint64_t combine_counts(const uint8_t *max_sites, uint32_t site, uint64_t total,
                               uint64_t count) {
  if (max_sites && max_sites[site])
    return count > total ? count : total;
  return total + count;
}
// kMaxSites bytes, 1 for the sites combined by maximum; null while there are none.
const uint8_t *max_counter_sites();

// Whether a module built in line mode has registered.
bool line_mode_registered();

// Number of global site ids handed out so far; ids below it are valid.
uint32_t registered_site_count();

// Calls f(entry) for each registered module in registration order (= site id order).
template <typename F> void for_each_module(F f);

// Adds to each counter the counts that stood for its dropped increments (abi.h
// __hotline_implied_count). `count(site)` is the total of a global site id below site_count,
// as a reference; every report of counts does this once, after summing the threads.
template <typename Count> void add_implied_counts(Count count, uint32_t site_count);

// Implementation details of for_each_module.
uint32_t module_count();
const ModuleEntry &module_at(uint32_t index);

template <typename F> void for_each_module(F f) {
  uint32_t n = module_count();
  for (uint32_t i = 0; i < n; ++i)
    f(module_at(i));
}

template <typename Count> void add_implied_counts(Count count, uint32_t site_count) {
  for_each_module([&](const ModuleEntry &m) {
    const __hotline_implied_count *implied = __atomic_load_n(&m.implied_counts, __ATOMIC_ACQUIRE);
    if (m.site_base + m.site_count > site_count)
      return;
    uint32_t implied_count = __atomic_load_n(&m.implied_count_count, __ATOMIC_RELAXED);
    for (uint32_t i = 0; i < implied_count; ++i)
      if (implied[i].counter < m.site_count && implied[i].implied_by < m.site_count)
        count(m.site_base + implied[i].counter) += count(m.site_base + implied[i].implied_by);
  });
}

} // namespace hotline::rt
