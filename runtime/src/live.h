// The live view (docs/live.md): with HOTLINE_LIVE, a thread publishes every HOTLINE_LIVE_MS a
// snapshot of what the runtime has recorded so far into <dir>/<pid>.live (shared memory, the
// layout of hotline/live_format.h) for `hotline top`; with HOTLINE_ALERT, the same thread
// checks the alert rules (alerts.h). The program is never paused: the thread reads the other
// threads' counters and call trees as they change, without their locks.
#pragma once

#include <stdint.h>

namespace hotline::rt {

// HOTLINE_LIVE_MS is taken between these (milliseconds).
constexpr uint64_t kMinLivePeriodMs = 10;
constexpr uint64_t kMaxLivePeriodMs = 3600000;

struct LiveOptions {
  bool publish = false;         // HOTLINE_LIVE: write the live file
  uint64_t period_ms = 1000;    // HOTLINE_LIVE_MS
  const char *alerts = nullptr; // HOTLINE_ALERT, as given
};

// Called once, at the end of runtime_init: parses the alert rules, creates the live file, and
// starts the thread when there is a file to write or a rule to check.
void live_init(const LiveOptions &options);

// Called when the process writes its profile (exit, a fatal signal, exec): marks the last
// snapshot as the end, removes the file, and stops the thread's work. Does nothing in a fork
// child, which has neither the thread nor the file.
void live_stop();

} // namespace hotline::rt
