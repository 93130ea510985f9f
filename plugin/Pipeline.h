//===- Pipeline.h - Where hotline's passes go in clang's pipeline ---------===//
#pragma once

#include "Options.h"

#include "llvm/Passes/PassBuilder.h"

#include <string>

namespace hotline {

// Adds hotline's passes to clang's pipeline: counting, regions, CUDA and wait sites and line
// mode at its start (and timing, for timing=before-inlining); the loop counters before the
// vectorizer; timing, the loops' work and the counter lowering after the optimizer.
void registerPipelinePasses(llvm::PassBuilder &PB, const Options &Opts);

// How a module was built, for its record (abi.h __hotline_module::build): the compiler and
// the LLVM version the plugin was built for (the one it runs in, HotlinePlugin.cpp), the
// optimization level, and the options that differ from the defaults (Options::describe):
// "clang 22.1.0, -O2, hotline: lines".
std::string buildDescription(const Options &Opts, llvm::OptimizationLevel Level);

// Parses the pass names opt accepts: hotline-count, hotline-lines and hotline-functions (each
// with optional parameters such as hotline-functions<min-instructions=0;include=^f>),
// hotline-regions, hotline-cuda-sites, hotline-wait-sites, hotline-loop-counters,
// hotline-loop-work and hotline-lower-counters.
bool parsePipelineElement(llvm::StringRef Name, llvm::ModulePassManager &MPM);

} // namespace hotline
