// The runtime's profile assembly read back by the tools' reader: the two sides of the format
// agree, section by section, without a hand-written writer in between.
#include "profile/reader.h"
#include "profile_assembly.h"
#include "string_table.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

using hotline::rt::AssembledProfile;
using hotline::rt::ByteBuffer;
using hotline::rt::ProfileSections;
using hotline::rt::StringTable;

// The file's bytes: the assembled pieces, one after the other, as writev writes them.
std::vector<unsigned char> file_bytes(const AssembledProfile &profile) {
  std::vector<unsigned char> bytes;
  for (int i = 0; i < profile.piece_count; ++i) {
    const auto *piece = static_cast<const unsigned char *>(profile.pieces[i].iov_base);
    bytes.insert(bytes.end(), piece, piece + profile.pieces[i].iov_len);
  }
  return bytes;
}

// A run of one thread, main -> parse, in one module, with a heap, as the runtime collects it.
struct SmallRun {
  StringTable strings;
  ByteBuffer run, modules, sites, site_counts, threads, call_tree, heap, sampling;
  ProfileSections sections;

  SmallRun() {
    hotline_run_record r{};
    r.pid = 4242;
    r.parent_pid = 1;
    r.wall_ns = 3000000;
    r.end_mono_ns = 3000000;
    r.program = strings.add("/work/app");
    r.command_line = strings.add("/work/app input.txt");
    r.host = strings.add("node7");
    r.clock_source = strings.add("tsc");
    r.runtime_version = strings.add("0.1.0");
    r.thread_count = 1;
    run.append_record(r);
    modules.append_record(
        hotline_module_record{strings.add("/work/app"), strings.add("app.cpp"), 0, 2});
    uint32_t file = strings.add("app.cpp");
    sites.append_record(hotline_site_record{strings.add("main"), strings.add("main"), file, 10,
                                            HOTLINE_SITE_FUNCTION, 0, 1, 0, 0, HOTLINE_NO_SITE, 0,
                                            0});
    sites.append_record(
        hotline_site_record{strings.add("parse(char const*)"), strings.add("_Z5parsePKc"), file, 4,
                            HOTLINE_SITE_FUNCTION, 0, 1, 1, 1, HOTLINE_NO_SITE, 0, 0});
    for (uint64_t count : {1, 500})
      site_counts.append_record(count);
    hotline_thread_record t{};
    t.tid = 4242;
    t.end_ns = 3000000;
    t.node_count = 2;
    t.name = strings.add("app");
    threads.append_record(t);
    hotline_call_node_record main_node{};
    main_node.site = 0;
    main_node.parent = HOTLINE_NO_PARENT;
    main_node.calls = 1;
    main_node.inclusive_ns = 2900000;
    main_node.exclusive_ns = 900000;
    call_tree.append_record(main_node);
    hotline_call_node_record parse_node{};
    parse_node.site = 1;
    parse_node.parent = 0;
    parse_node.calls = 500;
    parse_node.inclusive_ns = 2000000;
    parse_node.exclusive_ns = 2000000;
    call_tree.append_record(parse_node);
    hotline_heap_record h{};
    h.allocations = 12;
    h.allocated_bytes = 4096;
    h.peak_rss_bytes = 1 << 20;
    h.flags = HOTLINE_HEAP_TRACKED;
    heap.append_record(h);
    sampling.append_record(hotline_sampling_record{1000000, 3, 0, 0, HOTLINE_SAMPLING_LINES});

    sections.run = {&run};
    sections.strings = {&strings.bytes()};
    sections.modules = {&modules};
    sections.sites = {&sites};
    sections.site_counts = {&site_counts};
    sections.threads = {&threads};
    sections.call_tree = {&call_tree};
    sections.heap = {&heap};
    sections.sampling = {&sampling, false}; // collected, but not sampled: left out
  }
};

