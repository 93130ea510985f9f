// Registration of instrumented modules: hands out global site ids, and keeps a module's
// names alive after dlclose.
#include "modules.h"

#include "hook_patching.h"
#include "loaded_objects.h"
#include "memory.h"
#include "program_code.h"
#include "runtime.h"
#include "spin_lock.h"
#include "threads.h"

#include <dlfcn.h>
#include <string.h>

namespace hotline::rt {

namespace {
constexpr uint32_t kMaxModules = 1u << 16;
SpinLock registry_lock;
ModuleEntry *modules = nullptr; // kMaxModules entries, reserved on first registration
uint32_t modules_used = 0;
uint32_t sites_used = 0;
uint8_t *stopped_sites = nullptr; // kMaxSites bytes, reserved on first use: 1 = timing stopped
uint32_t *stopped_list = nullptr; // kMaxSites entries, reserved on first use: the stopped sites
uint32_t stopped_count = 0;
bool stopped_timed_again = false; // set_stopped_sites_timed(true) holds
uint8_t *max_sites = nullptr;     // kMaxSites bytes, reserved on first use: see combine_counts
bool lines_registered = false;
bool process_exiting = false; // keep_modules_until_exit

const char *copy_string(const char *s) {
  if (!s)
    return "";
  size_t n = strlen(s) + 1;
  char *copy = static_cast<char *>(arena_alloc(n));
  if (!copy)
    return "";
  memcpy(copy, s, n);
  return copy;
}

// The path of the object that holds `address`, not copied: "" when unknown.
const char *object_path_of(const void *address) {
  Dl_info info;
  if (dladdr(address, &info) && info.dli_fname && info.dli_fname[0])
    return info.dli_fname;
  return "";
}

bool same_text(const char *a, const char *b) { return strcmp(a ? a : "", b ? b : "") == 0; }

// Site i of two site tables.
bool same_site(const __hotline_site *a_sites, const __hotline_site *b_sites, uint32_t i) {
  const __hotline_site &a = a_sites[i], &b = b_sites[i];
  auto same = [&](int64_t a_text, int64_t b_text) {
    return same_text(__hotline_site_text(a_sites, a_text), __hotline_site_text(b_sites, b_text));
  };
  return a.line == b.line && a.kind == b.kind && a.column == b.column && a.counter == b.counter &&
         a.function == b.function && a.loop == b.loop && a.discriminator == b.discriminator &&
         same(a.name, b.name) && same(a.linkage_name, b.linkage_name) && same(a.file, b.file) &&
         same(a.facts, b.facts);
}

// An unloaded module that `module` is a new load of: the same object path, source file,
// build and sites. Under registry_lock.
ModuleEntry *unloaded_module_like(const __hotline_module *module, const char *object_path) {
  for (uint32_t i = modules_used; i-- > 0;) {
    ModuleEntry &entry = modules[i];
    if (entry.module || !entry.sites || entry.site_count != module->site_count ||
        entry.implied_count_count != (module->implied_counts ? module->implied_count_count : 0) ||
        !same_text(entry.object_path, object_path) ||
        !same_text(entry.source_file, module->source_file) ||
        !same_text(entry.build, module->build))
      continue;
    bool same = true;
    for (uint32_t s = 0; s < entry.site_count && same; ++s)
      same = same_site(entry.sites, module->sites, s);
    if (same)
      return &entry;
  }
  return nullptr;
}
} // namespace

void modules_init() { hold_across_fork<registry_lock>(); }

// The untimed byte of a global site id in its module, or null when the module is unloaded.
// Modules are numbered in registration order, so their bases ascend. Under registry_lock.
uint8_t *untimed_byte(uint32_t site) {
  uint32_t low = 0, high = modules_used;
  while (high - low > 1) {
    uint32_t middle = low + (high - low) / 2;
    (modules[middle].site_base <= site ? low : high) = middle;
  }
  const ModuleEntry &entry = modules[low];
  if (entry.module && entry.module->untimed && site - entry.site_base < entry.site_count)
    return &entry.module->untimed[site - entry.site_base];
  return nullptr;
}

void stop_timing_site(uint32_t site) {
  SpinLockGuard guard(registry_lock);
  if (site >= sites_used || timing_stopped(site))
    return;
  if (!stopped_sites) {
    stopped_list = static_cast<uint32_t *>(reserve_pages(sizeof(uint32_t) * kMaxSites));
    __atomic_store_n(&stopped_sites, static_cast<uint8_t *>(reserve_pages(kMaxSites)),
                     __ATOMIC_RELEASE);
  }
  if (!stopped_sites || !stopped_list)
    return;
  __atomic_store_n(&stopped_sites[site], 1, __ATOMIC_RELAXED);
  stopped_list[stopped_count++] = site;
  if (uint8_t *untimed = untimed_byte(site); untimed && !stopped_timed_again)
    __atomic_store_n(untimed, 1, __ATOMIC_RELAXED);
}

bool set_stopped_sites_timed(bool timed) {
  if (!registry_lock.try_lock())
    return false;
  for (uint32_t i = 0; i < stopped_count; ++i)
    if (uint8_t *untimed = untimed_byte(stopped_list[i]))
      __atomic_store_n(untimed, uint8_t(timed ? 0 : 1), __ATOMIC_RELAXED);
  stopped_timed_again = timed;
  registry_lock.unlock();
  return true;
}

bool timing_stopped(uint32_t site) {
  uint8_t *stopped = __atomic_load_n(&stopped_sites, __ATOMIC_ACQUIRE);
  return stopped && site < kMaxSites && __atomic_load_n(&stopped[site], __ATOMIC_RELAXED);
}

const uint8_t *max_counter_sites() { return __atomic_load_n(&max_sites, __ATOMIC_ACQUIRE); }
bool line_mode_registered() { return __atomic_load_n(&lines_registered, __ATOMIC_ACQUIRE); }

uint32_t registered_site_count() { return __atomic_load_n(&sites_used, __ATOMIC_ACQUIRE); }
uint32_t module_count() { return __atomic_load_n(&modules_used, __ATOMIC_ACQUIRE); }
const ModuleEntry &module_at(uint32_t index) { return modules[index]; }

} // namespace hotline::rt

