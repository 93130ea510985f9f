//===- Annotations.h - What the frontend's attributes left in the IR ------===//
//
// hotline's attributes ([[hotline::lines]], [[hotline::region("name")]]) become annotations
// (llvm.global.annotations), which the passes read back here.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"

#include <utility>

namespace hotline {

inline constexpr const char *LinesAnnotation = "hotline.lines";
// Followed by the region's name.
inline constexpr const char *RegionAnnotationPrefix = "hotline.region=";

// Every (function, annotation text) pair of M.
llvm::SmallVector<std::pair<llvm::Function *, llvm::StringRef>, 8>
functionAnnotations(llvm::Module &M);

} // namespace hotline
