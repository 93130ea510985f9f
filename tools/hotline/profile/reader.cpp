// Parses and validates .hotline profiles; every check names the byte offset it
// failed at.
#include "profile/reader.h"

#include <hotline/profile_format.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <cstddef>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <iterator>
#include <map>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>
#include <utility>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the profile reader assumes a little-endian host, like the format"
#endif

namespace hotline::profile {

static_assert(kNoParent == HOTLINE_NO_PARENT);
static_assert(kNoSite == HOTLINE_NO_SITE);
static_assert(kNoObject == HOTLINE_NO_OBJECT);
static_assert(kNoThread == HOTLINE_NO_THREAD);
static_assert(kNoFile == HOTLINE_NO_FILE);
static_assert(kNoGpuSite == HOTLINE_NO_GPU_SITE);

bool RunInfo::incomplete() const { return flags & HOTLINE_RUN_INCOMPLETE; }
bool RunInfo::heap_not_hooked() const { return flags & HOTLINE_RUN_HEAP_NOT_HOOKED; }
bool RunInfo::io_not_hooked() const { return flags & HOTLINE_RUN_IO_NOT_HOOKED; }
bool RunInfo::dump() const { return flags & HOTLINE_RUN_DUMP; }

uint64_t Thread::lifetime_ns() const { return end_ns > start_ns ? end_ns - start_ns : 0; }

bool Heap::tracked() const { return flags & HOTLINE_HEAP_TRACKED; }

bool System::energy_measured() const { return flags & HOTLINE_SYSTEM_ENERGY; }

bool System::gpu_measured() const { return flags & HOTLINE_SYSTEM_GPU; }

ProfileFormatError::ProfileFormatError(const std::string &display_name, const std::string &what,
                                       uint64_t offset)
    : ProfileError(display_name + ": " + what), offset_(offset) {}

namespace {

const char *section_name(uint32_t kind) {
  switch (kind) {
#define HOTLINE_SECTION_NAME(NAME, number, record, name)                                           \
  case HOTLINE_SECTION_##NAME:                                                                     \
    return #NAME;
    HOTLINE_SECTIONS(HOTLINE_SECTION_NAME)
#undef HOTLINE_SECTION_NAME
  }
  return "unknown";
}

#define HOTLINE_SECTION_NUMBER(NAME, number, record, name) number,
constexpr uint32_t kSectionNumbers[] = {HOTLINE_SECTIONS(HOTLINE_SECTION_NUMBER)};
#undef HOTLINE_SECTION_NUMBER
constexpr uint32_t kLastKnownSection =
    *std::max_element(std::begin(kSectionNumbers), std::end(kSectionNumbers));

// The entry_size of each known kind's record, as this reader knows it (0 for
// STRINGS and for numbers no kind has).
constexpr std::array<uint32_t, kLastKnownSection + 1> kRecordSizes = [] {
  std::array<uint32_t, kLastKnownSection + 1> sizes{};
#define HOTLINE_SECTION_RECORD_SIZE(NAME, number, record, name)                                    \
  sizes[number] = hotline_entry_size<record>;
  HOTLINE_SECTIONS(HOTLINE_SECTION_RECORD_SIZE)
#undef HOTLINE_SECTION_RECORD_SIZE
  return sizes;
}();

// Where one known section lies in the file.
struct SectionSpan {
  bool present = false;
  uint32_t entry_size = 0;
  uint64_t header_offset = 0;
  uint64_t payload_offset = 0;
  uint64_t size = 0;
};

// Parses the profile that starts at `begin` of data[0, size): the whole file,
// or one member of a bundle. Offsets, in errors too, count from the start of
// data.
class Parser {
public:
  Parser(const unsigned char *data, size_t size, uint64_t begin, const std::string &name)
      : data_(data), size_(size), begin_(begin), end_(size), name_(name) {}

  // Where the profile parse() read ends: the end of the file, or the start of
  // the next member of a bundle.
  uint64_t end() const { return end_; }

  Profile parse() {
    profile_.display_name = name_;
    read_file_header();
    find_sections();
    // STRINGS first: the other sections' strings are checked against it.
    read_strings();
    for (const SectionReader &section : kSectionReaders)
      if (section.kind != HOTLINE_SECTION_STRINGS)
        (this->*section.read)();
    return std::move(profile_);
  }

private:
  // Each known section's parser and validator, read_<name>, in HOTLINE_SECTIONS' order: a
  // section refers to sections before it there (and to STRINGS).
  struct SectionReader {
    uint32_t kind;
    void (Parser::*read)();
  };
  static const SectionReader kSectionReaders[std::size(kSectionNumbers)];

  template <typename... Args>
  [[noreturn]] void fail(uint64_t offset, fmt::format_string<Args...> format,
                         Args &&...args) const {
    throw ProfileFormatError(name_, fmt::format(format, std::forward<Args>(args)...), offset);
  }

  // Callers have checked that [offset, offset + sizeof(T)) lies inside the
  // file. memcpy because sections follow each other unaligned.
  template <typename T> T load(uint64_t offset) const {
    T value;
    std::memcpy(&value, data_ + offset, sizeof value);
    return value;
  }

  void read_file_header() {
    uint64_t available = size_ - begin_;
    size_t magic_bytes = size_t(std::min<uint64_t>(available, sizeof hotline_file_header::magic));
    if (magic_bytes > 0 && std::memcmp(data_ + begin_, HOTLINE_PROFILE_MAGIC, magic_bytes) != 0)
      fail(begin_, "not a hotline profile (bad magic) at offset {}", begin_);
    if (available < sizeof(hotline_file_header))
      fail(begin_, "truncated: file header at offset {} needs {} bytes, file has {}", begin_,
           sizeof(hotline_file_header), available);
    auto header = load<hotline_file_header>(begin_);
    uint64_t version_at = begin_ + offsetof(hotline_file_header, version);
    if (header.version < kOldestReadableVersion || header.version > kNewestReadableVersion)
      fail(version_at,
           "unsupported profile format version {} at offset {} (this hotline "
           "reads version {})",
           header.version, version_at, readable_versions());
    profile_.version = header.version;
    uint64_t header_size_at = begin_ + offsetof(hotline_file_header, header_size);
    if (header.header_size < sizeof(hotline_file_header))
      fail(header_size_at, "header_size {} at offset {} is smaller than the {}-byte header",
           header.header_size, header_size_at, sizeof(hotline_file_header));
    if (header.header_size > available)
      fail(begin_, "truncated: file header at offset {} needs {} bytes, file has {}", begin_,
           header.header_size, available);
    declared_file_size_ = header.file_size;
    section_count_ = header.section_count;
    first_section_offset_ = begin_ + header.header_size;
    find_end();
  }

  // A file_size that ends the profile before the file ends makes it a member
  // of a bundle when the bytes after it start another profile (with the
  // magic, or as much of it as there is); any other bytes there are an error.
  void find_end() {
    uint64_t available = size_ - begin_;
    if (declared_file_size_ >= available)
      return; // the whole rest of the file; checked after the sections
    uint64_t file_size_at = begin_ + offsetof(hotline_file_header, file_size);
    if (declared_file_size_ < first_section_offset_ - begin_)
      fail(file_size_at,
           "file_size at offset {} says {} bytes, less than the {}-byte "
           "header",
           file_size_at, declared_file_size_, first_section_offset_ - begin_);
    uint64_t next = begin_ + declared_file_size_;
    size_t magic_bytes =
        size_t(std::min<uint64_t>(size_ - next, sizeof hotline_file_header::magic));
    if (std::memcmp(data_ + next, HOTLINE_PROFILE_MAGIC, magic_bytes) != 0)
      fail(next,
           "file_size at offset {} says {} bytes, file has {} (trailing data: "
           "the {} bytes at offset {} do not start another profile)",
           file_size_at, declared_file_size_, available, size_ - next, next);
    end_ = next;
  }

  // "file", or "profile" for a member of a bundle that ends before the file.
  const char *extent() const { return end_ == size_ ? "file" : "profile"; }

  static std::string readable_versions() {
    if (kOldestReadableVersion == kNewestReadableVersion)
      return std::to_string(kNewestReadableVersion);
    return fmt::format("{} to {}", kOldestReadableVersion, kNewestReadableVersion);
  }

