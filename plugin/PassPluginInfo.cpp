//===- PassPluginInfo.cpp - HotlinePasses.so: the passes as a pass plugin -===//
//
// -fpass-plugin= and opt -load-pass-plugin reach this through HotlinePlugin.so, which loads
// this file only once it knows it runs inside the LLVM it was built for (HotlinePlugin.cpp).
//
//===----------------------------------------------------------------------===//
#include "LlvmVersions.h"
#include "Options.h"
#include "Pipeline.h"

#include <dlfcn.h>

// Whether the action in HotlineFrontend.so has given clang the passes (FrontendAction.cpp).
static bool frontendAddedPasses() {
  auto *Added = static_cast<bool *>(dlsym(RTLD_DEFAULT, "hotline_frontend_added_passes"));
  return Added && *Added;
}

extern "C" __attribute__((visibility("default"))) void
hotline_pass_plugin_info(llvm::PassPluginLibraryInfo *Info) {
  *Info = {LLVM_PLUGIN_API_VERSION, "hotline", HOTLINE_VERSION_STRING, [](llvm::PassBuilder &PB) {
             PB.registerPipelineParsingCallback(
                 [](llvm::StringRef Name, llvm::ModulePassManager &MPM,
                    llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
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
