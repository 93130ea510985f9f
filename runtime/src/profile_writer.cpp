// Serializes the recorded state into the profile format and writes it atomically.
#include "profile_writer.h"

#include "profile_assembly.h"
#include "program_code.h"
#include "recording_control.h"

#include "byte_buffer.h"
#include "call_targets.h"
#include "cuda_tracing.h"
#include "duration_histograms.h"
#include "fatal_signals.h"
#include "heap_tracking.h"
#include "io_tracking.h"
#include "job.h"
#include "live.h"
#include "loaded_objects.h"
#include "modules.h"
#include "mpi_tracking.h"
#include "pc_table.h"
#include "regions.h"
#include "runtime.h"
#include "runtime_scope.h"
#include "sampling.h"
#include "start_end_ranges.h"
#include "string_table.h"
#include "sync_tracking.h"
#include "system_sampler.h"
#include "threads.h"
#include "timing_cost.h"
#include "tracing.h"

#include <hotline/profile_format.h>

#include <algorithm>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#ifndef HOTLINE_VERSION_STRING
#define HOTLINE_VERSION_STRING "unknown"
#endif

namespace hotline::rt {

namespace {

// Reads a whole small file (/proc/self/cmdline) into buf; returns its length.
size_t read_small_file(const char *path, char *buf, size_t capacity) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  size_t n = 0;
  while (n < capacity) {
    ssize_t got = read(fd, buf + n, capacity - n);
    if (got <= 0)
      break;
    n += size_t(got);
  }
  close(fd);
  return n;
}

struct RunFacts {
  char program[4096];
  char command_line[8192];
  char host[256];
};

void collect_run_facts(RunFacts &facts) {
  ssize_t n = readlink("/proc/self/exe", facts.program, sizeof facts.program - 1);
  facts.program[n > 0 ? n : 0] = '\0';
  size_t length =
      read_small_file("/proc/self/cmdline", facts.command_line, sizeof facts.command_line - 1);
  for (size_t i = 0; i + 1 < length; ++i)
    if (facts.command_line[i] == '\0')
      facts.command_line[i] = ' ';
  facts.command_line[length] = '\0';
  if (gethostname(facts.host, sizeof facts.host) != 0)
    facts.host[0] = '\0';
  facts.host[sizeof facts.host - 1] = '\0';
}

// Read when the runtime starts: /proc/self/exe cannot be read once the main thread has ended
// (pthread_exit from main), and the profile is written after that.
RunFacts g_facts;

const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

// The OBJECTS section: addresses in the profile become object-relative, as in the object's
// file, so that a symbolizer can read them after the process is gone.
void add_objects(StringTable &strings, const char *program, const LoadedObjects &loaded,
                 ByteBuffer &objects, ByteBuffer &build_ids) {
  for (uint32_t i = 0; i < loaded.count(); ++i) {
    // The loader names the main executable "" (it comes first); the vDSO keeps its name.
    const char *path = i == 0 && !loaded.path(i)[0] ? program : loaded.path(i);
    uint32_t flags =
        i > 0 && is_profiler_library(loaded.load_address(i)) ? HOTLINE_OBJECT_PROFILER : 0;
    objects.append_record(hotline_object_record{loaded.load_address(i), strings.add(path), flags});
    if (loaded.build_id(i)[0])
      build_ids.append_record(hotline_object_build_id_record{i, strings.add(loaded.build_id(i))});
  }
}

struct RelativeAddress {
  uint64_t address;
  uint32_t object;
};
RelativeAddress relative(const LoadedObjects &loaded, uint64_t pc) {
  uint32_t object = loaded.find(pc);
  return {object == HOTLINE_NO_OBJECT ? pc : pc - loaded.load_address(object), object};
}

// The SAMPLING and SAMPLES sections (line mode); false when out of memory. The samples that
// fell in the runtime's own code are one record, its profiler overhead.
bool add_samples(StringTable &strings, const LoadedObjects &loaded, ByteBuffer &sampling,
                 ByteBuffer &samples) {
  SampleSnapshot snapshot = snapshot_samples();
  if (!snapshot.table)
    return false;
  hotline_sampling_record record{
      snapshot.period_ns, snapshot.samples, snapshot.dropped, strings.add(snapshot.method),
      line_mode_registered() ? HOTLINE_SAMPLING_LINES : HOTLINE_SAMPLING_STOPPED_TIMING};
  sampling.append_record(record);
  uint64_t in_runtime = 0;
  snapshot.table->for_each([&](uint64_t pc, uint64_t count) {
    if (in_runtime_code(pc)) {
      in_runtime += count;
      return;
    }
    RelativeAddress at = relative(loaded, pc);
    samples.append_record(hotline_sample_record{at.address, at.object, 0, count});
  });
  if (in_runtime > 0)
    samples.append_record(hotline_sample_record{0, HOTLINE_PROFILER_CODE, 0, in_runtime});
  PcTable::destroy(snapshot.table);
  return true;
}

// The thread, call node and address fields shared by memory, I/O and sync records.
struct PlaceFields {
  uint32_t thread, node;
  uint64_t address;
  uint32_t object;
};
PlaceFields place_fields(const PlaceKey &key, const LoadedObjects &loaded) {
  // Address 0 is the pooled record's, which stands for many places.
  RelativeAddress at = key.pc ? relative(loaded, key.pc) : RelativeAddress{0, HOTLINE_NO_OBJECT};
  if (!key.thread) // before the runtime started, at a thread's exit, or pooled
    return {HOTLINE_NO_THREAD, HOTLINE_NO_PARENT, at.address, at.object};
  uint32_t node =
      !key.node || key.node == &key.thread->root ? HOTLINE_NO_PARENT : key.node->index - 1;
  return {key.thread->profile_index, node, at.address, at.object};
}

// Fills the place fields that memory, I/O, sync, MPI and GPU records share.
template <typename Record>
void set_place(Record &r, const PlaceKey &key, const LoadedObjects &loaded) {
  PlaceFields at = place_fields(key, loaded);
  r.thread = at.thread;
  r.node = at.node;
  r.address = at.address;
  r.object = at.object;
}

// The same, with the library a call placed at the program's call into it was made from.
template <typename Record>
void set_place_and_via(Record &r, const PlaceKey &key, const LoadedObjects &loaded) {
  set_place(r, key, loaded);
  r.via_object = key.via_pc ? loaded.find(key.via_pc) : HOTLINE_NO_OBJECT;
}

// The HEAP and MEMORY_SITES sections.
void add_heap(const LoadedObjects &loaded, uint64_t runtime_resident_bytes, ByteBuffer &heap,
              ByteBuffer &sites) {
  hotline_heap_record totals{};
  totals.runtime_resident_bytes = runtime_resident_bytes;
  heap_places().for_each([&](const HeapPlace &place) {
    HeapPlace h = recorded_heap_place(place);
    HeapCounts c = counts(h);
    if (recording_windowed() && !(c.allocations | c.frees | h.inherited_blocks) &&
        live_bytes(place) == 0)
      return; // its calls were all while the recording was stopped, and left nothing live
    hotline_memory_site_record r{};
    set_place_and_via(r, h.key, loaded);
    r.allocations = c.allocations;
    r.allocated_bytes = c.allocated_bytes;
    r.frees = c.frees;
    r.freed_bytes = c.freed_bytes;
    r.peak_live_bytes = heap_count(h.peak_live_bytes);
    r.temporaries = heap_count(h.temporaries);
    r.temporary_bytes = heap_count(h.temporary_bytes);
    r.inherited_blocks = h.inherited_blocks; // set once, at the fork
    r.inherited_bytes = h.inherited_bytes;
    sites.append_record(r);
    totals.inherited_blocks += r.inherited_blocks;
    totals.inherited_bytes += r.inherited_bytes;
    totals.allocations += r.allocations;
    totals.allocated_bytes += r.allocated_bytes;
    totals.frees += r.frees;
    totals.freed_bytes += r.freed_bytes;
  });
  HeapTotals process = heap_totals();
  totals.peak_live_bytes = process.peak_live_bytes;
  totals.untracked_frees = process.untracked_frees;
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) == 0)
    totals.peak_rss_bytes = uint64_t(usage.ru_maxrss) * 1024;
  totals.flags = heap_tracking_on() ? HOTLINE_HEAP_TRACKED : 0;
  heap.append_record(totals);
}

