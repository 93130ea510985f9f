// Test-only: builds .hotline byte buffers from the profile_format.h structs,
// valid by default.
#pragma once

#include <hotline/profile_format.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace hotline::test {

using Bytes = std::vector<unsigned char>;

class ProfileBuilder {
public:
  ProfileBuilder() {
    strings_.push_back('\0');
    run_.pid = 123;
    run_.parent_pid = 1;
    run_.start_unix_ns = 1700000000000000000;
    run_.wall_ns = 2000000000;
    run_.start_ticks = 1000;
    run_.end_ticks = 5000001000;
    run_.start_mono_ns = 10;
    run_.end_mono_ns = 2000000010;
    run_.program = string("/home/user/app");
    run_.command_line = string("./app --size 20");
    run_.host = string("node1");
    run_.clock_source = string("tsc");
    run_.runtime_version = string("0.1.0");
  }

  // The offset of s in STRINGS, added on first use.
  uint32_t string(const std::string &s) {
    if (s.empty())
      return 0;
    auto it = string_offsets_.find(s);
    if (it != string_offsets_.end())
      return it->second;
    uint32_t offset = uint32_t(strings_.size());
    strings_.insert(strings_.end(), s.begin(), s.end());
    strings_.push_back('\0');
    string_offsets_[s] = offset;
    return offset;
  }

  // Fields left at their defaults are consistent; tests may corrupt them on
  // purpose.
  hotline_run_record &run() { return run_; }

  uint32_t add_module(const std::string &object_path,
                      const std::string &source_file) {
    modules_.push_back({string(object_path), string(source_file), 0, 0});
    return uint32_t(modules_.size() - 1);
  }

  // Sites of a module must be added together; the module's range is computed by
  // build().
  uint32_t add_site(uint32_t module, const std::string &name,
                    const std::string &linkage_name, const std::string &file,
                    uint32_t line, uint64_t count) {
    uint32_t index = uint32_t(sites_.size());
    sites_.push_back({string(name), string(linkage_name), string(file), line,
                      HOTLINE_SITE_FUNCTION, module, /*column=*/0,
                      /*counter=*/index, /*function=*/index, HOTLINE_NO_SITE,
                      /*facts=*/0, /*discriminator=*/0});
    counts_.push_back(count);
    return uint32_t(sites_.size() - 1);
  }
  hotline_site_record &site(uint32_t index) { return sites_[index]; }

  // Nodes added after this belong to this thread.
  uint32_t add_thread(uint64_t tid, const std::string &name = "") {
    threads_.push_back({});
    threads_.back().record.tid = tid;
    threads_.back().record.start_ns = 0;
    threads_.back().record.end_ns = run_.wall_ns;
    threads_.back().record.name = string(name);
    return uint32_t(threads_.size() - 1);
  }
  hotline_thread_record &thread(uint32_t index) {
    return threads_[index].record;
  }

  // parent is the index of a node of the current thread (as returned here) or
  // HOTLINE_NO_PARENT; exclusive time defaults to inclusive minus the
  // children's inclusive.
  uint32_t add_node(uint32_t site, uint32_t parent, uint64_t calls,
                    uint64_t inclusive_ns) {
    if (threads_.empty())
      throw std::logic_error("add_thread before add_node");
    std::vector<hotline_call_node_record> &nodes = threads_.back().nodes;
    nodes.push_back({site, parent, calls, inclusive_ns, inclusive_ns, 0, 0, 0});
    if (parent != HOTLINE_NO_PARENT && parent < nodes.size() - 1) {
      uint64_t &parent_exclusive = nodes[parent].exclusive_ns;
      parent_exclusive -=
          parent_exclusive < inclusive_ns ? parent_exclusive : inclusive_ns;
    }
    return uint32_t(nodes.size() - 1);
  }
  hotline_call_node_record &node(uint32_t thread, uint32_t index) {
    return threads_[thread].nodes[index];
  }

  // Adds a TIMING_COST section (the runtime's measured cost of one timed call).
  void set_timing_cost(uint64_t self_ps, uint64_t caller_ps, uint64_t untimed_call_ps = 0) {
    timing_cost_ = hotline_timing_cost_record{self_ps, caller_ps, untimed_call_ps};
    has_timing_cost_ = true;
  }