  // Walks the section headers without trusting section_count beyond the bytes
  // present.
  void find_sections() {
    uint64_t offset = first_section_offset_;
    for (uint32_t i = 0; i < section_count_; ++i) {
      uint64_t remaining = end_ - offset;
      if (remaining < sizeof(hotline_section_header))
        fail(offset,
             "truncated: header of section {} of {} at offset {} needs {} "
             "bytes, {} has {}",
             i + 1, section_count_, offset, sizeof(hotline_section_header), extent(), remaining);
      auto header = load<hotline_section_header>(offset);
      uint64_t payload_room = remaining - sizeof(hotline_section_header);
      if (header.size > payload_room)
        fail(offset, "truncated: section {} at offset {} needs {} bytes, {} has {}",
             describe_kind(header.kind), offset,
             // Saturating: a corrupt size may be near 2^64.
             header.size > UINT64_MAX - sizeof(hotline_section_header)
                 ? UINT64_MAX
                 : header.size + sizeof(hotline_section_header),
             extent(), remaining);
      if (header.kind >= 1 && header.kind <= kLastKnownSection) {
        SectionSpan &span = sections_[header.kind];
        if (span.present)
          fail(offset, "duplicate section {} at offset {} (first at offset {})",
               section_name(header.kind), offset, span.header_offset);
        span.present = true;
        span.entry_size = header.entry_size;
        span.header_offset = offset;
        span.payload_offset = offset + sizeof(hotline_section_header);
        span.size = header.size;
      }
      // Unknown kinds come from newer writers; skipping them is the
      // compatibility rule.
      offset += sizeof(hotline_section_header) + header.size;
    }
    sections_end_ = offset;
    // find_end() refused a file_size short of the file's end unless another
    // profile follows.
    uint64_t file_size_at = begin_ + offsetof(hotline_file_header, file_size);
    if (declared_file_size_ > size_ - begin_)
      fail(file_size_at, "truncated: file_size at offset {} says {} bytes, file has {}",
           file_size_at, declared_file_size_, size_ - begin_);
    if (sections_end_ != end_)
      fail(sections_end_, "{} unexpected bytes after the last section at offset {}",
           end_ - sections_end_, sections_end_);
  }

  static std::string describe_kind(uint32_t kind) {
    if (kind >= 1 && kind <= kLastKnownSection)
      return section_name(kind);
    return fmt::format("of unknown kind {}", kind);
  }

  // The number of records in an array section, after checking its entry_size.
  // `known_size` is the size of the record's first version: a record that grew
  // by appended fields is still read from older profiles (load_record).
  uint64_t record_count(uint32_t kind, size_t known_size) const {
    const SectionSpan &span = sections_[kind];
    if (!span.present)
      return 0;
    if (span.entry_size < known_size)
      fail(span.header_offset + offsetof(hotline_section_header, entry_size),
           "section {} at offset {} has entry_size {}, smaller than the {}-byte "
           "record this reader knows",
           section_name(kind), span.header_offset, span.entry_size, known_size);
    if (span.size % span.entry_size != 0)
      fail(span.header_offset + offsetof(hotline_section_header, size),
           "section {} at offset {} has size {}, not a multiple of its "
           "entry_size {}",
           section_name(kind), span.header_offset, span.size, span.entry_size);
    // Bounded by the file size, so vectors sized from it stay reasonable.
    return span.size / span.entry_size;
  }

  // The same, for a section whose records have not grown since its first version.
  uint64_t record_count(uint32_t kind) const { return record_count(kind, kRecordSizes[kind]); }

  uint64_t record_offset(uint32_t kind, uint64_t index) const {
    return sections_[kind].payload_offset + index * sections_[kind].entry_size;
  }

  // Loads the prefix this reader knows of record `index`; newer writers may
  // append fields. Fields that an older writer did not write yet read as 0.
  template <typename Record> Record load_record(uint32_t kind, uint64_t index) const {
    Record record{};
    size_t bytes = std::min<size_t>(sizeof record, sections_[kind].entry_size);
    std::memcpy(&record, data_ + record_offset(kind, index), bytes);
    return record;
  }
  // A section that holds exactly one record; false when the section is absent.
  // `known_size`: the smallest record this reader accepts (an older runtime's); the fields
  // past its entry_size read as 0.
  template <typename Record>
  bool load_single_record(uint32_t kind, Record *record, size_t known_size = sizeof(Record)) {
    const SectionSpan &span = sections_[kind];
    if (!span.present)
      return false;
    if (record_count(kind, known_size) != 1)
      fail(span.header_offset,
           "section {} at offset {} must hold exactly one record, it has {} "
           "bytes for entry_size {}",
           section_name(kind), span.header_offset, span.size, span.entry_size);
    *record = load_record<Record>(kind, 0);
    return true;
  }

  void read_strings() {
    const SectionSpan &span = sections_[HOTLINE_SECTION_STRINGS];
    if (!span.present)
      return;
    if (span.size == 0)
      return;
    if (data_[span.payload_offset] != '\0')
      fail(span.header_offset, "section STRINGS at offset {} does not start with the empty string",
           span.header_offset);
    if (data_[span.payload_offset + span.size - 1] != '\0')
      fail(span.header_offset, "section STRINGS at offset {} does not end with a NUL byte",
           span.header_offset);
  }

  // `field_offset` is where the string reference itself lies, for the error
  // message.
  std::string string_at(uint32_t string_offset, uint64_t field_offset, const char *field) const {
    const SectionSpan &span = sections_[HOTLINE_SECTION_STRINGS];
    if (string_offset == 0 && (!span.present || span.size == 0))
      return "";
    if (string_offset >= span.size)
      fail(field_offset,
           "string {} at offset {} points to {}, past the end of STRINGS ({} "
           "bytes)",
           field, field_offset, string_offset, span.size);
    // read_strings() checked that the blob ends with NUL, so this stays inside
    // it.
    return std::string(reinterpret_cast<const char *>(data_ + span.payload_offset + string_offset));
  }

  void read_run() {
    hotline_run_record record;
    if (!load_single_record(HOTLINE_SECTION_RUN, &record))
      fail(sections_end_, "no RUN section among the {} sections ending at offset {}",
           section_count_, sections_end_);
    uint64_t at = record_offset(HOTLINE_SECTION_RUN, 0);
    RunInfo &run = profile_.run;
    run.pid = record.pid;
    run.parent_pid = record.parent_pid;
    run.start_unix_ns = record.start_unix_ns;
    run.wall_ns = record.wall_ns;
    run.start_ticks = record.start_ticks;
    run.end_ticks = record.end_ticks;
    run.start_mono_ns = record.start_mono_ns;
    run.end_mono_ns = record.end_mono_ns;
    run.program = string_at(record.program, at + offsetof(hotline_run_record, program), "program");
    run.command_line = string_at(record.command_line,
                                 at + offsetof(hotline_run_record, command_line), "command_line");
    run.host = string_at(record.host, at + offsetof(hotline_run_record, host), "host");
    run.clock_source = string_at(record.clock_source,
                                 at + offsetof(hotline_run_record, clock_source), "clock_source");
    run.runtime_version =
        string_at(record.runtime_version, at + offsetof(hotline_run_record, runtime_version),
                  "runtime_version");
    run.thread_count = record.thread_count;
    run.flags = record.flags;
    run.max_call_paths = record.max_call_paths;
  }

  // Optional: profiles of older runtimes have none.
  void read_timing_cost() {
    hotline_timing_cost_record record;
    if (!load_single_record(HOTLINE_SECTION_TIMING_COST, &record,
                            offsetof(hotline_timing_cost_record, untimed_call_ps)))
      return;
    const SectionSpan &span = sections_[HOTLINE_SECTION_TIMING_COST];
    // A call costs nanoseconds to time; a millisecond means a corrupt field.
    constexpr uint64_t kMaxPlausiblePs = 1000000000;
    if (record.self_ps > record.caller_ps || record.caller_ps > kMaxPlausiblePs ||
        record.untimed_call_ps > kMaxPlausiblePs)
      fail(span.payload_offset,
           "section TIMING_COST at offset {} is implausible: self_ps {}, "
           "caller_ps {}, untimed_call_ps {} (self_ps must not exceed caller_ps; "
           "each must be under 1 ms)",
           span.header_offset, record.self_ps, record.caller_ps, record.untimed_call_ps);
    profile_.timing_cost = {true, record.self_ps, record.caller_ps, record.untimed_call_ps};
  }

  void read_timing_stopped() {
    uint64_t count = record_count(HOTLINE_SECTION_TIMING_STOPPED);
    for (uint64_t i = 0; i < count; ++i) {
      auto site = load_record<uint32_t>(HOTLINE_SECTION_TIMING_STOPPED, i);
      if (site >= profile_.sites.size())
        fail(record_offset(HOTLINE_SECTION_TIMING_STOPPED, i),
             "TIMING_STOPPED entry {} at offset {} names site {}, out of "
             "range ({} sites)",
             i, record_offset(HOTLINE_SECTION_TIMING_STOPPED, i), site, profile_.sites.size());
      profile_.timing_stopped_sites.push_back(site);
    }
  }

  void read_sampling() {
    hotline_sampling_record record;
    if (!load_single_record(HOTLINE_SECTION_SAMPLING, &record))
      return;
    const SectionSpan &span = sections_[HOTLINE_SECTION_SAMPLING];
    profile_.sampling.present = true;
    profile_.sampling.period_ns = record.period_ns;
    profile_.sampling.samples = record.samples;
    profile_.sampling.dropped = record.dropped;
    profile_.sampling.method = string_at(
        record.method, span.payload_offset + offsetof(hotline_sampling_record, method), "method");
    profile_.sampling.reason = record.reason;
  }

