// Loads a .hotline profile (docs/profile-format.md) into memory, checking every
// field first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace hotline::profile {

// The profile format versions this reader understands.
inline constexpr uint32_t kOldestReadableVersion = 1;
inline constexpr uint32_t kNewestReadableVersion = 1;

// Marks a call node with no parent (a thread's top-level call).
inline constexpr uint32_t kNoParent = 0xffffffffu;
// Marks the absence of a site (the loop of a site outside any loop).
inline constexpr uint32_t kNoSite = 0xffffffffu;
inline constexpr const char *kOtherCallPathsName = "(other call paths)";
// Marks a sample, memory or I/O record outside every mapped object.
inline constexpr uint32_t kNoObject = 0xffffffffu;
// Marks a memory or I/O record made with no thread state (before the runtime
// started, or while a thread was exiting).
inline constexpr uint32_t kNoThread = 0xffffffffu;
// Marks I/O on a descriptor the runtime could not name.
inline constexpr uint32_t kNoFile = 0xffffffffu;

struct RunInfo {
  uint64_t pid = 0;
  uint64_t parent_pid = 0;
  int64_t start_unix_ns = 0;
  uint64_t wall_ns = 0;
  uint64_t start_ticks = 0;
  uint64_t end_ticks = 0;
  uint64_t start_mono_ns = 0;
  uint64_t end_mono_ns = 0;
  std::string program;
  std::string command_line;
  std::string host;
  std::string clock_source;
  std::string runtime_version;
  uint32_t thread_count = 0;
  uint32_t flags = 0; // HOTLINE_RUN_*
  // The limit of call-tree nodes in force (HOTLINE_MAX_CALL_PATHS); 0: none, or an older
  // runtime.
  uint32_t max_call_paths = 0;

  // Written while other threads were still running: their last calls are
  // missing.
  bool incomplete() const;
  // Memory (I/O) tracking was on, but the process's malloc (write) was not the
  // runtime's: another definition came first, a sanitizer's interceptors or an
  // allocator's, and no allocation (I/O call) was seen.
  bool heap_not_hooked() const;
  bool io_not_hooked() const;
  // A dump (hotline_dump, HOTLINE_DUMP_SIGNAL): what was recorded until then, while the process
  // went on; its later dumps and its last profile hold all of it again.
  bool dump() const;
};

// The process's place in a parallel job (JOB section); absent unless a
// launcher (MPI, Slurm) started it as one rank.
struct Job {
  bool present = false;
  uint32_t rank = 0;
  uint32_t world_size = 0;
  std::string launcher; // "Open MPI", "MVAPICH", "PMI" or "Slurm"
};

struct Module {
  std::string object_path;
  std::string source_file;
  // How it was built (MODULE_BUILDS): "clang 22.1.0, -O2, hotline: lines"; "" when unknown.
  std::string build;
  uint32_t first_site = 0;
  uint32_t site_count = 0;
};

// Site indices below are indices into Profile::sites.
struct Site {
  std::string name; // of the enclosing function, for lines and loops
  std::string linkage_name;
  std::string file; // "" when the module was built without debug info
  uint32_t line = 0;
  uint32_t kind = 0;   // HOTLINE_SITE_*
  uint32_t module = 0; // index into Profile::modules
  uint32_t column = 0;
  uint32_t counter = 0;       // the site whose count counts this one
  uint32_t function = 0;      // the enclosing function's site
  uint32_t loop = kNoSite;    // the innermost enclosing loop's site
  std::string facts;          // loops: what the optimizer did with it
  uint32_t discriminator = 0; // lines: the base discriminator of the line's code in its block
};

// How the runtime sampled where threads ran.
struct Sampling {
  bool present = false;
  uint32_t reason = 0;    // HOTLINE_SAMPLING_* (profile_format.h)
  uint64_t period_ns = 0; // CPU time between two samples of a thread
  uint64_t samples = 0;
  uint64_t dropped = 0;
  std::string method;
};

// An executable or shared library mapped at write time.
struct Object {
  std::string path;
  uint64_t load_address = 0;
  bool profiler = false; // HOTLINE_OBJECT_PROFILER: loaded by hotline's runtime for itself
  std::string build_id;  // lowercase hex (OBJECT_BUILD_IDS); "" when unknown
};

