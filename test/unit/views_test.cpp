// The views (tools/hotline/views) on profiles made here: what the report prints of the runs.
#include "views/runs.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using hotline::profile::Profile;

Profile run(const char *name, uint64_t pid, std::vector<hotline::profile::Tag> tags) {
  Profile profile;
  profile.display_name = name;
  profile.run.program = "/work/app";
  profile.run.command_line = "/work/app --epochs 3";
  profile.run.host = "node7";
  profile.run.clock_source = "tsc";
  profile.run.pid = pid;
  profile.run.wall_ns = 2500000;
  profile.threads.resize(1);
  profile.tags = std::move(tags);
  return profile;
}

TEST(RunsView, OneRunPrintsItsTagsAfterTheCommand) {
  std::string text =
      hotline::run_summary({run("app.1.hotline", 1, {{"dataset", "mini"}, {"batch", "256"}})});
  EXPECT_NE(text.find("Command    /work/app --epochs 3\nTags       dataset=mini, batch=256\nWall "
                      "time  2.50 ms"),
            std::string::npos)
      << text;
  EXPECT_EQ(hotline::run_summary({run("app.1.hotline", 1, {})}).find("Tags"), std::string::npos);
}

TEST(RunsView, SeveralRunsGetATagsColumnWhenAnyHasTags) {
  std::string text =
      hotline::run_summary({run("a.hotline", 1, {{"batch", "256"}}), run("b.hotline", 2, {})});
  EXPECT_NE(text.find("tags"), std::string::npos) << text;
  EXPECT_NE(text.find("batch=256"), std::string::npos) << text;
  EXPECT_EQ(hotline::run_summary({run("a.hotline", 1, {}), run("b.hotline", 2, {})}).find("tags"),
            std::string::npos);
}

TEST(RunsView, JsonHasTagsAsAnObjectOnlyWhenThereAreTags) {
  hotline::json::Writer json;
  hotline::write_runs_json(
      json, {run("a.hotline", 1, {{"dataset", "mini"}, {"note", ""}}), run("b.hotline", 2, {})});
  std::string text = json.text();
  EXPECT_NE(text.find("\"tags\": {\n      \"dataset\": \"mini\",\n      \"note\": \"\"\n    }"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("\"tags\""), text.rfind("\"tags\"")) << "only the first run has tags";
}

} // namespace
