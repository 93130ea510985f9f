//===- RuntimeAbi.h - The runtime symbols and layouts the passes emit -----===//
//
// Mirrors runtime/include/hotline/abi.h, the one contract with libhotline_rt: every symbol
// the instrumentation calls is named here, next to the IR type of the records it emits.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "hotline/abi.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

namespace hotline {

inline constexpr const char *RegisterModuleName = "__hotline_register_module";
inline constexpr const char *UnregisterModuleName = "__hotline_unregister_module";
inline constexpr const char *ThreadCountersName = "__hotline_thread_counters";
inline constexpr const char *ThreadCountersInitName = "__hotline_thread_counters_init";
inline constexpr const char *EnterName = "__hotline_enter";
inline constexpr const char *ExitName = "__hotline_exit";
inline constexpr const char *OpenCallKeyName = "__hotline_open_call_key";
inline constexpr const char *OpenDepthName = "__hotline_open_depth";
inline constexpr const char *ResumeAtDepthName = "__hotline_resume_at_depth";
inline constexpr const char *RegionBeginName = "__hotline_region_begin";
inline constexpr const char *RegionEndName = "__hotline_region_end";
inline constexpr const char *CudaSiteName = "__hotline_cuda_site";
inline constexpr const char *WaitSiteName = "__hotline_wait_site";
inline constexpr const char *WaitSiteEndName = "__hotline_wait_site_end";
inline constexpr const char *CallTargetName = "__hotline_call_target";
// Everything the plugin itself emits carries this prefix and is never instrumented.
inline constexpr const char *InternalPrefix = "__hotline";

// struct __hotline_site { i64 name, linkage_name, file; i32 line, kind, column, counter, function,
//                         loop, discriminator; i64 facts; } (the texts: offsets from sites[0])
llvm::StructType *siteType(llvm::LLVMContext &C);
// struct __hotline_module { i32 abi_version, site_count; ptr sites, source_file, untimed;
//                            i32 site_base, flags; ptr implied_counts; i32 implied_count_count;
//                            ptr library_code_start, library_code_end, build; }
llvm::StructType *moduleType(llvm::LLVMContext &C);
// struct __hotline_implied_count { i32 counter, implied_by; }
llvm::StructType *impliedCountType(llvm::LLVMContext &C);
inline constexpr unsigned ModuleSiteCountField = 1;
inline constexpr unsigned ModuleSitesField = 2;
inline constexpr unsigned ModuleUntimedField = 4;
inline constexpr unsigned ModuleSiteBaseField = 5;
inline constexpr unsigned ModuleFlagsField = 6;
inline constexpr unsigned ModuleImpliedCountsField = 7;
inline constexpr unsigned ModuleImpliedCountCountField = 8;
inline constexpr unsigned ModuleBuildField = 11;
// The linker's bounds of the library-code section, which a section whose name is a C
// identifier gets; hidden weak references, so each object's record names its own section.
inline constexpr const char *LibraryCodeStartName = "__start_" HOTLINE_ABI_LIBRARY_CODE_SECTION;
inline constexpr const char *LibraryCodeStopName = "__stop_" HOTLINE_ABI_LIBRARY_CODE_SECTION;

// Declarations of the runtime's entry points, all nounwind; enter, exit and the counters' init
// are called with runtimeCallingConv.
llvm::FunctionCallee enterFunction(llvm::Module &M);
llvm::FunctionCallee exitFunction(llvm::Module &M);
llvm::FunctionCallee openDepthFunction(llvm::Module &M);
llvm::FunctionCallee resumeAtDepthFunction(llvm::Module &M);
llvm::FunctionCallee regionBeginFunction(llvm::Module &M);
llvm::FunctionCallee regionEndFunction(llvm::Module &M);
llvm::FunctionCallee cudaSiteFunction(llvm::Module &M);
llvm::FunctionCallee waitSiteFunction(llvm::Module &M);
llvm::FunctionCallee waitSiteEndFunction(llvm::Module &M);
llvm::FunctionCallee callTargetFunction(llvm::Module &M);
llvm::FunctionCallee threadCountersInitFunction(llvm::Module &M);
// The calling convention of the runtime's init, enter and exit: preserve_most where the runtime
// defines them so (x86-64, AArch64; abi.h), so that a function that counts or is timed keeps
// its values in registers around the calls and needs no callee-saved ones for them.
llvm::CallingConv::ID runtimeCallingConv(const llvm::Module &M);
// Tells LLVM's inliner that Call costs nothing, so that a function keeps the inlining
// decisions of its plain build although hotline added counters and calls into it before the
// inliner ran (line mode's loop timing made stb's 8-line `stbiw__zlib_flushf` too costly to
// inline: its callers then paid a call each time, and the lines' sampled time moved).
void setNoInlineCost(llvm::CallInst &Call);
// Whether setNoInlineCost marked Call: one of hotline's counters or runtime calls.
bool hasNoInlineCost(const llvm::CallBase &Call);
// A call of one of the runtime's entry points, in the convention the callee is declared with,
// with no inline cost.
llvm::CallInst *createRuntimeCall(llvm::IRBuilderBase &B, llvm::FunctionCallee Callee,
                                  llvm::ArrayRef<llvm::Value *> Args = {},
                                  const llvm::Twine &Name = "");
llvm::GlobalVariable *threadCountersVariable(llvm::Module &M);
// The thread's innermost open timed call's key (abi.h), read before each timed exit.
llvm::GlobalVariable *openCallKeyVariable(llvm::Module &M);
// The running call's key (abi.h __hotline_enter): the address of its return address, where
// the target computes it from the stack pointer without keeping a register for it (x86-64,
// AArch64), else its frame address.
llvm::Value *emitCallKey(llvm::IRBuilderBase &B);

} // namespace hotline
