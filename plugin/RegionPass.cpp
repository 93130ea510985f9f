//===- RegionPass.cpp - [[hotline::region]] functions (hotline-regions) ---===//
//
// A function marked [[hotline::region("name")]] is a region for as long as it runs: the
// same begin and end calls that HOTLINE_REGION makes, added at its entry and on every way
// out. Added before inlining, the calls move with the body when it is inlined.
//
//===----------------------------------------------------------------------===//
#include "Annotations.h"
#include "Instrumentation.h"
#include "RuntimeAbi.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"

using namespace llvm;

#define DEBUG_TYPE "hotline-regions"

ALWAYS_ENABLED_STATISTIC(NumRegions, "Functions made regions");

namespace hotline {

PreservedAnalyses RegionPass::run(Module &M, ModuleAnalysisManager &) {
  if (isGpuDeviceCode(M))
    return PreservedAnalyses::all();
  bool Changed = false;
  for (auto [F, Text] : functionAnnotations(M)) {
    if (!Text.consume_front(RegionAnnotationPrefix) || F->isDeclaration())
      continue;
    IRBuilder<> Builder(afterAllocas(*F));
    Value *Name = Builder.CreateGlobalString(Text, "__hotline.region." + F->getName());
    SmallVector<Instruction *, 8> Exits = waysOut(*F, /*BeforeNoReturnCalls=*/true);
    Builder.SetInsertPoint(afterAllocas(*F));
    Builder.CreateCall(regionBeginFunction(M), {Name});
    for (Instruction *Exit : Exits)
      IRBuilder<>(Exit).CreateCall(regionEndFunction(M));
    ++NumRegions;
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hotline
