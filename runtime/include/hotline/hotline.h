/* hotline's user API: regions and counters.
 *
 *   HOTLINE_REGION("preprocessing");        C++ and C: a region open until the end of the scope
 *   hotline_region_begin("load"); ... hotline_region_end();
 *   HOTLINE_COUNT("samples", n);            adds n to a counter of the innermost open region
 *   HOTLINE_REGION_FUNCTION("data_loading") on a function: [[hotline::region("data_loading")]]
 *   hotline_stop(); ... hotline_start();    what runs in between is left out of the profile
 *   hotline_dump();                         writes a profile of what was recorded so far
 *
 * A region's category (data loading, preprocessing, compute, ...) is its name's first part
 * when that names one: "preprocessing/resize" is preprocessing (docs/report-rules.md).
 *
 * Everything here compiles to nothing unless the file is compiled with the hotline plugin
 * (which defines the hotline_region attribute that this header tests for), or when
 * HOTLINE_DISABLE is defined: a program keeps these lines in builds without hotline. */
#ifndef HOTLINE_HOTLINE_H
#define HOTLINE_HOTLINE_H

#if defined(__has_attribute) && !defined(HOTLINE_DISABLE)
#if __has_attribute(hotline_region)
#define HOTLINE_ENABLED 1
#endif
#endif

#define HOTLINE_CONCAT_(a, b) a##b
#define HOTLINE_CONCAT(a, b) HOTLINE_CONCAT_(a, b)

#ifdef HOTLINE_ENABLED

#include <hotline/abi.h>

#define hotline_region_begin(name) __hotline_region_begin(name)
#define hotline_region_end() __hotline_region_end()
#define HOTLINE_COUNT(name, amount) __hotline_count((name), (uint64_t)(amount))
#define HOTLINE_REGION_FUNCTION(name) __attribute__((hotline_region(name)))
#define hotline_start() __hotline_start()
#define hotline_stop() __hotline_stop()
#define hotline_dump() __hotline_dump()

#ifdef __cplusplus
namespace hotline {
/* Opens a region for its lifetime (HOTLINE_REGION). */
class ScopedRegion {
public:
  explicit ScopedRegion(const char *name) { __hotline_region_begin(name); }
  ~ScopedRegion() { __hotline_region_end(); }
  ScopedRegion(const ScopedRegion &) = delete;
  ScopedRegion &operator=(const ScopedRegion &) = delete;
};
} // namespace hotline
#define HOTLINE_REGION(name) ::hotline::ScopedRegion HOTLINE_CONCAT(hotline_region_, __LINE__)(name)
#else
static inline void hotline_region_cleanup_(int *unused) {
  (void)unused;
  __hotline_region_end();
}
#define HOTLINE_REGION(name)                                                                       \
  __attribute__((cleanup(hotline_region_cleanup_), unused)) int HOTLINE_CONCAT(                    \
      hotline_region_, __LINE__) = (__hotline_region_begin(name), 0)
#endif

#else /* without hotline */

#define hotline_region_begin(name) ((void)0)
#define hotline_region_end() ((void)0)
#define HOTLINE_COUNT(name, amount) ((void)0)
#define HOTLINE_REGION_FUNCTION(name)
#define HOTLINE_REGION(name) ((void)0)
#define hotline_start() ((void)0)
#define hotline_stop() ((void)0)
#define hotline_dump() ((void)0)

#endif

#endif
