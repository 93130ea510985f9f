// From profile files to the runs a history records: which profiles are one run (a process and
// the children it forked), and what is known of each run (from its profiles, from git and from
// the machine when `hotline history add` runs where the program ran).
#pragma once

#include "history/store.h"
#include "profile/reader.h"

#include <string>
#include <utility>
#include <vector>

namespace hotline::history {

struct ProfileFile {
  std::string path;
  std::vector<profile::Profile> profiles; // one, or a bundle's members
  uint64_t checksum = 0;                  // of its bytes
};

// Reads each file once: its profiles and its checksum. Throws profile::ProfileError.
std::vector<ProfileFile> read_profile_files(const std::vector<std::string> &paths);

// The files grouped into runs: a profile whose parent process is another file's process (same
// host) joins that file's run; a bundle is one run. With `one_run`, all files are one run.
std::vector<std::vector<const ProfileFile *>> group_runs(const std::vector<ProfileFile> &files,
                                                         bool one_run);

// What the command line of `add` says about the runs, over what they recorded themselves.
struct RunFacts {
  std::vector<std::pair<std::string, std::string>> tags; // --tag, over HOTLINE_TAGS
  std::string commit;                                    // "" : from git in the current directory
  std::string branch;
  std::string build;
};

// The run of a group of files, without its id. Its tags are its profiles' (HOTLINE_TAGS; a key
// given twice keeps the last value) with facts.tags over them.
Run run_of_files(const std::vector<const ProfileFile *> &files, const RunFacts &facts);

// The measures of a group of files: their profiles analysed together, as `hotline report`
// analyses them, with the call tree (measures.h).
std::vector<Measure> measures_of_run(const std::vector<const ProfileFile *> &files);

// "key=value,key=value" into pairs; a HistoryError naming a malformed item.
std::vector<std::pair<std::string, std::string>> parse_tags(const std::string &text);

} // namespace hotline::history
