// CUDA and GPU records: read back exactly, refused when they name what is not
// there; added up by kernel, launch site, direction and device; and the GPU
// rules at their thresholds.
#include "analysis/bottlenecks.h"
#include "analysis/gpu.h"
#include "profile/reader.h"
#include "profile_builder.h"
#include "rules/rules.h"

#include <hotline/profile_format.h>

#include <gtest/gtest.h>

#include <cstddef>
#include <random>
#include <string>

namespace hotline::test {
namespace {

using profile::Profile;

constexpr uint32_t kNo = HOTLINE_NO_GPU_SITE;

hotline_gpu_kernel_record kernel(uint64_t start_ns, uint64_t end_ns, uint32_t site, uint32_t name,
                                 uint32_t device = 0) {
  hotline_gpu_kernel_record record{};
  record.start_ns = start_ns;
  record.end_ns = end_ns;
  record.site = site;
  record.name = name;
  record.device = device;
  return record;
}

hotline_gpu_transfer_record transfer(uint64_t start_ns, uint64_t end_ns, uint64_t bytes,
                                     uint32_t site, uint8_t kind, uint8_t source,
                                     uint8_t destination) {
  hotline_gpu_transfer_record record{};
  record.start_ns = start_ns;
  record.end_ns = end_ns;
  record.bytes = bytes;
  record.site = site;
  record.kind = kind;
  record.source = source;
  record.destination = destination;
  return record;
}

hotline_gpu_memory_record memory(uint64_t time_ns, uint64_t bytes, uint32_t site, uint32_t device,
                                 uint8_t operation, uint8_t kind) {
  hotline_gpu_memory_record record{};
  record.time_ns = time_ns;
  record.address = 0x7f0000000000 + time_ns;
  record.bytes = bytes;
  record.site = site;
  record.device = device;
  record.operation = operation;
  record.memory = kind;
  return record;
}

// One process, 1 ms of wall time; its main thread runs main (main.cpp:10),
// which calls step (main.cpp:20). Device 0 ("NVIDIA H100 80GB HBM3"):
//   [20, 70) µs     host to device, 1 MB from pageable memory (cudaMemcpy in main)
//   [100, 200)      step, launched from step
//   [300, 400)      step
//   [350, 470)      step, on another stream: overlaps the one before
//   [500, 600)      device to host, 2 MB into pinned memory (cudaMemcpy in main)
//   [600, 610)      memset, 4 MB, no site
//   [900, 1100)     other, no site: ends after the run's wall time
// Device 1 (not in GPU_DEVICES): other, [0, 500) µs. A device synchronize in
// main waits [450, 470) µs. cudaMalloc allocates 1 + 3 MB and 0.5 MB of pinned
// memory on device 0, cudaFree frees the 1 MB; a call the runtime did not see
// allocates 2 MB of managed memory on device 1, and cudaFree frees 9 MB there.
ProfileBuilder gpu_builder() {
  ProfileBuilder b;
  b.run().wall_ns = 1000000;
  uint32_t app = b.add_module("/home/user/app", "main.cpp");
  uint32_t main_site = b.add_site(app, "main", "main", "main.cpp", 10, 1);
  uint32_t step_site = b.add_site(app, "step()", "_Z4stepv", "main.cpp", 20, 3);
  b.add_thread(123, "main");
  uint32_t main_node = b.add_node(main_site, HOTLINE_NO_PARENT, 1, 1000000);
  uint32_t step_node = b.add_node(step_site, main_node, 3, 30000);
  hotline_cuda_record &cuda = b.cuda();
  cuda.state = HOTLINE_CUDA_TRACED;
  cuda.device_count = 1;
  cuda.driver_version = 13000;
  cuda.dropped_records = 7;
  cuda.lost_records = 2;
  cuda.cupti_version = 26;
  b.add_gpu_device(0, "NVIDIA H100 80GB HBM3", 85520809984);
  uint32_t launch = b.add_gpu_site(
      gpu_site(0, step_node, HOTLINE_GPU_API_LAUNCH, b.string("cudaLaunchKernel"), 3, 30000));
  uint32_t copy = b.add_gpu_site(
      gpu_site(0, main_node, HOTLINE_GPU_API_MEMCPY, b.string("cudaMemcpy"), 2, 50000));
  uint32_t sync = b.add_gpu_site(gpu_site(0, main_node, HOTLINE_GPU_API_SYNCHRONIZE,
                                          b.string("cudaDeviceSynchronize"), 1, 100000));
  uint32_t alloc = b.add_gpu_site(
      gpu_site(0, main_node, HOTLINE_GPU_API_ALLOC, b.string("cudaMalloc"), 3, 1000));
  uint32_t free =
      b.add_gpu_site(gpu_site(0, main_node, HOTLINE_GPU_API_FREE, b.string("cudaFree"), 2, 500));
  uint32_t step = b.string("_Z4stepv"), other = b.string("_Z5otherv");
  b.add_gpu_transfer(transfer(20000, 70000, 1000000, copy, HOTLINE_GPU_COPY_HOST_TO_DEVICE,
                              HOTLINE_GPU_MEMORY_PAGEABLE, HOTLINE_GPU_MEMORY_DEVICE));
  b.add_gpu_kernel(kernel(100000, 200000, launch, step));
  b.add_gpu_kernel(kernel(300000, 400000, launch, step));
  b.add_gpu_kernel(kernel(350000, 470000, launch, step));
  b.add_gpu_transfer(transfer(500000, 600000, 2000000, copy, HOTLINE_GPU_COPY_DEVICE_TO_HOST,
                              HOTLINE_GPU_MEMORY_DEVICE, HOTLINE_GPU_MEMORY_PINNED));
  b.add_gpu_transfer(transfer(600000, 610000, 4000000, kNo, HOTLINE_GPU_MEMSET,
                              HOTLINE_GPU_MEMORY_DEVICE, HOTLINE_GPU_MEMORY_DEVICE));
  b.add_gpu_kernel(kernel(900000, 1100000, kNo, other));
  b.add_gpu_kernel(kernel(0, 500000, kNo, other, 1));
  hotline_gpu_sync_record wait{};
  wait.start_ns = 450000;
  wait.end_ns = 470000;
  wait.site = sync;
  wait.kind = HOTLINE_GPU_SYNC_DEVICE;
  wait.stream = 0xffffffffu;
  b.add_gpu_sync(wait);
  b.add_gpu_memory(
      memory(10000, 1000000, alloc, 0, HOTLINE_GPU_ALLOCATE, HOTLINE_GPU_MEMORY_DEVICE));
  b.add_gpu_memory(
      memory(20000, 3000000, alloc, 0, HOTLINE_GPU_ALLOCATE, HOTLINE_GPU_MEMORY_DEVICE));
  b.add_gpu_memory(
      memory(30000, 500000, alloc, 0, HOTLINE_GPU_ALLOCATE, HOTLINE_GPU_MEMORY_PINNED));
  b.add_gpu_memory(memory(40000, 1000000, free, 0, HOTLINE_GPU_FREE, HOTLINE_GPU_MEMORY_DEVICE));
  b.add_gpu_memory(
      memory(50000, 2000000, kNo, 1, HOTLINE_GPU_ALLOCATE, HOTLINE_GPU_MEMORY_MANAGED));
  b.add_gpu_memory(memory(60000, 9000000, free, 1, HOTLINE_GPU_FREE, HOTLINE_GPU_MEMORY_DEVICE));
  return b;
}

Profile parse(const Bytes &bytes, const std::string &name = "app.hotline") {
  return profile::parse_profile(bytes, name);
}

// The message of the ProfileFormatError that parsing `bytes` throws, or "" if
// none; `offset` gets the offset it names.
std::string format_error(const Bytes &bytes, uint64_t *offset = nullptr) {
  try {
    parse(bytes);
  } catch (const profile::ProfileFormatError &e) {
    if (offset)
      *offset = e.offset();
    return e.what();
  }
  return "";
}

// Where record `index` of section `kind` starts in a built profile.
size_t record_at(const Bytes &file, uint32_t kind, size_t entry_size, size_t index) {
  return find_section(file, kind) + sizeof(hotline_section_header) + index * entry_size;
}

TEST(GpuReader, RoundTripsEveryField) {
  Profile p = parse(gpu_builder().build());
  ASSERT_TRUE(p.cuda.present);
  EXPECT_EQ(p.cuda.state, uint32_t(HOTLINE_CUDA_TRACED));
  EXPECT_EQ(p.cuda.device_count, 1u);
  EXPECT_EQ(p.cuda.message, "");
  EXPECT_EQ(p.cuda.driver_version, 13000u);
  EXPECT_EQ(p.cuda.dropped_records, 7u);
  EXPECT_EQ(p.cuda.lost_records, 2u);
  EXPECT_EQ(p.cuda.cupti_version, 26u);
  ASSERT_EQ(p.gpu_devices.size(), 1u);
  EXPECT_EQ(p.gpu_devices[0].name, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(p.gpu_devices[0].compute_major, 9u);
  EXPECT_EQ(p.gpu_devices[0].multiprocessors, 132u);
  EXPECT_EQ(p.gpu_devices[0].memory_bytes, 85520809984u);
  ASSERT_EQ(p.gpu_sites.size(), 5u);
  EXPECT_EQ(p.gpu_sites[0].thread, 0u);
  EXPECT_EQ(p.gpu_sites[0].node, 1u);
  EXPECT_EQ(p.gpu_sites[0].object, profile::kNoObject);
  EXPECT_EQ(p.gpu_sites[0].api, uint32_t(HOTLINE_GPU_API_LAUNCH));
  EXPECT_EQ(p.gpu_sites[0].function, "cudaLaunchKernel");
  EXPECT_EQ(p.gpu_sites[0].calls, 3u);
  EXPECT_EQ(p.gpu_sites[0].host_ns, 30000u);
  ASSERT_EQ(p.gpu_kernels.size(), 5u);
  EXPECT_EQ(p.gpu_kernels[2].start_ns, 350000u);
  EXPECT_EQ(p.gpu_kernels[2].end_ns, 470000u);
  EXPECT_EQ(p.gpu_kernels[2].site, 0u);
  EXPECT_EQ(p.gpu_kernels[2].name, "_Z4stepv");
  EXPECT_EQ(p.gpu_kernels[3].site, profile::kNoGpuSite);
  EXPECT_EQ(p.gpu_kernels[4].device, 1u);
  ASSERT_EQ(p.gpu_transfers.size(), 3u);
  EXPECT_EQ(p.gpu_transfers[0].bytes, 1000000u);
  EXPECT_EQ(p.gpu_transfers[0].kind, uint32_t(HOTLINE_GPU_COPY_HOST_TO_DEVICE));
  EXPECT_EQ(p.gpu_transfers[0].source, uint32_t(HOTLINE_GPU_MEMORY_PAGEABLE));
  EXPECT_EQ(p.gpu_transfers[0].destination, uint32_t(HOTLINE_GPU_MEMORY_DEVICE));
  ASSERT_EQ(p.gpu_syncs.size(), 1u);
  EXPECT_EQ(p.gpu_syncs[0].kind, uint32_t(HOTLINE_GPU_SYNC_DEVICE));
  EXPECT_EQ(p.gpu_syncs[0].stream, 0xffffffffu);
  ASSERT_EQ(p.gpu_memory.size(), 6u);
  EXPECT_EQ(p.gpu_memory[2].bytes, 500000u);
  EXPECT_EQ(p.gpu_memory[2].memory, uint32_t(HOTLINE_GPU_MEMORY_PINNED));
  EXPECT_EQ(p.gpu_memory[3].operation, uint32_t(HOTLINE_GPU_FREE));
}

TEST(GpuReader, ReadsTheKnownPrefixOfLargerRecords) {
  ProfileBuilder b = gpu_builder();
  b.set_extra_record_bytes(8);
  Profile p = parse(b.build());
  EXPECT_EQ(p.cuda.dropped_records, 7u);
  ASSERT_EQ(p.gpu_kernels.size(), 5u);
  EXPECT_EQ(p.gpu_kernels[4].end_ns, 500000u);
  EXPECT_EQ(p.gpu_memory.back().bytes, 9000000u);
}

TEST(GpuReader, CudaWithoutGpuRecordsAndNoCudaAtAll) {
  ProfileBuilder no_device;
  no_device.cuda().state = HOTLINE_CUDA_NO_DEVICE;
  no_device.cuda().message = no_device.string("cuInit: CUDA_ERROR_NO_DEVICE");
  Profile p = parse(no_device.build());
  EXPECT_TRUE(p.cuda.present);
  EXPECT_EQ(p.cuda.state, uint32_t(HOTLINE_CUDA_NO_DEVICE));
  EXPECT_EQ(p.cuda.message, "cuInit: CUDA_ERROR_NO_DEVICE");
  EXPECT_TRUE(p.gpu_kernels.empty());

  EXPECT_FALSE(parse(ProfileBuilder().build()).cuda.present);
}

TEST(GpuReaderErrors, GpuRecordsWithoutCuda) {
  ProfileBuilder b;
  b.add_thread(123);
  b.add_gpu_site(gpu_site(0, HOTLINE_NO_PARENT, HOTLINE_GPU_API_LAUNCH, 0, 1, 1));
  Bytes file = b.build();
  size_t sites = find_section(file, HOTLINE_SECTION_GPU_SITES);
  uint64_t offset = 0;
  EXPECT_EQ(format_error(file, &offset), "app.hotline: section GPU_SITES at offset " +
                                             std::to_string(sites) +
                                             " holds records, but there is no CUDA section");
  EXPECT_EQ(offset, sites);
}

TEST(GpuReaderErrors, SitePlacesAreCheckedLikeSyncSites) {
  ProfileBuilder thread = gpu_builder();
  thread.gpu_site(1).thread = 7;
  Bytes file = thread.build();
  size_t record = record_at(file, HOTLINE_SECTION_GPU_SITES, sizeof(hotline_gpu_site_record), 1);
  uint64_t offset = 0;
  EXPECT_EQ(format_error(file, &offset), "app.hotline: GPU site 1 at offset " +
                                             std::to_string(record) +
                                             " names thread 7, out of range (1 threads)");
  EXPECT_EQ(offset, record + offsetof(hotline_gpu_site_record, thread));

  ProfileBuilder node = gpu_builder();
  node.gpu_site(0).node = 2;
  EXPECT_NE(format_error(node.build()).find("GPU site 0 at offset"), std::string::npos);
  EXPECT_NE(
      format_error(node.build()).find("names call node 2, out of range (thread 0 has 2 nodes)"),
      std::string::npos);

  ProfileBuilder no_thread = gpu_builder();
  no_thread.gpu_site(0).thread = HOTLINE_NO_THREAD;
  EXPECT_NE(format_error(no_thread.build()).find("names call node 1 but no thread"),
            std::string::npos);

  ProfileBuilder object = gpu_builder();
  object.gpu_site(4).object = 0;
  EXPECT_NE(format_error(object.build()).find("GPU site 4 at offset"), std::string::npos);
  EXPECT_NE(format_error(object.build()).find("names object 0, out of range (0 objects)"),
            std::string::npos);
}

TEST(GpuReaderErrors, SiteApiOutOfRange) {
  for (uint32_t api : {0u, 8u}) {
    ProfileBuilder b = gpu_builder();
    b.gpu_site(2).api = api;
    Bytes file = b.build();
    size_t record = record_at(file, HOTLINE_SECTION_GPU_SITES, sizeof(hotline_gpu_site_record), 2);
    uint64_t offset = 0;
    EXPECT_EQ(format_error(file, &offset), "app.hotline: GPU site 2 at offset " +
                                               std::to_string(record) + " has api " +
                                               std::to_string(api) + ", not one of 1 to 7");
    EXPECT_EQ(offset, record + offsetof(hotline_gpu_site_record, api));
  }
}

TEST(GpuReaderErrors, RecordsNameValidGpuSites) {
  ProfileBuilder b = gpu_builder();
  b.gpu_kernel(1).site = 5;
  Bytes file = b.build();
  size_t record =
      record_at(file, HOTLINE_SECTION_GPU_KERNELS, sizeof(hotline_gpu_kernel_record), 1);
  uint64_t offset = 0;
  EXPECT_EQ(format_error(file, &offset), "app.hotline: GPU kernel 1 at offset " +
                                             std::to_string(record) +
                                             " names GPU site 5, out of range (5 GPU sites)");
  EXPECT_EQ(offset, record + offsetof(hotline_gpu_kernel_record, site));

  ProfileBuilder copy = gpu_builder();
  copy.gpu_transfer(0).site = 9;
  EXPECT_NE(format_error(copy.build()).find("GPU transfer 0 at offset"), std::string::npos);
  ProfileBuilder wait = gpu_builder();
  wait.gpu_sync(0).site = 5;
  EXPECT_NE(format_error(wait.build()).find("GPU sync 0 at offset"), std::string::npos);
  ProfileBuilder allocation = gpu_builder();
  allocation.gpu_memory(3).site = 5;
  EXPECT_NE(format_error(allocation.build()).find("GPU memory record 3 at offset"),
            std::string::npos);
  EXPECT_NE(format_error(allocation.build()).find("names GPU site 5, out of range (5 GPU sites)"),
            std::string::npos);
}

TEST(GpuReaderErrors, WorkEndsNoEarlierThanItStarts) {
  ProfileBuilder b = gpu_builder();
  b.gpu_kernel(0).end_ns = 99999;
  Bytes file = b.build();
  size_t record =
      record_at(file, HOTLINE_SECTION_GPU_KERNELS, sizeof(hotline_gpu_kernel_record), 0);
  uint64_t offset = 0;
  EXPECT_EQ(format_error(file, &offset), "app.hotline: GPU kernel 0 at offset " +
                                             std::to_string(record) +
                                             " ends at 99999 ns, before its start at 100000 ns");
  EXPECT_EQ(offset, record + offsetof(hotline_gpu_kernel_record, end_ns));

  ProfileBuilder copy = gpu_builder();
  copy.gpu_transfer(2).end_ns = 0;
  EXPECT_NE(format_error(copy.build()).find("GPU transfer 2 at offset"), std::string::npos);
  EXPECT_NE(format_error(copy.build()).find("ends at 0 ns, before its start at 600000 ns"),
            std::string::npos);
  ProfileBuilder wait = gpu_builder();
  wait.gpu_sync(0).start_ns = 470001;
  EXPECT_NE(format_error(wait.build()).find("GPU sync 0 at offset"), std::string::npos);

  ProfileBuilder instant = gpu_builder();
  instant.gpu_kernel(0).end_ns = 100000; // an empty interval is allowed
  EXPECT_EQ(format_error(instant.build()), "");
}

TEST(GpuReaderErrors, TransferKindsAndMemoryKinds) {
  for (uint8_t kind : {uint8_t(0), uint8_t(8)}) {
    ProfileBuilder b = gpu_builder();
    b.gpu_transfer(1).kind = kind;
    Bytes file = b.build();
    size_t record =
        record_at(file, HOTLINE_SECTION_GPU_TRANSFERS, sizeof(hotline_gpu_transfer_record), 1);
    uint64_t offset = 0;
    EXPECT_EQ(format_error(file, &offset), "app.hotline: GPU transfer 1 at offset " +
                                               std::to_string(record) + " has kind " +
                                               std::to_string(kind) + ", not one of 1 to 7");
    EXPECT_EQ(offset, record + offsetof(hotline_gpu_transfer_record, kind));
  }
  ProfileBuilder source = gpu_builder();
  source.gpu_transfer(0).source = 6;
  EXPECT_NE(format_error(source.build()).find("has source 6, not a memory kind (0 to 5)"),
            std::string::npos);
  ProfileBuilder destination = gpu_builder();
  destination.gpu_transfer(0).destination = 255;
  EXPECT_NE(
      format_error(destination.build()).find("has destination 255, not a memory kind (0 to 5)"),
      std::string::npos);
  ProfileBuilder unknown = gpu_builder();
  unknown.gpu_transfer(0).source = HOTLINE_GPU_MEMORY_UNKNOWN;
  unknown.gpu_transfer(0).kind = HOTLINE_GPU_COPY_OTHER;
  EXPECT_EQ(format_error(unknown.build()), "");

  ProfileBuilder allocation = gpu_builder();
  allocation.gpu_memory(0).memory = 6;
  EXPECT_NE(format_error(allocation.build()).find("GPU memory record 0 at offset"),
            std::string::npos);
  EXPECT_NE(format_error(allocation.build()).find("has memory 6, not a memory kind (0 to 5)"),
            std::string::npos);
}

TEST(GpuReaderErrors, MemoryRecordsByTimeAllocatingOrFreeing) {
  ProfileBuilder b = gpu_builder();
  b.gpu_memory(4).time_ns = 39999;
  Bytes file = b.build();
  size_t record = record_at(file, HOTLINE_SECTION_GPU_MEMORY, sizeof(hotline_gpu_memory_record), 4);
  uint64_t offset = 0;
  EXPECT_EQ(format_error(file, &offset),
            "app.hotline: GPU memory record 4 at offset " + std::to_string(record) +
                " has time_ns 39999, before the previous record's 40000");
  EXPECT_EQ(offset, record + offsetof(hotline_gpu_memory_record, time_ns));

  ProfileBuilder same_time = gpu_builder();
  same_time.gpu_memory(4).time_ns = 40000; // equal times are allowed
  EXPECT_EQ(format_error(same_time.build()), "");

  for (uint8_t operation : {uint8_t(0), uint8_t(3)}) {
    ProfileBuilder bad = gpu_builder();
    bad.gpu_memory(1).operation = operation;
    EXPECT_NE(
        format_error(bad.build())
            .find("has operation " + std::to_string(operation) + ", not 1 (allocate) or 2 (free)"),
        std::string::npos);
  }
}

TEST(GpuReaderErrors, EntrySizeAndStrings) {
  Bytes file = gpu_builder().build();
  size_t kernels = find_section(file, HOTLINE_SECTION_GPU_KERNELS);
  poke<uint32_t>(file, kernels + offsetof(hotline_section_header, entry_size), 32);
  EXPECT_NE(format_error(file).find("section GPU_KERNELS at offset " + std::to_string(kernels) +
                                    " has entry_size 32, smaller than the 64-byte record"),
            std::string::npos);

  Bytes names = gpu_builder().build();
  size_t name =
      record_at(names, HOTLINE_SECTION_GPU_KERNELS, sizeof(hotline_gpu_kernel_record), 3) +
      offsetof(hotline_gpu_kernel_record, name);
  poke<uint32_t>(names, name, 1u << 30);
  uint64_t offset = 0;
  EXPECT_NE(format_error(names, &offset).find("string name at offset " + std::to_string(name)),
            std::string::npos);
  EXPECT_EQ(offset, name);

  Bytes two_cuda = gpu_builder().build();
  size_t cuda = find_section(two_cuda, HOTLINE_SECTION_CUDA);
  poke<uint32_t>(two_cuda, cuda + offsetof(hotline_section_header, entry_size), 20);
  EXPECT_NE(format_error(two_cuda).find("section CUDA at offset " + std::to_string(cuda) +
                                        " has entry_size 20, smaller than the 40-byte record"),
            std::string::npos);
}

// Corrupt GPU records are refused or read, never a crash; whatever is read can
// be analysed.
TEST(GpuReaderErrors, SurvivesRandomCorruption) {
  const Bytes valid = gpu_builder().build();
  size_t first_gpu_section = find_section(valid, HOTLINE_SECTION_CUDA);
  std::mt19937 random(2026);
  std::uniform_int_distribution<size_t> position(first_gpu_section, valid.size() - 1);
  std::uniform_int_distribution<int> byte(0, 255), flips(1, 4);
  analysis::Symbolizer symbolizer;
  for (int round = 0; round < 5000; ++round) {
    Bytes file = valid;
    for (int k = flips(random); k > 0; --k)
      file[position(random)] = (unsigned char)byte(random);
    try {
      std::vector<Profile> profiles = {parse(file)};
      analysis::compute_gpu_table(profiles, symbolizer, 3);
    } catch (const profile::ProfileFormatError &) {
    }
  }
}

TEST(GpuAnalysis, KernelsByNameAndLaunchSite) {
  std::vector<Profile> profiles = {parse(gpu_builder().build())};
  analysis::Symbolizer symbolizer;
  analysis::GpuTable table = analysis::compute_gpu_table(profiles, symbolizer, 0);
  EXPECT_EQ(table.cuda_profiles, 1u);
  EXPECT_EQ(table.kernel_ns, 1020000u);
  EXPECT_EQ(table.launches, 5u);
  ASSERT_EQ(table.kernels.size(), 2u);
  const analysis::KernelStats &other = table.kernels[0];
  EXPECT_EQ(other.name, "other()");
  EXPECT_EQ(other.launches, 2u);
  EXPECT_EQ(other.gpu_ns, 700000u);
  EXPECT_EQ(other.min_ns, 200000u);
  EXPECT_EQ(other.max_ns, 500000u);
  EXPECT_EQ(other.mean_ns(), 350000u);
  EXPECT_NEAR(other.percent, 100.0 * 700 / 1020, 1e-9);
  EXPECT_FALSE(other.site.known);
  EXPECT_EQ(other.site_count, 1u);
  const analysis::KernelStats &step = table.kernels[1];
  EXPECT_EQ(step.name, "step()");
  EXPECT_EQ(step.launches, 3u);
  EXPECT_EQ(step.gpu_ns, 320000u);
  EXPECT_EQ(step.min_ns, 100000u);
  EXPECT_EQ(step.max_ns, 120000u);
  EXPECT_EQ(step.mean_ns(), 106666u);
  ASSERT_TRUE(step.site.known);
  EXPECT_EQ(step.site.place.source, analysis::PlaceSource::TimedCall);
  EXPECT_EQ(step.site.place.function, "step()");
  EXPECT_EQ(step.site.place.file, "main.cpp");
  EXPECT_EQ(step.site.place.line, 20u);

  ASSERT_EQ(table.launch_sites.size(), 2u);
  EXPECT_FALSE(table.launch_sites[0].site.known);
  EXPECT_EQ(table.launch_sites[0].gpu_ns, 700000u);
  EXPECT_EQ(table.launch_sites[0].launches, 2u);
  EXPECT_EQ(table.launch_sites[1].site.place.function, "step()");
  EXPECT_EQ(table.launch_sites[1].kernels, 1u);
  EXPECT_EQ(table.launch_sites[1].launches, 3u);
  EXPECT_NEAR(table.launch_sites[1].percent, 100.0 * 320 / 1020, 1e-9);
}

TEST(GpuAnalysis, TransfersByDirectionWithPageableMemory) {
  std::vector<Profile> profiles = {parse(gpu_builder().build())};
  analysis::Symbolizer symbolizer;
  analysis::GpuTable table = analysis::compute_gpu_table(profiles, symbolizer, 0);
  EXPECT_EQ(table.transfer_count, 3u);
  EXPECT_EQ(table.transfer_ns, 160000u);
  EXPECT_EQ(table.copy_ns, 150000u); // the memset left out
  ASSERT_EQ(table.transfers.size(), 3u);
  const analysis::TransferStats &upload = table.transfers[0];
  EXPECT_EQ(upload.kind, uint32_t(HOTLINE_GPU_COPY_HOST_TO_DEVICE));
  EXPECT_EQ(upload.count, 1u);
  EXPECT_EQ(upload.bytes, 1000000u);
  EXPECT_EQ(upload.gpu_ns, 50000u);
  EXPECT_DOUBLE_EQ(upload.bytes_per_s(), 2e10);
  EXPECT_EQ(upload.pageable_count, 1u);
  EXPECT_EQ(upload.pageable_bytes, 1000000u);
  EXPECT_EQ(upload.pageable_ns, 50000u);
  EXPECT_EQ(table.transfers[1].kind, uint32_t(HOTLINE_GPU_COPY_DEVICE_TO_HOST));
  EXPECT_EQ(table.transfers[1].pageable_count, 0u); // into pinned memory
  EXPECT_EQ(table.transfers[2].kind, uint32_t(HOTLINE_GPU_MEMSET));
  EXPECT_EQ(table.transfers[2].bytes, 4000000u);
  ASSERT_EQ(table.pageable_sites.size(), 1u);
  EXPECT_EQ(table.pageable_sites[0].site.place.function, "main");
  EXPECT_EQ(table.pageable_sites[0].bytes, 1000000u);

  profile::GpuTransfer download;
  download.kind = HOTLINE_GPU_COPY_DEVICE_TO_HOST;
  download.source = HOTLINE_GPU_MEMORY_DEVICE;
  download.destination = HOTLINE_GPU_MEMORY_PAGEABLE;
  EXPECT_TRUE(analysis::pageable_copy(download));
  download.kind = HOTLINE_GPU_COPY_HOST_TO_HOST;
  EXPECT_FALSE(analysis::pageable_copy(download));
  EXPECT_STREQ(analysis::transfer_kind_name(HOTLINE_GPU_COPY_PEER_TO_PEER), "peer to peer");
}

TEST(GpuAnalysis, BusyIdleAndTheLongestGaps) {
  std::vector<Profile> profiles = {parse(gpu_builder().build())};
  analysis::Symbolizer symbolizer;
  analysis::GpuTable table = analysis::compute_gpu_table(profiles, symbolizer, 3);
  ASSERT_EQ(table.devices.size(), 2u);
  const analysis::DeviceTimeline &first = table.devices[0];
  EXPECT_EQ(first.device, 0u);
  EXPECT_EQ(first.name, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(first.wall_ns, 1000000u);
  // Blocks [20, 70), [100, 200), [300, 470), [500, 610), [900, 1100) µs; within the wall
  // time the last counts up to 1000.
  EXPECT_EQ(first.busy_ns, 530000u);
  EXPECT_EQ(first.idle_ns, 470000u);
  EXPECT_DOUBLE_EQ(first.busy_percent(), 53.0);
  EXPECT_TRUE(first.worked);
  EXPECT_EQ(first.first_ns, 20000u);
  EXPECT_EQ(first.last_ns, 1100000u);
  EXPECT_EQ(first.span_idle_ns, 450000u);
  EXPECT_DOUBLE_EQ(first.span_idle_percent(), 100.0 * 450 / 1080);
  EXPECT_EQ(first.gap_count, 4u);
  ASSERT_EQ(first.longest_gaps.size(), 3u);
  EXPECT_EQ(first.longest_gaps[0].start_ns, 610000u);
  EXPECT_EQ(first.longest_gaps[0].end_ns, 900000u);
  EXPECT_TRUE(first.longest_gaps[0].next_is_kernel);
  EXPECT_EQ(first.longest_gaps[0].next_work, "other()");
  EXPECT_FALSE(first.longest_gaps[0].next_site.known);
  EXPECT_EQ(first.longest_gaps[1].length_ns(), 100000u);
  EXPECT_EQ(first.longest_gaps[1].next_work, "step()");
  EXPECT_EQ(first.longest_gaps[1].next_site.place.function, "step()");
  // Two gaps of 30 µs: the earlier first.
  EXPECT_EQ(first.longest_gaps[2].start_ns, 70000u);
  EXPECT_EQ(first.longest_gaps[2].next_work, "step()");

  const analysis::DeviceTimeline &second = table.devices[1];
  EXPECT_EQ(second.device, 1u);
  EXPECT_EQ(second.name, "");
  EXPECT_EQ(second.busy_ns, 500000u);
  EXPECT_EQ(second.span_idle_ns, 0u);
  EXPECT_EQ(second.gap_count, 0u);

  // A gap that a transfer ends names its direction.
  analysis::GpuTable all = analysis::compute_gpu_table(profiles, symbolizer, 0);
  ASSERT_EQ(all.devices[0].longest_gaps.size(), 4u);
  EXPECT_EQ(all.devices[0].longest_gaps[3].start_ns, 470000u);
  EXPECT_FALSE(all.devices[0].longest_gaps[3].next_is_kernel);
  EXPECT_EQ(all.devices[0].longest_gaps[3].next_work, "device to host");
  EXPECT_EQ(all.devices[0].longest_gaps[3].next_site.place.function, "main");
}

TEST(GpuAnalysis, HostWaitsAndDeviceMemory) {
  std::vector<Profile> profiles = {parse(gpu_builder().build())};
  analysis::Symbolizer symbolizer;
  analysis::GpuTable table = analysis::compute_gpu_table(profiles, symbolizer, 0);
  EXPECT_EQ(table.sync_calls, 1u);
  EXPECT_EQ(table.sync_host_ns, 100000u);
  EXPECT_EQ(table.memcpy_calls, 2u);
  EXPECT_EQ(table.memcpy_host_ns, 50000u);
  ASSERT_EQ(table.host_waits.size(), 2u);
  EXPECT_EQ(table.host_waits[0].function, "cudaDeviceSynchronize");
  EXPECT_EQ(table.host_waits[0].host_ns, 100000u);
  EXPECT_EQ(table.host_waits[1].function, "cudaMemcpy");
  EXPECT_EQ(table.host_waits[1].calls, 2u);
  ASSERT_EQ(table.syncs.size(), 1u);
  EXPECT_EQ(table.syncs[0].kind, uint32_t(HOTLINE_GPU_SYNC_DEVICE));
  EXPECT_EQ(table.syncs[0].ns, 20000u);

  // Pinned host memory is left out of the peak; freeing more than is live leaves 0.
  ASSERT_EQ(table.device_memory.size(), 2u);
  EXPECT_EQ(table.device_memory[0].device, 0u);
  EXPECT_EQ(table.device_memory[0].peak_live_bytes, 4000000u);
  EXPECT_EQ(table.device_memory[0].live_at_exit_bytes, 3000000u);
  EXPECT_EQ(table.device_memory[1].peak_live_bytes, 2000000u);
  EXPECT_EQ(table.device_memory[1].live_at_exit_bytes, 0u);
  ASSERT_EQ(table.memory_sites.size(), 3u);
  EXPECT_EQ(table.memory_sites[0].function, "cudaMalloc");
  EXPECT_EQ(table.memory_sites[0].allocations, 3u);
  EXPECT_EQ(table.memory_sites[0].allocated_bytes, 4500000u);
  EXPECT_FALSE(table.memory_sites[1].site.known);
  EXPECT_EQ(table.memory_sites[1].allocated_bytes, 2000000u);
  EXPECT_EQ(table.memory_sites[2].function, "cudaFree");
  EXPECT_EQ(table.memory_sites[2].frees, 2u);
  EXPECT_EQ(table.memory_sites[2].freed_bytes, 10000000u);
}

TEST(GpuAnalysis, SeveralProfilesAddUpAndKeepTheirDevices) {
  std::vector<Profile> profiles = {parse(gpu_builder().build(), "a.hotline"),
                                   parse(gpu_builder().build(), "b.hotline"),
                                   parse(ProfileBuilder().build(), "no-cuda.hotline")};
  analysis::Symbolizer symbolizer;
  analysis::GpuTable table = analysis::compute_gpu_table(profiles, symbolizer, 0);
  EXPECT_EQ(table.cuda_profiles, 2u);
  EXPECT_EQ(table.launches, 10u);
  ASSERT_EQ(table.kernels.size(), 2u);
  EXPECT_EQ(table.kernels[1].launches, 6u);
  EXPECT_EQ(table.kernels[1].gpu_ns, 640000u);
  EXPECT_DOUBLE_EQ(table.kernels[1].percent, 100.0 * 320 / 1020);
  ASSERT_EQ(table.launch_sites.size(), 2u); // the same place in both
  EXPECT_EQ(table.transfers[0].count, 2u);
  EXPECT_EQ(table.host_waits[0].host_ns, 200000u);
  ASSERT_EQ(table.devices.size(), 4u);
  EXPECT_EQ(table.devices[2].profile, "b.hotline");
  EXPECT_EQ(table.devices[2].busy_ns, 530000u);
  ASSERT_EQ(table.device_memory.size(), 4u);
  EXPECT_EQ(table.device_memory[2].peak_live_bytes, 4000000u);
}

TEST(GpuAnalysis, KernelsAreBottlenecksByTheirShareOfTheWallTime) {
  std::vector<Profile> profiles = {parse(gpu_builder().build())};
  analysis::Symbolizer symbolizer;
  analysis::GpuTable gpu = analysis::compute_gpu_table(profiles, symbolizer, 0);
  analysis::FunctionCatalog catalog(profiles);
  analysis::FunctionTable functions = analysis::compute_function_table(profiles, catalog);
  analysis::LineTable lines;
  analysis::RegionTable regions = analysis::compute_region_table(profiles);
  std::vector<analysis::Bottleneck> items =
      analysis::compute_bottlenecks(functions, {}, lines, regions, 35, 0, &gpu);
  // other: 700 µs of the 1 ms; step: 320 µs, below 35%.
  std::vector<analysis::Bottleneck> kernels;
  for (const analysis::Bottleneck &b : items)
    if (b.kind == analysis::BottleneckKind::Kernel)
      kernels.push_back(b);
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_EQ(kernels[0].name, "other()");
  EXPECT_EQ(kernels[0].location, "");
  EXPECT_DOUBLE_EQ(kernels[0].percent, 70.0);
  EXPECT_STREQ(kernels[0].of, "wall time");
  EXPECT_EQ(kernels[0].detail, "2 launches, unknown launch site");
  EXPECT_STREQ(analysis::bottleneck_kind_name(kernels[0].kind), "kernel");

  items = analysis::compute_bottlenecks(functions, {}, lines, regions, 30, 0, &gpu);
  bool step = false;
  for (const analysis::Bottleneck &b : items)
    if (b.name == "step()" && b.kind == analysis::BottleneckKind::Kernel) {
      step = true;
      EXPECT_EQ(b.location, "main.cpp:20");
      EXPECT_EQ(b.detail, "3 launches, from step()");
    }
  EXPECT_TRUE(step);
}

// A traced process, 1 ms of wall time: a worker (tid 124, thread 0) and the main
// thread (tid 123, thread 1). Device 0 runs kernels [100, 200), [400, 500) and
// [800, 900) µs: idle gaps [200, 400) and [500, 800), 500 µs of the 800 µs span.
// The main thread's I/O:
//   [190, 520) read a.bin 8192 B: all of the first gap, 20 µs of the second
//   [600, 650) read b.bin 1000 B: 50 µs in the second gap
//   [650, 700) read b.bin 0 B: a read that got nothing, left out
//   [700, 720) open a.bin: 20 µs
//   [820, 880) read a.bin 4096 B: the GPU is busy
// The worker reads c.bin [200, 400) while the GPU idles: not the main thread.
ProfileBuilder io_and_gpu_builder(bool traced) {
  ProfileBuilder b;
  b.run().wall_ns = 1000000;
  uint32_t app = b.add_module("/home/user/app", "main.cpp");
  uint32_t main_site = b.add_site(app, "main", "main", "main.cpp", 10, 1);
  b.add_thread(124, "worker");
  b.add_thread(123, "main");
  b.add_node(main_site, HOTLINE_NO_PARENT, 1, 1000000);
  b.cuda().state = HOTLINE_CUDA_TRACED;
  b.cuda().device_count = 1;
  uint32_t step = b.string("_Z4stepv");
  for (uint64_t start : {100000, 400000, 800000})
    b.add_gpu_kernel(kernel(start, start + 100000, kNo, step));
  uint32_t a = b.add_file("/data/a.bin"), bfile = b.add_file("/data/b.bin");
  uint32_t c = b.add_file("/data/c.bin");
  if (!traced)
    return b;
  b.trace();
  b.add_trace_event(trace_event(1, HOTLINE_TRACE_READ, a, 190000, 520000, 8192));
  b.add_trace_event(trace_event(1, HOTLINE_TRACE_READ, bfile, 600000, 650000, 1000));
  b.add_trace_event(trace_event(1, HOTLINE_TRACE_READ, bfile, 650000, 700000, 0));
  b.add_trace_event(trace_event(1, HOTLINE_TRACE_OPEN, a, 700000, 720000));
  b.add_trace_event(trace_event(1, HOTLINE_TRACE_READ, a, 820000, 880000, 4096));
  b.add_trace_event(trace_event(1, HOTLINE_TRACE_CALL, 0, 0, 1000000));
  b.add_trace_event(trace_event(0, HOTLINE_TRACE_READ, c, 200000, 400000, 65536));
  return b;
}

TEST(GpuAnalysis, MainThreadIoInIdleGaps) {
  std::vector<Profile> profiles = {parse(io_and_gpu_builder(true).build())};
  analysis::Symbolizer symbolizer;
  analysis::GpuTable table = analysis::compute_gpu_table(profiles, symbolizer, 1);
  ASSERT_EQ(table.devices.size(), 1u);
  const analysis::DeviceTimeline &device = table.devices[0];
  EXPECT_EQ(device.span_idle_ns, 500000u);
  EXPECT_TRUE(device.traced);
  EXPECT_EQ(device.main_io_in_gaps_ns, 290000u);
  EXPECT_DOUBLE_EQ(device.main_io_in_gaps_percent(), 100.0 * 290 / 800);
  ASSERT_EQ(device.main_io_in_gaps.size(), 2u);
  EXPECT_EQ(device.main_io_in_gaps[0].path, "/data/a.bin");
  EXPECT_EQ(device.main_io_in_gaps[0].calls, 2u);
  EXPECT_EQ(device.main_io_in_gaps[0].bytes, 8192u);
  EXPECT_EQ(device.main_io_in_gaps[0].ns, 240000u);
  EXPECT_EQ(device.main_io_in_gaps[1].path, "/data/b.bin");
  EXPECT_EQ(device.main_io_in_gaps[1].calls, 1u);
  EXPECT_EQ(device.main_io_in_gaps[1].bytes, 1000u);
  EXPECT_EQ(device.main_io_in_gaps[1].ns, 50000u);
}

TEST(GpuAnalysis, NoIoInGapsWithoutATrace) {
  std::vector<Profile> profiles = {parse(io_and_gpu_builder(false).build())};
  analysis::Symbolizer symbolizer;
  analysis::GpuTable table = analysis::compute_gpu_table(profiles, symbolizer, 1);
  ASSERT_EQ(table.devices.size(), 1u);
  EXPECT_FALSE(table.devices[0].traced);
  EXPECT_EQ(table.devices[0].main_io_in_gaps_ns, 0u);
  EXPECT_TRUE(table.devices[0].main_io_in_gaps.empty());
}

// The GPU rules on a table made by hand, in a run of WALL_NS: each at its threshold and just
// below it.
std::vector<rules::Finding> gpu_findings(const analysis::GpuTable &gpu,
                                         uint64_t wall_ns = 1000000000) {
  std::vector<Profile> profiles(1);
  profiles[0].run.wall_ns = wall_ns;
  rules::ReportData data;
  data.profiles = &profiles;
  data.gpu = &gpu;
  std::vector<rules::Finding> findings;
  rules::check_pageable_transfers(data, rules::Thresholds{}, findings);
  rules::check_tiny_kernels(data, rules::Thresholds{}, findings);
  rules::check_gpu_idle(data, rules::Thresholds{}, findings);
  rules::check_io_while_gpu_idle(data, rules::Thresholds{}, findings);
  return findings;
}

analysis::GpuTable kernels_table(uint64_t launches, uint64_t gpu_ns) {
  analysis::GpuTable gpu;
  analysis::KernelStats kernel;
  kernel.name = "scale(float*)";
  kernel.launches = launches;
  kernel.gpu_ns = gpu_ns;
  kernel.percent = 40;
  kernel.site.known = true;
  kernel.site.place.source = analysis::PlaceSource::Line;
  kernel.site.place.file = "train.cu";
  kernel.site.place.line = 42;
  kernel.site_count = 2;
  gpu.kernels.push_back(kernel);
  return gpu;
}

TEST(GpuRules, TinyKernelsAtTheirThresholds) {
  std::vector<rules::Finding> findings = gpu_findings(kernels_table(1000, 9990000));
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].rule, "tiny-kernels");
  EXPECT_EQ(findings[0].location, "train.cu:42");
  EXPECT_EQ(findings[0].finding,
            "Kernel scale(float*) was launched 1,000 times and ran 9.99 µs each on average.");
  ASSERT_EQ(findings[0].evidence.size(), 2u);
  EXPECT_EQ(findings[0].evidence[0], "9.99 ms of GPU time in all, 40.0% of all kernels' time");
  EXPECT_EQ(findings[0].evidence[1], "launched from train.cu:42 and 1 more place");
  EXPECT_DOUBLE_EQ(findings[0].impact_percent, 40);
  EXPECT_EQ(gpu_findings(kernels_table(1000, 9999999)).size(), 1u);
  // A mean of exactly 10 µs is not tiny; 999 launches are not many.
  EXPECT_TRUE(gpu_findings(kernels_table(1000, 10000000)).empty());
  EXPECT_TRUE(gpu_findings(kernels_table(999, 999000)).empty());
}

// Copies from pageable memory at load.cpp:7 and, when host_ns > 0, the host's time in the
// cudaMemcpy calls made there (which the rule leaves out).
analysis::GpuTable pageable_table(uint64_t pageable_bytes, uint64_t pageable_ns, uint64_t copy_ns,
                                  uint64_t host_ns) {
  analysis::GpuTable gpu;
  analysis::TransferStats upload;
  upload.kind = HOTLINE_GPU_COPY_HOST_TO_DEVICE;
  upload.count = 10;
  upload.bytes = 2 * pageable_bytes;
  upload.gpu_ns = copy_ns;
  upload.pageable_count = 5;
  upload.pageable_bytes = pageable_bytes;
  upload.pageable_ns = pageable_ns;
  gpu.transfers.push_back(upload);
  gpu.copy_ns = copy_ns;
  analysis::PageableSiteStats site;
  site.site.known = true;
  site.site.place.source = analysis::PlaceSource::Line;
  site.site.place.file = "load.cpp";
  site.site.place.line = 7;
  site.count = 5;
  site.bytes = pageable_bytes;
  site.gpu_ns = pageable_ns;
  gpu.pageable_sites.push_back(site);
  analysis::HostWaitStats wait;
  wait.site = site.site;
  wait.function = "cudaMemcpy";
  wait.api = HOTLINE_GPU_API_MEMCPY;
  wait.calls = 5;
  wait.host_ns = host_ns;
  if (host_ns > 0)
    gpu.host_waits.push_back(wait);
  return gpu;
}

TEST(GpuRules, PageableTransfersAtTheirThreshold) {
  const uint64_t mib64 = uint64_t(64) << 20;
  // 50 ms of GPU time, 5% of the 1 s run; the host's 400 ms in its copies do not count (a
  // copy back waits there for the kernels before it).
  std::vector<rules::Finding> findings =
      gpu_findings(pageable_table(mib64, 50000000, 100000000, 400000000));
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].rule, "pageable-transfers");
  EXPECT_EQ(findings[0].location, "load.cpp:7");
  EXPECT_EQ(findings[0].finding, "5 copies between host and GPU moved 67.1 MB from or to "
                                 "pageable host memory in 50.0 ms, 50.0% of the GPU's copy time "
                                 "and 5.0% of the run.");
  ASSERT_EQ(findings[0].evidence.size(), 2u);
  EXPECT_EQ(findings[0].evidence[0],
            "host to device: 5 of 10 copies, 67.1 MB in 50.0 ms (1.34 GB/s)");
  EXPECT_EQ(findings[0].evidence[1], "from load.cpp:7: 5 copies, 67.1 MB");
  EXPECT_DOUBLE_EQ(findings[0].impact_percent, 5.0);
  // Just under 5% of the run is no finding, however many bytes, whatever share of the copies
  // (a 4-byte copy was 100% of a test program's copy time), and however long the host waited.
  EXPECT_TRUE(gpu_findings(pageable_table(16 * mib64, 49999999, 49999999, 900000000)).empty());
  EXPECT_TRUE(gpu_findings(pageable_table(4, 2000, 2000, 0)).empty());
  EXPECT_TRUE(gpu_findings(pageable_table(mib64, 50000000, 100000000, 0), 1000000001).empty());
}

