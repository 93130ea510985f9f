//===- CudaSitePass.cpp - Marking CUDA calls in host code (hotline-cuda-sites) ===//
//
// CUPTI tells the runtime about every CUDA runtime call and the GPU work it starts, but from
// inside the CUDA library: the call's own return address says nothing about the program's
// line. So before each call of a CUDA runtime function the pass adds a call of
// __hotline_cuda_site, whose return address the runtime keeps for the thread until the CUDA
// call is seen. A kernel launch `k<<<grid, block>>>(args)` is a call of
// __cudaPushCallConfiguration on the launching line, then a call of k's device stub, which
// pops the configuration and calls cudaLaunchKernel: the mark goes before the push, and the
// stubs themselves are left alone (their calls are on the kernel's declaration line).
// The C++ wrappers of cuda_runtime.h (cudaMalloc<T>, cudaLaunchKernel<T>) are marked where
// the program calls them, not inside.
//
//===----------------------------------------------------------------------===//
#include "Instrumentation.h"
#include "RuntimeAbi.h"
#include "SiteTable.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

#define DEBUG_TYPE "hotline-cuda-sites"

ALWAYS_ENABLED_STATISTIC(NumCudaCalls, "CUDA runtime calls marked");

namespace hotline {

static bool isCudaRuntimeFunction(const Function &F) {
  return F.getName() == "__cudaPushCallConfiguration" ||
         StringRef(demangledName(F)).starts_with("cuda");
}

// Code whose CUDA calls belong to its caller's line: device stubs and the header wrappers.
static bool isCudaGlue(const Function &F) {
  return F.getName().contains("__device_stub__") || isCudaRuntimeFunction(F);
}

PreservedAnalyses CudaSitePass::run(Module &M, ModuleAnalysisManager &) {
  if (isGpuDeviceCode(M))
    return PreservedAnalyses::all();
  SmallVector<CallBase *, 16> Calls;
  for (Function &F : M) {
    if (F.isDeclaration() || F.getName().starts_with(InternalPrefix) || isCudaGlue(F))
      continue;
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = Call->getCalledFunction(); Callee && isCudaRuntimeFunction(*Callee))
          Calls.push_back(Call);
  }
  NumCudaCalls += Calls.size();
  for (CallBase *Call : Calls)
    IRBuilder<>(Call).CreateCall(cudaSiteFunction(M));
  return Calls.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace hotline
