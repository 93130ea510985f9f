// Per-function results and the merged call tree, with exact numbers.
#include "analysis/bottlenecks.h"
#include "analysis/call_tree.h"
#include "analysis/durations.h"
#include "analysis/functions.h"
#include "analysis/lines.h"
#include "analysis/regions.h"
#include "analysis/timing_cost.h"
#include "profile/reader.h"
#include "profile_builder.h"

#include <gtest/gtest.h>

namespace hotline::test {
namespace {

using analysis::CallTree;
using analysis::FunctionCatalog;
using analysis::FunctionStats;
using analysis::FunctionTable;
using profile::Profile;

constexpr uint32_t kTop = HOTLINE_NO_PARENT;

Profile parse(const ProfileBuilder &b, const std::string &name = "test.hotline") {
  return profile::parse_profile(b.build(), name);
}

FunctionTable table_of(const std::vector<Profile> &profiles) {
  FunctionCatalog catalog(profiles);
  return analysis::compute_function_table(profiles, catalog);
}

const FunctionStats &find(const FunctionTable &table, const std::string &name,
                          const std::string &file = "") {
  for (const FunctionStats &f : table.functions)
    if (f.function.name == name && (file.empty() || f.function.file == file))
      return f;
  throw std::runtime_error("no function " + name + " " + file);
}

size_t count_named(const FunctionTable &table, const std::string &name) {
  size_t n = 0;
  for (const FunctionStats &f : table.functions)
    n += f.function.name == name;
  return n;
}

// main -> work -> leaf, and `tiny` counted but never timed (inlined).
TEST(Functions, SelfTotalAndCallsOfASimpleChain) {
  ProfileBuilder b;
  uint32_t m = b.add_module("/app", "main.cpp");
  uint32_t main_site = b.add_site(m, "main", "main", "main.cpp", 1, 1);
  uint32_t work_site = b.add_site(m, "work()", "_Z4workv", "main.cpp", 10, 5);
  uint32_t leaf_site = b.add_site(m, "leaf()", "_Z4leafv", "main.cpp", 20, 50);
  b.add_site(m, "tiny()", "_Z4tinyv", "main.cpp", 30, 1000);
  b.add_site(m, "never()", "_Z5neverv", "main.cpp", 40, 0);
  b.add_thread(1);
  uint32_t main_node = b.add_node(main_site, kTop, 1, 1000);
  uint32_t work_node = b.add_node(work_site, main_node, 5, 600);
  b.add_node(leaf_site, work_node, 50, 100);

  FunctionTable table = table_of({parse(b)});
  EXPECT_EQ(table.measured_ns, 1000u);   // 400 + 500 + 100
  ASSERT_EQ(table.functions.size(), 4u); // `never` was neither called nor timed

  const FunctionStats &main_f = find(table, "main");
  EXPECT_EQ(main_f.calls, 1u);
  EXPECT_EQ(main_f.timed_calls, 1u);
  EXPECT_EQ(main_f.self_ns, 400u);
  EXPECT_EQ(main_f.total_ns, 1000u);
  EXPECT_DOUBLE_EQ(main_f.self_percent, 40.0);
  EXPECT_DOUBLE_EQ(main_f.total_percent, 100.0);
  EXPECT_TRUE(main_f.timed);

  const FunctionStats &work = find(table, "work()");
  EXPECT_EQ(work.calls, 5u);
  EXPECT_EQ(work.self_ns, 500u);
  EXPECT_EQ(work.total_ns, 600u);
  EXPECT_DOUBLE_EQ(work.self_percent, 50.0);

  const FunctionStats &leaf = find(table, "leaf()");
  EXPECT_EQ(leaf.calls, 50u);
  EXPECT_EQ(leaf.timed_calls, 50u);
  EXPECT_EQ(leaf.self_ns, 100u);
  EXPECT_EQ(leaf.total_ns, 100u);

  const FunctionStats &tiny = find(table, "tiny()");
  EXPECT_EQ(tiny.calls, 1000u);
  EXPECT_EQ(tiny.timed_calls, 0u);
  EXPECT_FALSE(tiny.timed);
  EXPECT_EQ(tiny.self_ns, 0u);
  EXPECT_EQ(tiny.total_ns, 0u);

  // Sorted by self time by default.
  EXPECT_EQ(table.functions[0].function.name, "work()");
  EXPECT_EQ(table.functions[1].function.name, "main");
  EXPECT_EQ(table.functions[3].function.name, "tiny()");
}

TEST(Functions, RecursionIsNotCountedTwiceInTotal) {
  ProfileBuilder b;
  uint32_t m = b.add_module("/app", "fib.cpp");
  uint32_t fib = b.add_site(m, "fib(int)", "_Z3fibi", "fib.cpp", 3, 7);
  b.add_thread(1);
  uint32_t depth1 = b.add_node(fib, kTop, 1, 1000);
  uint32_t depth2 = b.add_node(fib, depth1, 2, 600);
  b.add_node(fib, depth2, 4, 300);

  FunctionTable table = table_of({parse(b)});
  const FunctionStats &f = find(table, "fib(int)");
  EXPECT_EQ(f.calls, 7u);
  EXPECT_EQ(f.timed_calls, 7u);
  EXPECT_EQ(f.self_ns, 1000u);  // 400 + 300 + 300
  EXPECT_EQ(f.total_ns, 1000u); // not 1000 + 600 + 300
  EXPECT_DOUBLE_EQ(f.total_percent, 100.0);
}

TEST(Functions, MutualRecursionCountsTheOutermostCallOfEach) {
  ProfileBuilder b;
  uint32_t m = b.add_module("/app", "ab.cpp");
  uint32_t a = b.add_site(m, "a()", "_Z1av", "ab.cpp", 1, 2);
  uint32_t bs = b.add_site(m, "b()", "_Z1bv", "ab.cpp", 2, 2);
  b.add_thread(1);
  uint32_t a1 = b.add_node(a, kTop, 1, 1000);
  uint32_t b1 = b.add_node(bs, a1, 1, 800);
  uint32_t a2 = b.add_node(a, b1, 1, 500);
  b.add_node(bs, a2, 1, 200);

  FunctionTable table = table_of({parse(b)});
  EXPECT_EQ(find(table, "a()").total_ns, 1000u);
  EXPECT_EQ(find(table, "b()").total_ns, 800u);
  EXPECT_EQ(find(table, "a()").self_ns, 500u); // 200 + 300
  EXPECT_EQ(find(table, "b()").self_ns, 500u); // 300 + 200
}

TEST(Functions, SameFunctionOnSeparateBranchesCountsBoth) {
  ProfileBuilder b;
  uint32_t m = b.add_module("/app", "main.cpp");
  uint32_t main_site = b.add_site(m, "main", "main", "main.cpp", 1, 1);
  uint32_t x = b.add_site(m, "x()", "_Z1xv", "main.cpp", 5, 1);
  uint32_t fib = b.add_site(m, "fib(int)", "_Z3fibi", "main.cpp", 9, 3);
  b.add_thread(1);
  uint32_t root = b.add_node(main_site, kTop, 1, 1000);
  uint32_t x_node = b.add_node(x, root, 1, 300);
  b.add_node(fib, x_node, 1, 100);
  uint32_t fib_node = b.add_node(fib, root, 1, 400);
  b.add_node(fib, fib_node, 1, 150);

  FunctionTable table = table_of({parse(b)});
  EXPECT_EQ(find(table, "fib(int)").total_ns,
            500u);                                  // 100 + 400, the inner 150 is inside
  EXPECT_EQ(find(table, "fib(int)").self_ns, 500u); // 100 + 250 + 150
}

TEST(Functions, SameFunctionInTwoModulesIsOneFunction) {
  ProfileBuilder b;
  uint32_t m1 = b.add_module("/app", "a.cpp");
  uint32_t inline_a = b.add_site(m1, "inl()", "_Z3inlv", "inl.h", 5, 3);
  uint32_t static_a = b.add_site(m1, "helper()", "_ZL6helperv", "a.cpp", 7, 10);
  uint32_t m2 = b.add_module("/app", "b.cpp");
  uint32_t inline_b = b.add_site(m2, "inl()", "_Z3inlv", "inl.h", 5, 4);
  b.add_site(m2, "helper()", "_ZL6helperv", "b.cpp", 7, 20);
  b.add_thread(1);
  b.add_node(inline_a, kTop, 3, 300);
  b.add_node(inline_b, kTop, 4, 500);
  b.add_node(static_a, kTop, 10, 200);

  FunctionTable table = table_of({parse(b)});
  EXPECT_EQ(count_named(table, "inl()"), 1u);
  const FunctionStats &inl = find(table, "inl()");
  EXPECT_EQ(inl.calls, 7u);
  EXPECT_EQ(inl.timed_calls, 7u);
  EXPECT_EQ(inl.self_ns, 800u);
  EXPECT_EQ(inl.total_ns, 800u);

  // Static functions of the same name in different files stay apart.
  EXPECT_EQ(count_named(table, "helper()"), 2u);
  EXPECT_EQ(find(table, "helper()", "a.cpp").calls, 10u);
  EXPECT_TRUE(find(table, "helper()", "a.cpp").timed);
  EXPECT_EQ(find(table, "helper()", "b.cpp").calls, 20u);
  EXPECT_FALSE(find(table, "helper()", "b.cpp").timed);
}

TEST(Functions, WithoutDebugInfoTheModuleSourceKeepsStaticsApart) {
  ProfileBuilder b;
  uint32_t m1 = b.add_module("/app", "a.c");
  b.add_site(m1, "helper", "helper", "", 0, 1);
  uint32_t m2 = b.add_module("/app", "b.c");
  b.add_site(m2, "helper", "helper", "", 0, 2);
  FunctionTable table = table_of({parse(b)});
  EXPECT_EQ(count_named(table, "helper"), 2u);
  EXPECT_EQ(find(table, "helper", "b.c").calls, 2u);
  EXPECT_EQ(find(table, "helper", "b.c").function.line, 0u);
}

TEST(Functions, TwoThreadsAddUp) {
  ProfileBuilder b;
  uint32_t m = b.add_module("/app", "main.cpp");
  uint32_t main_site = b.add_site(m, "main", "main", "main.cpp", 1, 1);
  uint32_t work = b.add_site(m, "work()", "_Z4workv", "main.cpp", 10, 6);
  b.add_thread(1, "main");
  uint32_t root = b.add_node(main_site, kTop, 1, 1000);
  b.add_node(work, root, 2, 600);
  b.add_thread(2, "worker");
  uint32_t outer = b.add_node(work, kTop, 4, 900);
  b.add_node(work, outer, 3, 400); // recursion within the second thread

  FunctionTable table = table_of({parse(b)});
  EXPECT_EQ(table.measured_ns, 1900u); // 400 + 600 + 500 + 400
  const FunctionStats &f = find(table, "work()");
  EXPECT_EQ(f.calls, 6u);
  EXPECT_EQ(f.timed_calls, 9u);
  EXPECT_EQ(f.self_ns, 1500u);
  EXPECT_EQ(f.total_ns, 1500u); // 600 + 900
  double self_sum = 0;
  for (const FunctionStats &s : table.functions)
    self_sum += s.self_percent;
  EXPECT_NEAR(self_sum, 100.0, 1e-9);
  EXPECT_NEAR(f.self_percent, 100.0 * 1500 / 1900, 1e-9);
  EXPECT_NEAR(find(table, "main").total_percent, 100.0 * 1000 / 1900, 1e-9);
}

TEST(Functions, SeveralProfilesAreAddedTogether) {
  auto one_run = [](uint64_t time, uint64_t calls) {
    ProfileBuilder b;
    uint32_t m = b.add_module("/app", "main.cpp");
    uint32_t site = b.add_site(m, "work()", "_Z4workv", "main.cpp", 10, calls);
    b.add_thread(1);
    b.add_node(site, kTop, calls, time);
    return profile::parse_profile(b.build(), "run");
  };
  FunctionTable table = table_of({one_run(100, 1), one_run(300, 2)});
  EXPECT_EQ(table.measured_ns, 400u);
  ASSERT_EQ(table.functions.size(), 1u);
  EXPECT_EQ(table.functions[0].calls, 3u);
  EXPECT_EQ(table.functions[0].total_ns, 400u);
  EXPECT_DOUBLE_EQ(table.functions[0].self_percent, 100.0);
}

TEST(Functions, NoTimedCallsGivesZeroPercent) {
  ProfileBuilder b;
  uint32_t m = b.add_module("/app", "main.cpp");
  b.add_site(m, "f()", "_Z1fv", "main.cpp", 1, 3);
  FunctionTable table = table_of({parse(b)});
  EXPECT_EQ(table.measured_ns, 0u);
  EXPECT_EQ(find(table, "f()").self_percent, 0.0);
}

TEST(Functions, SortOrders) {
  ProfileBuilder b;
  uint32_t m = b.add_module("/app", "main.cpp");
  uint32_t outer = b.add_site(m, "outer()", "_Z5outerv", "main.cpp", 1, 1);
  uint32_t inner = b.add_site(m, "inner()", "_Z5innerv", "main.cpp", 2, 2);
  b.add_site(m, "many()", "_Z4manyv", "main.cpp", 3, 100);
  b.add_thread(1);
  uint32_t root = b.add_node(outer, kTop, 1, 1000);
  b.add_node(inner, root, 2, 700);
  FunctionTable table = table_of({parse(b)});
  std::vector<FunctionStats> functions = table.functions;

  analysis::sort_functions(functions, analysis::FunctionOrder::Self);
  EXPECT_EQ(functions[0].function.name, "inner()");
  analysis::sort_functions(functions, analysis::FunctionOrder::Total);
  EXPECT_EQ(functions[0].function.name, "outer()");
  analysis::sort_functions(functions, analysis::FunctionOrder::Calls);
  EXPECT_EQ(functions[0].function.name, "many()");
}

const CallTree::Node &child_named(const CallTree &tree, const FunctionCatalog &catalog,
                                  uint32_t parent, const std::string &name) {
  for (uint32_t child : tree.nodes[parent].children)
    if (catalog.function(tree.nodes[child].function).name == name)
      return tree.nodes[child];
  throw std::runtime_error("no child " + name);
}

uint32_t index_of(const CallTree &tree, const CallTree::Node &node) {
  return uint32_t(&node - tree.nodes.data());
}

// One cause, one bottleneck: two nested loops and their function that took the same 606 ms
// are one item, the inner loop, naming the others; a loop that took half of its function's
// time is an item of its own, and so is that function.
TEST(Bottlenecks, NestedLoopsAndTheirFunctionWithTheSameTimeAreOne) {
  analysis::FunctionTable functions;
  functions.measured_ns = 1000000000;
  auto function = [&](const std::string &name, uint64_t self_ns) {
    analysis::FunctionStats f;
    f.function.name = name;
    f.function.file = "app.cpp";
    f.function.line = 10;
    f.timed = true;
    f.self_ns = self_ns;
    f.self_percent = 100.0 * double(self_ns) / 1e9;
    functions.functions.push_back(f);
  };
  function("kernel(int)", 606000000);
  function("load()", 300000000);
  auto loop = [](const std::string &function, uint32_t line, uint32_t parent, uint64_t ns) {
    analysis::LoopStats l;
    l.file = "app.cpp";
    l.line = line;
    l.function = function;
    l.parent = parent ? "app.cpp:" + std::to_string(parent) : "";
    l.timed_entries = 1;
    l.inclusive_ns = ns;
    l.percent = 100.0 * double(ns) / 1e9;
    return l;
  };
  std::vector<analysis::LoopStats> loops = {loop("kernel(int)", 12, 0, 606000000),
                                            loop("kernel(int)", 13, 12, 600000000),
                                            loop("load()", 40, 0, 150000000)};
  std::vector<analysis::Bottleneck> items =
      analysis::compute_bottlenecks(functions, loops, {}, {}, 5, 0, nullptr);
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(items[0].kind, analysis::BottleneckKind::Loop);
  EXPECT_EQ(items[0].location, "app.cpp:13");
  EXPECT_EQ(items[0].time_ns, 600000000u);
  EXPECT_EQ(items[0].detail, "the same time as the loop around it at app.cpp:12 and the self "
                             "time of kernel(int)");
  EXPECT_EQ(items[1].kind, analysis::BottleneckKind::Function);
  EXPECT_EQ(items[1].name, "load()");
  EXPECT_EQ(items[2].kind, analysis::BottleneckKind::Loop);
  EXPECT_EQ(items[2].location, "app.cpp:40");
  EXPECT_EQ(items[2].detail, "");
}

TEST(CallTree, MergesThreadsAndModulesAlongPaths) {
  ProfileBuilder b;
  uint32_t m1 = b.add_module("/app", "main.cpp");
  uint32_t main_site = b.add_site(m1, "main", "main", "main.cpp", 1, 1);
  uint32_t work_a = b.add_site(m1, "work()", "_Z4workv", "work.h", 3, 2);
  uint32_t m2 = b.add_module("/app", "other.cpp");
  uint32_t work_b = b.add_site(m2, "work()", "_Z4workv", "work.h", 3, 1);
  uint32_t other = b.add_site(m2, "other()", "_Z5otherv", "other.cpp", 8, 1);
  b.add_thread(1);
  uint32_t root1 = b.add_node(main_site, kTop, 1, 1000);
  b.add_node(work_a, root1, 2, 300);
  b.add_thread(2);
  uint32_t root2 = b.add_node(main_site, kTop, 1, 2000);
  b.add_node(work_b, root2, 1, 500);
  b.add_node(other, root2, 1, 900);

  std::vector<Profile> profiles = {parse(b)};
  FunctionCatalog catalog(profiles);
  CallTree tree = analysis::build_call_tree(profiles, catalog);
  EXPECT_EQ(tree.measured_ns, 3000u);
  EXPECT_EQ(tree.nodes[CallTree::kRoot].inclusive_ns, 3000u);
  ASSERT_EQ(tree.nodes[CallTree::kRoot].children.size(), 1u);

  const CallTree::Node &main_node = child_named(tree, catalog, CallTree::kRoot, "main");
  EXPECT_EQ(main_node.calls, 2u);
  EXPECT_EQ(main_node.inclusive_ns, 3000u);
  EXPECT_EQ(main_node.exclusive_ns, 1300u); // 700 + 600
  ASSERT_EQ(main_node.children.size(), 2u);

  // Children come biggest inclusive first: other (900) before work (300 + 500).
  const CallTree::Node &first = tree.nodes[main_node.children[0]];
  EXPECT_EQ(catalog.function(first.function).name, "other()");
  const CallTree::Node &work = child_named(tree, catalog, index_of(tree, main_node), "work()");
  EXPECT_EQ(work.calls, 3u);
  EXPECT_EQ(work.inclusive_ns, 800u);
  EXPECT_EQ(work.exclusive_ns, 800u);
}

TEST(CallTree, KeepsRecursionAsNestedNodesAndMergesProfiles) {
  auto one_run = [](uint64_t scale) {
    ProfileBuilder b;
    uint32_t m = b.add_module("/app", "fib.cpp");
    uint32_t fib = b.add_site(m, "fib(int)", "_Z3fibi", "fib.cpp", 3, 7);
    b.add_thread(1);
    uint32_t d1 = b.add_node(fib, kTop, 1, 100 * scale);
    uint32_t d2 = b.add_node(fib, d1, 2, 60 * scale);
    b.add_node(fib, d2, 4, 30 * scale);
    return profile::parse_profile(b.build(), "run");
  };
  std::vector<Profile> profiles = {one_run(1), one_run(2)};
  FunctionCatalog catalog(profiles);
  CallTree tree = analysis::build_call_tree(profiles, catalog);
  ASSERT_EQ(tree.nodes.size(), 4u); // root + three levels of fib
  const CallTree::Node &d1 = child_named(tree, catalog, CallTree::kRoot, "fib(int)");
  EXPECT_EQ(d1.calls, 2u);
  EXPECT_EQ(d1.inclusive_ns, 300u);
  const CallTree::Node &d2 = child_named(tree, catalog, index_of(tree, d1), "fib(int)");
  EXPECT_EQ(d2.calls, 4u);
  EXPECT_EQ(d2.inclusive_ns, 180u);
  EXPECT_EQ(d2.exclusive_ns, 90u);
  const CallTree::Node &d3 = child_named(tree, catalog, index_of(tree, d2), "fib(int)");
  EXPECT_EQ(d3.calls, 8u);
  EXPECT_TRUE(d3.children.empty());
}

// main -> work (5 calls) -> leaf (50 calls), each timed call costing 2 ns
// inside itself and 6 ns to its caller.
ProfileBuilder chain_with_timing_cost() {
  ProfileBuilder b;
  uint32_t m = b.add_module("/app", "main.cpp");
  uint32_t main_site = b.add_site(m, "main", "main", "main.cpp", 1, 1);
  uint32_t work_site = b.add_site(m, "work()", "_Z4workv", "main.cpp", 10, 5);
  uint32_t leaf_site = b.add_site(m, "leaf()", "_Z4leafv", "main.cpp", 20, 50);
  b.add_thread(1);
  uint32_t main_node = b.add_node(main_site, kTop, 1, 1000);
  uint32_t work_node = b.add_node(work_site, main_node, 5, 600);
  b.add_node(leaf_site, work_node, 50, 300);
  b.set_timing_cost(2000, 6000);
  return b;
}

TEST(Functions, MarksFunctionsWhoseTimingStopped) {
  ProfileBuilder b = chain_with_timing_cost();
  b.add_timing_stopped(2); // leaf()
  FunctionTable table = table_of({parse(b)});
  EXPECT_TRUE(find(table, "leaf()").timing_stopped);
  EXPECT_FALSE(find(table, "work()").timing_stopped);
  EXPECT_EQ(find(table, "leaf()").calls, 50u);
}

TEST(TimingCost, SubtractedFromEveryNode) {
  std::vector<Profile> profiles = {parse(chain_with_timing_cost())};
  analysis::TimingCostSummary summary = analysis::subtract_timing_cost(profiles, true);
  EXPECT_EQ(summary.measured_profiles, 1u);
  EXPECT_TRUE(summary.subtracted);
  EXPECT_EQ(summary.min_caller_ps, 6000u);
  const std::vector<profile::CallNode> &nodes = profiles[0].nodes;
  // leaf: 50 own calls at 2 ns.
  EXPECT_EQ(nodes[2].inclusive_ns, 300u - 100u);
  EXPECT_EQ(nodes[2].exclusive_ns, 300u - 100u);
  // work: inclusive loses 5 x 2 ns and 50 x 6 ns; exclusive 5 x 2 ns and
  // 50 x (6 - 2) ns, what leaf's calls left in work itself.
  EXPECT_EQ(nodes[1].inclusive_ns, 600u - 310u);
  EXPECT_EQ(nodes[1].exclusive_ns, 300u - 210u);
  // main: 1 x 2 ns, and 55 timed calls below it at 6 ns.
  EXPECT_EQ(nodes[0].inclusive_ns, 1000u - 332u);
  EXPECT_EQ(nodes[0].exclusive_ns, 400u - 22u);
  // Still consistent: inclusive is exclusive plus the children's inclusive.
  EXPECT_EQ(nodes[1].inclusive_ns, nodes[1].exclusive_ns + nodes[2].inclusive_ns);
  EXPECT_EQ(nodes[0].inclusive_ns, nodes[0].exclusive_ns + nodes[1].inclusive_ns);
  EXPECT_EQ(table_of(profiles).measured_ns, 200u + 90u + 378u);
}

TEST(TimingCost, KeptWhenNotSubtracting) {
  std::vector<Profile> profiles = {parse(chain_with_timing_cost())};
  analysis::TimingCostSummary summary = analysis::subtract_timing_cost(profiles, false);
  EXPECT_EQ(summary.measured_profiles, 1u);
  EXPECT_FALSE(summary.subtracted);
  EXPECT_EQ(profiles[0].nodes[0].inclusive_ns, 1000u);
  EXPECT_EQ(profiles[0].nodes[1].exclusive_ns, 300u);
}

TEST(TimingCost, ClampedAtZero) {
  ProfileBuilder b = chain_with_timing_cost();
  b.set_timing_cost(20000, 60000); // more than the leaf's 6 ns per call
  std::vector<Profile> profiles = {parse(b)};
  analysis::subtract_timing_cost(profiles, true);
  EXPECT_EQ(profiles[0].nodes[2].inclusive_ns, 0u);
  EXPECT_EQ(profiles[0].nodes[1].inclusive_ns, 0u);
  EXPECT_EQ(profiles[0].nodes[0].exclusive_ns, 400u - 20u - 5u * 40u);
}

// A node's histogram loses the node's cost of timing per call, as its mean does: work's calls
// 2 ns of their own and 10 of leaf's 6 ns; leaf's 2 ns.
TEST(TimingCost, SubtractedFromEveryCallOfAHistogram) {
  ProfileBuilder b = chain_with_timing_cost();
  b.add_histogram_range(1, 4, 100, 112);
  b.add_histogram_range(1, 1, 180, 200);
  b.add_histogram_range(2, 50, 1, 10);
  std::vector<Profile> profiles = {parse(b)};
  analysis::subtract_timing_cost(profiles, true);
  const std::vector<profile::HistogramRange> &ranges = profiles[0].call_histograms;
  EXPECT_EQ(ranges[0].lower_ns, 100u - 62u);
  EXPECT_EQ(ranges[0].upper_ns, 112u - 62u);
  EXPECT_EQ(ranges[1].upper_ns, 200u - 62u);
  EXPECT_EQ(ranges[2].lower_ns, 0u); // clamped
  EXPECT_EQ(ranges[2].upper_ns, 10u - 2u);
}

// Only profiles that measured their cost change; the summary spans them.
TEST(TimingCost, EachProfileItsOwnCost) {
  ProfileBuilder cheaper = chain_with_timing_cost();
  cheaper.set_timing_cost(1000, 3000);
  std::vector<Profile> profiles = {parse(chain_with_timing_cost()), parse(cheaper),
                                   parse(ProfileBuilder())};
  analysis::TimingCostSummary summary = analysis::subtract_timing_cost(profiles, true);
  EXPECT_EQ(summary.measured_profiles, 2u);
  EXPECT_EQ(summary.min_caller_ps, 3000u);
  EXPECT_EQ(summary.max_caller_ps, 6000u);
  EXPECT_EQ(profiles[0].nodes[2].inclusive_ns, 200u);
  EXPECT_EQ(profiles[1].nodes[2].inclusive_ns, 250u);
}

// main -> work (2 timed calls) and main -> other -> work (8 timed calls), work 10 ns a call,
// stopped after those 10 of its 1,000 calls: the other 990 are shared as the timed ones
// were, 198 and 792, at 10 ns each, taken from the callers' self time.
ProfileBuilder stopped_in_two_places() {
  ProfileBuilder b;
  uint32_t m = b.add_module("/app", "main.cpp");
  uint32_t main_site = b.add_site(m, "main", "main", "main.cpp", 1, 1);
  uint32_t other_site = b.add_site(m, "other()", "_Z5otherv", "main.cpp", 5, 1);
  uint32_t work_site = b.add_site(m, "work()", "_Z4workv", "main.cpp", 10, 1000);
  b.add_thread(1);
  uint32_t main_node = b.add_node(main_site, kTop, 1, 100000);
  b.add_node(work_site, main_node, 2, 20);
  uint32_t other_node = b.add_node(other_site, main_node, 1, 50000);
  b.add_node(work_site, other_node, 8, 80);
  b.add_timing_stopped(work_site);
  return b;
}

TEST(StoppedTiming, UntimedCallsCostTheirNodesMeanTakenFromTheCaller) {
  std::vector<Profile> profiles = {parse(stopped_in_two_places())};
  uint64_t measured_before = table_of(profiles).measured_ns;
  analysis::settle_call_times(profiles, true);
  const std::vector<profile::CallNode> &nodes = profiles[0].nodes;
  EXPECT_EQ(nodes[1].calls, 200u);
  EXPECT_EQ(nodes[1].estimated_calls, 198u);
  EXPECT_EQ(nodes[1].estimated_ns, 1980u);
  EXPECT_EQ(nodes[1].inclusive_ns, 2000u);
  EXPECT_EQ(nodes[3].calls, 800u);
  EXPECT_EQ(nodes[3].estimated_ns, 7920u);
  EXPECT_EQ(nodes[3].exclusive_ns, 8000u);
  // The callers lose it from their self time; their inclusive time stays.
  EXPECT_EQ(nodes[0].exclusive_ns, 100000u - 20u - 50000u - 1980u);
  EXPECT_EQ(nodes[2].exclusive_ns, 50000u - 80u - 7920u);
  EXPECT_EQ(nodes[0].inclusive_ns, 100000u);
  EXPECT_EQ(table_of(profiles).measured_ns, measured_before);

  FunctionTable table = table_of(profiles);
  const FunctionStats &work = find(table, "work()");
  EXPECT_EQ(work.calls, 1000u);
  EXPECT_EQ(work.timed_calls, 10u);
  EXPECT_EQ(work.total_ns, 10000u);
  EXPECT_EQ(work.estimated_ns, 9900u);
  EXPECT_TRUE(work.timing_stopped);
}

// stopped_in_two_places, with `calls` more timed calls of work() under main, in re-timing
// windows, taking `ns` of main's self time.
ProfileBuilder with_window_calls_under_main(uint64_t calls, uint64_t ns) {
  ProfileBuilder b = stopped_in_two_places();
  b.node(0, 1).calls += calls;
  b.node(0, 1).inclusive_ns += ns;
  b.node(0, 1).exclusive_ns += ns;
  b.node(0, 0).exclusive_ns -= ns;
  b.node(0, 1).window_calls = calls;
  b.node(0, 1).window_ns = ns;
  return b;
}

// The same tree, with calls timed again in re-timing windows after the stop: 40 under main
// at 2 ns (their first calls cost 10), none under other. The 990 untimed calls are shared as
// the window calls were (all under main) at the windows' mean, not the first calls'.
TEST(StoppedTiming, WindowCallsGiveTheShareAndTheMean) {
  ProfileBuilder b = with_window_calls_under_main(40, 80);
  std::vector<Profile> profiles = {parse(b)};
  analysis::settle_call_times(profiles, true);
  const std::vector<profile::CallNode> &nodes = profiles[0].nodes;
  EXPECT_EQ(nodes[1].estimated_calls, 950u); // 1,000 less 50 timed
  EXPECT_EQ(nodes[1].estimated_ns, 1900u);
  EXPECT_EQ(nodes[1].calls, 992u); // and 8 timed under other: 1,000
  EXPECT_EQ(nodes[3].estimated_calls, 0u);
  EXPECT_EQ(nodes[3].inclusive_ns, 80u);
  EXPECT_EQ(nodes[0].exclusive_ns, 100000u - 100u - 50000u - 1900u);
}

// With the CPU time sampled in work() (docs/runtime-options.md): its 950 untimed calls, 95% of
// its 1,000, get their share of it, 19,000 ns x 950 / 1,000, shared as the window calls were,
// where the windows' mean gave 1,900 ns.
TEST(StoppedTiming, SamplesGiveTheTimeWhenNearlyAllCallsWereUntimed) {
  std::vector<Profile> profiles = {parse(with_window_calls_under_main(40, 80))};
  analysis::subtract_timing_cost(profiles, true);
  std::vector<std::optional<uint64_t>> sampled(profiles[0].sites.size());
  sampled[2] = 19000; // work()
  analysis::estimate_stopped_calls(profiles[0], sampled);
  const std::vector<profile::CallNode> &nodes = profiles[0].nodes;
  EXPECT_EQ(nodes[1].estimated_calls, 950u);
  EXPECT_EQ(nodes[1].estimated_ns, 18050u);
  EXPECT_EQ(nodes[1].sampled_estimate_ns, 18050u);
  EXPECT_EQ(nodes[3].estimated_calls, 0u);
  EXPECT_EQ(nodes[0].exclusive_ns, 100000u - 100u - 50000u - 18050u);
}

// A function whose timed calls are more than a tenth of its calls keeps the windows' estimate:
// its samples are of timed calls too, which may have come before sampling began.
TEST(StoppedTiming, SamplesAreNotUsedWhenManyCallsWereTimed) {
  ProfileBuilder b = with_window_calls_under_main(40, 80);
  std::vector<Profile> profiles = {parse(b)};
  profiles[0].site_counts[2] = 400; // 50 timed, 350 untimed: fewer than 9 x 50
  analysis::subtract_timing_cost(profiles, true);
  std::vector<std::optional<uint64_t>> sampled(profiles[0].sites.size());
  sampled[2] = 19000;
  analysis::estimate_stopped_calls(profiles[0], sampled);
  EXPECT_EQ(profiles[0].nodes[1].estimated_calls, 350u);
  EXPECT_EQ(profiles[0].nodes[1].estimated_ns, 700u); // at the windows' 2 ns a call
  EXPECT_EQ(profiles[0].nodes[1].sampled_estimate_ns, 0u);
}

// Fewer than kMinWindowCalls window calls: the first calls' shares and means, as before.
TEST(StoppedTiming, TooFewWindowCallsFallBackToTheTimedCalls) {
  ProfileBuilder b = with_window_calls_under_main(2, 20);
  std::vector<Profile> profiles = {parse(b)};
  analysis::settle_call_times(profiles, true);
  const std::vector<profile::CallNode> &nodes = profiles[0].nodes;
  // 988 untimed, shared 4:8 as the timed calls (4 under main, 8 under other), at 10 ns each.
  EXPECT_EQ(nodes[1].estimated_calls, 329u);
  EXPECT_EQ(nodes[1].estimated_ns, 3290u);
  EXPECT_EQ(nodes[3].estimated_calls, 659u);
  EXPECT_EQ(nodes[3].estimated_ns, 6590u);
}

// The cost of timing comes off the window calls as off the node's other calls.
TEST(StoppedTiming, WindowCallsLoseTheCostOfTiming) {
  // 5 ns a call as recorded, 3 once 2 ns of timing are out
  ProfileBuilder b = with_window_calls_under_main(40, 200);
  b.set_timing_cost(2000, 2500);
  std::vector<Profile> profiles = {parse(b)};
  analysis::settle_call_times(profiles, true);
  EXPECT_EQ(profiles[0].nodes[1].window_ns, 120u);
  EXPECT_EQ(profiles[0].nodes[1].estimated_ns, 950u * 3u);
}

// Calls of a few nanoseconds record hardly more than the cost of timing: once it is out, their
// mean may be 0. They are estimated at what an untimed call of an empty function costs.
TEST(StoppedTiming, NoCallCostsLessThanAnUntimedEmptyCall) {
  // 2 ns a call as recorded, all of it the cost of timing; an untimed call costs 1.5 ns
  ProfileBuilder b = with_window_calls_under_main(40, 80);
  b.set_timing_cost(2000, 2500, 1500);
  std::vector<Profile> profiles = {parse(b)};
  analysis::settle_call_times(profiles, true);
  EXPECT_EQ(profiles[0].nodes[1].window_ns, 0u);
  EXPECT_EQ(profiles[0].nodes[1].estimated_ns, 950u * 3u / 2u);
  // A mean above it is kept: 5 ns as recorded, 3 once timing is out.
  ProfileBuilder slower = with_window_calls_under_main(40, 200);
  slower.set_timing_cost(2000, 2500, 1500);
  std::vector<Profile> slower_profiles = {parse(slower)};
  analysis::settle_call_times(slower_profiles, true);
  EXPECT_EQ(slower_profiles[0].nodes[1].estimated_ns, 950u * 3u);
}

TEST(StoppedTiming, NeverTakesMoreThanTheCallerHeld) {
  ProfileBuilder b = stopped_in_two_places();
  b.node(0, 2).exclusive_ns = 1000; // other() itself: less than 7,920 ns
  std::vector<Profile> profiles = {parse(b)};
  analysis::settle_call_times(profiles, true);
  EXPECT_EQ(profiles[0].nodes[2].exclusive_ns, 0u);
  EXPECT_EQ(profiles[0].nodes[3].estimated_ns, 1000u);
  EXPECT_EQ(profiles[0].nodes[3].inclusive_ns, 1080u);
}

TEST(StoppedTiming, SitesStillTimedAreLeftAsRecorded) {
  ProfileBuilder b = chain_with_timing_cost(); // leaf: 50 calls, all timed
  b.add_timing_stopped(2);
  std::vector<Profile> profiles = {parse(b)};
  analysis::settle_call_times(profiles, false);
  EXPECT_EQ(profiles[0].nodes[2].estimated_calls, 0u);
  EXPECT_EQ(profiles[0].nodes[2].inclusive_ns, 300u);
  EXPECT_EQ(profiles[0].nodes[1].exclusive_ns, 300u);
}

// A percentile is the duration that many of the calls did not exceed: the call of that rank,
// placed evenly within its range.
TEST(Durations, PercentilesInterpolateWithinTheRangeOfTheirCall) {
  std::vector<profile::HistogramRange> ranges = {
      {0, 50, 100, 200}, {0, 40, 200, 300}, {0, 10, 1000, 5000}};
  EXPECT_EQ(analysis::duration_at(ranges, 0.0), 102u);   // the first call: 1/50 of the way
  EXPECT_EQ(analysis::duration_at(ranges, 0.5), 200u);   // the 50th, the first range's last
  EXPECT_EQ(analysis::duration_at(ranges, 0.9), 300u);   // the 90th
  EXPECT_EQ(analysis::duration_at(ranges, 0.95), 3000u); // the 95th, half into the last
  EXPECT_EQ(analysis::duration_at(ranges, 1.0), 5000u);  // the longest
  EXPECT_EQ(analysis::duration_at({}, 0.5), 0u);
}

// A function's nodes, in every thread and profile, make one distribution; the call paths with
// calls but no histogram are counted; profiles without histograms give no table.
TEST(Durations, MergedPerFunctionAcrossNodesThreadsAndProfiles) {
  ProfileBuilder b;
  uint32_t m = b.add_module("/app", "main.cpp");
  uint32_t main_site = b.add_site(m, "main", "main", "main.cpp", 1, 1);
  uint32_t work_site = b.add_site(m, "work()", "_Z4workv", "main.cpp", 10, 100);
  b.add_thread(1);
  uint32_t main_node = b.add_node(main_site, kTop, 1, 1000);
  b.add_node(work_site, main_node, 60, 600);
  b.add_thread(2);
  b.add_node(work_site, kTop, 40, 4000);
  b.add_histogram_range(1, 60, 5, 15);
  b.add_histogram_range(2, 39, 90, 110);
  b.add_histogram_range(2, 1, 110, 400);
  ProfileBuilder other = b; // another process, the same again
  std::vector<Profile> profiles = {parse(b), parse(other)};
  FunctionCatalog catalog(profiles);
  std::optional<analysis::DurationTable> table = analysis::compute_durations(profiles, catalog);
  ASSERT_TRUE(table);
  EXPECT_EQ(table->paths_without_histogram, 2u); // main, in each profile
  FunctionTable functions = table_of(profiles);
  const analysis::DurationStats *d = table->find(find(functions, "work()").id);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->calls, 200u);
  EXPECT_EQ(d->shortest_ns, 5u);
  EXPECT_EQ(d->p50_ns, 13u);  // the 100th of 200: the 100th of the 120 from 5 to 15 ns
  EXPECT_EQ(d->p99_ns, 110u); // the 198th: the last of the 78 around 100 ns
  EXPECT_EQ(d->longest_ns, 400u);
  EXPECT_EQ(table->find(find(functions, "main").id), nullptr);
  std::vector<Profile> plain = {parse(chain_with_timing_cost())};
  EXPECT_FALSE(analysis::compute_durations(plain, FunctionCatalog(plain)));
}

} // namespace
} // namespace hotline::test
