//===- SiteTable.cpp - Numbering sites and emitting their table -----------===//
#include "SiteTable.h"

#include "CompilerFacts.h"
#include "RuntimeAbi.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Path.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace hotline {

static constexpr const char *SitesMetadataName = "hotline.sites";
static constexpr const char *LoopNotesMetadataName = "hotline.loop.notes";
static constexpr const char *ImpliedCountsMetadataName = "hotline.implied_counts";
static constexpr const char *SiteAttachmentName = "hotline.site";
static constexpr const char *SiteArrayName = "__hotline.sites";
static constexpr const char *UntimedArrayName = "__hotline.untimed";
static constexpr const char *ImpliedCountArrayName = "__hotline.implied_counts";
static constexpr const char *UntimedPlaceholderName = "__hotline.untimed.placeholder";
static constexpr const char *StringPrefix = "__hotline.str.";
static constexpr unsigned RegistrationPriority = 101;

std::string demangledName(const Function &F) { return demangle(F.getName()); }

std::string sourcePath(StringRef Directory, StringRef Filename) {
  SmallString<256> Path(Filename);
  if (!Path.empty() && sys::path::is_relative(Path) && !Directory.empty()) {
    Path = Directory;
    sys::path::append(Path, Filename);
  }
  return std::string(Path);
}

SiteTable::SiteTable(Module &M) : M(M) {}

std::optional<unsigned> SiteTable::existingSite(const Function &F) {
  if (MDNode *N = F.getMetadata(SiteAttachmentName))
    if (auto *C = mdconst::dyn_extract<ConstantInt>(N->getOperand(0)))
      return unsigned(C->getZExtValue());
  return std::nullopt;
}

// File and line of F from its debug info; without -g, the translation unit's file.
static std::pair<std::string, unsigned> sourceLocation(const Function &F) {
  if (DISubprogram *SP = F.getSubprogram())
    return {sourcePath(SP->getDirectory(), SP->getFilename()), SP->getLine()};
  return {F.getParent()->getSourceFileName(), 0};
}

// A site while the pipeline runs: the operands of one hotline.sites tuple.
// (A loop's end is kept to join the optimizer's remarks to it; it is not in the table.)
enum SiteOperand {
  NameOp,
  LinkageNameOp,
  FileOp,
  LineOp,
  KindOp,
  ColumnOp,
  CounterOp,
  FunctionOp,
  LoopOp,
  EndLineOp,
  EndColumnOp,
  DiscriminatorOp
};

static MDTuple *siteTuple(LLVMContext &C, const Function &F, StringRef File, unsigned Line,
                          unsigned Kind, unsigned Column, unsigned Counter, unsigned FunctionSite,
                          unsigned Loop, unsigned EndLine = 0, unsigned EndColumn = 0,
                          unsigned Discriminator = 0) {
  auto *I32 = Type::getInt32Ty(C);
  auto Int = [&](unsigned V) { return ConstantAsMetadata::get(ConstantInt::get(I32, V)); };
  return MDTuple::get(C, {MDString::get(C, demangledName(F)), MDString::get(C, F.getName()),
                          MDString::get(C, File), Int(Line), Int(Kind), Int(Column), Int(Counter),
                          Int(FunctionSite), Int(Loop), Int(EndLine), Int(EndColumn),
                          Int(Discriminator)});
}

unsigned SiteTable::size() {
  NamedMDNode *Sites = M.getNamedMetadata(SitesMetadataName);
  return Sites ? Sites->getNumOperands() : 0;
}

unsigned SiteTable::siteFor(Function &F) {
  if (std::optional<unsigned> Id = existingSite(F))
    return *Id;
  LLVMContext &C = M.getContext();
  NamedMDNode *Sites = M.getOrInsertNamedMetadata(SitesMetadataName);
  unsigned Id = Sites->getNumOperands();
  auto [File, Line] = sourceLocation(F);
  Sites->addOperand(
      siteTuple(C, F, File, Line, HOTLINE_ABI_SITE_FUNCTION, 0, Id, Id, HOTLINE_ABI_NO_SITE));
  F.setMetadata(
      SiteAttachmentName,
      MDTuple::get(C, {ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(C), Id))}));
  return Id;
}

