//===- HotlinePlugin.cpp - The one file users load: HotlinePlugin.so ------===//
//
// -fplugin=HotlinePlugin.so: clang loads this file; it then loads HotlineFrontend.so from
// its own directory, whose clang action registers the passes (FrontendAction.cpp). That
// part lives in a second file because it needs clang's symbols, which opt does not have.
// -fpass-plugin= and opt -load-pass-plugin use llvmGetPassPluginInfo below.
//
//===----------------------------------------------------------------------===//
#include "LlvmVersions.h"
#include "Options.h"
#include "Pipeline.h"

#include <dlfcn.h>
#include <string>

static bool insideClang() {
  // The frontend plugin registry exists only in processes that contain clang's frontend.
  return dlsym(RTLD_DEFAULT, "_ZN4llvm8RegistryIN5clang15PluginASTActionEE4HeadE") != nullptr;
}

__attribute__((constructor)) static void loadFrontendAction() {
  if (!insideClang())
    return;
  Dl_info Self;
  if (!dladdr(reinterpret_cast<void *>(&loadFrontendAction), &Self) || !Self.dli_fname)
    return;
  std::string Path = Self.dli_fname;
  Path = Path.substr(0, Path.rfind('/') + 1) + "HotlineFrontend.so";
  if (!dlopen(Path.c_str(), RTLD_NOW | RTLD_GLOBAL))
    llvm::errs() << "hotline: cannot load " << Path << ": " << dlerror() << "\n";
}

// Whether the action in HotlineFrontend.so has given clang the passes (FrontendAction.cpp).
static bool frontendAddedPasses() {
  auto *Added = static_cast<bool *>(dlsym(RTLD_DEFAULT, "hotline_frontend_added_passes"));
  return Added && *Added;
}

extern "C" __attribute__((visibility("default"))) llvm::PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "hotline", "0.1.0", [](llvm::PassBuilder &PB) {
            PB.registerPipelineParsingCallback(
                [](llvm::StringRef Name, llvm::ModulePassManager &MPM, llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
                  return hotline::parsePipelineElement(Name, MPM);
                });
            // Inside clang the action in HotlineFrontend.so, which clang runs whenever it is
            // loaded in time (-fplugin=; -fpass-plugin= from Clang 22), adds the passes with the
            // user's options; elsewhere (opt's default pipelines, Clang 19's -fpass-plugin=)
            // they come here, with the defaults.
            if (!frontendAddedPasses())
              hotline::registerPipelinePasses(PB, hotline::Options());
          }};
}
