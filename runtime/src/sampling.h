// Sampling where threads run: every period of a thread's CPU time, SIGPROF interrupts it and
// the handler counts the interrupted instruction's address in the thread's own table. The
// profile writer maps the addresses to objects; `hotline` maps them to lines, and to the
// functions whose timing stopped. Line mode samples from the start (HOTLINE_SAMPLE_HZ); the
// other modes from the runtime's first stop of timing (HOTLINE_SAMPLE_STOPPED_HZ), because a
// stopped call of a few nanoseconds hides in the cost of the clock reads that would time it
// again, and only samples say how long it runs.
#pragma once

#include <stdint.h>
#include <time.h>

namespace hotline::rt {

class PcTable;
struct ThreadState;

// A thread's sampling state, part of its ThreadState. Only the thread itself changes it (and
// a fork child, which has one thread); the profile writer reads `table` under the samples
// lock.
struct ThreadSampler {
  PcTable *table;   // the thread's samples; kept when sampling stops, until the thread exits
  uint32_t method;  // how the thread is interrupted now (Method in sampling.cpp), 0: not
  int perf_fd;      // the perf event, when sampled by perf
  uint64_t perf_id; // its id, to recognize perf_fd if the program closed and reused it
  timer_t timer;    // the POSIX timer, when sampled by one
};

// Registers the fork handlers (from runtime_init).
void sampling_init();

// Starts sampling the calling thread, whose state is `t`, if sampling is wanted (below). Does
// nothing if it is already sampled.
void start_thread_sampling(ThreadState *t);

// Whether threads are to be sampled: a line-mode module has registered and HOTLINE_SAMPLE_HZ
// is not 0, or sample_for_stopped_calls ran with HOTLINE_SAMPLE_STOPPED_HZ not 0.
bool sampling_wanted();

// At a stop of timing, and during re-timing windows (which every thread that makes timed calls
// passes through): from now on threads are sampled; the calling thread (state `t`) starts now,
// unless it was sampled before; threads created later start at their creation. Nothing in
// line mode, which samples from the start (or not at all, with HOTLINE_SAMPLE_HZ=0).
void sample_for_stopped_calls(ThreadState *t);

// Stops sampling the calling thread; its samples stay in its table for the profile.
void stop_thread_sampling(ThreadState *t);

// At the calling thread's exit: stops sampling it and moves its samples into the process's
// table of exited threads' samples.
void retire_thread_sampling(ThreadState *t);

// Everything sampled so far, over all threads, for the profile.
struct SampleSnapshot {
  PcTable *table;     // every sampled address and its count; release with PcTable::destroy
  uint64_t period_ns; // 0 when sampling was off
  uint64_t samples;   // the counts in `table` plus the dropped ones
  uint64_t dropped;
  const char *method;
};
// Null table when out of memory.
SampleSnapshot snapshot_samples();

} // namespace hotline::rt