// Samples that hit one instruction address.
struct Sample {
  uint64_t address = 0;        // relative to the object (absolute for kNoObject)
  uint32_t object = kNoObject; // index into Profile::objects
  uint64_t count = 0;
};

struct Thread {
  uint64_t tid = 0;
  uint64_t start_ns = 0;
  uint64_t end_ns = 0;
  uint32_t first_node = 0; // this thread's nodes are Profile::nodes[first_node, +node_count)
  uint32_t node_count = 0;
  std::string name;
  uint32_t flags = 0;     // HOTLINE_THREAD_*
  uint64_t memory_ns = 0; // inside the heap allocator (tracked calls)

  // end_ns - start_ns (0 if the clock went back).
  uint64_t lifetime_ns() const;
};

struct CallNode {
  uint32_t site = 0; // index into Profile::sites
  // Unlike on disk, an index into Profile::nodes (not relative to the thread),
  // or kNoParent.
  uint32_t parent = kNoParent;
  uint64_t calls = 0;
  uint64_t inclusive_ns = 0;
  uint64_t exclusive_ns = 0;
  // Of `calls` and `inclusive_ns`, the calls timed in re-timing windows after the runtime
  // stopped timing the site, and their time (0 in older profiles).
  uint64_t window_calls = 0;
  uint64_t window_ns = 0;
  // Of `calls`, those still open when the profile was written, timed until then (0 in older
  // profiles).
  uint64_t open_calls = 0;
  // Not on disk: of `calls` and `inclusive_ns`, what hotline estimated for the calls the
  // runtime counted after it stopped timing the site (analysis::settle_call_times).
  uint64_t estimated_calls = 0;
  uint64_t estimated_ns = 0;
  // Of estimated_ns, what came from the CPU time sampled in the function (the rest came from
  // its calls timed in re-timing windows, or from its first ones).
  uint64_t sampled_estimate_ns = 0;
};

// What timing one call cost when the profile was written (TIMING_COST section);
// absent from profiles of older runtimes.
struct TimingCost {
  bool measured = false;
  uint64_t self_ps = 0;         // inside a timed call's own inclusive time
  uint64_t caller_ps = 0;       // added to its caller's inclusive time (self included)
  uint64_t untimed_call_ps = 0; // an untimed call of an empty function; 0 in older profiles
};

// The process's heap over the whole run (HEAP section); absent from profiles
// of runtimes that did not record it.
struct Heap {
  bool present = false;
  uint64_t allocations = 0;
  uint64_t allocated_bytes = 0; // as asked for, not as rounded by the allocator
  uint64_t frees = 0;           // of blocks allocated while tracking
  uint64_t freed_bytes = 0;
  uint64_t peak_live_bytes = 0;
  uint64_t peak_rss_bytes = 0;
  uint64_t untracked_frees = 0; // of blocks the runtime did not see allocated
  uint32_t flags = 0;           // HOTLINE_HEAP_*
  uint64_t runtime_resident_bytes =
      0; // hotline's own memory at the end; 0: unknown (older runtime)
  // In a forked child: the blocks live at the fork, which the parent allocated (not in
  // allocations; frees counts the child's frees of them). 0 elsewhere and in older profiles.
  uint64_t inherited_blocks = 0;
  uint64_t inherited_bytes = 0;

  // Allocations were tracked (HOTLINE_MEMORY on); otherwise only
  // peak_rss_bytes means anything.
  bool tracked() const;
};

// The heap blocks allocated from one place: one (thread, call node, calling
// instruction).
struct MemorySite {
  uint32_t thread = kNoThread; // index into Profile::threads, or kNoThread
  // The innermost timed call open at the allocation: unlike on disk, an index
  // into Profile::nodes (not relative to the thread), or kNoParent.
  uint32_t node = kNoParent;
  uint64_t address = 0;        // the calling instruction, relative to the object
  uint32_t object = kNoObject; // index into Profile::objects
  // For a call made inside a library and placed at the program's call into
  // it: the library (index into Profile::objects); else kNoObject.
  uint32_t via_object = kNoObject;
  uint64_t allocations = 0;
  uint64_t allocated_bytes = 0;
  uint64_t frees = 0; // of the blocks allocated here, by any thread
  uint64_t freed_bytes = 0;
  uint64_t peak_live_bytes = 0; // of this place's blocks at once
  uint64_t temporaries = 0;     // freed before the innermost timed call returned
  uint64_t temporary_bytes = 0;
  uint64_t inherited_blocks = 0; // as in Heap, for this place's blocks
  uint64_t inherited_bytes = 0;
};

