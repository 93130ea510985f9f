//===- RuntimeAbi.cpp - IR declarations of the runtime's ABI --------------===//
#include "RuntimeAbi.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace hotline {

StructType *siteType(LLVMContext &C) {
  if (auto *T = StructType::getTypeByName(C, "struct.__hotline_site"))
    return T;
  auto *I64 = Type::getInt64Ty(C);
  auto *I32 = Type::getInt32Ty(C);
  return StructType::create(C, {I64, I64, I64, I32, I32, I32, I32, I32, I32, I32, I64},
                            "struct.__hotline_site");
}

StructType *moduleType(LLVMContext &C) {
  if (auto *T = StructType::getTypeByName(C, "struct.__hotline_module"))
    return T;
  auto *Ptr = PointerType::getUnqual(C);
  auto *I32 = Type::getInt32Ty(C);
  return StructType::create(C, {I32, I32, Ptr, Ptr, Ptr, I32, I32, Ptr, I32, Ptr, Ptr, Ptr},
                            "struct.__hotline_module");
}

StructType *impliedCountType(LLVMContext &C) {
  if (auto *T = StructType::getTypeByName(C, "struct.__hotline_implied_count"))
    return T;
  auto *I32 = Type::getInt32Ty(C);
  return StructType::create(C, {I32, I32}, "struct.__hotline_implied_count");
}

static FunctionCallee nounwindFunction(Module &M, StringRef Name, FunctionType *Type) {
  FunctionCallee Callee = M.getOrInsertFunction(Name, Type);
  if (auto *F = dyn_cast<Function>(Callee.getCallee()))
    F->setDoesNotThrow();
  return Callee;
}

CallingConv::ID runtimeCallingConv(const Module &M) {
  Triple T(M.getTargetTriple());
  return T.getArch() == Triple::x86_64 || T.isAArch64() ? CallingConv::PreserveMost
                                                        : CallingConv::C;
}

// The call-site attribute through which LLVM's inline cost analysis takes a call's cost as given.
static constexpr const char *InlineCostAttribute = "call-inline-cost";

void setNoInlineCost(CallInst &Call) {
  Call.addFnAttr(Attribute::get(Call.getContext(), InlineCostAttribute, "0"));
}

bool hasNoInlineCost(const CallBase &Call) { return Call.hasFnAttr(InlineCostAttribute); }

CallInst *createRuntimeCall(IRBuilderBase &B, FunctionCallee Callee, ArrayRef<Value *> Args,
                            const Twine &Name) {
  CallInst *Call = B.CreateCall(Callee, Args, Name);
  if (auto *F = dyn_cast<Function>(Callee.getCallee()))
    Call->setCallingConv(F->getCallingConv());
  setNoInlineCost(*Call);
  return Call;
}

// A nounwind entry point called with runtimeCallingConv.
static FunctionCallee hotPathFunction(Module &M, StringRef Name, FunctionType *Type) {
  FunctionCallee Callee = nounwindFunction(M, Name, Type);
  if (auto *F = dyn_cast<Function>(Callee.getCallee()))
    F->setCallingConv(runtimeCallingConv(M));
  return Callee;
}

FunctionCallee enterFunction(Module &M) {
  LLVMContext &C = M.getContext();
  return hotPathFunction(M, EnterName,
                         FunctionType::get(Type::getVoidTy(C),
                                           {Type::getInt32Ty(C), PointerType::getUnqual(C)},
                                           false));
}

FunctionCallee exitFunction(Module &M) {
  LLVMContext &C = M.getContext();
  return hotPathFunction(M, ExitName,
                         FunctionType::get(Type::getVoidTy(C),
                                           {Type::getInt32Ty(C), PointerType::getUnqual(C)},
                                           false));
}

FunctionCallee openDepthFunction(Module &M) {
  LLVMContext &C = M.getContext();
  return nounwindFunction(M, OpenDepthName, FunctionType::get(Type::getInt32Ty(C), {}, false));
}

FunctionCallee resumeAtDepthFunction(Module &M) {
  LLVMContext &C = M.getContext();
  return nounwindFunction(M, ResumeAtDepthName,
                          FunctionType::get(Type::getVoidTy(C), {Type::getInt32Ty(C)}, false));
}

FunctionCallee regionBeginFunction(Module &M) {
  LLVMContext &C = M.getContext();
  return nounwindFunction(
      M, RegionBeginName,
      FunctionType::get(Type::getVoidTy(C), {PointerType::getUnqual(C)}, false));
}

FunctionCallee regionEndFunction(Module &M) {
  LLVMContext &C = M.getContext();
  return nounwindFunction(M, RegionEndName, FunctionType::get(Type::getVoidTy(C), false));
}

FunctionCallee cudaSiteFunction(Module &M) {
  return nounwindFunction(M, CudaSiteName,
                          FunctionType::get(Type::getVoidTy(M.getContext()), false));
}

FunctionCallee waitSiteFunction(Module &M) {
  return nounwindFunction(M, WaitSiteName,
                          FunctionType::get(Type::getVoidTy(M.getContext()), false));
}

FunctionCallee waitSiteEndFunction(Module &M) {
  return nounwindFunction(M, WaitSiteEndName,
                          FunctionType::get(Type::getVoidTy(M.getContext()), false));
}

FunctionCallee callTargetFunction(Module &M) {
  LLVMContext &C = M.getContext();
  return nounwindFunction(M, CallTargetName,
                          FunctionType::get(Type::getVoidTy(C),
                                            {Type::getInt32Ty(C), PointerType::getUnqual(C)},
                                            false));
}

FunctionCallee threadCountersInitFunction(Module &M) {
  return hotPathFunction(M, ThreadCountersInitName,
                         FunctionType::get(PointerType::getUnqual(M.getContext()), false));
}

GlobalVariable *threadCountersVariable(Module &M) {
  if (auto *G = M.getGlobalVariable(ThreadCountersName))
    return G;
  auto *G = new GlobalVariable(M, PointerType::getUnqual(M.getContext()), /*isConstant=*/false,
                               GlobalValue::ExternalLinkage, nullptr, ThreadCountersName, nullptr,
                               GlobalValue::InitialExecTLSModel);
  return G;
}

GlobalVariable *openCallKeyVariable(Module &M) {
  if (auto *G = M.getGlobalVariable(OpenCallKeyName))
    return G;
  return new GlobalVariable(M, PointerType::getUnqual(M.getContext()), /*isConstant=*/false,
                            GlobalValue::ExternalLinkage, nullptr, OpenCallKeyName, nullptr,
                            GlobalValue::InitialExecTLSModel);
}

Value *emitCallKey(IRBuilderBase &B) {
  Module &M = *B.GetInsertBlock()->getModule();
  Triple T(M.getTargetTriple());
  PointerType *Ptr = PointerType::getUnqual(M.getContext());
  if (T.getArch() == Triple::x86_64 || T.isAArch64())
    return B.CreateIntrinsic(Intrinsic::addressofreturnaddress, {Ptr}, {}, {}, "hotline.key");
  return B.CreateIntrinsic(Intrinsic::frameaddress, {Ptr}, {B.getInt32(0)}, {}, "hotline.key");
}

} // namespace hotline