  // An executable or library for the addresses of memory and I/O records
  // (OBJECTS section).
  uint32_t add_object(const std::string &path, uint64_t load_address = 0, uint32_t flags = 0) {
    objects_.push_back({load_address, string(path), flags});
    return uint32_t(objects_.size() - 1);
  }
  void add_build_id(uint32_t object, const std::string &hex) {
    build_ids_.push_back({object, string(hex)});
  }

  // Adds a HEAP section holding this record.
  hotline_heap_record &heap() {
    has_heap_ = true;
    return heap_;
  }

  // `node` is relative to the record's thread, as on disk.
  uint32_t add_memory_site(const hotline_memory_site_record &record) {
    memory_sites_.push_back(record);
    return uint32_t(memory_sites_.size() - 1);
  }
  hotline_memory_site_record &memory_site(uint32_t index) {
    return memory_sites_[index];
  }

  uint32_t add_file(const std::string &path) {
    files_.push_back({string(path), 0});
    return uint32_t(files_.size() - 1);
  }

  uint32_t add_io_site(const hotline_io_site_record &record) {
    io_sites_.push_back(record);
    return uint32_t(io_sites_.size() - 1);
  }
  hotline_io_site_record &io_site(uint32_t index) { return io_sites_[index]; }

  // Adds a SYSTEM section holding this record.
  hotline_system_record &system() {
    has_system_ = true;
    return system_;
  }

  // Adds a SYSTEM_SAMPLES section (written even without a SYSTEM section, for
  // the reader's refusal).
  uint32_t add_system_sample(const hotline_system_sample_record &record) {
    system_samples_.push_back(record);
    return uint32_t(system_samples_.size() - 1);
  }
  hotline_system_sample_record &system_sample(uint32_t index) {
    return system_samples_[index];
  }

  uint32_t add_region(uint32_t thread, uint32_t parent, const std::string &name,
                      uint64_t entries, uint64_t inclusive_ns, uint64_t io_ns = 0,
                      uint64_t sync_ns = 0, uint64_t memory_ns = 0, uint64_t gpu_ns = 0) {
    hotline_region_record record{thread,       parent, string(name), 0,         entries,
                                 inclusive_ns, io_ns,  sync_ns,      memory_ns, gpu_ns};
    regions_.push_back(record);
    return uint32_t(regions_.size() - 1);
  }
  hotline_region_record &region(uint32_t index) { return regions_[index]; }

  void add_counter(uint32_t thread, uint32_t region, const std::string &name, uint64_t value) {
    counters_.push_back({thread, region, string(name), 0, value});
  }

  uint32_t add_sync_site(const hotline_sync_site_record &record) {
    sync_sites_.push_back(record);
    return uint32_t(sync_sites_.size() - 1);
  }

  // Adds a CUDA section holding this record.
  hotline_cuda_record &cuda() {
    has_cuda_ = true;
    return cuda_;
  }

  uint32_t add_gpu_device(uint32_t device, const std::string &name, uint64_t memory_bytes) {
    gpu_devices_.push_back({device, string(name), 9, 0, 132, 0, memory_bytes});
    return uint32_t(gpu_devices_.size() - 1);
  }

  // The GPU records below are written even without a CUDA section, for the
  // reader's refusal. `node` is relative to the record's thread, as on disk.
  uint32_t add_gpu_site(const hotline_gpu_site_record &record) {
    gpu_sites_.push_back(record);
    return uint32_t(gpu_sites_.size() - 1);
  }
  hotline_gpu_site_record &gpu_site(uint32_t index) { return gpu_sites_[index]; }

  uint32_t add_gpu_kernel(const hotline_gpu_kernel_record &record) {
    gpu_kernels_.push_back(record);
    return uint32_t(gpu_kernels_.size() - 1);
  }
  hotline_gpu_kernel_record &gpu_kernel(uint32_t index) { return gpu_kernels_[index]; }

  uint32_t add_gpu_transfer(const hotline_gpu_transfer_record &record) {
    gpu_transfers_.push_back(record);
    return uint32_t(gpu_transfers_.size() - 1);
  }
  hotline_gpu_transfer_record &gpu_transfer(uint32_t index) { return gpu_transfers_[index]; }

  uint32_t add_gpu_sync(const hotline_gpu_sync_record &record) {
    gpu_syncs_.push_back(record);
    return uint32_t(gpu_syncs_.size() - 1);
  }
  hotline_gpu_sync_record &gpu_sync(uint32_t index) { return gpu_syncs_[index]; }

