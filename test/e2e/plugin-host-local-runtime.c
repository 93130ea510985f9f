// An uninstrumented host that loads a plugin built with hotline and its shared runtime
// (RTLD_LOCAL, as Python imports an extension): the runtime lies behind the C library in the
// lookup order, so it puts its hooks into the objects loaded then (hook_patching.h). The
// plugin's allocations and writes are tracked on their lines, exactly (the plugin is closed
// when the profile is written: the profile keeps where it was loaded); the host then closes
// the plugin and goes on allocating through the patched slots, which lead into the runtime: it
// stays loaded, the host's 1001 allocations are counted, and the host runs as without hotline.
// A block that the host frees through the C library's own free, where no hook sees it, is
// counted freed when malloc hands its address out again. A library opened after the plugin,
// with no module of its own, is patched when the host looks its function up (the runtime's dlsym is in
// the host's slot): its 500 allocations are counted too. That dlsym answers RTLD_DEFAULT as
// the host's own would: the plugin, in its local scope, is not found.
// RUN: rm -rf %t.d && mkdir -p %t.d/out %t.d/plain
// RUN: %clang_plain %hotline_cflags -O1 -g -fPIC -shared %S/Inputs/plugin-with-runtime.c -o %t.d/plugin.so %hotline_rt_shared
// RUN: %clang_plain -O1 -g -fPIC -shared %S/Inputs/plugin-with-runtime.c -o %t.d/plain/plugin.so
// RUN: %clang_plain -O1 -g -fPIC -shared %S/Inputs/plain-allocator.c -o %t.d/plain-allocator.so
// RUN: %clang_plain -O1 -g %s -ldl -o %t
// RUN: %t %t.d/plain/plugin.so %t.d/plain/data.txt %t.d/plain-allocator.so > %t.d/plain.out
// RUN: env HOTLINE_DIR=%t.d/out HOTLINE_QUIET=1 %t %t.d/plugin.so %t.d/data.txt %t.d/plain-allocator.so > %t.d/out.txt
// RUN: diff %t.d/plain.out %t.d/out.txt
// RUN: FileCheck %s --check-prefix=OUT < %t.d/out.txt
// OUT: plugin 0
// OUT-NEXT: plugin_block in the host's scope: no
// OUT-NEXT: the block's address came back
// OUT-NEXT: the library opened after it allocated 500 blocks
// OUT-NEXT: host allocated 1000 blocks after closing it
// RUN: %hotline memory %t.d/out/*.hotline | FileCheck %s --check-prefix=MEMORY
// RUN: %hotline io %t.d/out/*.hotline | FileCheck %s --check-prefix=IO
// MEMORY-NOT: No heap numbers
// MEMORY: Places by bytes allocated
// MEMORY: 1.00 kB{{ +}}10{{ +}}10{{ +}}0 B{{.*}}plugin-with-runtime.c:11  plugin_work{{$}}
// MEMORY: 200 B{{ +}}1{{ +}}1{{ +}}0 B{{.*}}plugin-with-runtime.c:25  plugin_block{{$}}
// MEMORY: Places by allocations
// MEMORY-NEXT: allocated
// MEMORY-NEXT: 532 kB{{ +}}1,001{{ +}}1,001{{ +}}0 B{{.*}}(outside timed calls)
// MEMORY-NEXT: 24.0 kB{{ +}}500{{ +}}500{{ +}}0 B{{.*}}(outside timed calls){{ +}}via plain-allocator.so
// IO-NOT: No I/O numbers
// IO: 64 B{{.*}}data.txt
// IO: Places by I/O time
// IO: {{ +}}1{{ +}}64 B{{.*}}plugin-with-runtime.c:17  plugin_work{{$}}

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

char *volatile g_last; // the host's blocks are used: the compiler keeps their allocations

int main(int argc, char **argv) {
  void *plugin = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!plugin) {
    fprintf(stderr, "%s\n", dlerror());
    return 1;
  }
  int (*work)(const char *) = (int (*)(const char *))dlsym(plugin, "plugin_work");
  printf("plugin %d\n", work(argv[2]));
  printf("plugin_block in the host's scope: %s\n", dlsym(RTLD_DEFAULT, "plugin_block") ? "yes" : "no");
  // Freed where no hook sees it, then allocated again at the same address (glibc's cache of
  // recently freed blocks of that size hands it out first).
  void *(*block)(void) = (void *(*)(void))dlsym(plugin, "plugin_block");
  void (*unhooked_free)(void *) = (void (*)(void *))dlsym(RTLD_DEFAULT, "free");
  char *kept_block = block();
  unhooked_free(kept_block);
  g_last = malloc(200);
  printf("the block's address %s\n", g_last == kept_block ? "came back" : "did not come back");
  free(g_last);
  void *library = dlopen(argv[3], RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    fprintf(stderr, "%s\n", dlerror());
    return 1;
  }
  int (*allocate)(int) = (int (*)(int))dlsym(library, "plain_allocate");
  printf("the library opened after it allocated %d blocks\n", allocate(500));
  dlclose(plugin);
  int kept = 0;
  for (int i = 0; i < 1000; ++i) {
    g_last = malloc(32 + i);
    kept += g_last != NULL;
    free(g_last);
  }
  printf("host allocated %d blocks after closing it\n", kept);
  return 0;
}
