//===- HotlinePlugin.cpp - The one file users load: HotlinePlugin.so ------===//
//
// -fplugin=, -fpass-plugin= and opt -load-pass-plugin all load this file. It references
// nothing of LLVM, so it loads into any clang or opt, and it first checks that the process
// runs the LLVM it was built for: the passes compiled for another LLVM would fail to load
// with an undefined symbol, or load and miscompile. Then:
// - inside clang, it loads HotlineFrontend.so from its own directory, whose clang action
//   reads the -fplugin-arg-hotline-* options and adds the passes (FrontendAction.cpp);
// - llvmGetPassPluginInfo, for pass plugin loaders, comes from HotlinePasses.so
//   (PassPluginInfo.cpp), loaded the same way.
//
//===----------------------------------------------------------------------===//
// Without this, LLVM's headers reference a symbol of libLLVM's that checks its build options.
#define LLVM_DISABLE_ABI_BREAKING_CHECKS_ENFORCING 1
#include "LlvmVersions.h" // for the plugin interface's types and the version macros only

#include <dlfcn.h>
#include <stdio.h>
#include <string>
#include <unistd.h>

static bool insideClang() {
  // The frontend plugin registry exists only in processes that contain clang's frontend.
  return dlsym(RTLD_DEFAULT, "_ZN4llvm8RegistryIN5clang15PluginASTActionEE4HeadE") != nullptr;
}

static std::string ownDirectory() {
  Dl_info Self;
  if (!dladdr(reinterpret_cast<void *>(&ownDirectory), &Self) || !Self.dli_fname)
    return "./";
  std::string Path = Self.dli_fname;
  return Path.substr(0, Path.rfind('/') + 1);
}

static std::string processPath() {
  char Path[4096];
  ssize_t Length = readlink("/proc/self/exe", Path, sizeof(Path) - 1);
  return Length > 0 ? std::string(Path, Length) : "this process";
}

// Stops the compile when the LLVM in this process (LLVMGetVersion, from its C API) is not the
// one the plugin was built for. A process that does not export it is let through.
static void checkHostLLVM() {
  using GetVersion = void (*)(unsigned *, unsigned *, unsigned *);
  auto Get = reinterpret_cast<GetVersion>(dlsym(RTLD_DEFAULT, "LLVMGetVersion"));
  if (!Get)
    return;
  unsigned Major = 0, Minor = 0, Patch = 0;
  Get(&Major, &Minor, &Patch);
  if (Major == LLVM_VERSION_MAJOR && Minor == LLVM_VERSION_MINOR)
    return;
  fprintf(stderr,
          "hotline: this HotlinePlugin.so was built for LLVM and Clang %d.%d, but %s runs LLVM "
          "%u.%u.%u. Compile with clang-%d, or build hotline against this LLVM "
          "(-DLLVM_DIR=<its prefix>/lib/cmake/llvm; hotline supports LLVM 19 and 22).\n",
          LLVM_VERSION_MAJOR, LLVM_VERSION_MINOR, processPath().c_str(), Major, Minor, Patch,
          LLVM_VERSION_MAJOR);
  fflush(stderr);
  _exit(1);
}

static void *loadCompanion(const char *Name) {
  std::string Path = ownDirectory() + Name;
  void *Handle = dlopen(Path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (!Handle)
    fprintf(stderr, "hotline: cannot load %s: %s\n", Path.c_str(), dlerror());
  return Handle;
}

__attribute__((constructor)) static void loadFrontendAction() {
  checkHostLLVM();
  if (insideClang())
    loadCompanion("HotlineFrontend.so");
}

extern "C" __attribute__((visibility("default"))) llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  using GetInfo = void (*)(llvm::PassPluginLibraryInfo *);
  void *Passes = loadCompanion("HotlinePasses.so");
  auto Get =
      Passes ? reinterpret_cast<GetInfo>(dlsym(Passes, "hotline_pass_plugin_info")) : nullptr;
  // API version 0 when the passes are missing: the plugin loader refuses it and says so.
  llvm::PassPluginLibraryInfo Info = {0, "hotline", HOTLINE_VERSION_STRING, nullptr};
  if (Get)
    Get(&Info);
  return Info;
}