  uint32_t add_gpu_memory(const hotline_gpu_memory_record &record) {
    gpu_memory_.push_back(record);
    return uint32_t(gpu_memory_.size() - 1);
  }
  hotline_gpu_memory_record &gpu_memory(uint32_t index) { return gpu_memory_[index]; }

  // Lists a site in TIMING_STOPPED (the runtime stopped timing it).
  hotline_trace_record &trace() {
    has_trace_ = true;
    return trace_;
  }
  uint32_t add_trace_event(const hotline_trace_event_record &record) {
    trace_events_.push_back(record);
    return uint32_t(trace_events_.size() - 1);
  }
  hotline_trace_event_record &trace_event(uint32_t index) { return trace_events_[index]; }
  // A TRACE_WAITS record.
  uint32_t add_trace_wait(const hotline_trace_event_record &record) {
    trace_waits_.push_back(record);
    return uint32_t(trace_waits_.size() - 1);
  }
  hotline_trace_event_record &trace_wait(uint32_t index) { return trace_waits_[index]; }
  // A TRACE_RANGES record.
  uint32_t add_trace_range(const hotline_trace_event_record &record) {
    trace_ranges_.push_back(record);
    return uint32_t(trace_ranges_.size() - 1);
  }

  // `node` is relative to the record's thread, as on disk.
  uint32_t add_mpi_site(const hotline_mpi_site_record &record) {
    mpi_sites_.push_back(record);
    return uint32_t(mpi_sites_.size() - 1);
  }

  hotline_job_record &job() {
    has_job_ = true;
    return job_;
  }

  void add_timing_stopped(uint32_t site) { timing_stopped_.push_back(site); }
  hotline_range_record &add_range(const std::string &name, uint64_t count, uint64_t ns,
                                  uint64_t min_ns, uint64_t max_ns) {
    ranges_.push_back({string(name), 0, count, ns, min_ns, max_ns, 0});
    return ranges_.back();
  }

  void add_call_target(uint32_t site, uint32_t object, uint64_t address, uint64_t count) {
    call_targets_.push_back({address, object, site, count});
  }

  // Simulates a newer writer: every array record gets this many extra trailing
  // bytes.
  void set_extra_record_bytes(uint32_t n) { extra_record_bytes_ = n; }
  // Writes THREADS, CALL_TREE, REGIONS, TIMING_COST, HEAP and MEMORY_SITES records as
  // profiles did before fields were appended to them (memory_ns, window_calls,
  // untimed_call_ps, inherited_blocks).
  void set_first_record_versions() { first_versions_ = true; }
  // A section of a kind this reader does not know, written first.
  void add_unknown_section(uint32_t kind, const Bytes &payload) {
    unknown_sections_.push_back({kind, payload});
  }
  void set_version(uint32_t version) { version_ = version; }
  void set_omit_section(uint32_t kind) { omitted_kind_ = kind; }

