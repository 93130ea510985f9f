// Maps sampled instruction addresses to source lines, with the debug information
// of the executables and libraries they fell in (LLVM's symbolizer).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace llvm::symbolize {
class LLVMSymbolizer;
}

namespace hotline::analysis {

// Where an address is in the source: the innermost function there, inlined
// or not, keeps its own file and line.
struct SourcePlace {
  bool known = false; // false: no object, or no line information for it
  std::string file;
  uint32_t line = 0;
  std::string function; // demangled; may be known when the line is not
};

// How files are compared: `a/./b/../c` is `a/c`. Sites' files and symbolized
// files both go through it.
std::string normal_path(const std::string &path);

class Symbolizer {
public:
  Symbolizer();
  ~Symbolizer();
  // `address` is relative to the object (as in the SAMPLES section).
  SourcePlace place(const std::string &object_path, uint64_t address);
  // The whole chain of functions inlined at `address`: the innermost first,
  // then the function it was inlined into, and so on out to the real
  // function. Empty when the object or the address is unknown.
  std::vector<SourcePlace> inlined_places(const std::string &object_path, uint64_t address);
  // The linkage (mangled) name of the function at `address`, as the compiler
  // names it; "" when unknown.
  std::string linkage_name(const std::string &object_path, uint64_t address);
  // Whether the object could be read at all (false: moved, deleted, or not an
  // object file) and, given the build id the profile recorded for it, is still
  // the object that ran (false: rebuilt since, so its lines would be another
  // program's); each unreadable object is reported once by the caller.
  bool readable(const std::string &object_path, const std::string &build_id = "");

private:
  std::map<std::pair<std::string, std::string>, bool> readable_;
  std::unique_ptr<llvm::symbolize::LLVMSymbolizer> llvm_;
  std::unique_ptr<llvm::symbolize::LLVMSymbolizer> mangled_; // made on first use
};

} // namespace hotline::analysis
