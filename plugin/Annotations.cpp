//===- Annotations.cpp - Reading llvm.global.annotations ------------------===//
#include "Annotations.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"

using namespace llvm;

namespace hotline {

SmallVector<std::pair<Function *, StringRef>, 8> functionAnnotations(Module &M) {
  SmallVector<std::pair<Function *, StringRef>, 8> Found;
  GlobalVariable *Annotations = M.getGlobalVariable("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return Found;
  auto *Entries = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Entries)
    return Found;
  for (Value *Entry : Entries->operands()) {
    auto *Fields = dyn_cast<ConstantStruct>(Entry);
    if (!Fields || Fields->getNumOperands() < 2)
      continue;
    auto *F = dyn_cast<Function>(Fields->getOperand(0)->stripPointerCasts());
    auto *Text = dyn_cast<GlobalVariable>(Fields->getOperand(1)->stripPointerCasts());
    if (!F || !Text || !Text->hasInitializer())
      continue;
    if (auto *Data = dyn_cast<ConstantDataArray>(Text->getInitializer()))
      if (Data->isCString())
        Found.push_back({F, Data->getAsCString()});
  }
  return Found;
}

} // namespace hotline