  void read_objects() {
    uint64_t count = record_count(HOTLINE_SECTION_OBJECTS);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_OBJECTS, i);
      auto record = load_record<hotline_object_record>(HOTLINE_SECTION_OBJECTS, i);
      profile_.objects.push_back(
          {string_at(record.path, at + offsetof(hotline_object_record, path), "path"),
           record.load_address, (record.flags & HOTLINE_OBJECT_PROFILER) != 0,
           /*build_id=*/""});
    }
  }

  void read_object_build_ids() {
    uint64_t count = record_count(HOTLINE_SECTION_OBJECT_BUILD_IDS);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_OBJECT_BUILD_IDS, i);
      auto record =
          load_record<hotline_object_build_id_record>(HOTLINE_SECTION_OBJECT_BUILD_IDS, i);
      if (record.object >= profile_.objects.size())
        fail(at + offsetof(hotline_object_build_id_record, object),
             "build id {} at offset {} names object {}, out of range ({} "
             "objects)",
             i, at, record.object, profile_.objects.size());
      profile_.objects[record.object].build_id = string_at(
          record.build_id, at + offsetof(hotline_object_build_id_record, build_id), "build id");
    }
  }

  void read_samples() {
    uint64_t count = record_count(HOTLINE_SECTION_SAMPLES);
    profile_.samples.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_SAMPLES, i);
      auto record = load_record<hotline_sample_record>(HOTLINE_SECTION_SAMPLES, i);
      if (record.object == HOTLINE_PROFILER_CODE) {
        profile_.profiler_samples += record.count;
        continue;
      }
      if (record.object != HOTLINE_NO_OBJECT && record.object >= profile_.objects.size())
        fail(at + offsetof(hotline_sample_record, object),
             "sample {} at offset {} names object {}, out of range ({} "
             "objects)",
             i, at, record.object, profile_.objects.size());
      profile_.samples.push_back({record.address, record.object, record.count});
    }
    if (profile_.sampling.reason == HOTLINE_SAMPLING_STOPPED_TIMING) {
      profile_.stopped_timing_sampling = std::exchange(profile_.sampling, Sampling{});
      profile_.stopped_timing_samples = std::exchange(profile_.samples, {});
      profile_.profiler_samples = 0;
    }
  }

  void read_heap() {
    hotline_heap_record record;
    if (!load_single_record(HOTLINE_SECTION_HEAP, &record,
                            offsetof(hotline_heap_record, runtime_resident_bytes)))
      return;
    Heap &heap = profile_.heap;
    heap.present = true;
    heap.allocations = record.allocations;
    heap.allocated_bytes = record.allocated_bytes;
    heap.frees = record.frees;
    heap.freed_bytes = record.freed_bytes;
    heap.peak_live_bytes = record.peak_live_bytes;
    heap.peak_rss_bytes = record.peak_rss_bytes;
    heap.untracked_frees = record.untracked_frees;
    heap.flags = record.flags;
    heap.runtime_resident_bytes = record.runtime_resident_bytes;
    heap.inherited_blocks = record.inherited_blocks;
    heap.inherited_bytes = record.inherited_bytes;
  }

  void read_files() {
    uint64_t count = record_count(HOTLINE_SECTION_FILES);
    profile_.files.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_FILES, i);
      auto record = load_record<hotline_file_record>(HOTLINE_SECTION_FILES, i);
      profile_.files.push_back(
          string_at(record.path, at + offsetof(hotline_file_record, path), "path"));
    }
  }

  // Checks the thread, call node and object that memory and I/O records (which
  // start alike) name; returns the node as an index into Profile::nodes.
  template <typename Record>
  uint32_t checked_origin(const char *what, uint64_t i, uint64_t at, const Record &record) const {
    uint32_t node = kNoParent;
    if (record.thread == HOTLINE_NO_THREAD) {
      if (record.node != HOTLINE_NO_PARENT)
        fail(at + offsetof(Record, node), "{} {} at offset {} names call node {} but no thread",
             what, i, at, record.node);
    } else if (record.thread >= profile_.threads.size()) {
      fail(at + offsetof(Record, thread),
           "{} {} at offset {} names thread {}, out of range ({} threads)", what, i, at,
           record.thread, profile_.threads.size());
    } else if (record.node != HOTLINE_NO_PARENT) {
      const Thread &thread = profile_.threads[record.thread];
      if (record.node >= thread.node_count)
        fail(at + offsetof(Record, node),
             "{} {} at offset {} names call node {}, out of range (thread {} "
             "has {} nodes)",
             what, i, at, record.node, record.thread, thread.node_count);
      node = thread.first_node + record.node;
    }
    if (record.object != HOTLINE_NO_OBJECT && record.object >= profile_.objects.size())
      fail(at + offsetof(Record, object),
           "{} {} at offset {} names object {}, out of range ({} objects)", what, i, at,
           record.object, profile_.objects.size());
    return node;
  }

  // The via_object of a memory, I/O or sync record (checked), or kNoObject
  // for a record written before the field was appended.
  template <typename Record>
  uint32_t checked_via(const char *what, uint32_t kind, uint64_t i, uint64_t at,
                       const Record &record) const {
    if (sections_[kind].entry_size < offsetof(Record, via_object) + sizeof record.via_object)
      return kNoObject;
    if (record.via_object != HOTLINE_NO_OBJECT && record.via_object >= profile_.objects.size())
      fail(at + offsetof(Record, via_object),
           "{} {} at offset {} names via object {}, out of range ({} objects)", what, i, at,
           record.via_object, profile_.objects.size());
    return record.via_object;
  }

  void read_memory_sites() {
    uint64_t count = record_count(HOTLINE_SECTION_MEMORY_SITES,
                                  offsetof(hotline_memory_site_record, via_object));
    profile_.memory_sites.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_MEMORY_SITES, i);
      auto record = load_record<hotline_memory_site_record>(HOTLINE_SECTION_MEMORY_SITES, i);
      MemorySite site;
      site.thread = record.thread;
      site.node = checked_origin("memory site", i, at, record);
      site.address = record.address;
      site.object = record.object;
      site.via_object = checked_via("memory site", HOTLINE_SECTION_MEMORY_SITES, i, at, record);
      site.allocations = record.allocations;
      site.allocated_bytes = record.allocated_bytes;
      site.frees = record.frees;
      site.freed_bytes = record.freed_bytes;
      site.peak_live_bytes = record.peak_live_bytes;
      site.temporaries = record.temporaries;
      site.temporary_bytes = record.temporary_bytes;
      site.inherited_blocks = record.inherited_blocks;
      site.inherited_bytes = record.inherited_bytes;
      profile_.memory_sites.push_back(site);
    }
  }

  void read_io_sites() {
    uint64_t count =
        record_count(HOTLINE_SECTION_IO_SITES, offsetof(hotline_io_site_record, via_object));
    profile_.io_sites.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_IO_SITES, i);
      auto record = load_record<hotline_io_site_record>(HOTLINE_SECTION_IO_SITES, i);
      IoSite site;
      site.thread = record.thread;
      site.node = checked_origin("I/O site", i, at, record);
      site.address = record.address;
      site.object = record.object;
      site.via_object = checked_via("I/O site", HOTLINE_SECTION_IO_SITES, i, at, record);
      if (record.file != HOTLINE_NO_FILE && record.file >= profile_.files.size())
        fail(at + offsetof(hotline_io_site_record, file),
             "I/O site {} at offset {} names file {}, out of range ({} files)", i, at, record.file,
             profile_.files.size());
      site.file = record.file;
      site.reads = record.reads;
      site.read_bytes = record.read_bytes;
      site.read_ns = record.read_ns;
      site.writes = record.writes;
      site.write_bytes = record.write_bytes;
      site.write_ns = record.write_ns;
      site.opens = record.opens;
      site.open_ns = record.open_ns;
      site.syncs = record.syncs;
      site.sync_ns = record.sync_ns;
      site.maps = record.maps;
      site.mapped_bytes = record.mapped_bytes;
      site.map_ns = record.map_ns;
      profile_.io_sites.push_back(site);
    }
  }

  void read_system() {
    hotline_system_record record;
    if (!load_single_record(HOTLINE_SECTION_SYSTEM, &record))
      return;
    System &system = profile_.system;
    system.present = true;
    system.cpu_ns = record.cpu_ns;
    system.energy_uj = record.energy_uj;
    system.sample_period_ns = record.sample_period_ns;
    system.flags = record.flags;
    system.gpu_count = record.gpu_count;
  }

  // A time series, so a plot can trust its x axis: times never go back.
  void read_system_samples() {
    const SectionSpan &span = sections_[HOTLINE_SECTION_SYSTEM_SAMPLES];
    uint64_t count = record_count(HOTLINE_SECTION_SYSTEM_SAMPLES);
    if (count > 0 && !profile_.system.present)
      fail(span.header_offset,
           "section SYSTEM_SAMPLES at offset {} holds samples, but there is "
           "no SYSTEM section",
           span.header_offset);
    profile_.system_samples.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_SYSTEM_SAMPLES, i);
      auto record = load_record<hotline_system_sample_record>(HOTLINE_SECTION_SYSTEM_SAMPLES, i);
      if (i > 0 && record.time_ns < profile_.system_samples.back().time_ns)
        fail(at + offsetof(hotline_system_sample_record, time_ns),
             "system sample {} at offset {} has time_ns {}, before the "
             "previous sample's {}",
             i, at, record.time_ns, profile_.system_samples.back().time_ns);
      SystemSample sample;
      sample.time_ns = record.time_ns;
      sample.rss_bytes = record.rss_bytes;
      sample.energy_uj = record.energy_uj;
      sample.gpu_memory_bytes = record.gpu_memory_bytes;
      sample.cpu_percent_x100 = record.cpu_percent_x100;
      sample.gpu_utilization_percent = record.gpu_utilization_percent;
      sample.gpu_temperature_c = record.gpu_temperature_c;
      sample.gpu_power_mw = record.gpu_power_mw;
      profile_.system_samples.push_back(sample);
    }
  }

  // Regions come grouped by thread, each after the region that encloses it.
  void read_regions() {
    uint64_t count =
        record_count(HOTLINE_SECTION_REGIONS, offsetof(hotline_region_record, memory_ns));
    profile_.regions.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_REGIONS, i);
      auto record = load_record<hotline_region_record>(HOTLINE_SECTION_REGIONS, i);
      if (record.thread >= profile_.threads.size())
        fail(at + offsetof(hotline_region_record, thread),
             "region {} at offset {} names thread {}, out of range ({} "
             "threads)",
             i, at, record.thread, profile_.threads.size());
      if (record.parent != HOTLINE_NO_REGION &&
          (record.parent >= i || profile_.regions[record.parent].thread != record.thread))
        fail(at + offsetof(hotline_region_record, parent),
             "region {} at offset {} names parent {}, which is not an earlier "
             "region of the same thread",
             i, at, record.parent);
      Region region;
      region.thread = record.thread;
      region.parent = record.parent;
      region.name = string_at(record.name, at + offsetof(hotline_region_record, name), "name");
      region.entries = record.entries;
      region.inclusive_ns = record.inclusive_ns;
      region.io_ns = record.io_ns;
      region.sync_ns = record.sync_ns;
      region.memory_ns = record.memory_ns;
      region.gpu_ns = record.gpu_ns;
      region.open_at_write = record.flags & HOTLINE_REGION_OPEN_AT_WRITE;
      profile_.regions.push_back(std::move(region));
    }
  }

  void read_counters() {
    uint64_t count = record_count(HOTLINE_SECTION_COUNTERS);
    profile_.counters.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_COUNTERS, i);
      auto record = load_record<hotline_counter_record>(HOTLINE_SECTION_COUNTERS, i);
      if (record.thread >= profile_.threads.size())
        fail(at + offsetof(hotline_counter_record, thread),
             "counter {} at offset {} names thread {}, out of range ({} "
             "threads)",
             i, at, record.thread, profile_.threads.size());
      if (record.region != HOTLINE_NO_REGION &&
          (record.region >= profile_.regions.size() ||
           profile_.regions[record.region].thread != record.thread))
        fail(at + offsetof(hotline_counter_record, region),
             "counter {} at offset {} names region {}, which is not a region "
             "of its thread ({} regions)",
             i, at, record.region, profile_.regions.size());
      Counter counter;
      counter.thread = record.thread;
      counter.region = record.region;
      counter.name = string_at(record.name, at + offsetof(hotline_counter_record, name), "name");
      counter.value = record.value;
      profile_.counters.push_back(std::move(counter));
    }
  }

  void read_sync_sites() {
    uint64_t count =
        record_count(HOTLINE_SECTION_SYNC_SITES, offsetof(hotline_sync_site_record, via_object));
    profile_.sync_sites.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_SYNC_SITES, i);
      auto record = load_record<hotline_sync_site_record>(HOTLINE_SECTION_SYNC_SITES, i);
      SyncSite site;
      site.thread = record.thread;
      site.node = checked_origin("sync site", i, at, record);
      site.address = record.address;
      site.object = record.object;
      site.via_object = checked_via("sync site", HOTLINE_SECTION_SYNC_SITES, i, at, record);
      site.kind = record.kind;
      site.waits = record.waits;
      site.wait_ns = record.wait_ns;
      profile_.sync_sites.push_back(site);
    }
  }

  void read_cuda() {
    hotline_cuda_record record;
    if (!load_single_record(HOTLINE_SECTION_CUDA, &record))
      return;
    uint64_t at = record_offset(HOTLINE_SECTION_CUDA, 0);
    Cuda &cuda = profile_.cuda;
    cuda.present = true;
    cuda.state = record.state;
    cuda.device_count = record.device_count;
    cuda.message =
        string_at(record.message, at + offsetof(hotline_cuda_record, message), "message");
    cuda.driver_version = record.driver_version;
    cuda.dropped_records = record.dropped_records;
    cuda.lost_records = record.lost_records;
    cuda.cupti_version = record.cupti_version;
  }

  // The number of records of a GPU section, which may hold some only in a
  // profile with a CUDA section.
  uint64_t gpu_record_count(uint32_t kind, size_t known_size) const {
    uint64_t count = record_count(kind, known_size);
    if (count > 0 && !profile_.cuda.present)
      fail(sections_[kind].header_offset,
           "section {} at offset {} holds records, but there is no CUDA "
           "section",
           section_name(kind), sections_[kind].header_offset);
    return count;
  }
  uint64_t gpu_record_count(uint32_t kind) const {
    return gpu_record_count(kind, kRecordSizes[kind]);
  }

  void read_gpu_devices() {
    uint64_t count = gpu_record_count(HOTLINE_SECTION_GPU_DEVICES);
    profile_.gpu_devices.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_GPU_DEVICES, i);
      auto record = load_record<hotline_gpu_device_record>(HOTLINE_SECTION_GPU_DEVICES, i);
      GpuDevice device;
      device.device = record.device;
      device.name = string_at(record.name, at + offsetof(hotline_gpu_device_record, name), "name");
      device.compute_major = record.compute_major;
      device.compute_minor = record.compute_minor;
      device.multiprocessors = record.multiprocessors;
      device.memory_bytes = record.memory_bytes;
      profile_.gpu_devices.push_back(std::move(device));
    }
  }

  void read_gpu_sites() {
    uint64_t count = gpu_record_count(HOTLINE_SECTION_GPU_SITES);
    profile_.gpu_sites.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_GPU_SITES, i);
      auto record = load_record<hotline_gpu_site_record>(HOTLINE_SECTION_GPU_SITES, i);
      GpuSite site;
      site.thread = record.thread;
      site.node = checked_origin("GPU site", i, at, record);
      site.address = record.address;
      site.object = record.object;
      if (record.api < HOTLINE_GPU_API_LAUNCH || record.api > HOTLINE_GPU_API_OTHER)
        fail(at + offsetof(hotline_gpu_site_record, api),
             "GPU site {} at offset {} has api {}, not one of 1 to 7", i, at, record.api);
      site.api = record.api;
      site.function =
          string_at(record.function, at + offsetof(hotline_gpu_site_record, function), "function");
      site.calls = record.calls;
      site.host_ns = record.host_ns;
      profile_.gpu_sites.push_back(std::move(site));
    }
  }

  // Checks what kernel, transfer and sync records (which start alike) share:
  // the GPU site that started them, and an end no earlier than the start.
  template <typename Record>
  void check_gpu_activity(const char *what, uint64_t i, uint64_t at, const Record &record) const {
    check_gpu_site(what, i, at, offsetof(Record, site), record.site);
    if (record.end_ns < record.start_ns)
      fail(at + offsetof(Record, end_ns),
           "{} {} at offset {} ends at {} ns, before its start at {} ns", what, i, at,
           record.end_ns, record.start_ns);
  }

  void check_gpu_site(const char *what, uint64_t i, uint64_t at, size_t field,
                      uint32_t site) const {
    if (site != HOTLINE_NO_GPU_SITE && site >= profile_.gpu_sites.size())
      fail(at + field, "{} {} at offset {} names GPU site {}, out of range ({} GPU sites)", what, i,
           at, site, profile_.gpu_sites.size());
  }

  void check_memory_kind(const char *what, uint64_t i, uint64_t at, size_t field, const char *name,
                         uint32_t kind) const {
    if (kind > HOTLINE_GPU_MEMORY_ARRAY)
      fail(at + field, "{} {} at offset {} has {} {}, not a memory kind (0 to 5)", what, i, at,
           name, kind);
  }

  void read_gpu_kernels() {
    uint64_t count = gpu_record_count(HOTLINE_SECTION_GPU_KERNELS);
    profile_.gpu_kernels.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_GPU_KERNELS, i);
      auto record = load_record<hotline_gpu_kernel_record>(HOTLINE_SECTION_GPU_KERNELS, i);
      check_gpu_activity("GPU kernel", i, at, record);
      GpuKernel kernel;
      kernel.start_ns = record.start_ns;
      kernel.end_ns = record.end_ns;
      kernel.site = record.site;
      kernel.name = string_at(record.name, at + offsetof(hotline_gpu_kernel_record, name), "name");
      kernel.device = record.device;
      kernel.stream = record.stream;
      kernel.grid[0] = record.grid_x;
      kernel.grid[1] = record.grid_y;
      kernel.grid[2] = record.grid_z;
      kernel.block[0] = record.block_x;
      kernel.block[1] = record.block_y;
      kernel.block[2] = record.block_z;
      kernel.shared_bytes = record.shared_bytes;
      kernel.registers = record.registers;
      profile_.gpu_kernels.push_back(std::move(kernel));
    }
  }

  void read_gpu_transfers() {
    uint64_t count = gpu_record_count(HOTLINE_SECTION_GPU_TRANSFERS);
    profile_.gpu_transfers.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_GPU_TRANSFERS, i);
      auto record = load_record<hotline_gpu_transfer_record>(HOTLINE_SECTION_GPU_TRANSFERS, i);
      check_gpu_activity("GPU transfer", i, at, record);
      if (record.kind < HOTLINE_GPU_COPY_HOST_TO_DEVICE || record.kind > HOTLINE_GPU_MEMSET)
        fail(at + offsetof(hotline_gpu_transfer_record, kind),
             "GPU transfer {} at offset {} has kind {}, not one of 1 to 7", i, at, record.kind);
      check_memory_kind("GPU transfer", i, at, offsetof(hotline_gpu_transfer_record, source),
                        "source", record.source);
      check_memory_kind("GPU transfer", i, at, offsetof(hotline_gpu_transfer_record, destination),
                        "destination", record.destination);
      GpuTransfer transfer;
      transfer.start_ns = record.start_ns;
      transfer.end_ns = record.end_ns;
      transfer.bytes = record.bytes;
      transfer.site = record.site;
      transfer.device = record.device;
      transfer.stream = record.stream;
      transfer.kind = record.kind;
      transfer.source = record.source;
      transfer.destination = record.destination;
      profile_.gpu_transfers.push_back(transfer);
    }
  }

  void read_gpu_syncs() {
    uint64_t count = gpu_record_count(HOTLINE_SECTION_GPU_SYNCS);
    profile_.gpu_syncs.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_GPU_SYNCS, i);
      auto record = load_record<hotline_gpu_sync_record>(HOTLINE_SECTION_GPU_SYNCS, i);
      check_gpu_activity("GPU sync", i, at, record);
      profile_.gpu_syncs.push_back(
          {record.start_ns, record.end_ns, record.site, record.kind, record.stream});
    }
  }

  // Allocations and frees by time, so that live bytes can be followed.
  void read_gpu_memory() {
    uint64_t count = gpu_record_count(HOTLINE_SECTION_GPU_MEMORY);
    profile_.gpu_memory.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_GPU_MEMORY, i);
      auto record = load_record<hotline_gpu_memory_record>(HOTLINE_SECTION_GPU_MEMORY, i);
      if (i > 0 && record.time_ns < profile_.gpu_memory.back().time_ns)
        fail(at + offsetof(hotline_gpu_memory_record, time_ns),
             "GPU memory record {} at offset {} has time_ns {}, before the "
             "previous record's {}",
             i, at, record.time_ns, profile_.gpu_memory.back().time_ns);
      check_gpu_site("GPU memory record", i, at, offsetof(hotline_gpu_memory_record, site),
                     record.site);
      if (record.operation != HOTLINE_GPU_ALLOCATE && record.operation != HOTLINE_GPU_FREE)
        fail(at + offsetof(hotline_gpu_memory_record, operation),
             "GPU memory record {} at offset {} has operation {}, not 1 "
             "(allocate) or 2 (free)",
             i, at, record.operation);
      check_memory_kind("GPU memory record", i, at, offsetof(hotline_gpu_memory_record, memory),
                        "memory", record.memory);
      GpuMemoryEvent event;
      event.time_ns = record.time_ns;
      event.address = record.address;
      event.bytes = record.bytes;
      event.site = record.site;
      event.device = record.device;
      event.operation = record.operation;
      event.memory = record.memory;
      profile_.gpu_memory.push_back(event);
    }
  }

  void read_trace() {
    hotline_trace_record record;
    if (!load_single_record(HOTLINE_SECTION_TRACE, &record))
      return;
    Trace &trace = profile_.trace;
    trace.present = true;
    trace.min_ns = record.min_ns;
    trace.allocation_min_bytes = record.allocation_min_bytes;
    trace.dropped = record.dropped;
    trace.capacity = record.capacity;
  }

  void read_job() {
    hotline_job_record record;
    if (!load_single_record(HOTLINE_SECTION_JOB, &record))
      return;
    uint64_t at = sections_[HOTLINE_SECTION_JOB].payload_offset;
    if (record.rank >= record.world_size)
      fail(at, "section JOB at offset {}: rank {} is not below the job's size {}", at, record.rank,
           record.world_size);
    Job &job = profile_.job;
    job.present = true;
    job.rank = record.rank;
    job.world_size = record.world_size;
    job.launcher =
        string_at(record.launcher, at + offsetof(hotline_job_record, launcher), "launcher");
  }

  void read_mpi_sites() {
    uint64_t count = record_count(HOTLINE_SECTION_MPI_SITES);
    profile_.mpi_sites.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_MPI_SITES, i);
      auto record = load_record<hotline_mpi_site_record>(HOTLINE_SECTION_MPI_SITES, i);
      MpiSite site;
      site.thread = record.thread;
      site.node = checked_origin("MPI site", i, at, record);
      site.address = record.address;
      site.object = record.object;
      site.function =
          string_at(record.function, at + offsetof(hotline_mpi_site_record, function), "function");
      site.calls = record.calls;
      site.ns = record.ns;
      site.bytes = record.bytes;
      profile_.mpi_sites.push_back(std::move(site));
    }
  }

  // Records of one (site, function) pair are added up.
  void read_call_targets() {
    uint64_t count = record_count(HOTLINE_SECTION_CALL_TARGETS);
    std::map<std::tuple<uint32_t, uint32_t, uint64_t>, uint64_t> counts;
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_CALL_TARGETS, i);
      auto record = load_record<hotline_call_target_record>(HOTLINE_SECTION_CALL_TARGETS, i);
      if (record.site >= profile_.sites.size() ||
          profile_.sites[record.site].kind != HOTLINE_SITE_CALL_TARGETS)
        fail(at + offsetof(hotline_call_target_record, site),
             "call target {} at offset {} names site {}, which is not an indirect call's", i, at,
             record.site);
      if (record.object != HOTLINE_NO_OBJECT && record.object >= profile_.objects.size())
        fail(at + offsetof(hotline_call_target_record, object),
             "call target {} at offset {} names object {}, out of range ({} objects)", i, at,
             record.object, profile_.objects.size());
      counts[{record.site, record.object, record.address}] += record.count;
    }
    for (const auto &[key, calls] : counts) {
      auto [site, object, address] = key;
      profile_.call_targets.push_back({site, address, object, calls});
    }
  }

  void read_ranges() {
    uint64_t count = record_count(HOTLINE_SECTION_RANGES);
    profile_.ranges.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_RANGES, i);
      auto record = load_record<hotline_range_record>(HOTLINE_SECTION_RANGES, i);
      Range range;
      range.name = string_at(record.name, at + offsetof(hotline_range_record, name), "name");
      if (record.min_ns > record.max_ns || record.max_ns > record.ns)
        fail(at + offsetof(hotline_range_record, min_ns),
             "range {} at offset {}: shortest {} ns, longest {} ns and total {} ns do not fit", i,
             at, record.min_ns, record.max_ns, record.ns);
      if (record.other_thread > record.count)
        fail(at + offsetof(hotline_range_record, other_thread),
             "range {} at offset {}: {} of {} ended on another thread", i, at, record.other_thread,
             record.count);
      range.count = record.count;
      range.ns = record.ns;
      range.min_ns = record.min_ns;
      range.max_ns = record.max_ns;
      range.other_thread = record.other_thread;
      range.open = record.open;
      profile_.ranges.push_back(std::move(range));
    }
  }

  void read_tags() {
    uint64_t count = record_count(HOTLINE_SECTION_TAGS);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_TAGS, i);
      auto record = load_record<hotline_tag_record>(HOTLINE_SECTION_TAGS, i);
      Tag tag;
      tag.key = string_at(record.key, at + offsetof(hotline_tag_record, key), "key");
      if (tag.key.empty())
        fail(at + offsetof(hotline_tag_record, key), "tag {} at offset {} has no key", i, at);
      tag.value = string_at(record.value, at + offsetof(hotline_tag_record, value), "value");
      // A key given twice keeps its last value, as a later assignment would.
      auto same = std::find_if(profile_.tags.begin(), profile_.tags.end(),
                               [&](const Tag &known) { return known.key == tag.key; });
      if (same != profile_.tags.end())
        same->value = std::move(tag.value);
      else
        profile_.tags.push_back(std::move(tag));
    }
  }

  void read_windows() {
    profile_.windowed = sections_[HOTLINE_SECTION_WINDOWS].present;
    uint64_t count = record_count(HOTLINE_SECTION_WINDOWS);
    uint64_t previous_end = 0;
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_WINDOWS, i);
      auto record = load_record<hotline_window_record>(HOTLINE_SECTION_WINDOWS, i);
      if (record.start_ns > record.end_ns || record.start_ns < previous_end)
        fail(at,
             "window {} at offset {}: {} ns to {} ns does not come after the window before it "
             "(to {} ns)",
             i, at, record.start_ns, record.end_ns, previous_end);
      previous_end = record.end_ns;
      // The ends are on the run's clock, the run's wall time on CLOCK_MONOTONIC: they may
      // differ by the calibration's error.
      uint64_t wall = profile_.run.wall_ns;
      profile_.windows.push_back(
          Window{std::min(record.start_ns, wall), std::min(record.end_ns, wall)});
    }
  }

  void read_call_histograms() {
    profile_.histograms = sections_[HOTLINE_SECTION_CALL_HISTOGRAMS].present;
    read_histograms(HOTLINE_SECTION_CALL_HISTOGRAMS, profile_.nodes.size(), "call node",
                    profile_.call_histograms);
  }
  void read_region_histograms() {
    profile_.histograms |= sections_[HOTLINE_SECTION_REGION_HISTOGRAMS].present;
    read_histograms(HOTLINE_SECTION_REGION_HISTOGRAMS, profile_.regions.size(), "region",
                    profile_.region_histograms);
  }
  // Ranges of histograms of `owners` nodes or regions: each names one, in order, and a
  // histogram's ranges follow each other.
  void read_histograms(uint32_t section, size_t owners, const char *owner,
                       std::vector<HistogramRange> &out) {
    uint64_t count = record_count(section);
    out.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(section, i);
      auto record = load_record<hotline_histogram_range_record>(section, i);
      if (record.index >= owners)
        fail(at + offsetof(hotline_histogram_range_record, index),
             "histogram range {} at offset {} names {} {}, out of range ({} {}s)", i, at, owner,
             record.index, owners, owner);
      if (record.count == 0 || record.lower_ns > record.upper_ns)
        fail(at,
             "histogram range {} at offset {} counts {} from {} ns to {} ns: a range counts at "
             "least one, and does not end before it starts",
             i, at, record.count, record.lower_ns, record.upper_ns);
      if (i > 0) {
        const HistogramRange &before = out.back();
        if (record.index < before.index ||
            (record.index == before.index && record.lower_ns < before.upper_ns))
          fail(at,
               "histogram range {} at offset {} ({} {}, from {} ns) does not come after the "
               "range before it ({} {}, to {} ns)",
               i, at, owner, record.index, record.lower_ns, owner, before.index, before.upper_ns);
      }
      out.push_back(HistogramRange{record.index, record.count, record.lower_ns, record.upper_ns});
    }
  }

  // TRACE_EVENTS, TRACE_WAITS or TRACE_RANGES. Each event names a thread, and
  // by its kind a node of that thread, a region's or range's name, a file or a
  // kind of wait. Waits and ranges have their own sections, so TRACE_EVENTS
  // holds kinds 1 to 8 only.
  void read_trace_events() { read_trace_section(HOTLINE_SECTION_TRACE_EVENTS); }
  void read_trace_waits() { read_trace_section(HOTLINE_SECTION_TRACE_WAITS); }
  void read_trace_ranges() { read_trace_section(HOTLINE_SECTION_TRACE_RANGES); }
  void read_trace_section(uint32_t section) {
    const char *name = section_name(section);
    uint64_t count = record_count(section);
    if (count > 0 && !profile_.trace.present)
      fail(sections_[section].header_offset,
           "section {} at offset {} holds events, but there is no TRACE section", name,
           sections_[section].header_offset);
    profile_.trace_events.reserve(profile_.trace_events.size() + count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(section, i);
      auto record = load_record<hotline_trace_event_record>(section, i);
      if (record.thread >= profile_.threads.size())
        fail(at + offsetof(hotline_trace_event_record, thread),
             "trace event {} at offset {} names thread {}, out of range ({} "
             "threads)",
             i, at, record.thread, profile_.threads.size());
      if (record.end_ns < record.start_ns)
        fail(at + offsetof(hotline_trace_event_record, end_ns),
             "trace event {} at offset {} ends at {} ns, before its start at "
             "{} ns",
             i, at, record.end_ns, record.start_ns);
      const Thread &thread = profile_.threads[record.thread];
      TraceEvent event;
      event.start_ns = record.start_ns;
      event.end_ns = record.end_ns;
      event.value = record.value;
      event.thread = record.thread;
      event.kind = record.kind;
      uint64_t id_at = at + offsetof(hotline_trace_event_record, id);
      uint64_t kind_at = at + offsetof(hotline_trace_event_record, kind);
      if (section == HOTLINE_SECTION_TRACE_WAITS) {
        if (record.kind != HOTLINE_TRACE_WAIT)
          fail(kind_at, "wait {} at offset {} has kind {}, not {}", i, at, record.kind,
               unsigned(HOTLINE_TRACE_WAIT));
        if (record.id < HOTLINE_SYNC_MUTEX || record.id > HOTLINE_SYNC_FUTEX)
          fail(id_at, "wait {} at offset {} has wait kind {}, not {} to {}", i, at, record.id,
               unsigned(HOTLINE_SYNC_MUTEX), unsigned(HOTLINE_SYNC_FUTEX));
        event.id = record.id;
        profile_.trace_events.push_back(std::move(event));
        continue;
      }
      if (section == HOTLINE_SECTION_TRACE_RANGES) {
        if (record.kind != HOTLINE_TRACE_RANGE)
          fail(kind_at, "range {} at offset {} has kind {}, not {}", i, at, record.kind,
               unsigned(HOTLINE_TRACE_RANGE));
        if (record.value > 1)
          fail(at + offsetof(hotline_trace_event_record, value),
               "range {} at offset {} has value {}, not 0 or 1", i, at, record.value);
        event.region = string_at(record.id, id_at, "id");
        profile_.trace_events.push_back(std::move(event));
        continue;
      }
      switch (record.kind) {
      case HOTLINE_TRACE_CALL:
        if (record.id >= thread.node_count)
          fail(id_at,
               "trace event {} at offset {} names call node {}, out of range "
               "({} nodes in its thread)",
               i, at, record.id, thread.node_count);
        event.id = thread.first_node + record.id;
        break;
      case HOTLINE_TRACE_REGION:
        event.region = string_at(record.id, id_at, "id");
        break;
      case HOTLINE_TRACE_ALLOCATION:
        break;
      case HOTLINE_TRACE_READ:
      case HOTLINE_TRACE_WRITE:
      case HOTLINE_TRACE_OPEN:
      case HOTLINE_TRACE_SYNC:
      case HOTLINE_TRACE_MAP:
        if (record.id != HOTLINE_NO_FILE && record.id >= profile_.files.size())
          fail(id_at,
               "trace event {} at offset {} names file {}, out of range ({} "
               "files)",
               i, at, record.id, profile_.files.size());
        event.id = record.id;
        break;
      default:
        fail(kind_at, "trace event {} at offset {} has kind {}, not 1 to 8", i, at, record.kind);
      }
      profile_.trace_events.push_back(std::move(event));
    }
  }

  void read_modules() {
    uint64_t count = record_count(HOTLINE_SECTION_MODULES);
    profile_.modules.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_MODULES, i);
      auto record = load_record<hotline_module_record>(HOTLINE_SECTION_MODULES, i);
      Module module;
      module.object_path = string_at(
          record.object_path, at + offsetof(hotline_module_record, object_path), "object_path");
      module.source_file = string_at(
          record.source_file, at + offsetof(hotline_module_record, source_file), "source_file");
      module.first_site = record.first_site;
      module.site_count = record.site_count;
      profile_.modules.push_back(std::move(module));
    }
  }

  void read_module_builds() {
    const SectionSpan &span = sections_[HOTLINE_SECTION_MODULE_BUILDS];
    uint64_t count = record_count(HOTLINE_SECTION_MODULE_BUILDS);
    if (span.present && count != profile_.modules.size())
      fail(span.header_offset, "section MODULE_BUILDS at offset {} has {} builds for {} modules",
           span.header_offset, count, profile_.modules.size());
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_MODULE_BUILDS, i);
      auto record = load_record<hotline_module_build_record>(HOTLINE_SECTION_MODULE_BUILDS, i);
      profile_.modules[i].build =
          string_at(record.build, at + offsetof(hotline_module_build_record, build), "build");
    }
  }

  // Site records of profiles written before line mode end after `module`.
  static constexpr size_t kFirstSiteRecordSize = offsetof(hotline_site_record, column);

  hotline_site_record load_site_record(uint64_t index) const {
    hotline_site_record record{};
    uint64_t at = record_offset(HOTLINE_SECTION_SITES, index);
    uint64_t entry_size = sections_[HOTLINE_SECTION_SITES].entry_size;
    if (entry_size >= sizeof record) {
      record = load<hotline_site_record>(at);
    } else if (entry_size >= offsetof(hotline_site_record, discriminator)) {
      std::memcpy(&record, data_ + at, offsetof(hotline_site_record, discriminator));
    } else {
      std::memcpy(&record, data_ + at, kFirstSiteRecordSize);
      record.counter = record.function = uint32_t(index);
      record.loop = HOTLINE_NO_SITE;
    }
    return record;
  }

  void read_sites() {
    uint64_t count = record_count(HOTLINE_SECTION_SITES, kFirstSiteRecordSize);
    profile_.sites.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_SITES, i);
      hotline_site_record record = load_site_record(i);
      Site site;
      site.name = string_at(record.name, at + offsetof(hotline_site_record, name), "name");
      site.linkage_name = string_at(
          record.linkage_name, at + offsetof(hotline_site_record, linkage_name), "linkage_name");
      site.file = string_at(record.file, at + offsetof(hotline_site_record, file), "file");
      site.line = record.line;
      site.kind = record.kind;
      site.module = record.module;
      if (site.module >= profile_.modules.size())
        fail(at + offsetof(hotline_site_record, module),
             "site {} at offset {} names module {}, out of range ({} modules)", i, at, site.module,
             profile_.modules.size());
      site.column = record.column;
      site.counter = record.counter;
      site.function = record.function;
      site.loop = record.loop;
      site.facts = string_at(record.facts, at + offsetof(hotline_site_record, facts), "facts");
      site.discriminator = record.discriminator;
      auto check_site = [&](uint32_t value, size_t field, const char *what, bool may_be_none) {
        if (value < count || (may_be_none && value == HOTLINE_NO_SITE))
          return;
        fail(at + field, "site {} at offset {} names {} site {}, out of range ({} sites)", i, at,
             what, value, count);
      };
      check_site(site.counter, offsetof(hotline_site_record, counter), "counter", false);
      check_site(site.function, offsetof(hotline_site_record, function), "function", false);
      check_site(site.loop, offsetof(hotline_site_record, loop), "loop", true);
      // Loops are numbered before what they hold, so walking out from a site
      // through its loops always ends.
      if (site.loop != HOTLINE_NO_SITE &&
          (site.loop >= i || profile_.sites[site.loop].kind != HOTLINE_SITE_LOOP))
        fail(at + offsetof(hotline_site_record, loop),
             "site {} at offset {} names loop site {}, which is not an earlier "
             "loop site",
             i, at, site.loop);
      profile_.sites.push_back(std::move(site));
    }
    // Checked only now that the number of sites is known.
    for (size_t i = 0; i < profile_.modules.size(); ++i) {
      const Module &module = profile_.modules[i];
      if (uint64_t(module.first_site) + module.site_count > profile_.sites.size())
        fail(record_offset(HOTLINE_SECTION_MODULES, i),
             "module {} at offset {} covers sites [{}, {}), out of range ({} "
             "sites)",
             i, record_offset(HOTLINE_SECTION_MODULES, i), module.first_site,
             uint64_t(module.first_site) + module.site_count, profile_.sites.size());
    }
  }

  void read_site_counts() {
    const SectionSpan &span = sections_[HOTLINE_SECTION_SITE_COUNTS];
    uint64_t count = record_count(HOTLINE_SECTION_SITE_COUNTS);
    if (span.present && count != profile_.sites.size())
      fail(span.header_offset, "section SITE_COUNTS at offset {} has {} counts for {} sites",
           span.header_offset, count, profile_.sites.size());
    profile_.site_counts.assign(profile_.sites.size(), 0);
    for (uint64_t i = 0; i < count; ++i)
      profile_.site_counts[i] = load_record<uint64_t>(HOTLINE_SECTION_SITE_COUNTS, i);
  }

  void read_threads() {
    uint64_t count =
        record_count(HOTLINE_SECTION_THREADS, offsetof(hotline_thread_record, memory_ns));
    uint64_t node_count =
        record_count(HOTLINE_SECTION_CALL_TREE, offsetof(hotline_call_node_record, window_calls));
    profile_.threads.reserve(count);
    uint64_t previous_end = 0;
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t at = record_offset(HOTLINE_SECTION_THREADS, i);
      auto record = load_record<hotline_thread_record>(HOTLINE_SECTION_THREADS, i);
      uint64_t end = uint64_t(record.first_node) + record.node_count;
      if (end > node_count)
        fail(at + offsetof(hotline_thread_record, first_node),
             "thread {} at offset {} has call nodes [{}, {}), out of range ({} "
             "nodes)",
             i, at, record.first_node, end, node_count);
      if (record.first_node != previous_end)
        fail(at + offsetof(hotline_thread_record, first_node),
             "thread {} at offset {} has call nodes starting at {}, expected {} "
             "(threads' nodes follow each other)",
             i, at, record.first_node, previous_end);
      previous_end = end;
      Thread thread;
      thread.tid = record.tid;
      thread.start_ns = record.start_ns;
      thread.end_ns = record.end_ns;
      thread.first_node = record.first_node;
      thread.node_count = record.node_count;
      thread.name = string_at(record.name, at + offsetof(hotline_thread_record, name), "name");
      thread.flags = record.flags;
      thread.memory_ns = record.memory_ns;
      profile_.threads.push_back(std::move(thread));
    }
    if (previous_end != node_count)
      fail(record_offset(HOTLINE_SECTION_CALL_TREE, previous_end),
           "call node {} at offset {} belongs to no thread", previous_end,
           record_offset(HOTLINE_SECTION_CALL_TREE, previous_end));
  }

  // The site that the nodes for call paths beyond the limit are given, added once after
  // the profile's own sites; its count is the sum of their calls (the entries into them).
  uint32_t other_call_paths_site(uint64_t at) {
    if (profile_.other_call_paths_site != kNoSite)
      return profile_.other_call_paths_site;
    if (profile_.modules.empty())
      fail(at,
           "call node at offset {} stands for other call paths in a profile with no "
           "module",
           at);
    auto site = uint32_t(profile_.sites.size());
    Site other;
    other.name = other.linkage_name = kOtherCallPathsName;
    other.kind = HOTLINE_SITE_FUNCTION;
    other.counter = other.function = site;
    profile_.sites.push_back(std::move(other));
    profile_.site_counts.push_back(0);
    profile_.other_call_paths_site = site;
    return site;
  }

  void read_call_tree() {
    uint64_t count =
        record_count(HOTLINE_SECTION_CALL_TREE, offsetof(hotline_call_node_record, window_calls));
    profile_.nodes.reserve(count);
    for (size_t t = 0; t < profile_.threads.size(); ++t) {
      const Thread &thread = profile_.threads[t];
      for (uint32_t local = 0; local < thread.node_count; ++local) {
        uint64_t index = uint64_t(thread.first_node) + local;
        uint64_t at = record_offset(HOTLINE_SECTION_CALL_TREE, index);
        auto record = load_record<hotline_call_node_record>(HOTLINE_SECTION_CALL_TREE, index);
        if (record.site == HOTLINE_OTHER_CALL_PATHS)
          record.site = other_call_paths_site(at);
        else if (record.site >= profile_.sites.size())
          fail(at + offsetof(hotline_call_node_record, site),
               "call node {} at offset {} names site {}, out of range ({} "
               "sites)",
               index, at, record.site, profile_.sites.size());
        if (record.parent != HOTLINE_NO_PARENT && record.parent >= thread.node_count)
          fail(at + offsetof(hotline_call_node_record, parent),
               "call node {} at offset {} names parent {}, out of range (thread "
               "{} has {} nodes)",
               index, at, record.parent, t, thread.node_count);
        if (record.parent != HOTLINE_NO_PARENT && record.parent >= local)
          fail(at + offsetof(hotline_call_node_record, parent),
               "call node {} at offset {} names parent {}, which does not come "
               "before it in thread {}",
               index, at, record.parent, t);
        CallNode node;
        node.site = record.site;
        node.parent =
            record.parent == HOTLINE_NO_PARENT ? kNoParent : thread.first_node + record.parent;
        node.calls = record.calls;
        node.inclusive_ns = record.inclusive_ns;
        node.exclusive_ns = record.exclusive_ns;
        node.window_calls = std::min(record.window_calls, record.calls);
        node.window_ns = std::min(record.window_ns, record.inclusive_ns);
        node.open_calls = std::min(record.open_calls, record.calls);
        profile_.nodes.push_back(node);
        if (node.site == profile_.other_call_paths_site)
          profile_.site_counts[node.site] += node.calls;
      }
    }
  }

  const unsigned char *data_;
  size_t size_;
  uint64_t begin_; // where this profile's file header is
  uint64_t end_;   // where it ends: size_, or where the next member starts
  const std::string &name_;
  Profile profile_;
  uint64_t declared_file_size_ = 0;
  uint32_t section_count_ = 0;
  uint64_t first_section_offset_ = 0;
  uint64_t sections_end_ = 0;
  SectionSpan sections_[kLastKnownSection + 1];
};

