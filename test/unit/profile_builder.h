// Test-only: builds .hotline byte buffers from the profile_format.h structs,
// valid by default.
#pragma once

#include <hotline/profile_format.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace hotline::test {

using Bytes = std::vector<unsigned char>;

// How the builder keeps a section's records: a vector of them; for STRINGS (record void),
// its bytes.
template <typename Record> struct Stored {
  using type = std::vector<Record>;
};
template <> struct Stored<void> {
  using type = std::vector<char>;
};

class ProfileBuilder {
public:
  ProfileBuilder() {
    records_.run.resize(1);
    records_.strings.push_back('\0');
    records_.run[0].pid = 123;
    records_.run[0].parent_pid = 1;
    records_.run[0].start_unix_ns = 1700000000000000000;
    records_.run[0].wall_ns = 2000000000;
    records_.run[0].start_ticks = 1000;
    records_.run[0].end_ticks = 5000001000;
    records_.run[0].start_mono_ns = 10;
    records_.run[0].end_mono_ns = 2000000010;
    records_.run[0].program = string("/home/user/app");
    records_.run[0].command_line = string("./app --size 20");
    records_.run[0].host = string("node1");
    records_.run[0].clock_source = string("tsc");
    records_.run[0].runtime_version = string("0.1.0");
  }

  // The offset of s in STRINGS, added on first use.
  uint32_t string(const std::string &s) {
    if (s.empty())
      return 0;
    auto it = string_offsets_.find(s);
    if (it != string_offsets_.end())
      return it->second;
    uint32_t offset = uint32_t(records_.strings.size());
    records_.strings.insert(records_.strings.end(), s.begin(), s.end());
    records_.strings.push_back('\0');
    string_offsets_[s] = offset;
    return offset;
  }

  // Fields left at their defaults are consistent; tests may corrupt them on
  // purpose.
  hotline_run_record &run() { return records_.run[0]; }

  uint32_t add_module(const std::string &object_path, const std::string &source_file) {
    records_.modules.push_back({string(object_path), string(source_file), 0, 0});
    return uint32_t(records_.modules.size() - 1);
  }

  // Sites of a module must be added together; the module's range is computed by
  // build().
  uint32_t add_site(uint32_t module, const std::string &name, const std::string &linkage_name,
                    const std::string &file, uint32_t line, uint64_t count) {
    uint32_t index = uint32_t(records_.sites.size());
    records_.sites.push_back({string(name), string(linkage_name), string(file), line,
                              HOTLINE_SITE_FUNCTION, module, /*column=*/0,
                              /*counter=*/index, /*function=*/index, HOTLINE_NO_SITE,
                              /*facts=*/0, /*discriminator=*/0});
    records_.site_counts.push_back(count);
    return uint32_t(records_.sites.size() - 1);
  }
  hotline_site_record &site(uint32_t index) { return records_.sites[index]; }

  // Nodes added after this belong to this thread.
  uint32_t add_thread(uint64_t tid, const std::string &name = "") {
    threads_.push_back({});
    threads_.back().record.tid = tid;
    threads_.back().record.start_ns = 0;
    threads_.back().record.end_ns = records_.run[0].wall_ns;
    threads_.back().record.name = string(name);
    return uint32_t(threads_.size() - 1);
  }
  hotline_thread_record &thread(uint32_t index) { return threads_[index].record; }

  // parent is the index of a node of the current thread (as returned here) or
  // HOTLINE_NO_PARENT; exclusive time defaults to inclusive minus the
  // children's inclusive.
  uint32_t add_node(uint32_t site, uint32_t parent, uint64_t calls, uint64_t inclusive_ns) {
    if (threads_.empty())
      throw std::logic_error("add_thread before add_node");
    std::vector<hotline_call_node_record> &nodes = threads_.back().nodes;
    nodes.push_back({site, parent, calls, inclusive_ns, inclusive_ns, 0, 0, 0});
    if (parent != HOTLINE_NO_PARENT && parent < nodes.size() - 1) {
      uint64_t &parent_exclusive = nodes[parent].exclusive_ns;
      parent_exclusive -= parent_exclusive < inclusive_ns ? parent_exclusive : inclusive_ns;
    }
    return uint32_t(nodes.size() - 1);
  }
  hotline_call_node_record &node(uint32_t thread, uint32_t index) {
    return threads_[thread].nodes[index];
  }