unsigned SiteTable::addSite(Function &F, unsigned Kind, StringRef File, unsigned Line,
                            unsigned Column, unsigned Counter, unsigned Loop, unsigned EndLine,
                            unsigned EndColumn, unsigned Discriminator) {
  unsigned FunctionSite = siteFor(F);
  NamedMDNode *Sites = M.getOrInsertNamedMetadata(SitesMetadataName);
  unsigned Id = Sites->getNumOperands();
  Sites->addOperand(siteTuple(M.getContext(), F, File, Line, Kind, Column,
                              Counter == SelfCounter ? Id : Counter, FunctionSite, Loop, EndLine,
                              EndColumn, Discriminator));
  return Id;
}

static StringRef textOp(const MDNode *Site, unsigned I) {
  return cast<MDString>(Site->getOperand(I))->getString();
}
static unsigned numberOp(const MDNode *Site, unsigned I) {
  return unsigned(mdconst::extract<ConstantInt>(Site->getOperand(I))->getZExtValue());
}

std::vector<SiteTable::LoopSite> SiteTable::loopSites() {
  std::vector<LoopSite> Loops;
  NamedMDNode *Sites = M.getNamedMetadata(SitesMetadataName);
  if (!Sites)
    return Loops;
  for (unsigned Id = 0; Id < Sites->getNumOperands(); ++Id) {
    MDNode *Site = Sites->getOperand(Id);
    if (numberOp(Site, KindOp) == HOTLINE_ABI_SITE_LOOP)
      Loops.push_back(
          {Id,
           textOp(Site, LinkageNameOp).str(),
           {textOp(Site, FileOp).str(), numberOp(Site, LineOp), numberOp(Site, ColumnOp),
            numberOp(Site, EndLineOp), numberOp(Site, EndColumnOp)}});
  }
  return Loops;
}

unsigned SiteTable::addLoopWorkSite(unsigned Loop, unsigned Kind) {
  NamedMDNode *Sites = M.getNamedMetadata(SitesMetadataName);
  MDNode *LoopSite = Sites->getOperand(Loop);
  unsigned Id = Sites->getNumOperands();
  LLVMContext &C = M.getContext();
  auto Int = [&](unsigned V) {
    return ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(C), V));
  };
  SmallVector<Metadata *, 12> Operands(LoopSite->operands());
  Operands[KindOp] = Int(Kind);
  Operands[CounterOp] = Int(Id);
  Operands[LoopOp] = Int(Loop);
  Operands[EndLineOp] = Operands[EndColumnOp] = Int(0);
  Sites->addOperand(MDTuple::get(C, Operands));
  return Id;
}

void SiteTable::addLoopNote(unsigned Loop, StringRef Note) {
  LLVMContext &C = M.getContext();
  M.getOrInsertNamedMetadata(LoopNotesMetadataName)
      ->addOperand(
          MDTuple::get(C, {ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(C), Loop)),
                           MDString::get(C, Note)}));
}

void SiteTable::addImpliedCounts(ArrayRef<ImpliedCount> Implied) {
  if (Implied.empty())
    return;
  LLVMContext &C = M.getContext();
  auto Int = [&](unsigned V) {
    return ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(C), V));
  };
  NamedMDNode *Table = M.getOrInsertNamedMetadata(ImpliedCountsMetadataName);
  for (ImpliedCount Count : Implied)
    Table->addOperand(MDTuple::get(C, {Int(Count.Counter), Int(Count.ImpliedBy)}));
}

// The __hotline_implied_count array from the metadata, or null when there is none.
Constant *SiteTable::finalizeImpliedCounts(unsigned &Count) {
  Count = 0;
  NamedMDNode *Table = M.getNamedMetadata(ImpliedCountsMetadataName);
  if (!Table || Table->getNumOperands() == 0)
    return ConstantPointerNull::get(PointerType::getUnqual(M.getContext()));
  StructType *Type = impliedCountType(M.getContext());
  std::vector<Constant *> Elements;
  for (MDNode *Entry : Table->operands())
    Elements.push_back(
        ConstantStruct::get(Type, {mdconst::extract<ConstantInt>(Entry->getOperand(0)),
                                   mdconst::extract<ConstantInt>(Entry->getOperand(1))}));
  Count = Elements.size();
  ArrayType *ArrayTy = ArrayType::get(Type, Elements.size());
  auto *Array = new GlobalVariable(M, ArrayTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
                                   ConstantArray::get(ArrayTy, Elements), ImpliedCountArrayName);
  Array->setAlignment(Align(4));
  return Array;
}

