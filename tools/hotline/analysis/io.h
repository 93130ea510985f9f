// I/O across one or many profiles: by file, by place in the source, and how
// long each thread was blocked in it.
#pragma once

#include "analysis/record_place.h"
#include "analysis/symbolizer.h"
#include "profile/reader.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotline::analysis {

// Calls, bytes and blocked time of each kind of I/O call.
struct IoCounts {
  uint64_t reads = 0;
  uint64_t read_bytes = 0;
  uint64_t read_ns = 0;
  uint64_t writes = 0;
  uint64_t write_bytes = 0;
  uint64_t write_ns = 0;
  uint64_t opens = 0;
  uint64_t open_ns = 0;
  uint64_t syncs = 0;
  uint64_t sync_ns = 0;
  uint64_t maps = 0;
  uint64_t mapped_bytes = 0;
  uint64_t map_ns = 0;

  void add(const profile::IoSite &site);
  // Time blocked in all of these calls.
  uint64_t time_ns() const;
  // Bytes per second while blocked reading (writing); 0 without time.
  double read_bytes_per_s() const;
  double write_bytes_per_s() const;
};

// One file (or pipe, socket, device), all threads and profiles together.
struct IoFileStats {
  std::string path; // "" for descriptors the runtime could not name
  IoCounts io;
};

// Whether the calls on a descriptor (named `path`) moved data or worked on a file:
// false when every one was a read or write that moved nothing, which is a wait
// for another process (a child's pipe reaching its end, a peer closing its
// socket), not loading; false too on a pipe or socket whose calls moved at most
// kPeerMessageBytes each on average (a death test's parent reading its child's
// status byte, a short reply): waiting for the process at the other end.
constexpr uint64_t kPeerMessageBytes = 64;
bool moved_data(const std::string &path, const IoCounts &io);
// The same for one I/O call of a trace: it moved bytes, or opened, synced or
// mapped. A read that got nothing waited for another process.
bool moved_data(const profile::TraceEvent &io_call);
// A trace event that is an I/O call (read, write, open, sync, map).
bool is_io_event(const profile::TraceEvent &event);

// The I/O calls made at one place, on any file.
struct IoPlaceStats {
  RecordPlace place;
  // The loop ("file:line") around the calls that took the most I/O time; "".
  std::string loop;
  IoCounts io;
};

// How long one thread was blocked in I/O.
struct ThreadIo {
  std::string profile; // its profile's display name
  uint32_t thread = 0; // index into that profile's threads
  uint64_t tid = 0;
  std::string name;
  // The process's main thread: the one whose tid is the pid, or else the first.
  bool main = false;
  uint64_t wall_ns = 0; // end_ns - start_ns
  uint64_t io_ns = 0;
  double blocked_percent = 0;      // io_ns of wall_ns
  uint64_t data_io_ns = 0;         // the part of io_ns on descriptors that moved data (moved_data)
  double data_blocked_percent = 0; // data_io_ns of wall_ns
  std::vector<IoFileStats> files;  // what it was blocked on, ordered like IoTable::files
};

struct IoTable {
  IoCounts total;
  uint64_t no_thread_ns = 0;        // of records made with no thread state
  std::vector<IoFileStats> files;   // by time, then bytes, then path
  std::vector<IoPlaceStats> places; // by time, then bytes, then place
  // Of each profile with I/O records: its main thread, then the other threads
  // that did I/O, by time.
  std::vector<ThreadIo> threads;
  std::vector<std::string> unreadable_objects;
  size_t not_hooked_profiles = 0; // profiles whose write was not the runtime's: no I/O seen
};

// The main thread of a process: the one whose tid is the pid, or else the
// first to record anything (index 0).
uint32_t main_thread(const profile::Profile &profile);

// A time from start_ns to end_ns.
struct TimeSpan {
  uint64_t start_ns = 0;
  uint64_t end_ns = 0;
};

// The main thread's I/O calls on one file during which something else was idle
// (trace mode): a GPU, or worker threads waiting.
struct IoDuringIdle {
  std::string path;   // "" for a descriptor with no file
  uint64_t calls = 0; // calls with idle time during them
  uint64_t bytes = 0; // the bytes those calls moved or mapped
  uint64_t ns = 0;    // the idle time during them (several workers' added up)
};

// Lays idle times on a process's main thread's traced I/O calls that moved
// data (moved_data): how much idle time fell during each call. I/O calls
// shorter than the trace's min_ns are not in the timeline, so not counted.
class MainIoOverlap {
public:
  explicit MainIoOverlap(const profile::Profile &profile);

  // Adds the part of each call that `idle` covers: spans sorted by start, none
  // overlapping another (one GPU's gaps, one thread's waits). Returns it.
  uint64_t add_idle(const std::vector<TimeSpan> &idle);
  // What add_idle would add, without adding it.
  uint64_t covered_ns(const std::vector<TimeSpan> &idle) const;

  uint64_t io_ns() const;                    // the calls' time, all together
  uint64_t idle_ns() const;                  // idle time during them, all together
  std::vector<IoDuringIdle> by_file() const; // the calls with idle time; most first, then path

private:
  // Calls covered(call index, ns) for each call that `idle` covers.
  template <typename Covered>
  void for_each_covered(const std::vector<TimeSpan> &idle, Covered covered) const;

  const profile::Profile &profile_;
  std::vector<const profile::TraceEvent *> calls_; // by start
  std::vector<uint64_t> idle_ns_;                  // per call
};

IoTable compute_io_table(const std::vector<profile::Profile> &profiles, Symbolizer &symbolizer);

} // namespace hotline::analysis
