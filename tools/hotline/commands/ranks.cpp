// `hotline ranks`: the ranks of a parallel job compared, read one profile at a time so that a
// job of thousands of ranks fits in memory (docs/mpi.md).
#include "analysis/ranks.h"
#include "cli/json_writer.h"
#include "cli/options.h"
#include "commands/commands.h"
#include "profile/reader.h"
#include "views/mpi_text.h"

#include <fmt/format.h>

namespace hotline {

const cli::CommandSpec kRanksCommand = {
    "ranks",
    "hotline ranks [options] FILE|DIR...",
    "Compares the ranks of a parallel job (or any set of processes): each rank's\n"
    "time inside and outside MPI, the slowest rank and the function that made it\n"
    "slow, and the functions, MPI functions and regions whose time differs the most\n"
    "across ranks: least, mean and most, on which rank, and most over mean. A\n"
    "directory stands for its *.hotline files. Profiles are read one at a time:\n"
    "memory grows with the distinct functions, not with the ranks.",
    {
        cli::OptionSpec::count("top", "N",
                               "show the N most imbalanced items (default 10; 0 shows all)"),
        cli::text_or_json_format(),
    }};

namespace {} // namespace

int run_ranks(const cli::ParsedArgs &parsed) {
  uint64_t top = cli::top_option(parsed, 10);
  bool json = cli::json_format(parsed);

  analysis::RankAnalysis analysis;
  profile::for_each_profile(cli::profile_paths(parsed, kRanksCommand),
                            [&](profile::Profile &&profile) { analysis.add(std::move(profile)); });
  analysis::RankTable table = analysis.finish();
  if (json) {
    json::Writer writer;
    write_ranks_json(writer, table, top);
    fmt::print("{}\n", writer.text());
    return 0;
  }
  if (table.rows.size() < 2) {
    fmt::print("One profile: nothing to compare it with.\n");
    return 0;
  }
  std::string text = ranks_text(table, 0, top);
  fmt::print("{}", text.substr(1)); // the section's leading blank line
  return 0;
}

} // namespace hotline
