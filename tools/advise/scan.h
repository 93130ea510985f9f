// Parses the translation units that hold hot places (compile_commands.json tells how) and
// runs the checks on the hot function bodies and hot loop statements found in them.
#pragma once

#include "finding.h"
#include "hot_places.h"

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace hotline::advise {

// The compilation database is missing or unreadable: one line, exit status 2.
class DatabaseError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct ScanOptions {
  std::string build_dir;        // holds compile_commands.json (or is that file)
  std::set<std::string> checks; // the checks to run, by name
};

struct ScanResult {
  std::vector<Finding> findings; // one per place and check, sorted by file, line, column
  size_t database_units = 0;     // translation units in compile_commands.json
  std::vector<std::string> parsed_units;
  std::vector<std::string> failures; // one line each: a unit that did not parse
  // Hot places found in the parsed source, of HotPlaces::functions and ::loops.
  size_t functions_found = 0;
  size_t loops_found = 0;
  // The profiles named translation units that compile_commands.json does not have.
  std::vector<std::string> missing_units;
};

ScanResult scan(const HotPlaces &places, const ScanOptions &options);

} // namespace hotline::advise
