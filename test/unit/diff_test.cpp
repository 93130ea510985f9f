// hotline diff's analysis: matching the functions, lines and kernels of two
// runs, and what --fail-above counts as a regression.
#include "analysis/diff.h"

#include <gtest/gtest.h>

namespace hotline::test {
namespace {

using analysis::DiffItem;
using analysis::DiffTable;
using analysis::FunctionStats;
using analysis::FunctionTable;
using analysis::GpuTable;
using analysis::KernelStats;
using analysis::LineStats;
using analysis::LineTable;

FunctionStats function(const std::string &name, const std::string &file, uint32_t line,
                       uint64_t self_ns, uint64_t calls) {
  FunctionStats f;
  f.function.name = name;
  f.function.linkage_name = "_Z" + name;
  f.function.file = file;
  f.function.line = line;
  f.self_ns = self_ns;
  f.calls = calls;
  f.timed = self_ns > 0;
  return f;
}

FunctionTable table(uint64_t measured_ns, std::vector<FunctionStats> functions) {
  FunctionTable t;
  t.measured_ns = measured_ns;
  t.functions = std::move(functions);
  return t;
}

LineStats line(const std::string &file, uint32_t number, uint64_t time_ns, uint64_t count,
               const std::string &function = "f") {
  LineStats l;
  l.file = file;
  l.line = number;
  l.time_ns = time_ns;
  l.count = count;
  l.counted = true;
  l.function = function;
  return l;
}

GpuTable kernels(std::vector<std::pair<std::string, uint64_t>> gpu_ns_by_name,
                 uint64_t launches = 10) {
  GpuTable t;
  for (auto &[name, gpu_ns] : gpu_ns_by_name) {
    KernelStats k;
    k.name = name;
    k.gpu_ns = gpu_ns;
    k.launches = launches;
    t.kernels.push_back(k);
  }
  return t;
}

const DiffItem *find(const std::vector<DiffItem> &items, const std::string &name) {
  for (const DiffItem &item : items)
    if (item.name == name)
      return &item;
  return nullptr;
}

TEST(Diff, MatchesFunctionsAndSortsByTheSizeOfTheChange) {
  FunctionTable base =
      table(1000, {function("a", "x.cpp", 10, 500, 5), function("b", "x.cpp", 20, 300, 1),
                   function("gone", "x.cpp", 30, 200, 2)});
  FunctionTable next =
      table(1400, {function("a", "x.cpp", 10, 560, 6), function("b", "x.cpp", 20, 100, 1),
                   function("new", "y.cpp", 5, 740, 9)});
  DiffTable diff = analysis::diff_runs(base, next, {}, {}, {}, {});
  EXPECT_EQ(diff.base_measured_ns, 1000u);
  EXPECT_EQ(diff.new_measured_ns, 1400u);
  ASSERT_EQ(diff.functions.size(), 4u);
  // +740, -200, -200 (b before gone: then by count change), +60.
  EXPECT_EQ(diff.functions[0].name, "new");
  EXPECT_EQ(diff.functions[1].name, "gone");
  EXPECT_EQ(diff.functions[2].name, "b");
  EXPECT_EQ(diff.functions[3].name, "a");

  const DiffItem &added = diff.functions[0];
  EXPECT_FALSE(added.in_base);
  EXPECT_TRUE(added.in_new);
  EXPECT_EQ(added.change_ns(), 740);
  EXPECT_EQ(added.count_change(), 9);
  const DiffItem &removed = diff.functions[1];
  EXPECT_TRUE(removed.in_base);
  EXPECT_FALSE(removed.in_new);
  EXPECT_EQ(removed.change_ns(), -200);
  EXPECT_EQ(removed.count_change(), -2);
  const DiffItem &a = diff.functions[3];
  EXPECT_EQ(a.base_ns, 500u);
  EXPECT_EQ(a.new_ns, 560u);
  EXPECT_EQ(a.base_count, 5u);
  EXPECT_EQ(a.new_count, 6u);
  EXPECT_FALSE(diff.lines_compared);
  EXPECT_TRUE(diff.lines.empty());
  EXPECT_FALSE(diff.kernels_compared);
  EXPECT_TRUE(diff.kernels.empty());
}

// A definition that moved within its file is the same function; the same name
// in another file is not.
TEST(Diff, FunctionsAreTheirLinkageNameAndFile) {
  FunctionTable base = table(100, {function("f", "x.cpp", 10, 100, 1)});
  FunctionTable next =
      table(100, {function("f", "x.cpp", 14, 60, 1), function("f", "z.cpp", 10, 30, 1)});
  DiffTable diff = analysis::diff_runs(base, next, {}, {}, {}, {});
  ASSERT_EQ(diff.functions.size(), 2u);
  const DiffItem &moved = diff.functions[0];
  EXPECT_EQ(moved.file, "x.cpp");
  EXPECT_EQ(moved.line, 14u); // the new run's
  EXPECT_TRUE(moved.in_base && moved.in_new);
  EXPECT_EQ(moved.change_ns(), -40);
  EXPECT_EQ(diff.functions[1].file, "z.cpp");
  EXPECT_FALSE(diff.functions[1].in_base);
}

// Two builds in one run (a bundle) can have the function at two lines: one
// item, with the sums.
TEST(Diff, OneRunsCopiesOfAFunctionAddUp) {
  FunctionTable base =
      table(100, {function("f", "x.cpp", 10, 70, 3), function("f", "x.cpp", 12, 30, 2)});
  DiffTable diff = analysis::diff_runs(base, base, {}, {}, {}, {});
  ASSERT_EQ(diff.functions.size(), 1u);
  EXPECT_EQ(diff.functions[0].base_ns, 100u);
  EXPECT_EQ(diff.functions[0].new_count, 5u);
  EXPECT_EQ(diff.functions[0].change_ns(), 0);
}

TEST(Diff, MatchesLinesByFileAndLine) {
  LineTable base, next;
  base.lines = {line("x.cpp", 7, 1000, 10, "old_name"), line("x.cpp", 8, 500, 10)};
  next.lines = {line("x.cpp", 7, 3000, 30, "loop()"), line("x.cpp", 9, 100, 1)};
  DiffTable diff = analysis::diff_runs({}, {}, base, next, {}, {});
  EXPECT_TRUE(diff.lines_compared);
  ASSERT_EQ(diff.lines.size(), 3u);
  EXPECT_EQ(diff.lines[0].line, 7u);
  EXPECT_EQ(diff.lines[0].name, "loop()");
  EXPECT_EQ(diff.lines[0].change_ns(), 2000);
  EXPECT_EQ(diff.lines[0].count_change(), 20);
  EXPECT_EQ(diff.lines[1].line, 8u);
  EXPECT_FALSE(diff.lines[1].in_new);
  EXPECT_EQ(diff.lines[2].line, 9u);
  EXPECT_FALSE(diff.lines[2].in_base);
}

TEST(Diff, FilesUnderAnotherRootAreMatchedByTheirLongestCommonEnding) {
  using Pairs = std::vector<std::pair<std::string, std::string>>;
  // The same checkout in two directories; a file in both stays itself.
  EXPECT_EQ(
      analysis::match_moved_files({"/a/proj/src/x.cpp", "/a/proj/include/x.h", "/usr/include/v.h"},
                                  {"/b/proj/src/x.cpp", "/b/proj/include/x.h", "/usr/include/v.h"}),
      (Pairs{{"/a/proj/include/x.h", "/b/proj/include/x.h"},
             {"/a/proj/src/x.cpp", "/b/proj/src/x.cpp"}}));
  // Two files of one name: the longer ending decides.
  EXPECT_EQ(
      analysis::match_moved_files({"/a/src/util.cpp", "/a/test/util.cpp"},
                                  {"/b/test/util.cpp", "/b/src/util.cpp"}),
      (Pairs{{"/a/src/util.cpp", "/b/src/util.cpp"}, {"/a/test/util.cpp", "/b/test/util.cpp"}}));
  // No unique partner, or no common name: left alone (added and removed).
  EXPECT_EQ(analysis::match_moved_files({"/a/util.cpp"}, {"/b/src/util.cpp", "/b/test/util.cpp"}),
            Pairs{});
  EXPECT_EQ(analysis::match_moved_files({"/a/old.cpp"}, {"/a/new.cpp"}), Pairs{});
  EXPECT_EQ(analysis::match_moved_files({"/a/x.cpp"}, {"/b/yx.cpp"}), Pairs{});
}

TEST(Diff, ChangePercent) {
  EXPECT_DOUBLE_EQ(*analysis::change_percent(200, 250), 25.0);
  EXPECT_DOUBLE_EQ(*analysis::change_percent(200, 100), -50.0);
  EXPECT_DOUBLE_EQ(*analysis::change_percent(0, 0), 0.0);
  EXPECT_FALSE(analysis::change_percent(0, 5).has_value());
  EXPECT_TRUE(analysis::grew_by_more_than(100, 111, 10));
  EXPECT_FALSE(analysis::grew_by_more_than(100, 110, 10));
  EXPECT_FALSE(analysis::grew_by_more_than(100, 90, 0));
  EXPECT_TRUE(analysis::grew_by_more_than(0, 1, 1000));
  EXPECT_FALSE(analysis::grew_by_more_than(0, 0, 0));
}

TEST(Diff, RegressionsAreItemsAboveTheFloorThatGrewTooMuch) {
  FunctionTable base =
      table(1000, {function("big", "x.cpp", 1, 400, 1), function("small", "x.cpp", 2, 10, 1),
                   function("steady", "x.cpp", 3, 500, 1), function("gone", "x.cpp", 4, 90, 1)});
  FunctionTable next =
      table(1050, {function("big", "x.cpp", 1, 480, 1), function("small", "x.cpp", 2, 25, 1),
                   function("steady", "x.cpp", 3, 505, 1), function("added", "x.cpp", 5, 35, 1)});
  LineTable base_lines, next_lines;
  base_lines.lines = {line("x.cpp", 7, 100, 1)};
  next_lines.lines = {line("x.cpp", 7, 300, 1)};
  DiffTable diff = analysis::diff_runs(base, next, base_lines, next_lines, {}, {});

  // Floor 30 ns: big (+20%), added (new, 35 ns) and line 7 (+200%) regressed;
  // small (+150%) is below the floor, steady grew 1%, gone did not grow.
  analysis::Regressions found = analysis::find_regressions(diff, 10, 30);
  EXPECT_FALSE(found.total); // +5%
  ASSERT_EQ(found.functions.size(), 2u);
  EXPECT_EQ(found.functions[0].name, "big");
  EXPECT_EQ(found.functions[1].name, "added");
  ASSERT_EQ(found.lines.size(), 1u);
  EXPECT_EQ(found.lines[0].line, 7u);
  EXPECT_TRUE(found.any());

  // A floor above them all leaves the total alone to judge.
  found = analysis::find_regressions(diff, 10, 1000);
  EXPECT_FALSE(found.any());
  found = analysis::find_regressions(diff, 4, 1000);
  EXPECT_TRUE(found.total);
  EXPECT_TRUE(found.functions.empty());
  EXPECT_TRUE(found.any());
  // The floor itself is not above it.
  found = analysis::find_regressions(diff, 10, 480);
  EXPECT_TRUE(found.functions.empty());
  EXPECT_NE(find(diff.functions, "small"), nullptr);
}

// Kernels are matched by their demangled name; GPU time and launches are
// compared, largest change first, like functions.
TEST(Diff, MatchesKernelsByName) {
  GpuTable base = kernels({{"normalize(float*, int)", 2000}, {"matmul()", 600}, {"gone()", 300}});
  GpuTable next =
      kernels({{"normalize(float*, int)", 3000}, {"matmul()", 600}, {"new()", 300}}, 12);
  DiffTable diff = analysis::diff_runs({}, {}, {}, {}, base, next);
  EXPECT_TRUE(diff.kernels_compared);
  ASSERT_EQ(diff.kernels.size(), 4u);
  // +1000 ns; +300 ns (+12 launches) before -300 ns (-10); matmul +0 ns.
  EXPECT_EQ(diff.kernels[0].name, "normalize(float*, int)");
  EXPECT_EQ(diff.kernels[0].base_ns, 2000u);
  EXPECT_EQ(diff.kernels[0].new_ns, 3000u);
  EXPECT_EQ(diff.kernels[0].change_ns(), 1000);
  EXPECT_EQ(diff.kernels[0].base_count, 10u);
  EXPECT_EQ(diff.kernels[0].new_count, 12u);
  EXPECT_EQ(diff.kernels[1].name, "new()");
  EXPECT_FALSE(diff.kernels[1].in_base);
  EXPECT_EQ(diff.kernels[1].change_ns(), 300);
  EXPECT_EQ(diff.kernels[1].count_change(), 12);
  EXPECT_EQ(diff.kernels[2].name, "gone()");
  EXPECT_TRUE(diff.kernels[2].in_base);
  EXPECT_FALSE(diff.kernels[2].in_new);
  EXPECT_EQ(diff.kernels[2].change_ns(), -300);
  EXPECT_EQ(diff.kernels[2].count_change(), -10);
  EXPECT_EQ(diff.kernels[3].name, "matmul()");
  EXPECT_EQ(diff.kernels[3].change_ns(), 0);
  EXPECT_EQ(diff.kernels[3].count_change(), 2);
  EXPECT_TRUE(diff.kernels[3].file.empty());
  EXPECT_EQ(diff.kernels[3].line, 0u);

  // One run with kernels is enough to compare them: all added.
  diff = analysis::diff_runs({}, {}, {}, {}, {}, next);
  EXPECT_TRUE(diff.kernels_compared);
  ASSERT_EQ(diff.kernels.size(), 3u);
  EXPECT_FALSE(diff.kernels[0].in_base);
}

// A kernel's GPU time is held to the same floor as a function's self time.
TEST(Diff, KernelRegressionsAreJudgedByGpuTime) {
  FunctionTable functions = table(10000, {function("main", "x.cpp", 1, 10000, 1)});
  GpuTable base = kernels({{"slower", 2000}, {"small", 10}, {"steady", 5000}});
  GpuTable next = kernels({{"slower", 3000}, {"small", 30}, {"steady", 5100}, {"added", 200}});
  DiffTable diff = analysis::diff_runs(functions, functions, {}, {}, base, next);

  // Floor 100 ns: slower (+50%) and added regressed; small (+200%) is below the
  // floor, steady grew 2%. The host side did not change.
  analysis::Regressions found = analysis::find_regressions(diff, 10, 100);
  EXPECT_FALSE(found.total);
  EXPECT_TRUE(found.functions.empty());
  ASSERT_EQ(found.kernels.size(), 2u);
  EXPECT_EQ(found.kernels[0].name, "slower");
  EXPECT_EQ(found.kernels[1].name, "added");
  EXPECT_TRUE(found.any());

  // Above slower's 3000 ns in NEW, nothing is judged; at 1%, steady regressed too.
  EXPECT_FALSE(analysis::find_regressions(diff, 10, 3000).any());
  found = analysis::find_regressions(diff, 1, 100);
  ASSERT_EQ(found.kernels.size(), 3u);
  EXPECT_EQ(found.kernels[2].name, "steady");
}

} // namespace
} // namespace hotline::test
