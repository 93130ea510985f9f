// Control over what is recorded when (docs/runtime-options.md, "Recording windows"):
// hotline_stop() and hotline_start() (hotline.h), HOTLINE_START=paused, HOTLINE_DELAY and
// HOTLINE_DURATION stop and start the recording of the whole process; hotline_dump() and
// HOTLINE_DUMP_SIGNAL write a profile of what was recorded so far while the program goes on.
//
// Stopping costs the hot path nothing: the counters, call trees and regions go on counting
// while the recording is stopped, and a profile leaves out what they counted then. Each thread
// keeps an exclusion per value it records (a site's count; a call node's calls and time; a
// region's entries and times; a counter's value): while recording, what the stopped spans
// added to it; while stopped, that less the value at the stop. A stop subtracts each value
// from its exclusion and a start adds it, so what was recorded is value - exclusion while
// recording and -exclusion while stopped, exactly, whatever the values do in the meantime.
// (Unsigned arithmetic: the differences wrap and come back.) Calls and regions still open at
// a start have their start moved on by the stopped span, so their time leaves it out too; a
// call counts in the window where it ends, with the time it spent in windows.
#pragma once

#include "threads.h"

#include <stdint.h>

namespace hotline::rt {

struct ControlOptions {
  const char *start = nullptr;       // HOTLINE_START: now (the default), paused, cudaProfilerApi,
                                     // nvtx:NAME
  const char *delay = nullptr;       // HOTLINE_DELAY: seconds before recording starts
  const char *duration = nullptr;    // HOTLINE_DURATION: seconds of recording, then it stops
  const char *dump_signal = nullptr; // HOTLINE_DUMP_SIGNAL: a signal that dumps a profile
};

// Called once from runtime_init, after the threads and the clock: checks the options (a bad
// value gets one line and the default), stops the recording at once if it starts paused or
// delayed, starts the timer's thread and the dump signal's.
void recording_control_init(const ControlOptions &options);

// The process's recording: stop_recording ends the current window, start_recording opens the
// next; each does nothing when the recording is already in that state. From any thread.
void stop_recording();
void start_recording();

extern bool g_recording_stopped;
inline bool recording_stopped() { return __atomic_load_n(&g_recording_stopped, __ATOMIC_RELAXED); }

// Capture ranges, which start paused: with HOTLINE_START=cudaProfilerApi, cudaProfilerStart and
// cudaProfilerStop (cuda_tracing.cpp calls this after the one, before the other) start and stop
// the recording; with HOTLINE_START=nvtx:NAME, it runs while an NVTX range named NAME is open
// (pushed and not yet popped, on any thread: nvtx_ranges.cpp).
extern bool g_cuda_profiler_api;
inline bool cuda_profiler_api_captures() { return g_cuda_profiler_api; }
void cuda_profiler_api_called(bool start);
bool is_capture_range(const char *name);
void open_capture_range();
void close_capture_range();

// Whether the recording was ever stopped: the profile then says which windows it covers.
bool recording_windowed();

// The recorded windows, oldest first, in ticks, the last one (if open) ending at `now`; at
// most kMaxWindows (beyond, the last one spans the rest: a stop and a start in it are gone
// from the list, not from the exclusions). Returns how many were written to `windows`.
constexpr uint32_t kMaxWindows = 4096;
struct RecordedWindow {
  uint64_t start_ticks, end_ticks;
};
uint32_t recorded_windows(uint64_t now, RecordedWindow *windows);

// The end of the recorded time, for calls and regions still open when a profile is written:
// `now`, or the stop when the recording is stopped.
uint64_t recording_end_ticks(uint64_t now);

// What thread t recorded of a value, from the value now.
uint64_t recorded_site_count(const ThreadState *t, uint32_t site, uint64_t value);
enum NodeField : uint32_t {
  kNodeCalls,
  kNodeTicks,
  kNodeWindowCalls,
  kNodeWindowTicks,
  kNodeFields
};
uint64_t recorded_node_value(const ThreadState *t, uint32_t node_index, NodeField field,
                             uint64_t value);
enum RegionField : uint32_t {
  kRegionEntries,
  kRegionTicks,
  kRegionIoTicks,
  kRegionSyncTicks,
  kRegionMemoryTicks,
  kRegionGpuTicks,
  kRegionFields
};
uint64_t recorded_region_value(const ThreadState *t, uint32_t region_index, RegionField field,
                               uint64_t value);
uint64_t recorded_counter_value(const ThreadState *t, uint32_t counter_index, uint64_t value);

struct HeapPlace;
struct IoPlace;
struct SyncPlace;
struct GpuSitePlace;
// The place tables' records (heap_tracking.h, io_tracking.h, sync_tracking.h, cuda_tracing.h)
// with their counts
// and times as recorded: their exclusions are process-wide, by the record's number. Live and
// peak bytes are the heap's state, not counts: they stay as they are.
HeapPlace recorded_heap_place(const HeapPlace &place);
IoPlace recorded_io_place(const IoPlace &place);
SyncPlace recorded_sync_place(const SyncPlace &place);
GpuSitePlace recorded_gpu_site_place(const GpuSitePlace &place);

// In a forked child (runtime.cpp): where its counts and call trees start at the fork, so do
// their exclusions; the dump signal's thread, which the child does not have, is started again.
void recording_control_after_fork(bool counts_start_at_fork);

// Held by stop, start and every profile write, so that a profile never sees half a stop. The
// thread that holds it may take it again (a fatal signal inside a stop writes the profile).
class RecordingControlGuard {
public:
  RecordingControlGuard();
  ~RecordingControlGuard();
  RecordingControlGuard(const RecordingControlGuard &) = delete;
  RecordingControlGuard &operator=(const RecordingControlGuard &) = delete;

private:
  bool taken_;
};

} // namespace hotline::rt
