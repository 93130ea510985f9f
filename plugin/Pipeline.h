//===- Pipeline.h - Where hotline's passes go in clang's pipeline ---------===//
#pragma once

#include "Options.h"

#include "llvm/Passes/PassBuilder.h"

namespace hotline {

// Adds the counting pass at the pipeline start, and the timing pass (or, for
// timing=before-inlining, right after counting) and the counter lowering after the optimizer.
void registerPipelinePasses(llvm::PassBuilder &PB, const Options &Opts);

// Parses the pass names opt accepts: hotline-count, hotline-functions (each with optional
// parameters such as hotline-functions<min-instructions=0;include=^f>) and
// hotline-lower-counters.
bool parsePipelineElement(llvm::StringRef Name, llvm::ModulePassManager &MPM);

} // namespace hotline