analysis::GpuTable idle_table(uint64_t span_idle_ns, uint64_t wall_ns = 6000000) {
  analysis::GpuTable gpu;
  analysis::DeviceTimeline device;
  device.worked = true;
  device.wall_ns = wall_ns;
  device.first_ns = 1000000;
  device.last_ns = 2000000;
  device.span_idle_ns = span_idle_ns;
  device.gap_count = 2;
  analysis::IdleGap gap;
  gap.start_ns = 1200000;
  gap.end_ns = 1400000;
  gap.next_is_kernel = true;
  gap.next_work = "scale(float*)";
  gap.next_site.known = true;
  gap.next_site.place.source = analysis::PlaceSource::TimedCall;
  gap.next_site.place.file = "train.cu";
  gap.next_site.place.line = 30;
  gap.next_site.place.function = "train_step()";
  device.longest_gaps.push_back(gap);
  gap.start_ns = 1500000;
  gap.end_ns = 1600000;
  gap.next_is_kernel = false;
  gap.next_work = "host to device";
  gap.next_site = {};
  device.longest_gaps.push_back(gap);
  gpu.devices.push_back(device);
  return gpu;
}

TEST(GpuRules, GpuIdleAtItsThreshold) {
  std::vector<rules::Finding> findings = gpu_findings(idle_table(300000));
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].rule, "gpu-idle");
  EXPECT_EQ(findings[0].location, "");
  EXPECT_EQ(findings[0].finding, "GPU device 0 was idle 300 µs of the 1.00 ms between its first "
                                 "and last work (30.0%), in 2 gaps.");
  ASSERT_EQ(findings[0].evidence.size(), 2u);
  EXPECT_EQ(findings[0].evidence[0], "idle 200 µs from 1.20 ms to 1.40 ms, until kernel "
                                     "scale(float*) was launched from train.cu:30 (train_step())");
  EXPECT_EQ(findings[0].evidence[1], "idle 100 µs from 1.50 ms to 1.60 ms, until a host to "
                                     "device transfer was launched by a CUDA call the runtime "
                                     "did not see");
  EXPECT_DOUBLE_EQ(findings[0].impact_percent, 30.0);
  EXPECT_TRUE(gpu_findings(idle_table(299999)).empty());
  // 30% of the span, but under 5% of the run: a GPU that worked for a moment of a long run.
  EXPECT_TRUE(gpu_findings(idle_table(300000, 6000001)).empty());
}

