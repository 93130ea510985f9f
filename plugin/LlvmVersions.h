//===- LlvmVersions.h - What differs between the LLVMs hotline builds for -===//
//
// The plugin builds against LLVM 19 and LLVM 22 from one code base (CI builds and tests
// both). Every API that differs between them is wrapped here, so the passes read the same
// for each.
//
//===----------------------------------------------------------------------===//
#ifndef HOTLINE_PLUGIN_LLVMVERSIONS_H
#define HOTLINE_PLUGIN_LLVMVERSIONS_H

#include "llvm/Config/llvm-config.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"

// The pass plugin interface moved from Passes/ to Plugins/ in LLVM 22.
#if __has_include("llvm/Plugins/PassPlugin.h")
#include "llvm/Plugins/PassPlugin.h"
#else
#include "llvm/Passes/PassPlugin.h"
#endif

namespace hotline {

// The name variable an llvm.instrprof.increment marker refers to (getName() before LLVM 20).
inline const llvm::Value *markerNameOf(const llvm::InstrProfIncrementInst &Marker) {
#if LLVM_VERSION_MAJOR >= 20
  return Marker.getNameValue();
#else
  return Marker.getName();
#endif
}

// A compiler warning with our text, shown like clang's own (DiagnosticInfoGeneric came in
// LLVM 20; before it, the inline-assembly diagnostic was the generic one).
inline void warn(llvm::LLVMContext &Context, const llvm::Twine &Message) {
#if LLVM_VERSION_MAJOR >= 20
  Context.diagnose(llvm::DiagnosticInfoGeneric(Message, llvm::DS_Warning));
#else
  Context.diagnose(llvm::DiagnosticInfoInlineAsm(Message, llvm::DS_Warning));
#endif
}

} // namespace hotline

#endif
