//===- WaitSitePass.cpp - Marking calls of the C++ library's waits (hotline-wait-sites) ===//
//
// The runtime's synchronization hooks place a wait by their caller's return address. When the
// program waits through a function that the C++ library defines out of line
// (std::thread::join, std::condition_variable::wait, the futex wait behind std::future), that
// caller is inside the library, and the wait could only be placed at the first line of the
// program's innermost timed function. So the pass brackets each call of those functions:
// __hotline_wait_site just before it (whose return address the runtime keeps for the thread)
// and __hotline_wait_site_end after it, on the normal and the unwind path, so that the mark
// never outlives the call.
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

#define DEBUG_TYPE "hotline-wait-sites"

ALWAYS_ENABLED_STATISTIC(NumWaitCalls, "Calls of the C++ library's waits marked");

namespace hotline {

// The out-of-line waits of libstdc++ and libc++, by their demangled names' beginnings.
static bool isLibraryWait(const Function &F) {
  if (!F.isDeclaration())
    return false;
  std::string Name = demangledName(F);
  StringRef N(Name);
  N.consume_front("std::__1::"); // libc++
  N.consume_front("std::");
  return N.starts_with("thread::join()") || N.starts_with("condition_variable::wait(") ||
         N.starts_with("__atomic_futex_unsigned_base::_M_futex_wait_until");
}

PreservedAnalyses WaitSitePass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<CallBase *, 8> Calls;
  DenseMap<const Function *, bool> Waits; // demangled once per callee
  for (Function &F : M) {
    if (F.isDeclaration() || F.getName().starts_with(InternalPrefix))
      continue;
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = Call->getCalledFunction()) {
          auto [It, Inserted] = Waits.try_emplace(Callee, false);
          if (Inserted)
            It->second = isLibraryWait(*Callee);
          if (It->second)
            Calls.push_back(Call);
        }
  }
  for (CallBase *Call : Calls) {
    if (auto *Tail = dyn_cast<CallInst>(Call); Tail && Tail->isMustTailCall())
      continue; // nothing may come between it and the return
    IRBuilder<>(Call).CreateCall(waitSiteFunction(M));
    ++NumWaitCalls;
    // Clearing a mark that is not set does nothing, so a block that other edges also reach
    // may clear it too.
    if (auto *Invoke = dyn_cast<InvokeInst>(Call)) {
      for (BasicBlock *After : {Invoke->getNormalDest(), Invoke->getUnwindDest()})
        IRBuilder<>(After, After->getFirstInsertionPt()).CreateCall(waitSiteEndFunction(M));
    } else {
      IRBuilder<>(Call->getNextNode()).CreateCall(waitSiteEndFunction(M));
    }
  }
  return Calls.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace hotline