// The FILES and IO_SITES sections.
void add_io(StringTable &strings, const LoadedObjects &loaded, const TickConverter &time,
            ByteBuffer &files, ByteBuffer &sites) {
  for_each_file(
      [&](const char *path) { files.append_record(hotline_file_record{strings.add(path), 0}); });
  io_places().for_each([&](const IoPlace &place) {
    IoPlace p = recorded_io_place(place);
    if (recording_windowed() && !(p.reads | p.writes | p.opens | p.syncs | p.maps))
      return; // its calls were all while the recording was stopped
    auto get = [](const uint64_t &field) { return __atomic_load_n(&field, __ATOMIC_RELAXED); };
    hotline_io_site_record r{};
    set_place_and_via(r, p.key, loaded);
    r.file = p.key.detail;
    r.reads = get(p.reads);
    r.read_bytes = get(p.read_bytes);
    r.read_ns = time.duration_ns(get(p.read_ticks));
    r.writes = get(p.writes);
    r.write_bytes = get(p.write_bytes);
    r.write_ns = time.duration_ns(get(p.write_ticks));
    r.opens = get(p.opens);
    r.open_ns = time.duration_ns(get(p.open_ticks));
    r.syncs = get(p.syncs);
    r.sync_ns = time.duration_ns(get(p.sync_ticks));
    r.maps = get(p.maps);
    r.mapped_bytes = get(p.mapped_bytes);
    r.map_ns = time.duration_ns(get(p.map_ticks));
    sites.append_record(r);
  });
}

// The thread's regions (REGIONS) and counters (COUNTERS). Regions still open get the time they
// have run until `end` (the write, or the thread's exit).
void add_thread_regions(const ThreadState *t, uint64_t end, StringTable &strings,
                        const TickConverter &time, ByteBuffer &regions, ByteBuffer &counters,
                        ByteBuffer &histograms) {
  const RegionThread *r = __atomic_load_n(&t->regions, __ATOMIC_ACQUIRE);
  if (!r)
    return;
  uint32_t base = uint32_t(regions.size() / sizeof(hotline_region_record));
  uint32_t node_count = __atomic_load_n(&r->node_count, __ATOMIC_ACQUIRE);
  uint32_t depth = __atomic_load_n(&r->depth, __ATOMIC_RELAXED);
  uint64_t recorded_end = recording_end_ticks(end); // open regions are timed until then
  for (uint32_t i = 0; i < node_count; ++i) {
    const RegionNode &n = r->nodes[i];
    auto value = [&](RegionField field, uint64_t v) {
      return recorded_region_value(t, i, field, v);
    };
    uint64_t ticks = value(kRegionTicks, n.inclusive_ticks);
    uint32_t flags = 0;
    for (uint32_t d = 0; d < depth && d < kMaxRegionDepth; ++d)
      if (r->stack[d] == i) {
        uint64_t start = __atomic_load_n(&r->start_ticks[d], __ATOMIC_RELAXED);
        ticks += recorded_end > start ? recorded_end - start : 0;
        flags = HOTLINE_REGION_OPEN_AT_WRITE;
      }
    hotline_region_record record{};
    record.thread = t->profile_index;
    record.parent = n.parent == kNoRegion ? HOTLINE_NO_REGION : base + n.parent;
    record.name = strings.add(region_name(n.name));
    record.flags = flags;
    record.entries = value(kRegionEntries, n.entries);
    record.inclusive_ns = time.duration_ns(ticks);
    record.io_ns = time.duration_ns(value(kRegionIoTicks, n.io_ticks));
    record.sync_ns = time.duration_ns(value(kRegionSyncTicks, n.sync_ticks));
    record.memory_ns = time.duration_ns(value(kRegionMemoryTicks, n.memory_ticks));
    record.gpu_ns = time.duration_ns(value(kRegionGpuTicks, n.gpu_ticks));
    regions.append_record(record);
    for_each_histogram_range(n.histogram, [&](uint64_t lower, uint64_t upper, uint32_t count) {
      histograms.append_record(hotline_histogram_range_record{
          base + i, count, time.duration_ns(lower), time.duration_ns(upper)});
    });
  }
  uint32_t counter_count = __atomic_load_n(&r->counter_count, __ATOMIC_ACQUIRE);
  for (uint32_t i = 0; i < counter_count; ++i) {
    const RegionCounter &c = r->counters[i];
    if (c.node != kNoRegion && c.node >= node_count)
      continue; // its region was added after node_count was read
    hotline_counter_record record{};
    record.thread = t->profile_index;
    record.region = c.node == kNoRegion ? HOTLINE_NO_REGION : base + c.node;
    record.name = strings.add(region_name(c.name));
    record.value = recorded_counter_value(t, i, c.value);
    counters.append_record(record);
  }
}

