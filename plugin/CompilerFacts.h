//===- CompilerFacts.h - What the optimizer did with each loop ------------===//
//
// Line mode joins the loop optimizers' own remarks to the loops it instruments: whether the
// vectorizer vectorized a loop (and with which width), or the reason it gave for not doing
// it, and whether the unroller unrolled it. The remarks are captured from the same compile
// by a diagnostic handler that sits in front of the compiler's own; the user sees only the
// remarks they asked for (-Rpass=...), as before.
//
// hotline's counters change what the vectorizer says and does (a counter's sum is one more
// value used outside the loop; its cost can tip the cost model), so the vectorizer also runs
// on a copy of each function without them, and the loops' facts give that copy's remarks:
// the plain build's reasons. When the counters kept a loop from being vectorized, the facts
// say so as well.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"

#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
}

namespace hotline {

// Starts capturing the loop vectorizer's and unroller's remarks in C (once per context).
void captureLoopRemarks(llvm::LLVMContext &C);

// Runs the loop vectorizer on a copy of the function without hotline's counter markers, for
// the plain build's remarks (captured, never shown to the user), then deletes the copy. Only
// in line mode (remarks captured) and where a loop holds a marker; before LoopCounterPass.
class PlainVectorizerRemarksPass : public llvm::PassInfoMixin<PlainVectorizerRemarksPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

// Where a loop is in the source: from its start to its end (the loop metadata's range).
struct LoopRange {
  std::string File;
  unsigned Line = 0, Column = 0, EndLine = 0, EndColumn = 0;
  // Whether the position is inside the range (a range without a start holds nothing).
  bool holds(llvm::StringRef AtFile, unsigned AtLine, unsigned AtColumn) const;
};

// For each loop, the remarks captured so far about it, distinct and in the order the
// optimizer gave them, joined by "; " ("" when there are none). A remark is about the loop
// whose header it names, or else about the innermost loop whose range holds its location
// (the vectorizer reports a reason at the instruction that caused it).
std::vector<std::string> loopFacts(llvm::LLVMContext &C, llvm::ArrayRef<LoopRange> Loops);

} // namespace hotline