  Bytes build() const {
    Bytes file(sizeof(hotline_file_header));
    uint32_t section_count = 0;
    auto section = [&](uint32_t kind, uint32_t entry_size,
                       const Bytes &payload) {
      if (kind == omitted_kind_)
        return;
      hotline_section_header header{kind, entry_size, payload.size()};
      append(file, &header, sizeof header);
      file.insert(file.end(), payload.begin(), payload.end());
      ++section_count;
    };
    for (const auto &unknown : unknown_sections_)
      section(unknown.kind, 0, unknown.payload);

    std::vector<hotline_module_record> modules = modules_;
    for (uint32_t m = 0; m < modules.size(); ++m) {
      for (uint32_t s = 0; s < sites_.size(); ++s) {
        if (sites_[s].module != m)
          continue;
        if (modules[m].site_count == 0)
          modules[m].first_site = s;
        ++modules[m].site_count;
      }
    }
    std::vector<hotline_thread_record> threads;
    std::vector<hotline_call_node_record> nodes;
    for (const auto &thread : threads_) {
      threads.push_back(thread.record);
      if (!thread.keep_node_range) {
        threads.back().first_node = uint32_t(nodes.size());
        threads.back().node_count = uint32_t(thread.nodes.size());
      }
      nodes.insert(nodes.end(), thread.nodes.begin(), thread.nodes.end());
    }
    hotline_run_record run = run_;
    run.thread_count = uint32_t(threads.size());

    section(HOTLINE_SECTION_RUN, entry_size<hotline_run_record>(),
            records(std::vector<hotline_run_record>{run}));
    section(HOTLINE_SECTION_STRINGS, 0,
            Bytes(strings_.begin(), strings_.end()));
    section(HOTLINE_SECTION_MODULES, entry_size<hotline_module_record>(),
            records(modules));
    section(HOTLINE_SECTION_SITES, entry_size<hotline_site_record>(),
            records(sites_));
    section(HOTLINE_SECTION_SITE_COUNTS, entry_size<uint64_t>(),
            records(counts_));
    if (first_versions_)
      section(HOTLINE_SECTION_THREADS, offsetof(hotline_thread_record, memory_ns),
              record_prefixes(threads, offsetof(hotline_thread_record, memory_ns)));
    else
      section(HOTLINE_SECTION_THREADS, entry_size<hotline_thread_record>(),
              records(threads));
    if (first_versions_)
      section(HOTLINE_SECTION_CALL_TREE, offsetof(hotline_call_node_record, window_calls),
              record_prefixes(nodes, offsetof(hotline_call_node_record, window_calls)));
    else
      section(HOTLINE_SECTION_CALL_TREE, entry_size<hotline_call_node_record>(),
              records(nodes));
    if (!timing_stopped_.empty())
      section(HOTLINE_SECTION_TIMING_STOPPED, entry_size<uint32_t>(),
              records(timing_stopped_));
    if (!call_targets_.empty())
      section(HOTLINE_SECTION_CALL_TARGETS, entry_size<hotline_call_target_record>(),
              records(call_targets_));
    if (!ranges_.empty())
      section(HOTLINE_SECTION_RANGES, entry_size<hotline_range_record>(), records(ranges_));
    if (has_timing_cost_ && first_versions_)
      section(HOTLINE_SECTION_TIMING_COST, offsetof(hotline_timing_cost_record, untimed_call_ps),
              record_prefixes(std::vector<hotline_timing_cost_record>{timing_cost_},
                              offsetof(hotline_timing_cost_record, untimed_call_ps)));
    else if (has_timing_cost_)
      section(HOTLINE_SECTION_TIMING_COST,
              entry_size<hotline_timing_cost_record>(),
              records(std::vector<hotline_timing_cost_record>{timing_cost_}));
    if (!objects_.empty())
      section(HOTLINE_SECTION_OBJECTS, entry_size<hotline_object_record>(),
              records(objects_));
    if (!build_ids_.empty())
      section(HOTLINE_SECTION_OBJECT_BUILD_IDS, entry_size<hotline_object_build_id_record>(),
              records(build_ids_));
    if (has_heap_ && first_versions_)
      section(HOTLINE_SECTION_HEAP, offsetof(hotline_heap_record, inherited_blocks),
              record_prefixes(std::vector<hotline_heap_record>{heap_},
                              offsetof(hotline_heap_record, inherited_blocks)));
    else if (has_heap_)
      section(HOTLINE_SECTION_HEAP, entry_size<hotline_heap_record>(),
              records(std::vector<hotline_heap_record>{heap_}));
    if (!memory_sites_.empty() && first_versions_)
      section(HOTLINE_SECTION_MEMORY_SITES, offsetof(hotline_memory_site_record, inherited_blocks),
              record_prefixes(memory_sites_, offsetof(hotline_memory_site_record, inherited_blocks)));
    else if (!memory_sites_.empty())
      section(HOTLINE_SECTION_MEMORY_SITES,
              entry_size<hotline_memory_site_record>(), records(memory_sites_));
    if (!files_.empty())
      section(HOTLINE_SECTION_FILES, entry_size<hotline_file_record>(),
              records(files_));
    if (!io_sites_.empty())
      section(HOTLINE_SECTION_IO_SITES, entry_size<hotline_io_site_record>(),
              records(io_sites_));
    if (has_system_)
      section(HOTLINE_SECTION_SYSTEM, entry_size<hotline_system_record>(),
              records(std::vector<hotline_system_record>{system_}));
    if (!regions_.empty() && first_versions_)
      section(HOTLINE_SECTION_REGIONS, offsetof(hotline_region_record, memory_ns),
              record_prefixes(regions_, offsetof(hotline_region_record, memory_ns)));
    else if (!regions_.empty())
      section(HOTLINE_SECTION_REGIONS, entry_size<hotline_region_record>(), records(regions_));
    if (!counters_.empty())
      section(HOTLINE_SECTION_COUNTERS, entry_size<hotline_counter_record>(), records(counters_));
    if (!sync_sites_.empty())
      section(HOTLINE_SECTION_SYNC_SITES, entry_size<hotline_sync_site_record>(), records(sync_sites_));
    if (!system_samples_.empty())
      section(HOTLINE_SECTION_SYSTEM_SAMPLES,
              entry_size<hotline_system_sample_record>(),
              records(system_samples_));
    if (has_cuda_)
      section(HOTLINE_SECTION_CUDA, entry_size<hotline_cuda_record>(),
              records(std::vector<hotline_cuda_record>{cuda_}));
    if (!gpu_devices_.empty())
      section(HOTLINE_SECTION_GPU_DEVICES, entry_size<hotline_gpu_device_record>(),
              records(gpu_devices_));
    if (!gpu_sites_.empty())
      section(HOTLINE_SECTION_GPU_SITES, entry_size<hotline_gpu_site_record>(),
              records(gpu_sites_));
    if (!gpu_kernels_.empty())
      section(HOTLINE_SECTION_GPU_KERNELS, entry_size<hotline_gpu_kernel_record>(),
              records(gpu_kernels_));
    if (!gpu_transfers_.empty())
      section(HOTLINE_SECTION_GPU_TRANSFERS, entry_size<hotline_gpu_transfer_record>(),
              records(gpu_transfers_));
    if (!gpu_syncs_.empty())
      section(HOTLINE_SECTION_GPU_SYNCS, entry_size<hotline_gpu_sync_record>(),
              records(gpu_syncs_));
    if (!gpu_memory_.empty())
      section(HOTLINE_SECTION_GPU_MEMORY, entry_size<hotline_gpu_memory_record>(),
              records(gpu_memory_));
    if (has_trace_)
      section(HOTLINE_SECTION_TRACE, entry_size<hotline_trace_record>(),
              records(std::vector<hotline_trace_record>{trace_}));
    if (!trace_events_.empty())
      section(HOTLINE_SECTION_TRACE_EVENTS, entry_size<hotline_trace_event_record>(),
              records(trace_events_));
    if (!trace_waits_.empty())
      section(HOTLINE_SECTION_TRACE_WAITS, entry_size<hotline_trace_event_record>(),
              records(trace_waits_));
    if (!trace_ranges_.empty())
      section(HOTLINE_SECTION_TRACE_RANGES, entry_size<hotline_trace_event_record>(),
              records(trace_ranges_));
    if (has_job_)
      section(HOTLINE_SECTION_JOB, entry_size<hotline_job_record>(),
              records(std::vector<hotline_job_record>{job_}));
    if (!mpi_sites_.empty())
      section(HOTLINE_SECTION_MPI_SITES, entry_size<hotline_mpi_site_record>(), records(mpi_sites_));

    hotline_file_header header{};
    std::memcpy(header.magic, HOTLINE_PROFILE_MAGIC, sizeof header.magic);
    header.version = version_;
    header.header_size = sizeof header;
    header.section_count = section_count;
    header.file_size = file.size();
    std::memcpy(file.data(), &header, sizeof header);
    return file;
  }