// The SYNC_SITES section.
void add_sync(const LoadedObjects &loaded, const TickConverter &time, ByteBuffer &sites) {
  sync_places().for_each([&](const SyncPlace &place) {
    SyncPlace p = recorded_sync_place(place);
    if (p.waits == 0 && recording_windowed())
      return; // its waits were all while the recording was stopped
    hotline_sync_site_record r{};
    set_place_and_via(r, p.key, loaded);
    r.kind = p.key.detail;
    r.waits = __atomic_load_n(&p.waits, __ATOMIC_RELAXED);
    r.wait_ns = time.duration_ns(__atomic_load_n(&p.wait_ticks, __ATOMIC_RELAXED));
    sites.append_record(r);
  });
}

// The MPI_SITES section.
void add_mpi(StringTable &strings, const LoadedObjects &loaded, const TickConverter &time,
             ByteBuffer &sites) {
  mpi_places().for_each([&](const MpiPlace &p) {
    hotline_mpi_site_record r{};
    set_place(r, p.key, loaded);
    r.function = strings.add(mpi_function_name(MpiFunction(p.key.detail)));
    r.calls = __atomic_load_n(&p.calls, __ATOMIC_RELAXED);
    r.ns = time.duration_ns(__atomic_load_n(&p.ticks, __ATOMIC_RELAXED));
    r.bytes = __atomic_load_n(&p.bytes, __ATOMIC_RELAXED);
    sites.append_record(r);
  });
}

// The RANGES section: NVTX start/end ranges by name.
void add_ranges(StringTable &strings, const TickConverter &time, ByteBuffer &ranges) {
  struct Context {
    StringTable &strings;
    const TickConverter &time;
    ByteBuffer &ranges;
  } context{strings, time, ranges};
  for_each_range_name(
      [](const RangeTotals &t, void *c) {
        Context &context = *static_cast<Context *>(c);
        hotline_range_record r{};
        r.name = context.strings.add(region_name(t.name));
        r.open = t.open;
        r.count = t.count;
        r.ns = context.time.duration_ns(t.ticks);
        r.min_ns = context.time.duration_ns(t.min_ticks);
        r.max_ns = context.time.duration_ns(t.max_ticks);
        r.other_thread = t.other_thread;
        context.ranges.append_record(r);
      },
      &context);
}

// The CALL_TARGETS section (the plugin's call-targets option): one record per slot of the
// table, the function as an object and an address in it.
void add_call_targets(const LoadedObjects &loaded, uint32_t site_count, ByteBuffer &targets) {
  for_each_call_target([&](uint32_t site, uint64_t target, uint64_t count) {
    if (site >= site_count)
      return; // a module registered after the sites were written
    RelativeAddress at = relative(loaded, target);
    targets.append_record(hotline_call_target_record{at.address, at.object, site, count});
  });
}

// The CUDA sections, for a process that used CUDA: the module's status, the devices, the CUDA
// calls by place, and the GPU records with their call's place as an index into GPU_SITES.
struct GpuSections {
  ByteBuffer cuda, devices, sites, kernels, transfers, syncs, memory;
};

// Whether a time (ns since the run's start) is in a recorded window: always, unless the
// recording was stopped at some point. `windows` is the WINDOWS section's payload.
bool recorded_at_ns(const ByteBuffer &windows, uint64_t ns) {
  if (!recording_windowed())
    return true;
  const auto *w = reinterpret_cast<const hotline_window_record *>(windows.data());
  size_t n = windows.size() / sizeof *w;
  const hotline_window_record *after = std::upper_bound(
      w, w + n, ns, [](uint64_t t, const hotline_window_record &r) { return t < r.start_ns; });
  return after != w && ns <= after[-1].end_ns;
}

// Copies a log's records into their section, each with its site's index, those that `keep`;
// `finish` may change a record further before it is added.
template <typename Record, typename Keep, typename Finish = void (*)(Record &)>
void add_gpu_records(
    ByteBuffer &log, Keep keep, ByteBuffer &section, Finish finish = [](Record &) {}) {
  const auto *kept = reinterpret_cast<const GpuRecord<Record> *>(log.data());
  for (size_t i = 0, n = log.size() / sizeof *kept; i < n; ++i) {
    if (!keep(kept[i].record))
      continue;
    Record r = kept[i].record;
    r.site = kept[i].site ? kept[i].site->index : HOTLINE_NO_GPU_SITE;
    finish(r);
    section.append_record(r);
  }
}