const Parser::SectionReader Parser::kSectionReaders[std::size(kSectionNumbers)] = {
#define HOTLINE_SECTION_READER(NAME, number, record, name)                                         \
  {HOTLINE_SECTION_##NAME, &Parser::read_##name},
    HOTLINE_SECTIONS(HOTLINE_SECTION_READER)
#undef HOTLINE_SECTION_READER
};

} // namespace

std::vector<Profile> parse_profiles(const unsigned char *data, size_t size,
                                    const std::string &display_name) {
  std::vector<Profile> members;
  uint64_t begin = 0;
  do {
    // Until a second member shows up the file may be a plain profile.
    std::string name =
        members.empty() ? display_name : bundle_member_name(display_name, members.size());
    Parser parser(data, size, begin, name);
    members.push_back(parser.parse());
    begin = parser.end();
  } while (begin < size);
  if (members.size() > 1)
    members[0].display_name = bundle_member_name(display_name, 0);
  return members;
}

std::vector<Profile> parse_profiles(const std::vector<unsigned char> &bytes,
                                    const std::string &display_name) {
  return parse_profiles(bytes.data(), bytes.size(), display_name);
}

Profile parse_profile(const unsigned char *data, size_t size, const std::string &display_name) {
  Parser parser(data, size, 0, display_name);
  Profile profile = parser.parse();
  if (parser.end() != size)
    throw ProfileFormatError(display_name,
                             fmt::format("a bundle (another profile starts at offset {}) where "
                                         "one profile was expected",
                                         parser.end()),
                             parser.end());
  return profile;
}