Constant *SiteTable::stringConstant(StringRef S) {
  // The strings an earlier table left, found once: most tables never need them.
  if (!StringsFound) {
    for (GlobalVariable &G : M.globals())
      if (G.getName().starts_with(StringPrefix))
        if (auto *Data = dyn_cast<ConstantDataSequential>(G.getInitializer()))
          Strings[Data->getAsCString()] = &G;
    StringsFound = true;
  }
  GlobalVariable *&G = Strings[S];
  if (!G) {
    Constant *Data = ConstantDataArray::getString(M.getContext(), S);
    G = new GlobalVariable(M, Data->getType(), /*isConstant=*/true, GlobalValue::PrivateLinkage,
                           Data, StringPrefix + Twine(Strings.size()));
    G->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    G->setAlignment(Align(1));
  }
  return G;
}

GlobalVariable *SiteTable::counterMarker() {
  if (GlobalVariable *G = M.getGlobalVariable(CounterMarkerName, /*AllowInternal=*/true))
    return G;
  auto *I8 = Type::getInt8Ty(M.getContext());
  return new GlobalVariable(M, I8, /*isConstant=*/true, GlobalValue::PrivateLinkage,
                            ConstantInt::get(I8, 0), CounterMarkerName);
}

CallInst *SiteTable::emitCounterMarker(unsigned Site, Value *Step, Instruction *At, uint64_t Hash) {
  IRBuilder<> B(At);
  CallInst *Marker =
      B.CreateIntrinsic(Intrinsic::instrprof_increment_step, {},
                        {counterMarker(), B.getInt64(Hash), B.getInt32(1), B.getInt32(Site), Step});
  Marker->setMemoryEffects(MemoryEffects::inaccessibleMemOnly());
  Marker->setDoesNotThrow();
  Marker->addFnAttr(Attribute::WillReturn);
  setNoInlineCost(*Marker);
  return Marker;
}

GlobalVariable *SiteTable::moduleRecord() {
  if (GlobalVariable *G = M.getGlobalVariable(ModuleRecordName, /*AllowInternal=*/true))
    return G;
  LLVMContext &C = M.getContext();
  auto *I32 = Type::getInt32Ty(C);
  auto *Ptr = PointerType::getUnqual(C);
  StructType *Type = moduleType(C);
  auto LinkerBound = [&](StringRef Name) -> Constant * {
    if (!Triple(M.getTargetTriple()).isOSBinFormatELF())
      return ConstantPointerNull::get(Ptr);
    if (GlobalVariable *G = M.getGlobalVariable(Name))
      return G;
    auto *G = new GlobalVariable(M, Type::getInt8Ty(C), /*isConstant=*/true,
                                 GlobalValue::ExternalWeakLinkage, nullptr, Name);
    G->setVisibility(GlobalValue::HiddenVisibility);
    return G;
  };
  Constant *Init = ConstantStruct::get(
      Type, {ConstantInt::get(I32, HOTLINE_ABI_VERSION), ConstantInt::get(I32, 0),
             ConstantPointerNull::get(Ptr), stringConstant(M.getSourceFileName()),
             ConstantPointerNull::get(Ptr), ConstantInt::get(I32, HOTLINE_UNREGISTERED_SITE_BASE),
             ConstantInt::get(I32, 0), ConstantPointerNull::get(Ptr), ConstantInt::get(I32, 0),
             LinkerBound(LibraryCodeStartName), LinkerBound(LibraryCodeStopName),
             ConstantPointerNull::get(Ptr)});
  auto *Record = new GlobalVariable(M, Type, /*isConstant=*/false, GlobalValue::InternalLinkage,
                                    Init, ModuleRecordName);
  Record->setAlignment(Align(8));

  // The constructor and destructor that hand the record to the runtime.
  auto *VoidFn = FunctionType::get(Type::getVoidTy(C), false);
  auto *RecordFn = FunctionType::get(Type::getVoidTy(C), {Ptr}, false);
  auto MakeCaller = [&](StringRef Name, StringRef Callee) {
    Function *F = Function::Create(VoidFn, GlobalValue::InternalLinkage, Name, M);
    F->setDoesNotThrow();
    IRBuilder<> B(BasicBlock::Create(C, "entry", F));
    FunctionCallee Target = M.getOrInsertFunction(Callee, RecordFn);
    B.CreateCall(Target, {Record});
    B.CreateRetVoid();
    return F;
  };
  appendToGlobalCtors(M, MakeCaller("__hotline.module_ctor", RegisterModuleName),
                      RegistrationPriority);
  appendToGlobalDtors(M, MakeCaller("__hotline.module_dtor", UnregisterModuleName),
                      RegistrationPriority);
  return Record;
}

