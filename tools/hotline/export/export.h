// `hotline export`'s formats: each turns profiles into the text of a file that
// another tool reads (docs/export.md).
#pragma once

#include "analysis/call_tree.h"
#include "analysis/functions.h"
#include "analysis/symbolizer.h"
#include "profile/reader.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace hotline::exports {

// What a folded stack's number counts.
enum class FoldedMetric {
  Time,  // self time in ns
  Calls, // exact calls of the stack's last function
  Bytes, // heap bytes allocated while the stack's last function was running
};

// Paths deeper than this many frames are folded with recursion collapsed: a line names its
// whole path, so the text of a deep recursion would grow with the square of its depth (1.2 GB
// at 20,000 calls deep).
constexpr size_t kFoldedFullDepth = 1000;

struct FoldedOptions {
  FoldedMetric metric = FoldedMetric::Time;
  // Each function once a path: a frame already on the path takes in those below it
  // (`main;a;b;a;c` counts as `main;a;c`), as Firefox's profiler's "collapse recursion".
  bool collapse_recursion = false;
};

// Folded stacks for flamegraph.pl (folded.cpp): one line `root;...;leaf N` per
// path of the merged call tree whose N is not 0, each passed to `emit` as it is
// made; memory stays that of the tree and one line. Returns whether recursion was
// collapsed: asked for, or a path deeper than kFoldedFullDepth.
bool folded(const std::vector<profile::Profile> &profiles, const FoldedOptions &options,
            const std::function<void(std::string_view line)> &emit);
// The same lines, as one text.
std::string folded(const std::vector<profile::Profile> &profiles, const FoldedOptions &options);

struct Timelines;

// speedscope's JSON (speedscope.cpp): per thread, an evented profile of its
// trace events (those of `timelines`) when its profile has them, else of its
// call tree laid out (each path's callees, then its self time).
std::string speedscope(const std::vector<profile::Profile> &profiles, const Timelines &timelines);

// Chrome's trace event JSON (chrome.cpp) of `timelines`: trace events, GPU
// kernels and transfers. Throws std::runtime_error when there is nothing to
// draw.
std::string chrome_trace(const std::vector<profile::Profile> &profiles, const Timelines &timelines);

// callgrind's format (callgrind.cpp), for KCachegrind and callgrind_annotate.
std::string callgrind(const std::vector<profile::Profile> &profiles,
                      analysis::Symbolizer &symbolizer);

// An lcov tracefile (lcov.cpp), for genhtml.
std::string lcov(const std::vector<profile::Profile> &profiles, analysis::Symbolizer &symbolizer);

// Shared by the formats (tree_paths.cpp, timeline.cpp).

// What marks a frame of a function inlined into its caller in folded stacks,
// as perf's stackcollapse --inline and flamegraph.pl spell it (the other
// views write " [inlined]").
inline constexpr const char *kInlinedFrameSuffix = "_[i]";

// A function's name as one frame of a folded stack: ';' and line breaks,
// which end frames and lines there, become ',' and ' '.
std::string frame_name(const std::string &name, bool inlined = false);

// One bar of a timeline: a call, region or I/O call of a thread, or a kernel
// or transfer of a GPU stream.
struct Slice {
  enum class Source : uint8_t { Trace, Kernel, Transfer };
  Source source = Source::Trace;
  uint32_t index = 0; // into the profile's trace_events, gpu_kernels or gpu_transfers
  uint64_t start_ns = 0;
  uint64_t end_ns = 0; // cut to fit inside the slice that encloses it
};

// A thread's or a GPU stream's slices, properly nested: by start, an
// enclosing slice before those inside it; a slice that ends after the one
// enclosing it is cut at that one's end.
struct Track {
  uint32_t thread = 0; // threads: index into Profile::threads
  uint32_t device = 0; // GPU streams: CUDA ordinal and stream
  uint32_t stream = 0;
  std::vector<Slice> slices;
  std::vector<uint32_t> allocations; // threads: trace_events indices, by time
};

struct ProfileTimeline {
  std::vector<Track> threads; // threads with kept events, in thread_order
  std::vector<Track> streams; // by device, then stream
  // NVTX start/end ranges (trace_events indices), by start: they need not nest
  // and may cross threads, so they are on no thread's track.
  std::vector<uint32_t> ranges;
};

// The timelines of every profile, with at most max_events events in all (0:
// no limit): the longest are kept, allocations counting as lasting 0 ns. Any
// subset of nested slices is nested, so the cut keeps the tracks valid.
// Without with_gpu, GPU records are neither kept nor counted.
struct Timelines {
  std::vector<ProfileTimeline> profiles;
  size_t left_out = 0; // events beyond max_events
};
Timelines select_events(const std::vector<profile::Profile> &profiles, size_t max_events,
                        bool with_gpu);

// Nests a track's slices as Track describes.
void nest(std::vector<Slice> &slices);

// The name of a timeline event: the function of a call, the name of a region,
// "read /path/file" for I/O, "allocation" for an allocation, "wait (mutex)" for
// a wait.
std::string event_name(const profile::Profile &profile, const analysis::FunctionCatalog &catalog,
                       size_t p, const profile::TraceEvent &event);

// What to add to each profile's times (ns since its run's start) to put all
// profiles on one timeline: how much later than the earliest its run started.
std::vector<uint64_t> run_offsets(const std::vector<profile::Profile> &profiles);

// The indices of the profile's threads, the main thread (whose tid is the
// pid) first, then the others in Profile::threads order.
std::vector<uint32_t> thread_order(const profile::Profile &profile);

// "main (4242)", or "thread 4242" for a thread without a name.
std::string thread_label(const profile::Thread &thread);

// "fib (pid 4242)": the program's file name and its pid.
std::string process_label(const profile::Profile &profile);

} // namespace hotline::exports
