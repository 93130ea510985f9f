// The address-to-line mapping, done by LLVM's symbolizer library (the one
// behind llvm-symbolizer), which reads DWARF line tables and inlining chains.
#include "analysis/symbolizer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/DebugInfo/Symbolize/Symbolize.h"
#include "llvm/Object/Binary.h"
#include "llvm/Object/BuildID.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Error.h"

#include <filesystem>

namespace hotline::analysis {

namespace {

llvm::symbolize::LLVMSymbolizer::Options symbolizer_options() {
  llvm::symbolize::LLVMSymbolizer::Options options;
  options.Demangle = true;
  options.UseSymbolTable = true;
  options.PathStyle = llvm::DILineInfoSpecifier::FileLineInfoKind::AbsoluteFilePath;
  return options;
}

} // namespace

std::string normal_path(const std::string &path) {
  return std::filesystem::path(path).lexically_normal().string();
}

Symbolizer::Symbolizer()
    : llvm_(std::make_unique<llvm::symbolize::LLVMSymbolizer>(symbolizer_options())) {}

Symbolizer::~Symbolizer() = default;

namespace {

// The build id of the object file at `path`, in lowercase hex; "" when it has none or cannot
// be read.
std::string file_build_id(const std::string &path) {
  auto binary = llvm::object::createBinary(path);
  if (!binary) {
    llvm::consumeError(binary.takeError());
    return "";
  }
  auto *object = llvm::dyn_cast<llvm::object::ObjectFile>(binary->getBinary());
  if (!object)
    return "";
  return llvm::toHex(llvm::object::getBuildID(object), /*LowerCase=*/true);
}

} // namespace

bool Symbolizer::readable(const std::string &object_path, const std::string &build_id) {
  auto [it, inserted] = readable_.emplace(std::make_pair(object_path, build_id), false);
  if (!inserted)
    return it->second;
  auto info = llvm_->symbolizeCode(object_path, {0, llvm::object::SectionedAddress::UndefSection});
  if (!info) {
    llvm::consumeError(info.takeError());
    return false;
  }
  it->second = build_id.empty() || file_build_id(object_path) == build_id;
  return it->second;
}

SourcePlace Symbolizer::place(const std::string &object_path, uint64_t address) {
  std::vector<SourcePlace> frames = inlined_places(object_path, address);
  return frames.empty() ? SourcePlace{} : frames.front();
}

std::vector<SourcePlace> Symbolizer::inlined_places(const std::string &object_path,
                                                    uint64_t address) {
  std::vector<SourcePlace> places;
  auto frames = llvm_->symbolizeInlinedCode(
      object_path, {address, llvm::object::SectionedAddress::UndefSection});
  if (!frames) {
    llvm::consumeError(frames.takeError());
    return places;
  }
  for (uint32_t i = 0; i < frames->getNumberOfFrames(); ++i) {
    const llvm::DILineInfo &frame = frames->getFrame(i);
    SourcePlace place;
    if (frame.FunctionName != llvm::DILineInfo::BadString)
      place.function = frame.FunctionName;
    if (frame.FileName != llvm::DILineInfo::BadString && frame.Line != 0) {
      place.known = true;
      place.file = normal_path(frame.FileName);
      place.line = frame.Line;
    }
    places.push_back(std::move(place));
  }
  return places;
}

std::string Symbolizer::linkage_name(const std::string &object_path, uint64_t address) {
  if (!mangled_) {
    llvm::symbolize::LLVMSymbolizer::Options options = symbolizer_options();
    options.Demangle = false;
    options.PrintFunctions = llvm::DILineInfoSpecifier::FunctionNameKind::LinkageName;
    mangled_ = std::make_unique<llvm::symbolize::LLVMSymbolizer>(options);
  }
  // The outermost frame: a function's first instruction may be inlined code.
  auto frames = mangled_->symbolizeInlinedCode(
      object_path, {address, llvm::object::SectionedAddress::UndefSection});
  if (!frames) {
    llvm::consumeError(frames.takeError());
    return "";
  }
  if (frames->getNumberOfFrames() == 0)
    return "";
  const llvm::DILineInfo &function = frames->getFrame(frames->getNumberOfFrames() - 1);
  return function.FunctionName == llvm::DILineInfo::BadString ? "" : function.FunctionName;
}

} // namespace hotline::analysis