Value *SiteTable::emitSiteBase(Instruction *InsertBefore) {
  IRBuilder<> B(InsertBefore);
  Value *BasePtr =
      B.CreateStructGEP(moduleType(M.getContext()), moduleRecord(), ModuleSiteBaseField);
  return B.CreateLoad(B.getInt32Ty(), BasePtr, "hotline.site_base");
}

Value *SiteTable::emitGlobalId(unsigned Local, Instruction *InsertBefore) {
  Value *Base = emitSiteBase(InsertBefore);
  return IRBuilder<>(InsertBefore)
      .CreateAdd(Base, ConstantInt::get(Base->getType(), Local), "hotline.site");
}

GlobalVariable *SiteTable::untimedPlaceholder() {
  if (GlobalVariable *G = M.getGlobalVariable(UntimedPlaceholderName, /*AllowInternal=*/true))
    return G;
  return new GlobalVariable(M, Type::getInt8Ty(M.getContext()), /*isConstant=*/false,
                            GlobalValue::ExternalLinkage, nullptr, UntimedPlaceholderName);
}

Value *SiteTable::emitIsTimed(unsigned Local, Instruction *InsertBefore) {
  IRBuilder<> B(InsertBefore);
  Value *Byte =
      B.CreateConstGEP1_32(B.getInt8Ty(), untimedPlaceholder(), Local, "hotline.untimed.ptr");
  // Relaxed: the runtime may set the byte from another thread at any time.
  LoadInst *Untimed = B.CreateLoad(B.getInt8Ty(), Byte, "hotline.untimed");
  Untimed->setAtomic(AtomicOrdering::Monotonic);
  Untimed->setAlignment(Align(1));
  return B.CreateICmpEQ(Untimed, B.getInt8(0), "hotline.timed");
}

Constant *SiteTable::finalizeUntimed(unsigned SiteCount) {
  GlobalVariable *Old = M.getGlobalVariable(UntimedPlaceholderName, /*AllowInternal=*/true);
  if (!Old)
    Old = M.getGlobalVariable(UntimedArrayName, /*AllowInternal=*/true);
  if (!Old)
    return ConstantPointerNull::get(PointerType::getUnqual(M.getContext()));
  ArrayType *Type = ArrayType::get(Type::getInt8Ty(M.getContext()), SiteCount);
  auto *Array = new GlobalVariable(M, Type, /*isConstant=*/false, GlobalValue::InternalLinkage,
                                   ConstantAggregateZero::get(Type), UntimedArrayName);
  Old->replaceAllUsesWith(Array);
  Old->eraseFromParent();
  Array->setName(UntimedArrayName); // takes the plain name once the old one is gone
  return Array;
}

// Erases Old, a table the module record named before finalize() gave it New, and gives New
// (a global, or null) the plain name, which it could not take while Old had it.
static void replaceTable(GlobalVariable *Old, Constant *New, StringRef Name) {
  if (Old) {
    Old->removeDeadConstantUsers();
    if (Old->use_empty())
      Old->eraseFromParent();
  }
  if (auto *Table = dyn_cast<GlobalVariable>(New))
    Table->setName(Name);
}