TEST(ProfileRoundTrip, ReaderReadsWhatTheRuntimeAssembles) {
  SmallRun run;
  AssembledProfile assembled;
  hotline::rt::assemble_profile(run.sections, assembled);
  ASSERT_FALSE(assembled.out_of_memory);
  // RUN, STRINGS, MODULES, SITES, SITE_COUNTS, THREADS, CALL_TREE and HEAP.
  EXPECT_EQ(assembled.header.section_count, 8u);
  std::vector<unsigned char> bytes = file_bytes(assembled);
  EXPECT_EQ(assembled.header.file_size, bytes.size());

  hotline::profile::Profile profile = hotline::profile::parse_profile(bytes, "roundtrip.hotline");
  EXPECT_EQ(profile.run.pid, 4242u);
  EXPECT_EQ(profile.run.program, "/work/app");
  EXPECT_EQ(profile.run.command_line, "/work/app input.txt");
  EXPECT_EQ(profile.run.host, "node7");
  EXPECT_EQ(profile.run.wall_ns, 3000000u);
  ASSERT_EQ(profile.modules.size(), 1u);
  EXPECT_EQ(profile.modules[0].source_file, "app.cpp");
  EXPECT_EQ(profile.modules[0].site_count, 2u);
  EXPECT_EQ(profile.modules[0].build, ""); // no MODULE_BUILDS section, as in older profiles
  ASSERT_EQ(profile.sites.size(), 2u);
  EXPECT_EQ(profile.sites[1].name, "parse(char const*)");
  EXPECT_EQ(profile.sites[1].linkage_name, "_Z5parsePKc");
  EXPECT_EQ(profile.sites[1].file, "app.cpp");
  EXPECT_EQ(profile.sites[1].line, 4u);
  EXPECT_EQ(profile.site_counts, (std::vector<uint64_t>{1, 500}));
  ASSERT_EQ(profile.threads.size(), 1u);
  EXPECT_EQ(profile.threads[0].tid, 4242u);
  EXPECT_EQ(profile.threads[0].name, "app");
  EXPECT_EQ(profile.threads[0].node_count, 2u);
  ASSERT_EQ(profile.nodes.size(), 2u);
  EXPECT_EQ(profile.nodes[1].site, 1u);
  EXPECT_EQ(profile.nodes[1].parent, 0u);
  EXPECT_EQ(profile.nodes[1].calls, 500u);
  EXPECT_EQ(profile.nodes[1].inclusive_ns, 2000000u);
  EXPECT_EQ(profile.nodes[0].exclusive_ns, 900000u);
  EXPECT_TRUE(profile.heap.present);
  EXPECT_TRUE(profile.heap.tracked());
  EXPECT_EQ(profile.heap.allocations, 12u);
  EXPECT_EQ(profile.heap.allocated_bytes, 4096u);
  EXPECT_EQ(profile.heap.peak_rss_bytes, uint64_t(1) << 20);
  EXPECT_FALSE(profile.sampling.present);     // left out
  EXPECT_FALSE(profile.timing_cost.measured); // never collected
}