  // Lets a test give a thread a node range of its own choosing (for range
  // errors).
  void set_thread_node_range(uint32_t thread, uint32_t first_node,
                             uint32_t node_count) {
    threads_[thread].record.first_node = first_node;
    threads_[thread].record.node_count = node_count;
    threads_[thread].keep_node_range = true;
  }

private:
  struct ThreadData {
    hotline_thread_record record{};
    std::vector<hotline_call_node_record> nodes;
    bool keep_node_range = false;
  };
  struct UnknownSection {
    uint32_t kind;
    Bytes payload;
  };

  static void append(Bytes &out, const void *data, size_t size) {
    const auto *bytes = static_cast<const unsigned char *>(data);
    out.insert(out.end(), bytes, bytes + size);
  }
  template <typename Record> uint32_t entry_size() const {
    return uint32_t(sizeof(Record)) + extra_record_bytes_;
  }
  template <typename Record>
  Bytes record_prefixes(const std::vector<Record> &list, size_t bytes) const {
    Bytes out;
    for (const Record &record : list)
      append(out, &record, bytes);
    return out;
  }
  template <typename Record>
  Bytes records(const std::vector<Record> &list) const {
    Bytes out;
    for (const Record &record : list) {
      append(out, &record, sizeof record);
      out.insert(out.end(), extra_record_bytes_,
                 0xab); // a newer writer's appended fields
    }
    return out;
  }

