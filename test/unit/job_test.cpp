// The reader on the JOB section: a rank of a job read back, and refused when it is not below
// the job's size.
#include "profile/reader.h"
#include "profile_builder.h"

#include <gtest/gtest.h>

#include <string>

namespace hotline::test {
namespace {

using profile::parse_profile;
using profile::Profile;
using profile::ProfileFormatError;

TEST(JobReader, ReadsTheRankTheSizeAndTheLauncher) {
  ProfileBuilder b;
  b.add_thread(1);
  b.job() = {3, 4, b.string("Open MPI"), 0};
  Profile p = parse_profile(b.build(), "t.hotline");
  ASSERT_TRUE(p.job.present);
  EXPECT_EQ(p.job.rank, 3u);
  EXPECT_EQ(p.job.world_size, 4u);
  EXPECT_EQ(p.job.launcher, "Open MPI");
}

TEST(JobReader, NoJobSectionNoJob) {
  ProfileBuilder b;
  b.add_thread(1);
  EXPECT_FALSE(parse_profile(b.build(), "t.hotline").job.present);
}

TEST(JobReaderErrors, RankMustBeBelowTheSize) {
  ProfileBuilder b;
  b.add_thread(1);
  b.job() = {4, 4, b.string("Slurm"), 0};
  try {
    parse_profile(b.build(), "t.hotline");
    FAIL() << "a rank equal to the job's size was accepted";
  } catch (const ProfileFormatError &e) {
    EXPECT_NE(std::string(e.what()).find("rank 4 is not below the job's size 4"), std::string::npos)
        << e.what();
  }
}

} // namespace
} // namespace hotline::test
