// Sampling where threads run, for line mode: every period of a thread's CPU time, SIGPROF
// interrupts it and the handler counts the interrupted instruction's address in the thread's
// own table. The profile writer maps the addresses to objects; `hotline` maps them to lines.
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

// Starts sampling the calling thread, whose state is `t`, if a line-mode module has
// registered and sampling is on (HOTLINE_SAMPLE_HZ). Does nothing if it is already sampled.
void start_thread_sampling(ThreadState *t);

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
