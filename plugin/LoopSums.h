//===- LoopSums.h - Counts inside loops, kept in registers ----------------===//
//
// A count bumped inside a loop would be an add to memory on every iteration, and, before the
// vectorizer, a marker call that stops the loop from being vectorized. LoopSums keeps it in
// a local instead (a register, once promoted) and adds the local to the thread's counter
// wherever the sum could be lost: on every exit of the outermost loop around it, at the top
// of each landing pad it unwinds to, and, for exact counts, before every call inside the loop
// (a call may exit the program or throw through it; inline asm is taken not to, as in
// alwaysGoesOn). A call that never returns needs nothing more: its block ends in unreachable,
// outside every loop, so a loop exit leads to it. Adding what was summed since the last
// addition, and clearing it, is right at any point, however that point was reached.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "SiteTable.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Instructions.h"

namespace hotline {

class LoopSums {
public:
  // Whether the sums are added before every call in the loop: yes for counts that must stay
  // exact when a callee exits the program or throws through the function; no for line mode's
  // work, where such a callee leaves out that loop entry's work as it leaves out the entry's
  // block counts and iterations (LinePass.cpp).
  enum class Calls { Flush, KeepSums };

  LoopSums(llvm::Function &F, llvm::LoopInfo &LI, SiteTable &Sites, Calls AtCalls)
      : F(F), LI(LI), Sites(Sites), AtCalls(AtCalls) {}

  // Whether F's loops can have their exits instrumented (no indirectbr or callbr, whose
  // edges cannot be split).
  static bool canUse(const llvm::Function &F);

  // counters[Site] += Amount before At, which is inside loop L.
  void add(llvm::Loop &L, unsigned Site, llvm::Value *Amount, llvm::Instruction *At);

  // Site is bumped in loop L exactly where Sharer is, by the same amounts (add was called for
  // Sharer's increments there, not for Site's): Site's counter gets Sharer's sum too.
  void addSharer(llvm::Loop &L, unsigned Site, unsigned Sharer);

  // Adds the locals to the counters where they could be lost, then promotes the locals to
  // registers. Changes the CFG (exit edges are split); LI is stale afterwards. Returns
  // whether anything was added.
  bool finish();

private:
  struct Sum {
    unsigned Site;
    llvm::AllocaInst *Local;
    llvm::SmallVector<unsigned, 2> AlsoSites; // counted from the same local (addSharer)
  };
  using Locals = llvm::SmallVector<Sum, 4>;
  Sum &sumOf(llvm::Loop &L, unsigned Site);
  void flush(const Locals &Sums, llvm::Instruction *At);
  void flushAtExits(llvm::Loop &Outermost, const Locals &Sums);

  llvm::Function &F;
  llvm::LoopInfo &LI;
  SiteTable &Sites;
  Calls AtCalls;
  llvm::MapVector<llvm::Loop *, Locals> SumsOfLoop; // by outermost loop
  std::vector<llvm::AllocaInst *> AllLocals;
};

} // namespace hotline
