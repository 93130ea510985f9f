//===- CompilerFacts.cpp - Capturing the loop optimizers' remarks ---------===//
#include "CompilerFacts.h"

#include "SiteTable.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include <mutex>

using namespace llvm;

namespace hotline {
namespace {

// The passes whose remarks describe what happened to a loop.
bool isLoopPass(StringRef PassName) {
  return PassName == "loop-vectorize" || PassName == "loop-unroll" || PassName == "loop-unroll-full" ||
         PassName == "loop-unroll-and-jam";
}

struct Position {
  std::string File;
  unsigned Line = 0, Column = 0;
  bool operator==(const Position &O) const { return File == O.File && Line == O.Line && Column == O.Column; }
};

struct CapturedRemark {
  Position Where;      // the remark's own location
  Position LoopStart;  // the start of the loop whose header is its code region, if known
  std::string Message;
};

// The start of the loop headed by the remark's code region: the first location in the loop
// metadata on a latch (what Loop::getStartLoc reads).
Position loopStartOf(const DiagnosticInfoOptimizationBase &Remark) {
  if (auto *IR = dyn_cast<DiagnosticInfoIROptimization>(&Remark))
    if (auto *Header = dyn_cast_or_null<BasicBlock>(IR->getCodeRegion()))
      for (const BasicBlock *Pred : predecessors(Header))
        if (MDNode *LoopID = Pred->getTerminator()->getMetadata(LLVMContext::MD_loop))
          for (const MDOperand &Operand : drop_begin(LoopID->operands()))
            if (auto *Start = dyn_cast<DILocation>(Operand))
              return {sourcePath(Start->getDirectory(), Start->getFilename()), Start->getLine(), Start->getColumn()};
  return {};
}

class RemarkCapture : public DiagnosticHandler {
public:
  explicit RemarkCapture(std::unique_ptr<DiagnosticHandler> Previous) : Previous(std::move(Previous)) {}

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    auto *Remark = dyn_cast<DiagnosticInfoOptimizationBase>(&DI);
    if (!Remark || !isLoopPass(Remark->getPassName()))
      return Previous->handleDiagnostics(DI);
    CapturedRemark Captured{{}, loopStartOf(*Remark), Remark->getMsg()};
    if (Remark->isLocationAvailable()) {
      DiagnosticLocation Where = Remark->getLocation();
      Captured.Where = {Where.getAbsolutePath(), Where.getLine(), Where.getColumn()};
    }
    Remarks.push_back(std::move(Captured));
    // Shown to the user only if they asked for it (-Rpass=loop-vectorize, ...).
    if (wantedByPrevious(*Remark))
      return Previous->handleDiagnostics(DI);
    return true;
  }

  bool isAnalysisRemarkEnabled(StringRef PassName) const override {
    return isLoopPass(PassName) || Previous->isAnalysisRemarkEnabled(PassName);
  }
  bool isMissedOptRemarkEnabled(StringRef PassName) const override {
    return isLoopPass(PassName) || Previous->isMissedOptRemarkEnabled(PassName);
  }
  bool isPassedOptRemarkEnabled(StringRef PassName) const override {
    return isLoopPass(PassName) || Previous->isPassedOptRemarkEnabled(PassName);
  }
  bool isAnyRemarkEnabled() const override { return true; }

  std::vector<CapturedRemark> Remarks;

private:
  bool wantedByPrevious(const DiagnosticInfoOptimizationBase &Remark) const {
    StringRef Pass = Remark.getPassName();
    switch (Remark.getKind()) {
    case DK_OptimizationRemark:
      return Previous->isPassedOptRemarkEnabled(Pass);
    case DK_OptimizationRemarkMissed:
      return Previous->isMissedOptRemarkEnabled(Pass);
    default:
      return Previous->isAnalysisRemarkEnabled(Pass);
    }
  }

  std::unique_ptr<DiagnosticHandler> Previous;
};

// The capture installed in each context. A context owns its handler, so the pointer stays
// valid while the context lives; compiles in other threads use other contexts.
std::mutex CapturesLock;
DenseMap<LLVMContext *, RemarkCapture *> Captures;

bool contains(const LoopRange &L, const Position &P) { return L.holds(P.File, P.Line, P.Column); }

// The loop a remark is about, or -1.
int loopOf(const CapturedRemark &Remark, ArrayRef<LoopRange> Loops) {
  for (size_t I = 0; I < Loops.size(); ++I)
    if (Position{Loops[I].File, Loops[I].Line, Loops[I].Column} == Remark.LoopStart)
      return int(I);
  int Innermost = -1;
  for (size_t I = 0; I < Loops.size(); ++I)
    if (contains(Loops[I], Remark.Where) &&
        (Innermost < 0 || contains(Loops[Innermost], {Loops[I].File, Loops[I].Line, Loops[I].Column})))
      Innermost = int(I);
  return Innermost;
}

} // namespace

bool LoopRange::holds(StringRef AtFile, unsigned AtLine, unsigned AtColumn) const {
  auto NotAfter = [](unsigned L1, unsigned C1, unsigned L2, unsigned C2) { return L1 < L2 || (L1 == L2 && C1 <= C2); };
  return File == AtFile && Line != 0 && NotAfter(Line, Column, AtLine, AtColumn) &&
         NotAfter(AtLine, AtColumn, EndLine, EndColumn);
}

void captureLoopRemarks(LLVMContext &C) {
  std::lock_guard<std::mutex> Guard(CapturesLock);
  auto It = Captures.find(&C);
  if (It != Captures.end() && C.getDiagHandlerPtr() == It->second)
    return;
  auto Capture = std::make_unique<RemarkCapture>(C.getDiagnosticHandler());
  Captures[&C] = Capture.get();
  C.setDiagnosticHandler(std::move(Capture));
}

std::vector<std::string> loopFacts(LLVMContext &C, ArrayRef<LoopRange> Loops) {
  std::vector<std::vector<std::string>> Messages(Loops.size());
  {
    std::lock_guard<std::mutex> Guard(CapturesLock);
    auto It = Captures.find(&C);
    if (It != Captures.end() && C.getDiagHandlerPtr() == It->second)
      for (const CapturedRemark &Remark : It->second->Remarks)
        if (int Loop = loopOf(Remark, Loops); Loop >= 0 && !llvm::is_contained(Messages[Loop], Remark.Message))
          Messages[Loop].push_back(Remark.Message);
  }
  std::vector<std::string> Facts(Loops.size());
  for (size_t I = 0; I < Loops.size(); ++I)
    for (const std::string &Message : Messages[I]) {
      // "loop not vectorized" says less than "loop not vectorized: <reason>": keep the longer.
      if (llvm::any_of(Messages[I], [&](const std::string &Other) {
            return Other.size() > Message.size() && StringRef(Other).starts_with(Message);
          }))
        continue;
      if (!Facts[I].empty())
        Facts[I] += "; ";
      Facts[I] += Message;
    }
  return Facts;
}

} // namespace hotline
