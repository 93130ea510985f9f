//===- CompilerFacts.cpp - Capturing the loop optimizers' remarks ---------===//
#include "CompilerFacts.h"

#include "Instrumentation.h"
#include "SiteTable.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Transforms/Scalar/ADCE.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Vectorize/LoopVectorize.h"
#include <mutex>
#include <set>

using namespace llvm;

#define DEBUG_TYPE "hotline-plain-remarks"

ALWAYS_ENABLED_STATISTIC(NumPlainCopies,
                         "Functions vectorized again without counters, for the plain remarks");

namespace hotline {
namespace {

// The passes whose remarks describe what happened to a loop.
bool isLoopPass(StringRef PassName) {
  return PassName == "loop-vectorize" || PassName == "loop-unroll" ||
         PassName == "loop-unroll-full" || PassName == "loop-unroll-and-jam";
}

struct Position {
  std::string File;
  unsigned Line = 0, Column = 0;
  bool operator==(const Position &O) const {
    return File == O.File && Line == O.Line && Column == O.Column;
  }
};

struct CapturedRemark {
  Position Where;     // the remark's own location
  Position LoopStart; // the start of the loop whose header is its code region, if known
  std::string Message;
  std::string Pass;
  std::string Function; // the function it is about (the original's name for a plain copy)
  bool Plain = false;   // from the copy without hotline's counters
};

bool isVectorized(StringRef Message) { return Message.starts_with("vectorized loop"); }

// The start of the loop headed by the remark's code region: the first location in the loop
// metadata on a latch (what Loop::getStartLoc reads).
Position loopStartOf(const DiagnosticInfoOptimizationBase &Remark) {
  if (auto *IR = dyn_cast<DiagnosticInfoIROptimization>(&Remark))
    if (auto *Header = dyn_cast_or_null<BasicBlock>(IR->getCodeRegion()))
      for (const BasicBlock *Pred : predecessors(Header))
        if (MDNode *LoopID = Pred->getTerminator()->getMetadata(LLVMContext::MD_loop))
          for (const MDOperand &Operand : drop_begin(LoopID->operands()))
            if (auto *Start = dyn_cast<DILocation>(Operand))
              return {sourcePath(Start->getDirectory(), Start->getFilename()), Start->getLine(),
                      Start->getColumn()};
  return {};
}

class RemarkCapture : public DiagnosticHandler {
public:
  explicit RemarkCapture(std::unique_ptr<DiagnosticHandler> Previous)
      : Previous(std::move(Previous)) {}

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    auto *Remark = dyn_cast<DiagnosticInfoOptimizationBase>(&DI);
    if (!Remark || !isLoopPass(Remark->getPassName()))
      return Previous->handleDiagnostics(DI);
    CapturedRemark Captured{{},
                            loopStartOf(*Remark),
                            Remark->getMsg(),
                            Remark->getPassName().str(),
                            PlainOf.empty() ? Remark->getFunction().getName().str() : PlainOf,
                            !PlainOf.empty()};
    if (Remark->isLocationAvailable()) {
      DiagnosticLocation Where = Remark->getLocation();
      Captured.Where = {Where.getAbsolutePath(), Where.getLine(), Where.getColumn()};
    }
    Remarks.push_back(std::move(Captured));
    // Shown to the user only if they asked for it (-Rpass=loop-vectorize, ...), and never
    // for the plain copy: the compile they asked about is the instrumented one.
    if (PlainOf.empty() && wantedByPrevious(*Remark))
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
  std::string PlainOf;                  // while the vectorizer runs on a plain copy of it
  std::set<std::string> PlainFunctions; // whose loop-vectorize remarks come from their copy

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
        (Innermost < 0 ||
         contains(Loops[Innermost], {Loops[I].File, Loops[I].Line, Loops[I].Column})))
      Innermost = int(I);
  return Innermost;
}

} // namespace