void add_cuda(StringTable &strings, const LoadedObjects &loaded, const TickConverter &time,
              const ByteBuffer &windows, GpuSections &out) {
  hotline_cuda_record status = cuda_status();
  status.message = strings.add(cuda_status_message());
  out.cuda.append_record(status);
  for (uint32_t i = 0; i < gpu_device_count(); ++i) {
    hotline_gpu_device_record d = gpu_device(i);
    d.name = strings.add(gpu_device_name(i));
    out.devices.append_record(d);
  }
  uint32_t index = 0;
  gpu_site_places().for_each([&](GpuSitePlace &place) {
    place.index = index++;
    GpuSitePlace p = recorded_gpu_site_place(place);
    hotline_gpu_site_record r{};
    set_place(r, p.key, loaded);
    r.api = p.api ? p.api : HOTLINE_GPU_API_OTHER;
    r.function = strings.add(cuda_function_name(p.key.detail));
    r.calls = __atomic_load_n(&p.calls, __ATOMIC_RELAXED);
    r.host_ns = time.duration_ns(__atomic_load_n(&p.host_ticks, __ATOMIC_RELAXED));
    out.sites.append_record(r);
  });

  SpinLockGuard guard(gpu_records_lock());
  // Kernel names: the interned index becomes a string offset.
  ByteBuffer offsets;
  for (uint32_t i = 0; i < gpu_kernel_name_count(); ++i)
    offsets.append_record(strings.add(gpu_kernel_name(i)));
  const auto *name_offsets = reinterpret_cast<const uint32_t *>(offsets.data());
  // The work that ended in a recorded window.
  auto recorded = [&](const auto &r) { return recorded_at_ns(windows, r.end_ns); };
  add_gpu_records<hotline_gpu_kernel_record>(
      gpu_kernel_log(), recorded, out.kernels, [&](hotline_gpu_kernel_record &r) {
        r.name = r.name < gpu_kernel_name_count() && name_offsets ? name_offsets[r.name] : 0;
      });
  add_gpu_records<hotline_gpu_transfer_record>(gpu_transfer_log(), recorded, out.transfers);
  add_gpu_records<hotline_gpu_sync_record>(gpu_sync_log(), recorded, out.syncs);
  // Allocations and frees by time: CUPTI delivers each buffer in order, buffers nearly so. All
  // of them, in windows or not: the device memory in use at each time is their sum.
  add_gpu_records<hotline_gpu_memory_record>(
      gpu_memory_log(), [](const auto &) { return true; }, out.memory);
  auto *memory = reinterpret_cast<hotline_gpu_memory_record *>(out.memory.data());
  for (size_t i = 1, n = out.memory.size() / sizeof *memory; i < n; ++i)
    for (size_t j = i; j > 0 && memory[j - 1].time_ns > memory[j].time_ns; --j) {
      hotline_gpu_memory_record moved = memory[j];
      memory[j] = memory[j - 1];
      memory[j - 1] = moved;
    }
}

// The sections a thread's timeline goes into, by kind.
struct TraceSections {
  ByteBuffer events; // TRACE_EVENTS: kinds 1 to 8
  ByteBuffer waits;  // TRACE_WAITS
  ByteBuffer ranges; // TRACE_RANGES
};

// The thread's timeline, each event into its section. Returns the events it dropped.
uint64_t add_thread_trace(const ThreadState *t, StringTable &strings, const TickConverter &time,
                          const ByteBuffer &windows, TraceSections &sections) {
  const TraceBuffer *b = __atomic_load_n(&t->trace, __ATOMIC_ACQUIRE);
  if (!b)
    return 0;
  for (const TraceSegment *s = b->first; s; s = __atomic_load_n(&s->next, __ATOMIC_ACQUIRE))
    for (uint32_t i = 0, n = __atomic_load_n(&s->used, __ATOMIC_ACQUIRE); i < n; ++i) {
      const TraceEvent &e = s->events[i];
      hotline_trace_event_record r{};
      r.start_ns = time.since_origin_ns(e.start_ticks);
      r.end_ns = time.since_origin_ns(e.end_ticks);
      if (!recorded_at_ns(windows, r.end_ns))
        continue; // ended while the recording was stopped
      r.value = e.value;
      r.thread = t->profile_index;
      r.kind = e.kind;
      if (e.kind == HOTLINE_TRACE_CALL)
        r.id = e.id - 1; // as written in CALL_TREE, without the root
      else if (e.kind == HOTLINE_TRACE_REGION || e.kind == HOTLINE_TRACE_RANGE)
        r.id = strings.add(region_name(e.id));
      else
        r.id = e.id;
      ByteBuffer &section = e.kind == HOTLINE_TRACE_WAIT    ? sections.waits
                            : e.kind == HOTLINE_TRACE_RANGE ? sections.ranges
                                                            : sections.events;
      section.append_record(r);
    }
  return __atomic_load_n(&b->dropped, __ATOMIC_RELAXED);
}

// Writes the pieces in order, as one file, without copying them together first (a copy of
// a 160 kB profile was 40 page faults, a tenth of an empty program's start and exit).
bool write_all(int fd, iovec *pieces, int count) {
  while (count > 0) {
    ssize_t n = writev(fd, pieces, count < IOV_MAX ? count : IOV_MAX);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    size_t done = size_t(n);
    for (; count > 0 && done >= pieces->iov_len; ++pieces, --count)
      done -= pieces->iov_len;
    if (count > 0) { // the rest of a piece written in part
      pieces->iov_base = static_cast<char *>(pieces->iov_base) + done;
      pieces->iov_len -= done;
    }
  }
  return true;
}