// The I/O calls made from one place on one file; times are the time the thread
// was blocked inside the calls.
struct IoSite {
  uint32_t thread = kNoThread; // as in MemorySite
  uint32_t node = kNoParent;
  uint64_t address = 0;
  uint32_t object = kNoObject;
  uint32_t via_object = kNoObject;
  uint32_t file = kNoFile; // index into Profile::files, or kNoFile
  uint64_t reads = 0;
  uint64_t read_bytes = 0;
  uint64_t read_ns = 0;
  uint64_t writes = 0;
  uint64_t write_bytes = 0;
  uint64_t write_ns = 0;
  uint64_t opens = 0; // failed ones included
  uint64_t open_ns = 0;
  uint64_t syncs = 0;
  uint64_t sync_ns = 0;
  uint64_t maps = 0;
  uint64_t mapped_bytes = 0;
  uint64_t map_ns = 0;
};

// The process and the machine over the whole run (SYSTEM section); absent from
// profiles of runtimes that did not record it.
struct System {
  bool present = false;
  uint64_t cpu_ns = 0;           // the process's CPU time at write, all threads
  uint64_t energy_uj = 0;        // CPU package energy of the machine during the run
  uint64_t sample_period_ns = 0; // between two system samples; 0: no sampler
  uint32_t flags = 0;            // HOTLINE_SYSTEM_*
  uint32_t gpu_count = 0;        // GPUs that NVML reported

  // energy_uj (and the samples' energy_uj) was measured: powercap's RAPL
  // counters were readable.
  bool energy_measured() const;
  // The samples' GPU fields were measured (NVML answered).
  bool gpu_measured() const;
};

// One reading of the runtime's sampler thread (SYSTEM_SAMPLES section).
struct SystemSample {
  uint64_t time_ns = 0;          // since the run's start
  uint64_t rss_bytes = 0;        // the process's resident set
  uint64_t energy_uj = 0;        // CPU package energy since the run's start
  uint64_t gpu_memory_bytes = 0; // in use, all GPUs
  // The process's CPU time over the wall time since the previous sample, in
  // hundredths of a percent (10000 = one core busy).
  uint32_t cpu_percent_x100 = 0;
  uint32_t gpu_utilization_percent = 0; // the busiest GPU's
  uint32_t gpu_temperature_c = 0;       // the hottest GPU's
  uint32_t gpu_power_mw = 0;            // all GPUs
};

// Marks a counter outside every region, and a top-level region's parent.
inline constexpr uint32_t kNoRegion = 0xffffffffu;

// One region of one thread, reached through its enclosing regions (REGIONS).
struct Region {
  uint32_t thread = 0;         // index into Profile::threads
  uint32_t parent = kNoRegion; // index into Profile::regions, always earlier
  std::string name;
  uint64_t entries = 0;
  uint64_t inclusive_ns = 0;
  uint64_t io_ns = 0;     // blocked in I/O while it was the innermost region
  uint64_t sync_ns = 0;   // blocked in synchronization calls, likewise
  uint64_t memory_ns = 0; // inside the heap allocator, likewise
  uint64_t gpu_ns = 0;    // inside CUDA calls other than synchronize, likewise
  bool open_at_write = false;
};

// A HOTLINE_COUNT counter of one region (COUNTERS).
struct Counter {
  uint32_t thread = 0;
  uint32_t region = kNoRegion; // index into Profile::regions, or kNoRegion
  std::string name;
  uint64_t value = 0;
};

// The waits of one kind (HOTLINE_SYNC_*) made from one place (SYNC_SITES).
struct SyncSite {
  uint32_t thread = kNoThread; // as in MemorySite
  uint32_t node = kNoParent;
  uint64_t address = 0;
  uint32_t object = kNoObject;
  uint32_t via_object = kNoObject;
  uint32_t kind = 0;
  uint64_t waits = 0;
  uint64_t wait_ns = 0;
};

