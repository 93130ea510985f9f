// `hotline merge`: the profiles of several runs or processes into one bundle
// file, byte for byte, written only once every input has been read in full.
#include "cli/options.h"
#include "cli/output_file.h"
#include "cli/text_format.h"
#include "commands/commands.h"
#include "profile/reader.h"

#include <fmt/format.h>

#include <string_view>

namespace hotline {

const cli::CommandSpec kMergeCommand = {
    "merge",
    "hotline merge FILE... -o OUT",
    "Writes the profiles of several runs or processes into one file, OUT: a "
    "bundle\n"
    "that every command reads as those profiles (docs/profile-format.md, "
    "\"Bundles\").\n"
    "The profiles are copied byte for byte; a bundle given as input adds its "
    "members.\n"
    "Every input is read and checked in full first, and nothing is written if "
    "one\n"
    "is bad. OUT is replaced at once (a temporary file renamed over it) and "
    "must\n"
    "not be one of the inputs.",
    {
        {"output", "OUT", "write the bundle to OUT (required)", 'o'},
    }};

namespace {} // namespace

int run_merge(const cli::ParsedArgs &parsed) {
  std::string output = cli::required_output(parsed, kMergeCommand);
  const std::vector<std::string> &inputs = cli::profile_paths(parsed, kMergeCommand);
  refuse_output_among_inputs("merge", output, inputs, "write the bundle to another file");

  std::vector<unsigned char> bundle;
  size_t members = 0;
  for (const std::string &input : inputs) {
    std::vector<unsigned char> bytes = profile::read_profile_bytes(input);
    members += profile::parse_profiles(bytes, input).size();
    bundle.insert(bundle.end(), bytes.begin(), bytes.end());
  }
  write_output_file(output,
                    std::string_view(reinterpret_cast<const char *>(bundle.data()), bundle.size()));
  fmt::print("Wrote {} profile{} from {} file{} to {}\n", members, members == 1 ? "" : "s",
             inputs.size(), inputs.size() == 1 ? "" : "s", text::printable(output));
  return 0;
}

} // namespace hotline