  std::vector<char> strings_;
  std::map<std::string, uint32_t> string_offsets_;
  hotline_run_record run_{};
  std::vector<hotline_module_record> modules_;
  std::vector<hotline_site_record> sites_;
  std::vector<uint64_t> counts_;
  std::vector<ThreadData> threads_;
  std::vector<UnknownSection> unknown_sections_;
  hotline_timing_cost_record timing_cost_{};
  bool has_timing_cost_ = false;
  std::vector<uint32_t> timing_stopped_;
  std::vector<hotline_call_target_record> call_targets_;
  std::vector<hotline_range_record> ranges_;
  std::vector<hotline_object_record> objects_;
  std::vector<hotline_object_build_id_record> build_ids_;
  hotline_heap_record heap_{};
  bool has_heap_ = false;
  std::vector<hotline_memory_site_record> memory_sites_;
  std::vector<hotline_file_record> files_;
  std::vector<hotline_io_site_record> io_sites_;
  hotline_system_record system_{};
  bool has_system_ = false;
  std::vector<hotline_system_sample_record> system_samples_;
  std::vector<hotline_region_record> regions_;
  std::vector<hotline_counter_record> counters_;
  std::vector<hotline_sync_site_record> sync_sites_;
  hotline_cuda_record cuda_{};
  bool has_cuda_ = false;
  bool has_trace_ = false;
  hotline_trace_record trace_{};
  std::vector<hotline_trace_event_record> trace_events_;
  std::vector<hotline_trace_event_record> trace_waits_;
  std::vector<hotline_trace_event_record> trace_ranges_;
  std::vector<hotline_mpi_site_record> mpi_sites_;
  bool has_job_ = false;
  hotline_job_record job_{};
  std::vector<hotline_gpu_device_record> gpu_devices_;
  std::vector<hotline_gpu_site_record> gpu_sites_;
  std::vector<hotline_gpu_kernel_record> gpu_kernels_;
  std::vector<hotline_gpu_transfer_record> gpu_transfers_;
  std::vector<hotline_gpu_sync_record> gpu_syncs_;
  std::vector<hotline_gpu_memory_record> gpu_memory_;
  uint32_t extra_record_bytes_ = 0;
  bool first_versions_ = false;
  uint32_t version_ = HOTLINE_PROFILE_VERSION;
  uint32_t omitted_kind_ = 0;
};

// Byte offset of the header of the first section of `kind` in a built profile,
// or 0.
inline size_t find_section(const Bytes &file, uint32_t kind) {
  hotline_file_header header;
  std::memcpy(&header, file.data(), sizeof header);
  size_t offset = header.header_size;
  for (uint32_t i = 0; i < header.section_count; ++i) {
    hotline_section_header section;
    std::memcpy(&section, file.data() + offset, sizeof section);
    if (section.kind == kind)
      return offset;
    offset += sizeof section + section.size;
  }
  return 0;
}

// Overwrites a little-endian value at `offset`.
template <typename T> void poke(Bytes &file, size_t offset, T value) {
  std::memcpy(file.data() + offset, &value, sizeof value);
}

// A GPU_SITES record made outside every object; `function` is a string of the builder.
inline hotline_gpu_site_record gpu_site(uint32_t thread, uint32_t node, uint32_t api, uint32_t function,
                                 uint64_t calls, uint64_t host_ns) {
  hotline_gpu_site_record record{};
  record.thread = thread;
  record.node = node;
  record.object = HOTLINE_NO_OBJECT;
  record.api = api;
  record.function = function;
  record.calls = calls;
  record.host_ns = host_ns;
  return record;
}

// A TRACE_EVENTS record; `id` as on disk (a call node within its thread).
inline hotline_trace_event_record trace_event(uint32_t thread, uint32_t kind, uint32_t id,
                                              uint64_t start_ns, uint64_t end_ns,
                                              uint64_t value = 0) {
  hotline_trace_event_record record{};
  record.start_ns = start_ns;
  record.end_ns = end_ns;
  record.value = value;
  record.thread = thread;
  record.kind = kind;
  record.id = id;
  return record;
}

} // namespace hotline::test