// The calls of one MPI function from one place (MPI_SITES section).
struct MpiSite {
  uint32_t thread = kNoThread; // as in MemorySite
  uint32_t node = kNoParent;
  uint64_t address = 0;
  uint32_t object = kNoObject;
  std::string function; // "MPI_Allreduce"
  uint64_t calls = 0;
  uint64_t ns = 0;
  uint64_t bytes = 0; // the message sizes the calls named; 0 where not counted
};

// How many times one indirect call called one function (CALL_TARGETS section),
// the same (site, function) pair summed over records.
struct CallTarget {
  uint32_t site = 0;           // the call's CALL_TARGETS site
  uint64_t address = 0;        // the function's, relative to its object
  uint32_t object = kNoObject; // index into Profile::objects
  uint64_t count = 0;
};

// The ranges of one name that one call started and another ended, on any thread
// (RANGES section: NVTX's nvtxRangeStart/End).
// A tag of the run (HOTLINE_TAGS): dataset=imagenet-mini.
struct Tag {
  std::string key; // never empty
  std::string value;
};

// A span of the run that was recorded (WINDOWS), in ns since the run's start.
struct Window {
  uint64_t start_ns = 0;
  uint64_t end_ns = 0;
};

// One range of a call node's or a region's histogram (CALL_HISTOGRAMS, REGION_HISTOGRAMS):
// `count` of its calls or entries lasted from lower_ns to upper_ns; a histogram's first lower_ns
// is its shortest, its last upper_ns its longest.
struct HistogramRange {
  uint32_t index = 0; // into Profile::nodes, or Profile::regions
  uint64_t count = 0; // a u32 on disk; merged ranges may hold more
  uint64_t lower_ns = 0;
  uint64_t upper_ns = 0;
};

struct Range {
  std::string name;
  uint64_t count = 0; // ended
  uint64_t ns = 0;    // all of them, start to end
  uint64_t min_ns = 0;
  uint64_t max_ns = 0;
  uint64_t other_thread = 0; // of count: ended on another thread than they started
  uint64_t open = 0;         // not ended when the profile was written

  uint64_t mean_ns() const { return count ? ns / count : 0; }
};

// What the runtime's CUDA module could do (CUDA section); absent when the
// process never used CUDA.
struct Cuda {
  bool present = false;
  uint32_t state = 0; // HOTLINE_CUDA_*
  uint32_t device_count = 0;
  std::string message; // the detail behind state ("" when traced)
  uint32_t driver_version = 0;
  uint64_t dropped_records = 0; // dropped by CUPTI
  uint64_t lost_records = 0;    // the runtime had no room for
  uint32_t cupti_version = 0;
};

// One GPU (GPU_DEVICES).
struct GpuDevice {
  uint32_t device = 0; // CUDA ordinal
  std::string name;
  uint32_t compute_major = 0;
  uint32_t compute_minor = 0;
  uint32_t multiprocessors = 0;
  uint64_t memory_bytes = 0;
};

// Marks GPU work whose launching call was not seen.
inline constexpr uint32_t kNoGpuSite = 0xffffffffu;

// The calls to one CUDA runtime function from one place (GPU_SITES).
struct GpuSite {
  uint32_t thread = kNoThread; // as in MemorySite
  uint32_t node = kNoParent;
  uint64_t address = 0;
  uint32_t object = kNoObject;
  uint32_t api = 0;     // HOTLINE_GPU_API_*
  std::string function; // "cudaLaunchKernel"
  uint64_t calls = 0;
  uint64_t host_ns = 0; // the calling thread's time inside these calls
};

// GPU records' times are ns since the run's start, on the run's clock.

// One kernel run (GPU_KERNELS).
struct GpuKernel {
  uint64_t start_ns = 0;
  uint64_t end_ns = 0;
  uint32_t site = kNoGpuSite; // index into Profile::gpu_sites, or kNoGpuSite
  std::string name;           // as CUPTI gave it (mangled)
  uint32_t device = 0;
  uint32_t stream = 0;
  uint32_t grid[3] = {0, 0, 0};
  uint32_t block[3] = {0, 0, 0};
  uint32_t shared_bytes = 0;
  uint32_t registers = 0;
};