Profile parse_profile(const std::vector<unsigned char> &bytes, const std::string &display_name) {
  return parse_profile(bytes.data(), bytes.size(), display_name);
}

std::string bundle_member_name(const std::string &path, size_t index) {
  return fmt::format("{}[{}]", path, index);
}

namespace {

const char *file_kind(mode_t mode) {
  if (S_ISDIR(mode))
    return "a directory";
  if (S_ISFIFO(mode))
    return "a FIFO";
  if (S_ISCHR(mode))
    return "a character device";
  if (S_ISBLK(mode))
    return "a block device";
  if (S_ISSOCK(mode))
    return "a socket";
  return "not a regular file";
}

// Reads up to `size` bytes at the file's position; fewer only at its end.
size_t read_fully(int fd, unsigned char *into, size_t size, const std::string &path) {
  size_t done = 0;
  while (done < size) {
    ssize_t got = ::read(fd, into + done, size - done);
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0) {
      int read_errno = errno;
      ::close(fd);
      throw ProfileFileError(fmt::format("{}: cannot read: {}", path, std::strerror(read_errno)));
    }
    if (got == 0)
      break;
    done += size_t(got);
  }
  return done;
}

} // namespace

// Only a regular file is read: a FIFO would block in open (it is opened without waiting for a
// writer) and a device such as /dev/zero never ends. Its first bytes are checked before the
// rest is read, so that a large file that is not a profile costs nothing; the rest is read into
// one buffer of the file's size.
std::vector<unsigned char> read_profile_bytes(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0)
    throw ProfileFileError(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
  struct stat status;
  if (::fstat(fd, &status) != 0) {
    int stat_errno = errno;
    ::close(fd);
    throw ProfileFileError(fmt::format("{}: cannot read: {}", path, std::strerror(stat_errno)));
  }
  if (!S_ISREG(status.st_mode)) {
    ::close(fd);
    throw ProfileFileError(
        fmt::format("{}: {}, not a profile (hotline reads the regular files that programs wrote)",
                    path, file_kind(status.st_mode)));
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  std::vector<unsigned char> bytes(sizeof hotline_file_header::magic);
  bytes.resize(read_fully(fd, bytes.data(), bytes.size(), path));
  if (!bytes.empty() && std::memcmp(bytes.data(), HOTLINE_PROFILE_MAGIC, bytes.size()) != 0) {
    ::close(fd);
    throw ProfileFormatError(path, "not a hotline profile (bad magic) at offset 0", 0);
  }
  // The size when opened; a file still growing is read to its end.
  size_t expected = size_t(status.st_size);
  if (expected > bytes.size()) {
    size_t have = bytes.size();
    bytes.resize(expected);
    bytes.resize(have + read_fully(fd, bytes.data() + have, expected - have, path));
  }
  unsigned char chunk[1 << 16];
  for (size_t got; (got = read_fully(fd, chunk, sizeof chunk, path)) > 0;)
    bytes.insert(bytes.end(), chunk, chunk + got);
  ::close(fd);
  return bytes;
}

std::vector<Profile> read_profile(const std::string &path) {
  return parse_profiles(read_profile_bytes(path), path);
}

// A dump's name is its process's profile's with ".dump-N" before ".hotline": the stem before
// that, and N; an empty stem for other names.
static std::pair<std::string, unsigned long> dump_of(const std::string &name) {
  size_t at = name.rfind(".dump-");
  if (at == std::string::npos || name.size() <= at + 6 + 8)
    return {"", 0};
  std::string number = name.substr(at + 6, name.size() - 8 - (at + 6));
  if (number.empty() || number.find_first_not_of("0123456789") != std::string::npos ||
      number.size() > 9)
    return {"", 0};
  return {name.substr(0, at), std::stoul(number)};
}

// Of a process's dumps and profile in one directory, the latest holds all the others hold:
// the others are left out, so that nothing is counted twice.
static void leave_out_superseded_dumps(std::vector<std::string> &names) {
  std::map<std::string, unsigned long> latest; // stem: its newest dump, or ULONG_MAX (the profile)
  for (const std::string &name : names) {
    auto [stem, dump] = dump_of(name);
    if (stem.empty())
      latest[name.substr(0, name.size() - 8)] = ULONG_MAX;
    else if (dump > latest[stem])
      latest[stem] = dump;
  }
  names.erase(std::remove_if(names.begin(), names.end(),
                             [&](const std::string &name) {
                               auto [stem, dump] = dump_of(name);
                               return !stem.empty() && latest[stem] != dump;
                             }),
              names.end());
}

// A directory stands for the profiles in it (a job's ranks, a HOTLINE_DIR): its files named
// *.hotline, in name order; the runtime's unfinished .*.hotline.tmp files are not among them,
// nor the dumps (<stem>.dump-N.hotline) that a later dump or profile of their process holds.
static std::vector<std::string> profiles_in_directory(const std::string &path) {
  std::vector<std::string> found;
  std::error_code error;
  for (const auto &entry : std::filesystem::directory_iterator(path, error)) {
    std::string name = entry.path().filename().string();
    if (name.size() > 8 && name[0] != '.' && name.compare(name.size() - 8, 8, ".hotline") == 0 &&
        entry.is_regular_file(error))
      found.push_back(entry.path().string());
  }
  leave_out_superseded_dumps(found);
  if (error)
    throw ProfileFileError(fmt::format("{}: cannot list: {}", path, error.message()));
  if (found.empty())
    throw ProfileFileError(fmt::format("{}: no profiles (*.hotline) in this directory", path));
  std::sort(found.begin(), found.end());
  return found;
}

void for_each_profile(const std::vector<std::string> &paths,
                      const std::function<void(Profile &&)> &use) {
  for (const std::string &path : paths) {
    std::error_code error;
    std::vector<std::string> files = std::filesystem::is_directory(path, error)
                                         ? profiles_in_directory(path)
                                         : std::vector<std::string>{path};
    for (const std::string &file : files)
      for (Profile &profile : read_profile(file))
        use(std::move(profile));
  }
}

// Given a process's dump and a later dump or profile of it (the same host, pid and start), the
// later one holds all the dump holds: the dump is left out, with a note, so that nothing is
// counted twice (a directory leaves such dumps out by their names already).
static void leave_out_superseded_dumps(std::vector<Profile> &profiles) {
  using Process = std::tuple<std::string, uint64_t, int64_t>;
  auto process_of = [](const Profile &p) {
    return Process{p.run.host, p.run.pid, p.run.start_unix_ns};
  };
  auto later = [](const Profile &a, const Profile &b) { // whether a holds all b holds, and more
    if (a.run.dump() != b.run.dump())
      return !a.run.dump();
    return a.run.wall_ns > b.run.wall_ns;
  };
  std::map<Process, const Profile *> latest;
  for (const Profile &profile : profiles) {
    const Profile *&known = latest[process_of(profile)];
    if (!known || later(profile, *known))
      known = &profile;
  }
  std::vector<bool> superseded(profiles.size(), false);
  for (size_t i = 0; i < profiles.size(); ++i) {
    const Profile *holder = latest[process_of(profiles[i])];
    superseded[i] = holder != &profiles[i] && profiles[i].run.dump();
    if (superseded[i])
      fmt::print(stderr,
                 "hotline: note: left out {}: {}, a later profile of its process, holds all it "
                 "holds\n",
                 profiles[i].display_name, holder->display_name);
  }
  std::vector<Profile> kept;
  for (size_t i = 0; i < profiles.size(); ++i)
    if (!superseded[i])
      kept.push_back(std::move(profiles[i]));
  profiles = std::move(kept);
}

std::vector<Profile> read_profiles(const std::vector<std::string> &paths) {
  std::vector<Profile> profiles;
  for_each_profile(paths, [&](Profile &&profile) { profiles.push_back(std::move(profile)); });
  leave_out_superseded_dumps(profiles);
  return profiles;
}

} // namespace hotline::profile