// A device busy for the first and last 10 ms of a span, idle between (too
// little to be gpu-idle's when the span is long), with the main thread's I/O
// in that gap.
analysis::GpuTable io_in_gaps_table(uint64_t span_ns, uint64_t io_ns) {
  analysis::GpuTable gpu;
  analysis::DeviceTimeline device;
  device.worked = true;
  device.traced = true;
  device.first_ns = 5000000;
  device.last_ns = device.first_ns + span_ns;
  device.span_idle_ns = span_ns / 4;
  device.gap_count = 1;
  device.main_io_in_gaps_ns = io_ns;
  device.main_io_in_gaps.push_back({"/data/train.bin", 12, 48000000, io_ns - io_ns / 4});
  device.main_io_in_gaps.push_back({"", 3, 0, io_ns / 4});
  gpu.devices.push_back(device);
  return gpu;
}

TEST(GpuRules, IoWhileGpuIdleAtItsThresholds) {
  // 10 ms of a 100 ms span.
  std::vector<rules::Finding> findings = gpu_findings(io_in_gaps_table(100000000, 10000000));
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].rule, "io-while-gpu-idle");
  EXPECT_EQ(findings[0].location, "");
  EXPECT_EQ(findings[0].finding, "GPU device 0 was idle while the main thread was blocked in "
                                 "I/O for 10.0 ms, 10.0% of the 100 ms between its first and "
                                 "last work.");
  ASSERT_EQ(findings[0].evidence.size(), 3u);
  EXPECT_EQ(findings[0].evidence[0], "the GPU was idle 25.0 ms in all between its first and "
                                     "last work; the main thread's I/O covered 40.0% of that");
  EXPECT_EQ(findings[0].evidence[1],
            "/data/train.bin: 12 calls, 48.0 MB, 7.50 ms of them while the GPU idled");
  EXPECT_EQ(findings[0].evidence[2],
            "(unnamed descriptor): 3 calls, 0 B, 2.50 ms of them while the GPU idled");
  EXPECT_DOUBLE_EQ(findings[0].impact_percent, 10.0);
  // Just under 10 ms; 10 ms of a 101 ms span is under 10%.
  EXPECT_TRUE(gpu_findings(io_in_gaps_table(99999990, 9999999)).empty());
  EXPECT_TRUE(gpu_findings(io_in_gaps_table(101000000, 10000000)).empty());
}

TEST(GpuRules, NothingWithoutCuda) {
  std::vector<Profile> profiles(1);
  rules::ReportData data;
  data.profiles = &profiles;
  std::vector<rules::Finding> findings;
  rules::check_pageable_transfers(data, rules::Thresholds{}, findings);
  rules::check_tiny_kernels(data, rules::Thresholds{}, findings);
  rules::check_gpu_idle(data, rules::Thresholds{}, findings);
  rules::check_io_while_gpu_idle(data, rules::Thresholds{}, findings);
  EXPECT_TRUE(findings.empty());
}

} // namespace
} // namespace hotline::test