bool SiteTable::finalize(StringRef Build) {
  NamedMDNode *Sites = M.getNamedMetadata(SitesMetadataName);
  if (!Sites)
    return false;
  if (Sites->getNumOperands() > HOTLINE_MAX_SITES_PER_MODULE)
    report_fatal_error("hotline: " + M.getSourceFileName() + " has more than " +
                       Twine(HOTLINE_MAX_SITES_PER_MODULE) + " instrumented functions");
  LLVMContext &C = M.getContext();
  StructType *SiteTy = siteType(C);
  auto Int = [](MDNode *Site, unsigned I) {
    return mdconst::extract<ConstantInt>(Site->getOperand(I));
  };
  // What the optimizer did with each loop, from its remarks during this compile, then what
  // hotline found itself.
  std::vector<LoopSite> Loops = loopSites();
  std::vector<LoopRange> Ranges;
  for (const LoopSite &Loop : Loops)
    Ranges.push_back(Loop.Range);
  std::vector<std::string> Facts = loopFacts(C, Ranges);
  if (NamedMDNode *Notes = M.getNamedMetadata(LoopNotesMetadataName))
    for (MDNode *Note : Notes->operands())
      for (size_t I = 0; I < Loops.size(); ++I)
        if (Loops[I].Id == numberOp(Note, 0))
          Facts[I] += (Facts[I].empty() ? "" : "; ") + textOp(Note, 1).str();
  // The array first, so that its texts can be offsets from its start (abi.h): a constant
  // difference of two addresses in one object, which the linker resolves.
  ArrayType *ArrayTy = ArrayType::get(SiteTy, Sites->getNumOperands());
  auto *Array = new GlobalVariable(M, ArrayTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
                                   /*Initializer=*/nullptr, SiteArrayName);
  Array->setAlignment(Align(8));
  Type *I64 = Type::getInt64Ty(C);
  Constant *ArrayStart = ConstantExpr::getPtrToInt(Array, I64);
  auto Text = [&](StringRef S) {
    return ConstantExpr::getSub(ConstantExpr::getPtrToInt(stringConstant(S), I64), ArrayStart);
  };
  std::vector<Constant *> Elements;
  bool HasLines = false;
  unsigned LoopIndex = 0;
  for (MDNode *Site : Sites->operands()) {
    unsigned Kind = numberOp(Site, KindOp);
    HasLines |= Kind == HOTLINE_ABI_SITE_LINE;
    StringRef LoopFacts =
        Kind == HOTLINE_ABI_SITE_LOOP ? StringRef(Facts[LoopIndex++]) : StringRef();
    Elements.push_back(ConstantStruct::get(
        SiteTy,
        {Text(textOp(Site, NameOp)), Text(textOp(Site, LinkageNameOp)), Text(textOp(Site, FileOp)),
         Int(Site, LineOp), Int(Site, KindOp), Int(Site, ColumnOp), Int(Site, CounterOp),
         Int(Site, FunctionOp), Int(Site, LoopOp), Int(Site, DiscriminatorOp), Text(LoopFacts)}));
  }
  Array->setInitializer(ConstantArray::get(ArrayTy, Elements));

  GlobalVariable *Record = moduleRecord();
  auto *Init = cast<ConstantStruct>(Record->getInitializer());
  SmallVector<Constant *, 12> Fields;
  for (unsigned I = 0; I < Init->getNumOperands(); ++I)
    Fields.push_back(Init->getOperand(I));
  GlobalVariable *Old = dyn_cast<GlobalVariable>(Fields[ModuleSitesField]);
  GlobalVariable *OldImplied = dyn_cast<GlobalVariable>(Fields[ModuleImpliedCountsField]);
  unsigned ImpliedCountCount = 0;
  Fields[ModuleImpliedCountsField] = finalizeImpliedCounts(ImpliedCountCount);
  Fields[ModuleImpliedCountCountField] = ConstantInt::get(Type::getInt32Ty(C), ImpliedCountCount);
  Fields[ModuleSiteCountField] = ConstantInt::get(Type::getInt32Ty(C), Elements.size());
  Fields[ModuleSitesField] = Array;
  Fields[ModuleUntimedField] = finalizeUntimed(Elements.size());
  Fields[ModuleFlagsField] =
      ConstantInt::get(Type::getInt32Ty(C), HasLines ? HOTLINE_ABI_MODULE_LINES : 0);
  Fields[ModuleBuildField] =
      Build.empty() ? ConstantPointerNull::get(PointerType::getUnqual(C)) : stringConstant(Build);
  Record->setInitializer(ConstantStruct::get(Init->getType(), Fields));
  replaceTable(Old, Array, SiteArrayName);
  replaceTable(OldImplied, Fields[ModuleImpliedCountsField], ImpliedCountArrayName);
  return true;
}

} // namespace hotline