bool LoopRange::holds(StringRef AtFile, unsigned AtLine, unsigned AtColumn) const {
  auto NotAfter = [](unsigned L1, unsigned C1, unsigned L2, unsigned C2) {
    return L1 < L2 || (L1 == L2 && C1 <= C2);
  };
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

PreservedAnalyses PlainVectorizerRemarksPass::run(Function &F, FunctionAnalysisManager &FAM) {
  RemarkCapture *Capture = nullptr;
  {
    std::lock_guard<std::mutex> Guard(CapturesLock);
    auto It = Captures.find(&F.getContext());
    if (It != Captures.end() && F.getContext().getDiagHandlerPtr() == It->second)
      Capture = It->second;
  }
  GlobalVariable *CounterMarker =
      F.getParent()->getGlobalVariable(SiteTable::CounterMarkerName, /*AllowInternal=*/true);
  if (!Capture || !CounterMarker || F.isDeclaration())
    return PreservedAnalyses::all();
  if (FAM.getResult<LoopAnalysis>(F).empty() || llvm::none_of(instructions(F), [&](Instruction &I) {
        return isCounterMarker(I, CounterMarker);
      }))
    return PreservedAnalyses::all();

  // Without the markers, the sums that feed them (line mode's counts kept in registers
  // through the loops) are dead: aggressive dead code elimination removes their cycles.
  ValueToValueMapTy Map;
  Function *Copy = CloneFunction(&F, Map);
  SmallVector<Instruction *, 32> Markers;
  for (Instruction &I : instructions(*Copy))
    if (isCounterMarker(I, CounterMarker))
      Markers.push_back(&I);
  for (Instruction *Marker : Markers)
    Marker->eraseFromParent();
  // Then the blocks that held the flushes on the loops' exit edges are empty: merged away, so
  // that the loops have the exits they have in the plain build.
  ADCEPass().run(*Copy, FAM);
  FAM.invalidate(*Copy, PreservedAnalyses::none());
  SimplifyCFGPass().run(*Copy, FAM);
  FAM.invalidate(*Copy, PreservedAnalyses::none());
  Capture->PlainOf = F.getName().str();
  LoopVectorizePass().run(*Copy, FAM);
  Capture->PlainOf.clear();
  Capture->PlainFunctions.insert(F.getName().str());
  ++NumPlainCopies;
  FAM.clear(*Copy, Copy->getName());
  Copy->eraseFromParent();
  return PreservedAnalyses::all();
}

std::vector<std::string> loopFacts(LLVMContext &C, ArrayRef<LoopRange> Loops) {
  std::vector<std::vector<std::string>> Messages(Loops.size());
  // The instrumented build's vectorizer remarks where the plain copy's replace them.
  std::vector<std::vector<std::string>> Replaced(Loops.size());
  {
    std::lock_guard<std::mutex> Guard(CapturesLock);
    auto It = Captures.find(&C);
    if (It != Captures.end() && C.getDiagHandlerPtr() == It->second)
      for (const CapturedRemark &Remark : It->second->Remarks) {
        int Loop = loopOf(Remark, Loops);
        if (Loop < 0)
          continue;
        bool ReplacedByPlain = !Remark.Plain && Remark.Pass == "loop-vectorize" &&
                               It->second->PlainFunctions.count(Remark.Function);
        std::vector<std::string> &Into = ReplacedByPlain ? Replaced[Loop] : Messages[Loop];
        if (!llvm::is_contained(Into, Remark.Message))
          Into.push_back(Remark.Message);
      }
  }
  // What the counters changed: a loop vectorized in the plain build but not, or otherwise,
  // with them is said, with the vectorizer's own words.
  for (size_t I = 0; I < Loops.size(); ++I) {
    auto Plain = llvm::find_if(Messages[I], isVectorized);
    if (Plain == Messages[I].end() || Replaced[I].empty())
      continue;
    auto Instrumented = llvm::find_if(Replaced[I], isVectorized);
    if (Instrumented != Replaced[I].end()) {
      if (*Instrumented != *Plain)
        Messages[I].push_back("with hotline's counters: " + *Instrumented);
      continue;
    }
    auto Reason =
        llvm::find_if(Replaced[I], [](const std::string &M) { return M != "loop not vectorized"; });
    std::string Why = Reason == Replaced[I].end() ? "" : *Reason;
    if (StringRef(Why).starts_with("loop not vectorized: "))
      Why = Why.substr(strlen("loop not vectorized: "));
    Messages[I].push_back("with hotline's counters: not vectorized" +
                          (Why.empty() ? "" : ": " + Why));
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