// Moves the finished temporary file to its final name without replacing anything: an
// existing profile of the same name (pid reuse) makes us pick "<name>.1", "<name>.2", ...
bool take_final_name(const char *temp_path, const char *dir, const char *stem, char *final_path,
                     size_t capacity) {
  for (int attempt = 0; attempt < 1000; ++attempt) {
    if (attempt == 0)
      snprintf(final_path, capacity, "%s/%s.hotline", dir, stem);
    else
      snprintf(final_path, capacity, "%s/%s.%d.hotline", dir, stem, attempt);
    if (link(temp_path, final_path) == 0) {
      unlink(temp_path);
      return true;
    }
    if (errno != EEXIST)
      break;
  }
  return false;
}

// Creates the file the profile is written into before it is linked to its name: at an
// unpredictable name beside it (`.STEM.RANDOM.hotline.tmp`), never following a link and never
// reusing a file, so that nothing planted at a name known in advance can make the profile fail
// (or go elsewhere). Returns the descriptor, or -1 with errno.
int create_temporary(const char *dir, const char *stem, char *temp_path, size_t capacity) {
  for (int attempt = 0; attempt < 16; ++attempt) {
    uint64_t random = 0;
    if (syscall(SYS_getrandom, &random, sizeof random, GRND_NONBLOCK) != sizeof random)
      random = (now_ticks() ^ uint64_t(getpid()) << 40) * 0x9e3779b97f4a7c15u; // no entropy yet
    snprintf(temp_path, capacity, "%s/.%s.%016llx.hotline.tmp", dir, stem,
             (unsigned long long)random);
    int fd = open(temp_path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd >= 0 || errno != EEXIST)
      return fd;
  }
  return -1;
}

bool g_written = false;
char g_published_path[8192]; // the last profile written, "" when none
char g_withdrawn_path[8192]; // the last profile withdrawn (a failed exec's): already announced

// The runtime's state as the profile's sections: the buffers that hold their payloads until
// the file is written, and which of them the file holds.
struct CollectedProfile {
  StringTable strings;
  ByteBuffer run, modules, module_builds, sites, site_counts, threads, call_tree, timing_cost,
      timing_stopped, objects, object_build_ids, heap, memory_sites, files, io_sites, system,
      system_samples, regions, counters, sync_sites, sampling, samples, trace, job, mpi_sites,
      call_targets, ranges, tags, windows, call_histograms, region_histograms;
  GpuSections gpu;
  TraceSections trace_sections;
  ProfileSections sections;   // the buffers above, by kind
  bool out_of_memory = false; // a table the sections are made from could not be made
};

// The MODULES, MODULE_BUILDS, SITES and TIMING_STOPPED sections, from the modules registered
// now. Returns whether a module said how it was built.
bool collect_modules(CollectedProfile &out) {
  bool any_build = false;
  for_each_module([&](const ModuleEntry &m) {
    hotline_module_record record{out.strings.add(m.object_path), out.strings.add(m.source_file),
                                 m.site_base, m.site_count};
    uint32_t module_index = uint32_t(out.modules.size() / sizeof record);
    out.modules.append_record(record);
    out.module_builds.append_record(hotline_module_build_record{out.strings.add(m.build)});
    any_build |= m.build[0] != '\0';
    const __hotline_site *sites = __atomic_load_n(&m.sites, __ATOMIC_ACQUIRE);
    if (sites)
      map_pages(sites, sizeof *sites * m.site_count);
    // Consecutive sites mostly share their strings (a function's lines: its names and its
    // file), and the module's strings are constants: each is looked up once in a row.
    struct LastString {
      const char *pointer = nullptr;
      uint32_t offset = 0;
    } last_name, last_linkage_name, last_file;
    auto add_constant = [&](LastString &last, const char *s) {
      if (s != last.pointer)
        last = {s, out.strings.add(s)};
      return last.offset;
    };
    auto text = [&](int64_t offset) { return __hotline_site_text(sites, offset); };
    for (uint32_t i = 0; i < m.site_count; ++i) {
      hotline_site_record site{};
      site.name = add_constant(last_name, sites ? text(sites[i].name) : "<unloaded module>");
      site.linkage_name = add_constant(last_linkage_name, sites ? text(sites[i].linkage_name) : "");
      site.file = add_constant(last_file, sites ? text(sites[i].file) : "");
      site.line = sites ? sites[i].line : 0;
      site.kind = sites ? sites[i].kind : HOTLINE_SITE_FUNCTION;
      site.module = module_index;
      // Module-local indices become indices into SITES.
      auto global = [&](uint32_t local) {
        return local < m.site_count ? m.site_base + local : HOTLINE_NO_SITE;
      };
      site.column = sites ? sites[i].column : 0;
      site.counter = sites ? global(sites[i].counter) : m.site_base + i;
      site.function = sites ? global(sites[i].function) : m.site_base + i;
      site.loop = sites ? global(sites[i].loop) : HOTLINE_NO_SITE;
      site.facts = out.strings.add(sites ? text(sites[i].facts) : "");
      site.discriminator = sites ? sites[i].discriminator : 0;
      out.sites.append_record(site);
      uint32_t id = m.site_base + i;
      if (timing_stopped(id))
        out.timing_stopped.append_record(id);
    }
  });
  return any_build;
}

