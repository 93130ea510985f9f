// The run history's store on a SQLite file: runs and measures in and out, the no-op second add,
// filters, removal, and the schema's version check (history/store.h).
#include "history/store.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <sqlite3.h>

namespace hotline::history {
namespace {

class HistoryStoreTest : public ::testing::Test {
protected:
  void SetUp() override {
    path_ = (std::filesystem::temp_directory_path() /
             ("hotline-history-test-" + std::to_string(::getpid()) + ".db"))
                .string();
    std::remove(path_.c_str());
  }
  void TearDown() override { std::remove(path_.c_str()); }

  static history::Run make_run(const std::string &checksum, int64_t start, std::string dataset) {
    history::Run run;
    run.checksum = checksum;
    run.profiles = {"/tmp/" + checksum + ".hotline"};
    run.program = "/bin/prog";
    run.command = "prog --fast";
    run.host = "ci-1";
    run.start_unix_ns = start;
    run.wall_ns = 1000;
    run.processes = 1;
    run.commit = "4097518abc";
    run.branch = "main";
    run.dirty = 0;
    run.tags = {{"dataset", std::move(dataset)}};
    return run;
  }

  std::string path_;
};

TEST_F(HistoryStoreTest, RunsAndMeasuresComeBackAsAdded) {
  History history = History::open(path_, true);
  std::vector<History::Added> added = history.add(
      {{make_run("a", 200, "small"), {{"wall", "", 1000}, {"function.self", "parse", 400.5}}},
       {make_run("b", 100, "large"), {{"wall", "", 1200}}}});
  ASSERT_EQ(added.size(), 2u);
  EXPECT_TRUE(added[0].added);
  EXPECT_EQ(added[0].id, 1);
  EXPECT_EQ(added[1].id, 2);

  // By start time, with their tags.
  std::vector<history::Run> runs = history.runs();
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].id, 2);
  EXPECT_EQ(runs[1].id, 1);
  EXPECT_EQ(runs[1].command, "prog --fast");
  EXPECT_EQ(runs[1].profiles, std::vector<std::string>{"/tmp/a.hotline"});
  ASSERT_EQ(runs[1].tags.size(), 1u);
  EXPECT_EQ(runs[1].tags[0].second, "small");

  std::vector<Measure> measures = history.measures(1);
  ASSERT_EQ(measures.size(), 2u);
  EXPECT_EQ(measures[0].kind, "function.self");
  EXPECT_EQ(measures[0].value, 400.5);
  auto all = history.measures(std::vector<int64_t>{1, 2});
  EXPECT_EQ(all["wall"][""].size(), 2u);
  EXPECT_EQ(all["wall"][""][2], 1200);

  // The same profiles again: nothing added.
  added = history.add({{make_run("a", 200, "small"), {{"wall", "", 1}}}});
  EXPECT_FALSE(added[0].added);
  EXPECT_EQ(added[0].id, 1);
  EXPECT_EQ(history.measures(1).size(), 2u);
}

TEST_F(HistoryStoreTest, FiltersSelectRuns) {
  History history = History::open(path_, true);
  history.add({{make_run("a", 100, "small"), {}},
               {make_run("b", 200, "large"), {}},
               {make_run("c", 300, "small"), {}}});
  auto ids = [&](const std::string &where) {
    std::vector<int64_t> found;
    for (const history::Run &run : history.runs(parse_filter(where)))
      found.push_back(run.id);
    return found;
  };
  EXPECT_EQ(ids("dataset=small"), (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(ids("id=2-3"), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(ids("id=2"), (std::vector<int64_t>{2}));
  EXPECT_EQ(ids("commit=4097,branch=main,dataset=large"), (std::vector<int64_t>{2}));
  EXPECT_EQ(ids("host=elsewhere"), (std::vector<int64_t>{}));
  EXPECT_THROW(parse_filter("dataset"), HistoryError);
  EXPECT_THROW(parse_filter("id=3-1"), HistoryError);
  EXPECT_THROW(parse_filter("=x"), HistoryError);
}

TEST_F(HistoryStoreTest, RemovalIsAllOrNothing) {
  History history = History::open(path_, true);
  history.add(
      {{make_run("a", 100, "x"), {{"wall", "", 1}}}, {make_run("b", 200, "x"), {{"wall", "", 2}}}});
  EXPECT_THROW(history.remove({1, 99}), HistoryError);
  EXPECT_EQ(history.runs().size(), 2u);
  history.remove({1});
  EXPECT_EQ(history.runs().size(), 1u);
  EXPECT_TRUE(history.measures(1).empty());
  EXPECT_FALSE(history.run(1).has_value());
}

TEST_F(HistoryStoreTest, SchemaVersions) {
  // Nothing there: readers say so, writers create it.
  EXPECT_THROW(History::open(path_, false), HistoryError);
  History::open(path_, true);
  EXPECT_NO_THROW(History::open(path_, false));
  // A newer schema: refused, for reading and writing.
  sqlite3 *handle = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &handle), SQLITE_OK);
  ASSERT_EQ(
      sqlite3_exec(handle, "UPDATE hotline_schema SET version = 7", nullptr, nullptr, nullptr),
      SQLITE_OK);
  sqlite3_close(handle);
  try {
    History::open(path_, true);
    FAIL() << "a newer schema was opened";
  } catch (const HistoryError &e) {
    EXPECT_NE(std::string(e.what()).find("schema is version 7, newer than this hotline's 1"),
              std::string::npos)
        << e.what();
  }
}

} // namespace
} // namespace hotline::history
