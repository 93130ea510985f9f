//===- LoopWorkPass.cpp - FLOPs and bytes of each loop (hotline-loop-work) ===//
//
// Line mode's roofline: after the optimizer (vectorized, unrolled, inlined), every block of
// a loop adds the floating-point operations and the bytes it loads and stores to its loop's
// work sites (HOTLINE_ABI_SITE_LOOP_FLOPS32/64, _BYTES), vector lanes included, and the
// calls it makes (_CALLS), whose own work is not counted there. The work is summed in
// locals (LoopSums.h: registers, added to the thread's counters at the exits of the
// outermost loop, and kept across calls as line mode's block counters are), so the count is
// exact for every path a loop takes and costs an add per block. A loop of the optimized code
// is joined to the source loop that hotline-lines numbered by its start location, in the
// same function (a loop inlined from another function keeps that function's loop site); code
// of loops that line mode did not number (a library's, inlined) counts for the innermost
// numbered loop around it.
//
//===----------------------------------------------------------------------===//
#include "Instrumentation.h"

#include "LoopSums.h"
#include "RuntimeAbi.h"
#include "SiteTable.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

#define DEBUG_TYPE "hotline-loop-work"

ALWAYS_ENABLED_STATISTIC(NumWorkBlocks, "Loop blocks whose work is counted");
ALWAYS_ENABLED_STATISTIC(NumWorkSites, "Loop work sites (FLOPs, bytes, calls)");
ALWAYS_ENABLED_STATISTIC(NumLoopsCallingOut, "Loops whose work leaves out the calls they make");