// The run's tags, as HOTLINE_TAGS gives them: a key given twice keeps its last value; a record
// without a key is refused with its offset.
TEST(ProfileRoundTrip, TagsKeepTheirOrderAndTheLastValueOfAKey) {
  SmallRun run;
  ByteBuffer tags;
  for (auto [key, value] :
       {std::pair{"dataset", "imagenet-mini"}, {"batch", "256"}, {"batch", "512"}})
    tags.append_record(hotline_tag_record{run.strings.add(key), run.strings.add(value)});
  run.sections.tags = {&tags};
  AssembledProfile assembled;
  hotline::rt::assemble_profile(run.sections, assembled);
  hotline::profile::Profile profile =
      hotline::profile::parse_profile(file_bytes(assembled), "tags.hotline");
  ASSERT_EQ(profile.tags.size(), 2u);
  EXPECT_EQ(profile.tags[0].key, "dataset");
  EXPECT_EQ(profile.tags[0].value, "imagenet-mini");
  EXPECT_EQ(profile.tags[1].key, "batch");
  EXPECT_EQ(profile.tags[1].value, "512");

  SmallRun keyless;
  ByteBuffer bad;
  bad.append_record(hotline_tag_record{0, keyless.strings.add("x")});
  keyless.sections.tags = {&bad};
  AssembledProfile refused;
  hotline::rt::assemble_profile(keyless.sections, refused);
  try {
    hotline::profile::parse_profile(file_bytes(refused), "keyless.hotline");
    ADD_FAILURE() << "a tag without a key was read";
  } catch (const hotline::profile::ProfileFormatError &e) {
    EXPECT_NE(std::string(e.what()).find("tag 0 at offset"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("has no key"), std::string::npos) << e.what();
  }
}

// How each module was built, one record per module in MODULES' order; a section with another
// number of records than there are modules is refused.
TEST(ProfileRoundTrip, ModuleBuildsFollowTheModules) {
  SmallRun run;
  run.modules.append_record(
      hotline_module_record{run.strings.add("/work/libio.so"), run.strings.add("io.c"), 2, 0});
  ByteBuffer builds;
  for (const char *build : {"clang 22.1.0, -O2, hotline: lines", "clang 22.1.0, -O0"})
    builds.append_record(hotline_module_build_record{run.strings.add(build)});
  run.sections.module_builds = {&builds};
  AssembledProfile assembled;
  hotline::rt::assemble_profile(run.sections, assembled);
  hotline::profile::Profile profile =
      hotline::profile::parse_profile(file_bytes(assembled), "builds.hotline");
  ASSERT_EQ(profile.modules.size(), 2u);
  EXPECT_EQ(profile.modules[0].build, "clang 22.1.0, -O2, hotline: lines");
  EXPECT_EQ(profile.modules[1].build, "clang 22.1.0, -O0");

  SmallRun one_module;
  ByteBuffer two_builds;
  for (int i = 0; i < 2; ++i)
    two_builds.append_record(
        hotline_module_build_record{one_module.strings.add("clang 22.1.0, -O2")});
  one_module.sections.module_builds = {&two_builds};
  AssembledProfile refused;
  hotline::rt::assemble_profile(one_module.sections, refused);
  try {
    hotline::profile::parse_profile(file_bytes(refused), "two-builds.hotline");
    ADD_FAILURE() << "two builds for one module were read";
  } catch (const hotline::profile::ProfileFormatError &e) {
    EXPECT_NE(std::string(e.what()).find("has 2 builds for 1 modules"), std::string::npos)
        << e.what();
  }
}

TEST(ProfileRoundTrip, EachSectionHeaderCarriesItsKindAndRecordSize) {
  SmallRun run;
  AssembledProfile assembled;
  hotline::rt::assemble_profile(run.sections, assembled);
  ASSERT_EQ(assembled.header.section_count, 8u);
  const hotline_section_header *headers = assembled.section_headers;
  EXPECT_EQ(headers[0].kind, uint32_t(HOTLINE_SECTION_RUN));
  EXPECT_EQ(headers[0].entry_size, sizeof(hotline_run_record));
  EXPECT_EQ(headers[1].kind, uint32_t(HOTLINE_SECTION_STRINGS));
  EXPECT_EQ(headers[1].entry_size, 0u);
  EXPECT_EQ(headers[4].kind, uint32_t(HOTLINE_SECTION_SITE_COUNTS));
  EXPECT_EQ(headers[4].entry_size, sizeof(uint64_t));
  EXPECT_EQ(headers[4].size, 2 * sizeof(uint64_t));
  EXPECT_EQ(headers[7].kind, uint32_t(HOTLINE_SECTION_HEAP));
  EXPECT_EQ(headers[7].entry_size, sizeof(hotline_heap_record));
}

} // namespace