// One memcpy or memset (GPU_TRANSFERS).
struct GpuTransfer {
  uint64_t start_ns = 0;
  uint64_t end_ns = 0;
  uint64_t bytes = 0;
  uint32_t site = kNoGpuSite;
  uint32_t device = 0;
  uint32_t stream = 0;
  uint32_t kind = 0;        // HOTLINE_GPU_COPY_*, HOTLINE_GPU_MEMSET
  uint32_t source = 0;      // HOTLINE_GPU_MEMORY_*
  uint32_t destination = 0; // HOTLINE_GPU_MEMORY_*
};

// One wait of the host for the GPU (GPU_SYNCS).
struct GpuSync {
  uint64_t start_ns = 0;
  uint64_t end_ns = 0;
  uint32_t site = kNoGpuSite;
  uint32_t kind = 0; // HOTLINE_GPU_SYNC_*
  uint32_t stream = 0xffffffffu;
};

// One device allocation or free (GPU_MEMORY).
struct GpuMemoryEvent {
  uint64_t time_ns = 0;
  uint64_t address = 0;
  uint64_t bytes = 0;
  uint32_t site = kNoGpuSite;
  uint32_t device = 0;
  uint32_t operation = 0; // HOTLINE_GPU_ALLOCATE, HOTLINE_GPU_FREE
  uint32_t memory = 0;    // HOTLINE_GPU_MEMORY_*
};

// Trace mode (TRACE section): how the timeline was kept; absent without
// HOTLINE_TRACE=1.
struct Trace {
  bool present = false;
  uint64_t min_ns = 0;               // shorter calls, regions and I/O were left out
  uint64_t allocation_min_bytes = 0; // smaller allocations were left out
  uint64_t dropped = 0;              // events lost to full buffers
  uint32_t capacity = 0;             // events per thread
};

// One event of a thread's timeline (TRACE_EVENTS). Times are ns since the
// run's start.
struct TraceEvent {
  uint64_t start_ns = 0;
  uint64_t end_ns = 0;
  uint64_t value = 0;  // bytes, for allocations and I/O; ranges: 1 if started on another thread
  uint32_t thread = 0; // index into Profile::threads
  uint32_t kind = 0;   // HOTLINE_TRACE_*
  // Calls: an index into Profile::nodes (unlike on disk, not relative to the
  // thread). I/O: an index into Profile::files, or kNoFile. Waits: their
  // hotline_sync_kind. Otherwise 0.
  uint32_t id = 0;
  std::string region; // regions and ranges: the name
};