// One thread's THREADS record, its call tree and its nodes' histograms (with the calls still open
// timed until `end`, and exclusive times), its regions and its trace. Returns the trace events it
// dropped.
uint64_t collect_thread(ThreadState *t, bool running, uint32_t index, const TickConverter &time,
                        ClockPair end, CollectedProfile &out) {
  bool exited = __atomic_load_n(&t->exited, __ATOMIC_ACQUIRE);

  hotline_thread_record record{};
  record.tid = uint64_t(t->tid);
  record.start_ns = time.since_origin_ns(t->start_ticks);
  record.end_ns = time.since_origin_ns(exited ? t->end_ticks : end.ticks);
  record.first_node = uint32_t(out.call_tree.size() / sizeof(hotline_call_node_record));
  record.name = out.strings.add(t->name);
  t->profile_index = index;
  record.flags = running ? HOTLINE_THREAD_RUNNING_AT_WRITE : 0;
  record.memory_ns = time.duration_ns(__atomic_load_n(&t->memory_ticks, __ATOMIC_RELAXED));
  uint32_t node_count = 0;
  static_assert(kOtherCallPathsSite == HOTLINE_OTHER_CALL_PATHS);
  for_each_node(t, [&](const CallNode &n) {
    if (&n == &t->root)
      return;
    hotline_call_node_record node{};
    node.site = n.site;
    node.parent = n.parent == &t->root ? HOTLINE_NO_PARENT : n.parent->index - 1;
    node.calls = recorded_node_value(t, n.index, kNodeCalls, n.calls);
    node.inclusive_ns =
        time.duration_ns(recorded_node_value(t, n.index, kNodeTicks, n.inclusive_ticks));
    node.window_calls = recorded_node_value(t, n.index, kNodeWindowCalls, n.window_calls);
    node.window_ns =
        time.duration_ns(recorded_node_value(t, n.index, kNodeWindowTicks, n.window_ticks));
    out.call_tree.append_record(node);
    for_each_histogram_range(n.histogram, [&](uint64_t lower, uint64_t upper, uint32_t count) {
      out.call_histograms.append_record(hotline_histogram_range_record{
          record.first_node + node_count, count, time.duration_ns(lower), time.duration_ns(upper)});
    });
    ++node_count;
  });
  auto *first =
      reinterpret_cast<hotline_call_node_record *>(out.call_tree.data()) + record.first_node;
  // Calls still open (this thread's, inside a call of exit; a running thread's), timed until
  // now, or until the recording stopped (those opened since are left out). A frame may name a
  // node made after the loop above: that one is left out. In a forked child, the frames open at
  // the fork are the parent's calls: their node's count comes back to 0 here (threads.cpp),
  // and they are not marked open.
  uint64_t recorded_end = recording_end_ticks(end.ticks);
  uint32_t depth = 0;
  const CallNode *outer = nullptr;
  if (!exited && !out.call_tree.failed())
    for_each_open_frame(t, [&](const Frame &frame) {
      bool inherited = depth++ < t->inherited_depth;
      bool nested = frame.node && frame.node == outer; // in paths beyond the limit (threads.h)
      outer = frame.node;
      if (nested || !frame.node || frame.node->index == 0 || frame.node->index > node_count ||
          frame.start_ticks > recorded_end)
        return;
      hotline_call_node_record &open = first[frame.node->index - 1];
      open.calls++;
      open.open_calls += inherited ? 0 : 1;
      open.inclusive_ns += time.duration_ns(recorded_end - frame.start_ticks);
    });
  // Exclusive time: inclusive minus the children's inclusive, clamped at zero (rounding).
  for (uint32_t i = 0; i < node_count; ++i)
    first[i].exclusive_ns = first[i].inclusive_ns;
  for (uint32_t i = 0; i < node_count; ++i)
    if (first[i].parent != HOTLINE_NO_PARENT) {
      hotline_call_node_record &parent = first[first[i].parent];
      parent.exclusive_ns -=
          parent.exclusive_ns < first[i].inclusive_ns ? parent.exclusive_ns : first[i].inclusive_ns;
    }
  record.node_count = node_count;
  out.threads.append_record(record);
  add_thread_regions(t, exited ? t->end_ticks : end.ticks, out.strings, time, out.regions,
                     out.counters, out.region_histograms);
  return add_thread_trace(t, out.strings, time, out.windows, out.trace_sections);
}

// The WINDOWS section: the recorded spans, when the recording was ever stopped.
void add_windows(const TickConverter &time, uint64_t end, ByteBuffer &windows) {
  static RecordedWindow spans[kMaxWindows]; // under the recording control's lock
  for (uint32_t i = 0, n = recorded_windows(end, spans); i < n; ++i)
    windows.append_record(hotline_window_record{time.since_origin_ns(spans[i].start_ticks),
                                                time.since_origin_ns(spans[i].end_ticks)});
}

// The RUN, JOB, TRACE and TIMING_COST records.
void collect_run_records(ClockPair start, ClockPair end, ClockPair calibration_end,
                         const TickConverter &time, const TimingCost &cost, uint32_t thread_count,
                         bool incomplete, bool dump, uint64_t trace_dropped_events,
                         CollectedProfile &out) {
  const RunFacts &facts = g_facts;
  hotline_run_record run{};
  run.pid = uint64_t(getpid());
  run.parent_pid = uint64_t(getppid());
  run.start_unix_ns = runtime_start_unix_ns();
  run.wall_ns = end.mono_ns - start.mono_ns;
  run.start_ticks = start.ticks;
  run.end_ticks = calibration_end.ticks;
  run.start_mono_ns = start.mono_ns;
  run.end_mono_ns = calibration_end.mono_ns;
  run.program = out.strings.add(facts.program);
  run.command_line = out.strings.add(facts.command_line);
  run.host = out.strings.add(facts.host);
  run.clock_source = out.strings.add(clock_source_name());
  run.runtime_version = out.strings.add(HOTLINE_VERSION_STRING);
  run.thread_count = thread_count;
  run.flags = (incomplete ? HOTLINE_RUN_INCOMPLETE : 0) | (dump ? HOTLINE_RUN_DUMP : 0) |
              hooks_not_in_effect();
  run.max_call_paths = uint32_t(g_max_call_paths);
  out.run.append_record(run);
  const Options &o = options();
  out.job.append_record(
      hotline_job_record{job().rank, job().world_size, out.strings.add(job().launcher), 0});
  out.trace.append_record(hotline_trace_record{o.trace_min_ns, o.trace_allocation_bytes,
                                               trace_dropped_events, uint32_t(o.trace_events), 0});
  hotline_timing_cost_record cost_record{time.duration_ps(cost.self_ticks),
                                         time.duration_ps(cost.caller_ticks),
                                         time.duration_ps(cost.untimed_call_ticks)};
  out.timing_cost.append_record(cost_record);
}

