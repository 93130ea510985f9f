// The reader on MPI_SITES, and the comparison of a job's ranks (analysis/ranks.h): least, mean
// and most per item with their ranks, ranks that lack an item, MPI time taken out of the
// function that waited, the slowest rank and why, and the order of the items.
#include "analysis/ranks.h"
#include "profile/reader.h"
#include "profile_builder.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace hotline::test {
namespace {

using analysis::RankAnalysis;
using analysis::RankSpread;
using analysis::RankSpreadKind;
using analysis::RankTable;
using profile::parse_profile;
using profile::Profile;
using profile::ProfileFormatError;

constexpr uint64_t kMs = 1000000;

struct RankWork {
  uint32_t rank;
  uint64_t wall_ms;
  std::vector<std::pair<std::string, uint64_t>> functions; // name, self ms (children of main)
  uint64_t mpi_ms = 0;       // MPI_Allreduce, made from the function named below
  std::string mpi_from = ""; // "" : outside every timed call
};

Profile rank_profile(const RankWork &work, uint32_t ranks = 4) {
  ProfileBuilder b;
  b.run().wall_ns = work.wall_ms * kMs;
  b.job() = {work.rank, ranks, b.string("PMI"), 0};
  uint32_t module = b.add_module("/app", "app.cpp");
  uint32_t main_site = b.add_site(module, "main", "main", "app.cpp", 1, 1);
  std::vector<uint32_t> sites;
  for (size_t i = 0; i < work.functions.size(); ++i)
    sites.push_back(b.add_site(module, work.functions[i].first, work.functions[i].first, "app.cpp",
                               uint32_t(10 * (i + 1)), 1));
  b.add_thread(1);
  uint32_t main_node = b.add_node(main_site, HOTLINE_NO_PARENT, 1, work.wall_ms * kMs);
  uint32_t mpi_node = HOTLINE_NO_PARENT;
  for (size_t i = 0; i < work.functions.size(); ++i) {
    uint32_t node = b.add_node(sites[i], main_node, 1, work.functions[i].second * kMs);
    if (work.functions[i].first == work.mpi_from)
      mpi_node = node;
  }
  if (work.mpi_ms > 0) {
    b.add_object("/app");
    b.add_mpi_site({0, mpi_node, 0x1000, 0, b.string("MPI_Allreduce"), 10, work.mpi_ms * kMs, 80});
  }
  return parse_profile(b.build(), "rank" + std::to_string(work.rank) + ".hotline");
}

const RankSpread *find(const RankTable &table, RankSpreadKind kind, const std::string &name) {
  for (const RankSpread &s : table.spreads)
    if (s.kind == kind && s.name == name)
      return &s;
  return nullptr;
}

TEST(MpiReader, ReadsTheSitesBack) {
  Profile p = rank_profile({2, 100, {{"exchange", 50}}, 40, "exchange"});
  ASSERT_EQ(p.mpi_sites.size(), 1u);
  const profile::MpiSite &site = p.mpi_sites[0];
  EXPECT_EQ(site.function, "MPI_Allreduce");
  EXPECT_EQ(site.calls, 10u);
  EXPECT_EQ(site.ns, 40 * kMs);
  EXPECT_EQ(site.bytes, 80u);
  EXPECT_EQ(site.thread, 0u);
  ASSERT_NE(site.node, profile::kNoParent);
  EXPECT_EQ(p.sites[p.nodes[site.node].site].name, "exchange");
}

TEST(MpiReaderErrors, NodeOutOfRange) {
  ProfileBuilder b;
  b.add_thread(1);
  b.add_object("/app");
  b.add_mpi_site({0, 5, 0x1000, 0, b.string("MPI_Send"), 1, 1, 1});
  try {
    parse_profile(b.build(), "t.hotline");
    FAIL() << "an MPI site naming a call node the thread does not have was accepted";
  } catch (const ProfileFormatError &e) {
    EXPECT_NE(std::string(e.what()).find("MPI site 0"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("call node 5, out of range"), std::string::npos)
        << e.what();
  }
}

TEST(RankAnalysis, LeastMeanMostAndTheirRanks) {
  RankAnalysis analysis;
  analysis.add(rank_profile({0, 100, {{"work", 10}}}));
  analysis.add(rank_profile({1, 100, {{"work", 30}}}));
  analysis.add(rank_profile({2, 100, {{"work", 20}}}));
  analysis.add(rank_profile({3, 100, {{"work", 20}}}));
  RankTable table = analysis.finish();
  ASSERT_EQ(table.rows.size(), 4u);
  const RankSpread *work = find(table, RankSpreadKind::Function, "work");
  ASSERT_NE(work, nullptr);
  EXPECT_EQ(work->min_ns, 10 * kMs);
  EXPECT_EQ(table.rows[work->min_row].label, "rank 0");
  EXPECT_EQ(work->max_ns, 30 * kMs);
  EXPECT_EQ(table.rows[work->max_row].label, "rank 1");
  EXPECT_DOUBLE_EQ(work->mean_ns, 20.0 * kMs);
  EXPECT_DOUBLE_EQ(work->imbalance(), 1.5);
  EXPECT_EQ(work->file, "app.cpp");
  EXPECT_EQ(work->line, 10u);
}

TEST(RankAnalysis, ARankWithoutTheItemCountsAsZero) {
  RankAnalysis analysis;
  // "early" is missing from the last rank only, "late" from every rank but the second.
  analysis.add(rank_profile({0, 100, {{"early", 10}}}, 3));
  analysis.add(rank_profile({1, 100, {{"early", 20}, {"late", 30}}}, 3));
  analysis.add(rank_profile({2, 100, {}}, 3));
  RankTable table = analysis.finish();
  const RankSpread *early = find(table, RankSpreadKind::Function, "early");
  ASSERT_NE(early, nullptr);
  EXPECT_EQ(early->min_ns, 0u);
  EXPECT_EQ(table.rows[early->min_row].label, "rank 2");
  EXPECT_DOUBLE_EQ(early->mean_ns, 10.0 * kMs);
  const RankSpread *late = find(table, RankSpreadKind::Function, "late");
  ASSERT_NE(late, nullptr);
  EXPECT_EQ(late->min_ns, 0u);
  EXPECT_EQ(table.rows[late->min_row].label, "rank 0");
  EXPECT_EQ(table.rows[late->max_row].label, "rank 1");
  EXPECT_DOUBLE_EQ(late->imbalance(), 3.0);
}

TEST(RankAnalysis, MpiTimeIsTakenOutOfTheFunctionThatWaited) {
  RankAnalysis analysis;
  analysis.add(rank_profile({0, 100, {{"compute", 20}, {"exchange", 70}}, 60, "exchange"}, 2));
  analysis.add(rank_profile({1, 100, {{"compute", 80}, {"exchange", 15}}, 5, "exchange"}, 2));
  RankTable table = analysis.finish();
  const RankSpread *exchange = find(table, RankSpreadKind::Function, "exchange");
  ASSERT_NE(exchange, nullptr);
  EXPECT_EQ(exchange->max_ns, 10 * kMs); // 70 - 60 and 15 - 5
  EXPECT_EQ(exchange->min_ns, 10 * kMs);
  const RankSpread *mpi = find(table, RankSpreadKind::Mpi, "MPI_Allreduce");
  ASSERT_NE(mpi, nullptr);
  EXPECT_EQ(mpi->max_ns, 60 * kMs);
  EXPECT_EQ(table.rows[mpi->max_row].label, "rank 0");
  EXPECT_EQ(table.rows[0].mpi_ns, 60 * kMs);
  EXPECT_EQ(table.rows[0].busy_ns, 40 * kMs);
  EXPECT_EQ(table.rows[0].top_mpi_function, "MPI_Allreduce");
}

TEST(RankAnalysis, TheSlowestRankAndTheFunctionThatMadeItSlow) {
  RankAnalysis analysis;
  // Time of their own in compute: 20, 80 and 20 ms; in setup: 5, 9 and 5 ms.
  analysis.add(rank_profile({0, 100, {{"compute", 90}, {"setup", 5}}, 70, "compute"}, 3));
  analysis.add(rank_profile({1, 100, {{"compute", 85}, {"setup", 9}}, 5, "compute"}, 3));
  analysis.add(rank_profile({2, 100, {{"compute", 90}, {"setup", 5}}, 70, "compute"}, 3));
  RankTable table = analysis.finish();
  ASSERT_TRUE(table.has_slowest);
  EXPECT_EQ(table.rows[table.slowest_row].label, "rank 1");
  EXPECT_EQ(table.slowest_function, "compute");
  EXPECT_EQ(table.slowest_function_ns, 80 * kMs);
  EXPECT_DOUBLE_EQ(table.slowest_function_mean_ns, 120.0 * kMs / 3.0);
  EXPECT_EQ(table.rows[1].busy_ns, 95 * kMs);
}

TEST(RankAnalysis, WorkComesBeforeMpiAndSmallItemsAreLeftOut) {
  RankAnalysis analysis;
  analysis.add(rank_profile({0, 1000, {{"big", 600}, {"tiny", 1}}, 500, "big"}, 2));
  analysis.add(rank_profile({1, 1000, {{"big", 610}, {"tiny", 2}}, 10, "big"}, 2));
  RankTable table = analysis.finish();
  EXPECT_EQ(find(table, RankSpreadKind::Function, "tiny"), nullptr); // under 1% of 1 s
  ASSERT_GE(table.spreads.size(), 2u);
  EXPECT_EQ(table.spreads[0].kind, RankSpreadKind::Function);
  EXPECT_EQ(table.spreads[0].name, "big");
  EXPECT_EQ(table.spreads.back().kind, RankSpreadKind::Mpi);
}

TEST(RankAnalysis, OneProfileHasNoSlowestRank) {
  RankAnalysis analysis;
  analysis.add(rank_profile({0, 100, {{"work", 10}}}));
  EXPECT_FALSE(analysis.finish().has_slowest);
}

} // namespace
} // namespace hotline::test