namespace hotline {
namespace {

enum WorkKind { Flops32, Flops64, Bytes, Calls, WorkKinds };
constexpr unsigned WorkSiteKinds[WorkKinds] = {
    HOTLINE_ABI_SITE_LOOP_FLOPS32, HOTLINE_ABI_SITE_LOOP_FLOPS64, HOTLINE_ABI_SITE_LOOP_BYTES,
    HOTLINE_ABI_SITE_LOOP_CALLS};

// The work of one block that does not depend on run-time values.
struct BlockWork {
  uint64_t Amount[WorkKinds] = {};
  // Lengths of memcpy and memset, each with how many times its bytes are moved (a copy reads
  // and writes them), and the last of those calls: every length is known there.
  SmallVector<std::pair<Value *, unsigned>, 1> DynamicBytes;
  Instruction *LastMemIntrinsic = nullptr;
  SmallVector<std::string, 2> Callees; // calls whose own work is not counted here
};

unsigned lanes(Type *Ty) {
  if (auto *Vector = dyn_cast<FixedVectorType>(Ty))
    return Vector->getNumElements();
  return 1; // scalable vectors count one lane per unit of vscale: a lower bound
}

void addFlops(BlockWork &Work, Type *Ty, unsigned PerLane) {
  Type *Element = Ty->getScalarType();
  if (!Element->isFloatingPointTy())
    return;
  Work.Amount[Element->getPrimitiveSizeInBits() > 32 ? Flops64 : Flops32] +=
      uint64_t(PerLane) * lanes(Ty);
}

// Memory that hotline itself reads and writes: its globals, and its locals where they were
// not promoted to registers (-O0).
bool isHotlineMemory(const Value *Pointer) {
  const Value *Object = getUnderlyingObject(Pointer);
  if (auto *G = dyn_cast<GlobalValue>(Object))
    return G->getName().starts_with(InternalPrefix);
  if (auto *Local = dyn_cast<AllocaInst>(Object))
    return Local->getMetadata(OwnMetadataName) != nullptr;
  return false;
}

// Counted: fadd, fsub, fmul, fdiv, frem and sqrt as one operation per lane, fma and fmuladd
// as two, vector reductions as one per lane; every load and store at its type's size
// (masked and gathered accesses at their full width), atomics as a load and a store, and
// memcpy/memmove as their length read and written, memset as its length written.
BlockWork workOf(BasicBlock &BB, const DataLayout &DL) {
  BlockWork Work;
  for (Instruction &I : BB) {
    if (auto *Op = dyn_cast<BinaryOperator>(&I)) {
      switch (Op->getOpcode()) {
      case Instruction::FAdd:
      case Instruction::FSub:
      case Instruction::FMul:
      case Instruction::FDiv:
      case Instruction::FRem:
        addFlops(Work, Op->getType(), 1);
        break;
      default:
        break;
      }
    } else if (I.getMetadata(OwnMetadataName)) {
      continue; // a counter, lowered before the vectorizer
    } else if (auto *Load = dyn_cast<LoadInst>(&I)) {
      if (!isHotlineMemory(Load->getPointerOperand()))
        Work.Amount[Bytes] += DL.getTypeStoreSize(Load->getType());
    } else if (auto *Store = dyn_cast<StoreInst>(&I)) {
      if (!isHotlineMemory(Store->getPointerOperand()))
        Work.Amount[Bytes] += DL.getTypeStoreSize(Store->getValueOperand()->getType());
    } else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
      Work.Amount[Bytes] += 2 * DL.getTypeStoreSize(RMW->getType());
    } else if (auto *CmpXchg = dyn_cast<AtomicCmpXchgInst>(&I)) {
      Work.Amount[Bytes] += 2 * DL.getTypeStoreSize(CmpXchg->getNewValOperand()->getType());
    } else if (auto *Transfer = dyn_cast<MemTransferInst>(&I)) {
      Work.DynamicBytes.push_back({Transfer->getLength(), 2});
      Work.LastMemIntrinsic = Transfer;
    } else if (auto *Set = dyn_cast<MemSetInst>(&I)) {
      Work.DynamicBytes.push_back({Set->getLength(), 1});
      Work.LastMemIntrinsic = Set;
    } else if (auto *Intrinsic = dyn_cast<IntrinsicInst>(&I)) {
      switch (Intrinsic->getIntrinsicID()) {
      case Intrinsic::fma:
      case Intrinsic::fmuladd:
        addFlops(Work, Intrinsic->getType(), 2);
        break;
      case Intrinsic::sqrt:
        addFlops(Work, Intrinsic->getType(), 1);
        break;
      case Intrinsic::vector_reduce_fadd:
      case Intrinsic::vector_reduce_fmul:
        addFlops(Work, Intrinsic->getArgOperand(1)->getType(), 1);
        break;
      case Intrinsic::masked_load:
      case Intrinsic::masked_gather:
      case Intrinsic::masked_expandload:
        Work.Amount[Bytes] += DL.getTypeStoreSize(Intrinsic->getType());
        break;
      case Intrinsic::masked_store:
      case Intrinsic::masked_scatter:
      case Intrinsic::masked_compressstore:
        Work.Amount[Bytes] += DL.getTypeStoreSize(Intrinsic->getArgOperand(0)->getType());
        break;
      default:
        break;
      }
    } else if (auto *Call = dyn_cast<CallBase>(&I)) {
      if (isRuntimeCall(*Call))
        continue;
      Function *Callee = Call->getCalledFunction();
      ++Work.Amount[Calls];
      Work.Callees.push_back(Callee ? demangledName(*Callee) : "an indirect call");
    }
  }
  return Work;
}

// The function that holds a location's code in the source (not the one it is inlined in).
std::string linkageNameOf(const DILocation &Loc) {
  DISubprogram *SP = Loc.getScope()->getSubprogram();
  if (!SP)
    return "";
  return std::string(SP->getLinkageName().empty() ? SP->getName() : SP->getLinkageName());
}

class FunctionWork {
public:
  FunctionWork(Function &F, SiteTable &Sites, ArrayRef<SiteTable::LoopSite> LoopSites, LoopInfo &LI,
               DenseMap<std::pair<unsigned, unsigned>, unsigned> &WorkSites,
               MapVector<unsigned, SmallVector<std::string, 2>> &CalleesOfLoop)
      : F(F), Sites(Sites), LoopSites(LoopSites), LI(LI), WorkSites(WorkSites),
        CalleesOfLoop(CalleesOfLoop), Sums(F, LI, Sites, LoopSums::Calls::KeepSums) {}