struct Profile {
  std::string display_name; // how errors and reports name the file
  uint32_t version = 0;
  RunInfo run;
  Job job;
  std::vector<Module> modules;
  std::vector<Site> sites;
  std::vector<uint64_t> site_counts; // exact entries per site, one per site
  std::vector<Thread> threads;
  std::vector<CallNode> nodes; // grouped by thread, parents before children
  // The site of the nodes that stand for call paths beyond the limit (HOTLINE_OTHER_CALL_PATHS
  // on disk): added by the reader after the profile's own sites, named kOtherCallPathsName;
  // kNoSite when no node reached the limit.
  uint32_t other_call_paths_site = kNoSite;
  TimingCost timing_cost;
  // Sites whose timing the runtime stopped because their calls were too short
  // (TIMING_STOPPED section): their later calls were counted, not timed.
  std::vector<uint32_t> timing_stopped_sites;
  Sampling sampling;
  std::vector<Object> objects;
  std::vector<Sample> samples;
  // Samples in hotline's own runtime code (SAMPLES' HOTLINE_PROFILER_CODE record), not in
  // `samples`: the profiler's overhead.
  uint64_t profiler_samples = 0;
  // Sampling that began at the runtime's first stop of timing, not at the start
  // (HOTLINE_SAMPLING_STOPPED_TIMING), for the stopped functions' time only: kept here, out of
  // `sampling` and `samples`, which the views of line time read.
  Sampling stopped_timing_sampling;
  std::vector<Sample> stopped_timing_samples;
  Heap heap;
  std::vector<MemorySite> memory_sites;
  std::vector<std::string> files; // paths, as /proc/self/fd named them
  std::vector<IoSite> io_sites;
  System system;
  std::vector<SystemSample> system_samples; // by time
  std::vector<Region> regions;              // grouped by thread, parents first
  std::vector<Counter> counters;
  std::vector<SyncSite> sync_sites;
  std::vector<MpiSite> mpi_sites;
  std::vector<CallTarget> call_targets; // by site, then function
  std::vector<Range> ranges;
  std::vector<Tag> tags; // in the order HOTLINE_TAGS gave them
  // The recorded spans, oldest first, when the recording was stopped at some point (windowed;
  // none at all when it never started); otherwise the whole run was recorded.
  bool windowed = false;
  std::vector<Window> windows;
  // HOTLINE_HISTOGRAMS: the durations of each node's completed calls, grouped by node in
  // Profile::nodes' order, each node's ranges shortest first and apart. A node with none had
  // no completed call, or was beyond the histograms' memory (HOTLINE_HISTOGRAM_MB).
  // Likewise each region's entries (REGION_HISTOGRAMS), grouped by region.
  bool histograms = false;
  std::vector<HistogramRange> call_histograms;
  std::vector<HistogramRange> region_histograms;
  Cuda cuda;
  std::vector<GpuDevice> gpu_devices;
  std::vector<GpuSite> gpu_sites;
  std::vector<GpuKernel> gpu_kernels;     // in the order CUPTI delivered them
  std::vector<GpuTransfer> gpu_transfers; // likewise
  std::vector<GpuSync> gpu_syncs;         // likewise
  std::vector<GpuMemoryEvent> gpu_memory; // by time
  Trace trace;
  // TRACE_EVENTS, then TRACE_WAITS, then TRACE_RANGES: each grouped by
  // thread, in the order the events ended.
  std::vector<TraceEvent> trace_events;
};

// Base of everything the reader throws; what() starts with the file's display
// name.
class ProfileError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// The file could not be opened, read or written (a usage problem, not a bad
// profile).
class ProfileFileError : public ProfileError {
public:
  using ProfileError::ProfileError;
};

// The bytes are not a valid profile; what() names the byte offset of the
// problem.
class ProfileFormatError : public ProfileError {
public:
  ProfileFormatError(const std::string &display_name, const std::string &what, uint64_t offset);
  uint64_t offset() const { return offset_; }

private:
  uint64_t offset_;
};

// A file holds one profile, or a bundle: several complete profiles back to
// back, each with its own header and file_size (`hotline merge` writes them;
// docs/profile-format.md, "Bundles"). Errors name the byte offset from the
// start of the file; an error in member i > 0 of a bundle names the file
// bundle_member_name(path, i).

// Parses the profiles held in memory: one, or a bundle's members in order,
// named bundle_member_name(display_name, i). A single profile keeps
// display_name.
std::vector<Profile> parse_profiles(const unsigned char *data, size_t size,
                                    const std::string &display_name);
std::vector<Profile> parse_profiles(const std::vector<unsigned char> &bytes,
                                    const std::string &display_name);

// Parses exactly one profile held in memory (a bundle is an error);
// display_name is only used in error messages.
Profile parse_profile(const unsigned char *data, size_t size, const std::string &display_name);
Profile parse_profile(const std::vector<unsigned char> &bytes, const std::string &display_name);

// "all.hotline[2]": how reports and errors name member `index` (from 0) of the
// bundle at path.
std::string bundle_member_name(const std::string &path, size_t index);

// The bytes of the file at path, unchecked; ProfileFileError naming it as given
// when it cannot be read.
std::vector<unsigned char> read_profile_bytes(const std::string &path);

// Reads and parses the file at path: its profile, or its bundle's members;
// errors name it as given.
std::vector<Profile> read_profile(const std::string &path);
// The profiles of every file, in order, bundles expanded and directories read
// for their *.hotline files in name order; a process's dump is left out (with a note on
// stderr) when a later dump or profile of that process is among them.
std::vector<Profile> read_profiles(const std::vector<std::string> &paths);
// The same profiles, handed to `use` one at a time as each file is read: only
// one file's profiles are in memory at once.
void for_each_profile(const std::vector<std::string> &paths,
                      const std::function<void(Profile &&)> &use);

} // namespace hotline::profile
