// Starts XRay's profiling or FDR mode from BENCH_XRAY_MODE, as a user has to: XRAY_OPTIONS
// alone cannot start profiling mode in LLVM 22 (its initializer selects "xray_profiling",
// while the mode is registered as "xray-profiling"), so nothing would be recorded.
#include <xray/xray_interface.h>
#include <xray/xray_log_interface.h>

#include <cstdio>
#include <cstdlib>

[[clang::xray_never_instrument]] static void stop_xray() {
  __xray_log_finalize();
  __xray_log_flushLog();
}

[[clang::xray_never_instrument]] __attribute__((constructor)) static void start_xray() {
  const char *mode = getenv("BENCH_XRAY_MODE");
  if (!mode)
    return;
  if (__xray_log_select_mode(mode) != XRAY_REGISTRATION_OK) {
    fprintf(stderr, "xray_start: no XRay mode named %s\n", mode);
    return;
  }
  XRayLogInitStatus status = __xray_log_init_mode(mode, "");
  if (status != XRAY_LOG_INITIALIZED) {
    fprintf(stderr, "xray_start: %s did not start (status %d)\n", mode, int(status));
    return;
  }
  __xray_patch();
  atexit(stop_xray);
}
