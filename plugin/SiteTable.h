//===- SiteTable.h - The module's table of instrumented sites -------------===//
//
// Every pass numbers the sites it instruments through this table. Sites are kept in
// named metadata while the pipeline runs (so a later pass finds the ids an earlier one
// gave); finalize() turns them into the constant __hotline_site array, the
// __hotline_module record, and the constructor and destructor that (un)register it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "CompilerFacts.h"
#include "Instrumentation.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Module.h"

namespace hotline {

class SiteTable {
public:
  static constexpr const char *ModuleRecordName = "__hotline.module";
  static constexpr const char *CounterMarkerName = "__hotline.counter_marker";

  explicit SiteTable(llvm::Module &M);

  // The module-local id of F's site, creating the site on first use.
  unsigned siteFor(llvm::Function &F);
  // Adds a line or loop site of F (created with siteFor first) and returns its local id.
  // Counter and Loop are local ids; Counter may be the returned id itself (SelfCounter).
  // A loop's end position joins the optimizer's remarks to it (CompilerFacts.h); a line's
  // discriminator tells the blocks of one line apart (`hotline pgo` writes it).
  static constexpr unsigned SelfCounter = ~0u - 1;
  unsigned addSite(llvm::Function &F, unsigned Kind, llvm::StringRef File, unsigned Line,
                   unsigned Column, unsigned Counter, unsigned Loop, unsigned EndLine = 0,
                   unsigned EndColumn = 0, unsigned Discriminator = 0);
  // A loop site as line mode numbered it: its id, its function's linkage name and its range.
  struct LoopSite {
    unsigned Id;
    std::string LinkageName;
    LoopRange Range;
  };
  std::vector<LoopSite> loopSites();
  // Adds a site of the loop work kinds (HOTLINE_ABI_SITE_LOOP_FLOPS32, ...) for Loop.
  unsigned addLoopWorkSite(unsigned Loop, unsigned Kind);
  // A fact about Loop found by hotline itself, shown after the optimizer's.
  void addLoopNote(unsigned Loop, llvm::StringRef Note);
  // The number of sites so far: the id the next one gets.
  unsigned size();
  // The id F was given by an earlier pass, if any.
  static std::optional<unsigned> existingSite(const llvm::Function &F);

  // The tiny global that CountPass's markers name. Not the module record: the call-graph
  // analysis walks every constant a function references, and the record's initializer holds
  // the whole site table (quadratic compile time on template-heavy files).
  llvm::GlobalVariable *counterMarker();
  // Emits the marker "counters[Site] += Step" (or, with CounterMaxMarkerHash, "= max(...,
  // Step)") before At, for CounterLoweringPass to expand. The call is marked as touching no
  // memory the program can see, so that the optimizer moves loads and stores across it as
  // if it were not there (an intrinsic call is otherwise taken to write any memory).
  llvm::CallInst *emitCounterMarker(unsigned Site, llvm::Value *Step, llvm::Instruction *At,
                                    uint64_t Hash);
  // The __hotline_module record (created with its constructor and destructor on first use).
  llvm::GlobalVariable *moduleRecord();
  // Emits "load site_base" before InsertBefore: the global id of the module's first site.
  llvm::Value *emitSiteBase(llvm::Instruction *InsertBefore);
  // Emits "load site_base; add Local" before InsertBefore: F's global site id.
  llvm::Value *emitGlobalId(unsigned Local, llvm::Instruction *InsertBefore);
  // Emits a relaxed load of the site's untimed byte before InsertBefore and returns "it is
  // 0": whether this call is to be timed. Until finalize() the byte lives in an external
  // placeholder, so that no optimization can assume anything about its value.
  llvm::Value *emitIsTimed(unsigned Local, llvm::Instruction *InsertBefore);

  // Records counters whose counts include others' (dropImpliedIncrements); finalize() emits
  // them as the module's __hotline_implied_count array.
  void addImpliedCounts(llvm::ArrayRef<ImpliedCount> Implied);

  // (Re)builds the constant site array from the metadata, and the untimed bytes when
  // something is timed; the record names Build, how the module was built (null when empty).
  // CounterLoweringPass, the last of hotline's passes, calls it. Returns whether there was
  // anything to emit.
  bool finalize(llvm::StringRef Build);

private:
  llvm::Constant *stringConstant(llvm::StringRef S);
  llvm::GlobalVariable *untimedPlaceholder();
  // Replaces the placeholder (or an older array) by an array of site_count zero bytes.
  llvm::Constant *finalizeUntimed(unsigned SiteCount);
  // The implied-count array (null when there is none), and its length in Count.
  llvm::Constant *finalizeImpliedCounts(unsigned &Count);

  llvm::Module &M;
  llvm::StringMap<llvm::GlobalVariable *> Strings;
  bool StringsFound = false;
};

// The demangled name, or the linkage name when it is not mangled.
std::string demangledName(const llvm::Function &F);

// A debug location's file as sites name it: Filename, under Directory when it is relative.
std::string sourcePath(llvm::StringRef Directory, llvm::StringRef Filename);

} // namespace hotline