using namespace hotline::rt;

// A module loaded again after dlclose (the same object, source file and sites) is the module
// it was: it takes the site ids of its last load, so that its counts, call paths and names go
// on from there, and the registry and the profile do not grow with each load (70,000 loads
// of one library took 442 MB and a 134 MB profile). What timing stopped stays stopped.
// Under registry_lock.
static void register_again(ModuleEntry &entry, __hotline_module *module) {
  module->site_base = entry.site_base;
  if (module->untimed && !stopped_timed_again)
    for (uint32_t i = 0; i < entry.site_count; ++i)
      if (timing_stopped(entry.site_base + i))
        module->untimed[i] = 1;
  entry.module = module; // before the live tables: untimed_byte reads it
  __atomic_store_n(&entry.implied_counts, module->implied_counts, __ATOMIC_RELEASE);
  __atomic_store_n(&entry.sites, module->sites, __ATOMIC_RELEASE);
}

// Gives the module its site ids; false when it is refused.
static bool add_to_registry(__hotline_module *module, const char *object_path) {
  SpinLockGuard guard(registry_lock);
  if (!modules)
    modules = static_cast<ModuleEntry *>(reserve_pages(sizeof(ModuleEntry) * kMaxModules));
  if (modules)
    if (ModuleEntry *entry = unloaded_module_like(module, object_path)) {
      register_again(*entry, module);
      return true;
    }
  if (!modules || modules_used == kMaxModules || module->site_count > kMaxSitesPerModule ||
      module->site_count > kMaxSites - sites_used) {
    report_problem("too many instrumented functions or modules (limit %u sites, %u modules); "
                   "%s is not recorded",
                   kMaxSites, kMaxModules, module->source_file);
    return false;
  }
  // The site table is read whole, here and when the profile is written: its pages mapped in
  // one call rather than a fault each (a toml++ program's 723 sites, 9 pages; 107 in line mode).
  map_pages(module->sites, sizeof *module->sites * module->site_count);
  for (uint32_t i = 0; i < module->site_count; ++i) {
    if (module->sites[i].kind != HOTLINE_ABI_SITE_LOOP_MAX_TRIPS)
      continue;
    if (!max_sites)
      __atomic_store_n(&max_sites, static_cast<uint8_t *>(reserve_pages(kMaxSites)),
                       __ATOMIC_RELEASE);
    if (max_sites)
      max_sites[sites_used + i] = 1;
  }
  if (module->flags & HOTLINE_ABI_MODULE_LINES)
    __atomic_store_n(&lines_registered, true, __ATOMIC_RELEASE);
  ModuleEntry &entry = modules[modules_used];
  uint32_t implied_count_count = module->implied_counts ? module->implied_count_count : 0;
  entry = {module,
           module->sites,
           module->implied_counts,
           implied_count_count,
           module->source_file,
           module->build ? module->build : "",
           copy_string(object_path),
           sites_used,
           module->site_count,
           nullptr,
           nullptr};
  module->site_base = sites_used;
  __atomic_store_n(&sites_used, sites_used + module->site_count, __ATOMIC_RELEASE);
  __atomic_store_n(&modules_used, modules_used + 1, __ATOMIC_RELEASE);
  return true;
}