  // Adds a TIMING_COST section (the runtime's measured cost of one timed call).
  void set_timing_cost(uint64_t self_ps, uint64_t caller_ps, uint64_t untimed_call_ps = 0) {
    records_.timing_cost = {{self_ps, caller_ps, untimed_call_ps}};
  }

  // An executable or library for the addresses of memory and I/O records
  // (OBJECTS section).
  uint32_t add_object(const std::string &path, uint64_t load_address = 0, uint32_t flags = 0) {
    records_.objects.push_back({load_address, string(path), flags});
    return uint32_t(records_.objects.size() - 1);
  }
  void add_build_id(uint32_t object, const std::string &hex) {
    records_.object_build_ids.push_back({object, string(hex)});
  }

  // Adds a HEAP section holding this record.
  hotline_heap_record &heap() { return single(records_.heap); }

  // `node` is relative to the record's thread, as on disk.
  uint32_t add_memory_site(const hotline_memory_site_record &record) {
    records_.memory_sites.push_back(record);
    return uint32_t(records_.memory_sites.size() - 1);
  }
  hotline_memory_site_record &memory_site(uint32_t index) { return records_.memory_sites[index]; }

  uint32_t add_file(const std::string &path) {
    records_.files.push_back({string(path), 0});
    return uint32_t(records_.files.size() - 1);
  }

  uint32_t add_io_site(const hotline_io_site_record &record) {
    records_.io_sites.push_back(record);
    return uint32_t(records_.io_sites.size() - 1);
  }
  hotline_io_site_record &io_site(uint32_t index) { return records_.io_sites[index]; }

  // Adds a SYSTEM section holding this record.
  hotline_system_record &system() { return single(records_.system); }

  // Adds a SYSTEM_SAMPLES section (written even without a SYSTEM section, for
  // the reader's refusal).
  uint32_t add_system_sample(const hotline_system_sample_record &record) {
    records_.system_samples.push_back(record);
    return uint32_t(records_.system_samples.size() - 1);
  }
  hotline_system_sample_record &system_sample(uint32_t index) {
    return records_.system_samples[index];
  }

  uint32_t add_region(uint32_t thread, uint32_t parent, const std::string &name, uint64_t entries,
                      uint64_t inclusive_ns, uint64_t io_ns = 0, uint64_t sync_ns = 0,
                      uint64_t memory_ns = 0, uint64_t gpu_ns = 0) {
    hotline_region_record record{thread,       parent, string(name), 0,         entries,
                                 inclusive_ns, io_ns,  sync_ns,      memory_ns, gpu_ns};
    records_.regions.push_back(record);
    return uint32_t(records_.regions.size() - 1);
  }
  hotline_region_record &region(uint32_t index) { return records_.regions[index]; }

  void add_counter(uint32_t thread, uint32_t region, const std::string &name, uint64_t value) {
    records_.counters.push_back({thread, region, string(name), 0, value});
  }

  uint32_t add_sync_site(const hotline_sync_site_record &record) {
    records_.sync_sites.push_back(record);
    return uint32_t(records_.sync_sites.size() - 1);
  }

  // Adds a CUDA section holding this record.
  hotline_cuda_record &cuda() { return single(records_.cuda); }

  uint32_t add_gpu_device(uint32_t device, const std::string &name, uint64_t memory_bytes) {
    records_.gpu_devices.push_back({device, string(name), 9, 0, 132, 0, memory_bytes});
    return uint32_t(records_.gpu_devices.size() - 1);
  }

  // The GPU records below are written even without a CUDA section, for the
  // reader's refusal. `node` is relative to the record's thread, as on disk.
  uint32_t add_gpu_site(const hotline_gpu_site_record &record) {
    records_.gpu_sites.push_back(record);
    return uint32_t(records_.gpu_sites.size() - 1);
  }
  hotline_gpu_site_record &gpu_site(uint32_t index) { return records_.gpu_sites[index]; }

  uint32_t add_gpu_kernel(const hotline_gpu_kernel_record &record) {
    records_.gpu_kernels.push_back(record);
    return uint32_t(records_.gpu_kernels.size() - 1);
  }
  hotline_gpu_kernel_record &gpu_kernel(uint32_t index) { return records_.gpu_kernels[index]; }