  // Returns whether F changed.
  bool run() {
    if (!LoopSums::canUse(F))
      return false;
    const DataLayout &DL = F.getDataLayout();
    for (Loop *L : LI.getLoopsInPreorder()) {
      std::optional<unsigned> Own = sourceLoopOf(*L);
      SiteOfLoop[L] = Own                  ? Own
                      : L->getParentLoop() ? SiteOfLoop[L->getParentLoop()]
                                           : std::nullopt;
    }
    for (BasicBlock &BB : F) {
      Loop *L = LI.getLoopFor(&BB);
      if (!L || !SiteOfLoop[L] || BB.getFirstInsertionPt() == BB.end())
        continue;
      unsigned Site = *SiteOfLoop[L];
      BlockWork Work = workOf(BB, DL);
      ++NumWorkBlocks;
      for (std::string &Callee : Work.Callees)
        if (auto &Names = CalleesOfLoop[Site]; !is_contained(Names, Callee))
          Names.push_back(std::move(Callee));
      Instruction *Start = &*BB.getFirstInsertionPt();
      for (unsigned Kind = 0; Kind < WorkKinds; ++Kind) {
        Instruction *At = Kind == Bytes ? bytesInsertionPoint(BB, Work, Start) : Start;
        IRBuilder<> B(At);
        Value *Amount = B.getInt64(Work.Amount[Kind]);
        if (Kind == Bytes)
          for (auto [Length, Times] : Work.DynamicBytes) {
            Value *Moved = B.CreateZExtOrTrunc(Length, B.getInt64Ty());
            if (Times > 1)
              Moved = B.CreateMul(Moved, B.getInt64(Times));
            auto *Constant = dyn_cast<ConstantInt>(Amount);
            Amount = Constant && Constant->isZero() ? Moved : B.CreateAdd(Amount, Moved);
          }
        if (auto *Constant = dyn_cast<ConstantInt>(Amount); Constant && Constant->isZero())
          continue;
        Sums.add(*L, workSite(Site, Kind), Amount, At);
      }
    }
    return Sums.finish();
  }

private:
  // Where a block's bytes are added: at its start, like its other work, unless a length of
  // its memcpy or memset is computed in the block itself; then at the last of those calls.
  static Instruction *bytesInsertionPoint(BasicBlock &BB, const BlockWork &Work,
                                          Instruction *Start) {
    for (auto [Length, Times] : Work.DynamicBytes)
      if (auto *Computed = dyn_cast<Instruction>(Length); Computed && Computed->getParent() == &BB)
        return Work.LastMemIntrinsic;
    return Start;
  }

  // The line-mode loop whose start is L's, in the function L's code comes from; else the
  // innermost one whose range holds L's start.
  std::optional<unsigned> sourceLoopOf(const Loop &L) {
    DebugLoc Start = L.getStartLoc();
    if (!Start || Start.getLine() == 0)
      return std::nullopt;
    std::string File = sourcePath(Start->getDirectory(), Start->getFilename());
    std::string Function = linkageNameOf(*Start.get());
    const SiteTable::LoopSite *Innermost = nullptr;
    for (const SiteTable::LoopSite &Site : LoopSites) {
      if (Site.LinkageName != Function || !Site.Range.holds(File, Start.getLine(), Start.getCol()))
        continue;
      if (Site.Range.Line == Start.getLine() && Site.Range.Column == Start.getCol())
        return Site.Id;
      if (!Innermost || Innermost->Range.holds(File, Site.Range.Line, Site.Range.Column))
        Innermost = &Site;
    }
    return Innermost ? std::optional<unsigned>(Innermost->Id) : std::nullopt;
  }

  unsigned workSite(unsigned Loop, unsigned Kind) {
    unsigned &Site = WorkSites[{Loop, Kind}];
    if (!Site) {
      Site = Sites.addLoopWorkSite(Loop, WorkSiteKinds[Kind]);
      ++NumWorkSites;
    }
    return Site;
  }

  Function &F;
  SiteTable &Sites;
  ArrayRef<SiteTable::LoopSite> LoopSites;
  LoopInfo &LI;
  DenseMap<std::pair<unsigned, unsigned>, unsigned> &WorkSites; // (loop site, kind) -> work site
  MapVector<unsigned, SmallVector<std::string, 2>> &CalleesOfLoop;
  DenseMap<const Loop *, std::optional<unsigned>> SiteOfLoop;
  LoopSums Sums;
};

} // namespace

PreservedAnalyses LoopWorkPass::run(Module &M, ModuleAnalysisManager &MAM) {
  SiteTable Sites(M);
  std::vector<SiteTable::LoopSite> LoopSites = Sites.loopSites();
  if (LoopSites.empty())
    return PreservedAnalyses::all();
  FunctionAnalysisManager &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  DenseMap<std::pair<unsigned, unsigned>, unsigned> WorkSites;
  MapVector<unsigned, SmallVector<std::string, 2>> CalleesOfLoop;
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || F.getName().starts_with(InternalPrefix))
      continue;
    LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
    if (LI.empty())
      continue;
    if (FunctionWork(F, Sites, LoopSites, LI, WorkSites, CalleesOfLoop).run()) {
      FAM.invalidate(F, PreservedAnalyses::none());
      Changed = true;
    }
  }
  // The work of a loop that calls out is only its own: its facts say whose it leaves out.
  NumLoopsCallingOut += CalleesOfLoop.size();
  for (auto &[Loop, Callees] : CalleesOfLoop) {
    std::string Note = "calls " + join(ArrayRef(Callees).take_front(3), ", ");
    if (Callees.size() > 3)
      Note += " and " + std::to_string(Callees.size() - 3) + " more";
    Sites.addLoopNote(Loop, Note);
  }
  return Changed || !CalleesOfLoop.empty() ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hotline