// Which buffer each section is, and whether it is written.
void point_sections(CollectedProfile &out, bool module_builds, bool sampled, bool cuda, bool mpi) {
  const Options &o = options();
  ProfileSections &sections = out.sections;
  sections.run = {&out.run};
  sections.strings = {&out.strings.bytes()};
  sections.modules = {&out.modules};
  sections.module_builds = {&out.module_builds, module_builds};
  sections.sites = {&out.sites};
  sections.site_counts = {&out.site_counts};
  sections.threads = {&out.threads};
  sections.call_tree = {&out.call_tree};
  sections.timing_cost = {&out.timing_cost};
  sections.timing_stopped = {&out.timing_stopped};
  sections.objects = {&out.objects};
  sections.object_build_ids = {&out.object_build_ids};
  sections.heap = {&out.heap};
  sections.memory_sites = {&out.memory_sites};
  sections.files = {&out.files};
  sections.io_sites = {&out.io_sites};
  sections.system = {&out.system};
  sections.system_samples = {&out.system_samples};
  sections.regions = {&out.regions};
  sections.counters = {&out.counters};
  sections.sync_sites = {&out.sync_sites};
  sections.sampling = {&out.sampling, sampled};
  sections.samples = {&out.samples, sampled};
  sections.cuda = {&out.gpu.cuda, cuda};
  sections.gpu_devices = {&out.gpu.devices, cuda};
  sections.gpu_sites = {&out.gpu.sites, cuda};
  sections.gpu_kernels = {&out.gpu.kernels, cuda};
  sections.gpu_transfers = {&out.gpu.transfers, cuda};
  sections.gpu_syncs = {&out.gpu.syncs, cuda};
  sections.gpu_memory = {&out.gpu.memory, cuda};
  sections.trace = {&out.trace, o.trace};
  sections.trace_events = {&out.trace_sections.events, o.trace};
  sections.trace_waits = {&out.trace_sections.waits, out.trace_sections.waits.size() > 0};
  sections.trace_ranges = {&out.trace_sections.ranges, out.trace_sections.ranges.size() > 0};
  sections.job = {&out.job, job().launched};
  sections.mpi_sites = {&out.mpi_sites, mpi};
  sections.call_targets = {&out.call_targets, out.call_targets.size() > 0};
  sections.ranges = {&out.ranges, out.ranges.size() > 0};
  sections.tags = {&out.tags, out.tags.size() > 0};
  sections.windows = {&out.windows, recording_windowed()};
  sections.call_histograms = {&out.call_histograms, histograms_on()};
  sections.region_histograms = {&out.region_histograms, histograms_on()};
}

// Reads the runtime's state (every thread's, the heap's, the CUDA module's, ...) into `out`;
// `self` is the writing thread's state, or null. A dump's writing thread goes on afterwards,
// sampled as before.
void collect_profile(ThreadState *self, bool dump, CollectedProfile &out) {
  bool sampled = line_mode_registered() || sampling_wanted(); // line mode: even with no rate
  flush_cuda_records(); // before the clock is read: its records are part of the run
  if (sampled && self && !dump)
    stop_thread_sampling(self);
  // Before the buffers that assemble the profile take any memory of their own.
  uint64_t runtime_bytes = runtime_resident_bytes();
  ClockPair start = runtime_start_clock();
  ClockPair end = read_clock_pair();
  uint64_t end_cpu_ns = process_cpu_ns();
  // Each clock pair is within about 25 ns of the truth (read_clock_pair), so a window of
  // 200 us puts the tick rate within 2.5e-4 of it: a short program waits for no more than
  // that (a millisecond was most of an empty program's cost over plain).
  ClockPair calibration_end = end;
  while (calibration_end.mono_ns - start.mono_ns < 200000)
    calibration_end = read_clock_pair();
  TickConverter time = make_tick_converter(start, calibration_end);
  const TimingCost &cost = timing_cost();
  add_windows(time, end.ticks, out.windows); // first: what the other sections keep depends on it

  if (!g_facts.program[0]) // remember_run_facts did not run, or /proc was not there yet
    collect_run_facts(g_facts);
  const RunFacts &facts = g_facts;
  uint64_t trace_dropped_events = trace_dropped();

  uint32_t site_count = registered_site_count();
  out.sites.expect(sizeof(hotline_site_record) * site_count);
  bool module_builds = collect_modules(out);

  uint64_t *totals = static_cast<uint64_t *>(reserve_pages(sizeof(uint64_t) * (site_count + 1)));
  if (totals) {
    commit_pages(totals, sizeof(uint64_t) * (site_count + 1)); // every slot is written
    add_exited_thread_counts(totals, site_count);
  }

  const uint8_t *max_sites = max_counter_sites();
  uint32_t thread_count = 0;
  bool incomplete = false;
  for (ThreadState *t = all_threads(); t; t = t->next) {
    bool exited = __atomic_load_n(&t->exited, __ATOMIC_ACQUIRE);
    if (!exited && totals && t->counters) {
      map_pages(t->counters, sizeof(uint64_t) * site_count); // most of them never written
      for (uint32_t i = 0; i < site_count; ++i)
        totals[i] = combine_counts(
            max_sites, i, totals[i],
            recorded_site_count(t, i, __atomic_load_n(&t->counters[i], __ATOMIC_RELAXED)));
    }
    bool running = !exited && t != self;
    incomplete |= running;
    trace_dropped_events += collect_thread(t, running, thread_count, time, end, out);
    ++thread_count;
  }
  if (totals) {
    add_implied_counts([&](uint32_t site) -> uint64_t & { return totals[site]; }, site_count);
    out.site_counts.expect(sizeof(uint64_t) * site_count);
    out.site_counts.append(totals, sizeof(uint64_t) * site_count);
  }
  release_pages(totals, sizeof(uint64_t) * (site_count + 1));

  LoadedObjects loaded;
  bool objects_collected = loaded.collect();
  add_objects(out.strings, facts.program, loaded, out.objects, out.object_build_ids);
  bool samples_added = !sampled || add_samples(out.strings, loaded, out.sampling, out.samples);
  add_heap(loaded, runtime_bytes, out.heap, out.memory_sites);
  add_io(out.strings, loaded, time, out.files, out.io_sites);
  add_sync(loaded, time, out.sync_sites);
  add_call_targets(loaded, site_count, out.call_targets);
  add_ranges(out.strings, time, out.ranges);
  for_each_tag(
      options().tags,
      [&](const char *key, const char *value) {
        out.tags.append_record(hotline_tag_record{out.strings.add(key), out.strings.add(value)});
      },
      [](const char *) {});
  bool mpi = mpi_seen();
  if (mpi)
    add_mpi(out.strings, loaded, time, out.mpi_sites);
  out.system.append_record(system_totals(end_cpu_ns));
  copy_system_samples(out.system_samples);
  bool cuda = cuda_seen();
  if (cuda)
    add_cuda(out.strings, loaded, time, out.windows, out.gpu);

  collect_run_records(start, end, calibration_end, time, cost, thread_count, incomplete, dump,
                      trace_dropped_events, out);
  point_sections(out, module_builds, sampled, cuda, mpi);
  out.out_of_memory = !totals || !objects_collected || !samples_added;
}