  uint32_t add_gpu_transfer(const hotline_gpu_transfer_record &record) {
    records_.gpu_transfers.push_back(record);
    return uint32_t(records_.gpu_transfers.size() - 1);
  }
  hotline_gpu_transfer_record &gpu_transfer(uint32_t index) {
    return records_.gpu_transfers[index];
  }

  uint32_t add_gpu_sync(const hotline_gpu_sync_record &record) {
    records_.gpu_syncs.push_back(record);
    return uint32_t(records_.gpu_syncs.size() - 1);
  }
  hotline_gpu_sync_record &gpu_sync(uint32_t index) { return records_.gpu_syncs[index]; }

  uint32_t add_gpu_memory(const hotline_gpu_memory_record &record) {
    records_.gpu_memory.push_back(record);
    return uint32_t(records_.gpu_memory.size() - 1);
  }
  hotline_gpu_memory_record &gpu_memory(uint32_t index) { return records_.gpu_memory[index]; }

  // Lists a site in TIMING_STOPPED (the runtime stopped timing it).
  hotline_trace_record &trace() { return single(records_.trace); }
  uint32_t add_trace_event(const hotline_trace_event_record &record) {
    records_.trace_events.push_back(record);
    return uint32_t(records_.trace_events.size() - 1);
  }
  hotline_trace_event_record &trace_event(uint32_t index) { return records_.trace_events[index]; }
  // A TRACE_WAITS record.
  uint32_t add_trace_wait(const hotline_trace_event_record &record) {
    records_.trace_waits.push_back(record);
    return uint32_t(records_.trace_waits.size() - 1);
  }
  hotline_trace_event_record &trace_wait(uint32_t index) { return records_.trace_waits[index]; }
  // A TRACE_RANGES record.
  uint32_t add_trace_range(const hotline_trace_event_record &record) {
    records_.trace_ranges.push_back(record);
    return uint32_t(records_.trace_ranges.size() - 1);
  }

  // `node` is relative to the record's thread, as on disk.
  uint32_t add_mpi_site(const hotline_mpi_site_record &record) {
    records_.mpi_sites.push_back(record);
    return uint32_t(records_.mpi_sites.size() - 1);
  }

  hotline_job_record &job() { return single(records_.job); }

  void add_timing_stopped(uint32_t site) { records_.timing_stopped.push_back(site); }
  hotline_range_record &add_range(const std::string &name, uint64_t count, uint64_t ns,
                                  uint64_t min_ns, uint64_t max_ns) {
    records_.ranges.push_back({string(name), 0, count, ns, min_ns, max_ns, 0});
    return records_.ranges.back();
  }

  void add_window(uint64_t start_ns, uint64_t end_ns) {
    records_.windows.push_back({start_ns, end_ns});
  }

  // A range of a call node's histogram; `node` indexes CALL_TREE (all threads).
  void add_histogram_range(uint32_t node, uint32_t count, uint64_t lower_ns, uint64_t upper_ns) {
    records_.call_histograms.push_back({node, count, lower_ns, upper_ns});
  }
  // A range of a region's histogram; `region` indexes REGIONS.
  void add_region_histogram_range(uint32_t region, uint32_t count, uint64_t lower_ns,
                                  uint64_t upper_ns) {
    records_.region_histograms.push_back({region, count, lower_ns, upper_ns});
  }