extern "C" void __hotline_register_module(__hotline_module *module) {
  runtime_init();
  module->site_base = kRefusedSiteBase;
  if (module->abi_version != HOTLINE_ABI_VERSION) {
    report_problem("module %s was built for hotline ABI %u, this runtime is ABI %u; rebuild it "
                   "with the matching plugin (its functions are not recorded)",
                   module->source_file, module->abi_version, HOTLINE_ABI_VERSION);
    return;
  }
  if (!add_to_registry(module, object_path_of(module)))
    return;
  add_program_object(module);
  // An extension module's runtime, behind the C library: into the objects loaded with it.
  lift_hooks_not_in_effect(patch_hooks_into_objects());
  // Threads sample from their state's creation once a line-mode module is registered; this
  // thread may have started before (a library loaded later). Other threads that already
  // exist stay unsampled. After the registry lock: this allocates and makes system calls.
  if (module->flags & HOTLINE_ABI_MODULE_LINES)
    if (ThreadState *t = current_thread_if_started())
      start_thread_sampling(t);
}

void hotline::rt::keep_modules_until_exit() {
  __atomic_store_n(&process_exiting, true, __ATOMIC_RELEASE);
}

extern "C" void __hotline_unregister_module(__hotline_module *module) {
  if (__atomic_load_n(&process_exiting, __ATOMIC_ACQUIRE))
    return;
  remember_closing_object(module); // its places and samples keep their lines
  SpinLockGuard guard(registry_lock);
  for (uint32_t i = 0; i < modules_used; ++i) {
    ModuleEntry &entry = modules[i];
    if (entry.module != module)
      continue;
    entry.module = nullptr;
    if (entry.copied_sites) { // a load after the first: the copies of the first serve
      __atomic_store_n(&entry.implied_counts, entry.copied_implied_counts, __ATOMIC_RELEASE);
      __atomic_store_n(&entry.sites, entry.copied_sites, __ATOMIC_RELEASE);
      continue;
    }
    auto *sites =
        static_cast<__hotline_site *>(arena_alloc(sizeof(__hotline_site) * entry.site_count));
    if (sites) {
      // The copies' texts are offsets from the copied table, as the module's are from its own.
      auto copy_text = [&](int64_t offset) {
        const char *copy = copy_string(__hotline_site_text(module->sites, offset));
        return int64_t(uintptr_t(copy) - uintptr_t(sites));
      };
      for (uint32_t s = 0; s < entry.site_count; ++s) {
        sites[s] = module->sites[s];
        sites[s].name = copy_text(module->sites[s].name);
        sites[s].linkage_name = copy_text(module->sites[s].linkage_name);
        sites[s].file = copy_text(module->sites[s].file);
        sites[s].facts = copy_text(module->sites[s].facts);
      }
    }
    auto *implied = static_cast<__hotline_implied_count *>(
        arena_alloc(sizeof(__hotline_implied_count) * (entry.implied_count_count + 1)));
    if (implied && entry.implied_count_count)
      memcpy(implied, entry.implied_counts,
             sizeof(__hotline_implied_count) * entry.implied_count_count);
    // Without the copy (out of memory) the module's counts lose what its increments implied.
    __atomic_store_n(&entry.implied_count_count, implied ? entry.implied_count_count : 0,
                     __ATOMIC_RELAXED);
    __atomic_store_n(&entry.implied_counts, implied, __ATOMIC_RELEASE);
    entry.source_file = copy_string(entry.source_file);
    entry.build = copy_string(entry.build);
    __atomic_store_n(&entry.sites, sites, __ATOMIC_RELEASE); // null: names lost (out of memory)
    entry.copied_sites = sites;
    entry.copied_implied_counts = implied;
  }
}