// Writes the assembled profile into a temporary file in the output directory and gives it its
// final name, "<program>.<pid>.hotline" (with the rank: "<program>.<rank>.<pid>.hotline"),
// saying where on stderr. The pieces' lengths are used up as they are written.
void publish_profile(AssembledProfile &profile, const RunFacts &facts, uint32_t dump) {
  const char *dir = options().output_dir;
  static char stem[4200], temp_path[8192], dump_path[8192];
  char *final_path = dump ? dump_path : g_published_path; // a failed exec withdraws the latter
  final_path[0] = '\0';
  const char *program = base_name(facts.program[0] ? facts.program : "program");
  int n = job().launched
              ? snprintf(stem, sizeof stem, "%s.%u.%d", program, job().rank, int(getpid()))
              : snprintf(stem, sizeof stem, "%s.%d", program, int(getpid()));
  if (dump && n > 0 && size_t(n) < sizeof stem)
    snprintf(stem + n, sizeof stem - size_t(n), ".dump-%u", dump);
  int fd = create_temporary(dir, stem, temp_path, sizeof temp_path);
  if (fd < 0) {
    report_problem("cannot write the profile into %s: %s", dir, strerror(errno));
    return;
  }
  bool written = write_all(fd, profile.pieces, profile.piece_count);
  int write_errno = errno;
  if (close(fd) != 0 && written) {
    written = false;
    write_errno = errno;
  }
  if (!written) {
    unlink(temp_path);
    report_problem("cannot write the profile %s: %s", temp_path, strerror(write_errno));
  } else if (!take_final_name(temp_path, dir, stem, final_path, sizeof dump_path)) {
    final_path[0] = '\0';
    report_problem("cannot name the profile in %s: %s (left at %s)", dir, strerror(errno),
                   temp_path);
  } else if (!options().quiet && strcmp(final_path, g_withdrawn_path) != 0) {
    report_problem("%s written to %s", dump ? "dump" : "profile", final_path);
  }
}

// Collects, assembles and publishes a profile: the last one (dump 0) or a dump.
void write_profile_now(uint32_t dump) {
  int saved_errno = errno;
  RuntimeScope scope;                   // its allocations and file writes are not the program's
  ThreadState *self = current_thread(); // null on the runtime's own threads
  ProgramCodeHidden hidden; // what the C library calls while writing (a program's own malloc)
  // Writing is the runtime's work, not the program's; and it allocates, while the handler
  // must only ever see a table that nobody else writes.
  CollectedProfile collected;
  collect_profile(self, dump != 0, collected);
  AssembledProfile assembled;
  assemble_profile(collected.sections, assembled);
  if (collected.out_of_memory || assembled.out_of_memory)
    report_problem("out of memory while assembling the %s; nothing written",
                   dump ? "dump" : "profile");
  else
    publish_profile(assembled, g_facts, dump);
  errno = saved_errno;
}

uint32_t g_dumps = 0; // dumps written by this process

} // namespace

void write_profile() {
  SentFatalSignalsHeld held;     // fatal_signals.h: the write is finished first
  RecordingControlGuard control; // after a dump being written, and never inside half a stop
  if (__atomic_exchange_n(&g_written, true, __ATOMIC_ACQ_REL))
    return;
  live_stop(); // the live view ends where the profile begins: its file goes
  write_profile_now(0);
}

void write_profile_as_process_ends() {
  keep_pages_until_exit();
  write_profile();
}

void dump_profile() {
  SentFatalSignalsHeld held; // fatal_signals.h: the write is finished first
  RecordingControlGuard control;
  if (__atomic_load_n(&g_written, __ATOMIC_ACQUIRE))
    return; // the process is writing its last profile: that one holds it all
  write_profile_now(++g_dumps);
}

void remember_run_facts() { collect_run_facts(g_facts); }

void withdraw_profile() {
  if (g_published_path[0])
    unlink(g_published_path);
  // Written again at exit under the same name: its line on stderr is not printed twice.
  memcpy(g_withdrawn_path, g_published_path, sizeof g_withdrawn_path);
  g_published_path[0] = '\0';
  __atomic_store_n(&g_written, false, __ATOMIC_RELEASE);
}

} // namespace hotline::rt