  void add_call_target(uint32_t site, uint32_t object, uint64_t address, uint64_t count) {
    records_.call_targets.push_back({address, object, site, count});
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
    for (const auto &unknown : unknown_sections_)
      append_section(file, section_count, unknown.kind, 0, unknown.payload);

    Records out = records_;
    for (uint32_t m = 0; m < out.modules.size(); ++m) {
      for (uint32_t s = 0; s < out.sites.size(); ++s) {
        if (out.sites[s].module != m)
          continue;
        if (out.modules[m].site_count == 0)
          out.modules[m].first_site = s;
        ++out.modules[m].site_count;
      }
    }
    for (const auto &thread : threads_) {
      out.threads.push_back(thread.record);
      if (!thread.keep_node_range) {
        out.threads.back().first_node = uint32_t(out.call_tree.size());
        out.threads.back().node_count = uint32_t(thread.nodes.size());
      }
      out.call_tree.insert(out.call_tree.end(), thread.nodes.begin(), thread.nodes.end());
    }
    out.run[0].thread_count = uint32_t(out.threads.size());
#define HOTLINE_BUILD_SECTION(NAME, number, record, name)                                          \
  add_section<record>(file, section_count, HOTLINE_SECTION_##NAME, out.name);
    HOTLINE_SECTIONS(HOTLINE_BUILD_SECTION)
#undef HOTLINE_BUILD_SECTION

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
  void set_thread_node_range(uint32_t thread, uint32_t first_node, uint32_t node_count) {
    threads_[thread].record.first_node = first_node;
    threads_[thread].record.node_count = node_count;
    threads_[thread].keep_node_range = true;
  }

private:
  // Each section's records, one field per HOTLINE_SECTIONS line; RUN, a section of one
  // record, and the others of one (HEAP, SYSTEM, ...) hold one record once a test set it.
  // MODULES' site ranges, THREADS and CALL_TREE are filled in by build().
  struct Records {
#define HOTLINE_BUILDER_RECORDS(NAME, number, record, name) Stored<record>::type name;
    HOTLINE_SECTIONS(HOTLINE_BUILDER_RECORDS)
#undef HOTLINE_BUILDER_RECORDS
  };

  struct ThreadData {
    hotline_thread_record record{};
    std::vector<hotline_call_node_record> nodes;
    bool keep_node_range = false;
  };
  struct UnknownSection {
    uint32_t kind;
    Bytes payload;
  };

  template <typename Record> static Record &single(std::vector<Record> &list) {
    if (list.empty())
      list.emplace_back();
    return list[0];
  }

  // The size of the first version of each record that grew, for set_first_record_versions(),
  // or 0.
  static size_t first_version_size(uint32_t kind) {
    switch (kind) {
    case HOTLINE_SECTION_THREADS:
      return offsetof(hotline_thread_record, memory_ns);
    case HOTLINE_SECTION_CALL_TREE:
      return offsetof(hotline_call_node_record, window_calls);
    case HOTLINE_SECTION_TIMING_COST:
      return offsetof(hotline_timing_cost_record, untimed_call_ps);
    case HOTLINE_SECTION_HEAP:
      return offsetof(hotline_heap_record, inherited_blocks);
    case HOTLINE_SECTION_MEMORY_SITES:
      return offsetof(hotline_memory_site_record, inherited_blocks);
    case HOTLINE_SECTION_REGIONS:
      return offsetof(hotline_region_record, memory_ns);
    }
    return 0;
  }

  void append_section(Bytes &file, uint32_t &section_count, uint32_t kind, uint32_t entry_size,
                      const Bytes &payload) const {
    if (kind == omitted_kind_)
      return;
    hotline_section_header header{kind, entry_size, payload.size()};
    append(file, &header, sizeof header);
    file.insert(file.end(), payload.begin(), payload.end());
    ++section_count;
  }

  // A section of `list`'s records; left out when empty, except the sections every profile
  // has (RUN to CALL_TREE, kinds 1 to 7).
  template <typename Record>
  void add_section(Bytes &file, uint32_t &section_count, uint32_t kind,
                   const typename Stored<Record>::type &list) const {
    if (list.empty() && kind > HOTLINE_SECTION_CALL_TREE)
      return;
    if constexpr (std::is_void_v<Record>) {
      append_section(file, section_count, kind, 0, Bytes(list.begin(), list.end()));
    } else if (size_t first_size = first_versions_ ? first_version_size(kind) : 0) {
      append_section(file, section_count, kind, uint32_t(first_size),
                     record_prefixes(list, first_size));
    } else {
      append_section(file, section_count, kind, entry_size<Record>(), records(list));
    }
  }

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
  template <typename Record> Bytes records(const std::vector<Record> &list) const {
    Bytes out;
    for (const Record &record : list) {
      append(out, &record, sizeof record);
      out.insert(out.end(), extra_record_bytes_,
                 0xab); // a newer writer's appended fields
    }
    return out;
  }

  Records records_;
  std::map<std::string, uint32_t> string_offsets_;
  std::vector<ThreadData> threads_;
  std::vector<UnknownSection> unknown_sections_;
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
inline hotline_gpu_site_record gpu_site(uint32_t thread, uint32_t node, uint32_t api,
                                        uint32_t function, uint64_t calls, uint64_t host_ns) {
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
