// Instrumented shared libraries need no extra step: one linked at start-up and one loaded
// with dlopen (and closed before exit) both report exact counts and keep their names.
// RUN: rm -rf %t.d && mkdir -p %t.d/lib
// RUN: %clangxx_plain %hotline_cflags -O2 -g -fPIC -shared %S/Inputs/shared-lib.cpp -o %t.d/lib/libshared.so
// RUN: %clangxx_plain %hotline_cflags -O2 -g -fPIC -shared %S/Inputs/plugin-lib.cpp -o %t.d/lib/plugin.so
// RUN: %clangxx_hotline -O2 -g %s -L%t.d/lib -lshared -Wl,-rpath,%t.d/lib -o %t
// RUN: env HOTLINE_DIR=%t.d %t %t.d/lib/plugin.so | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --top 1000 --sort calls --format json %t.d/*.hotline | FileCheck %s
//
// The same with the shared runtime in place of the static one.
// RUN: rm -rf %t.s && mkdir -p %t.s
// RUN: %clangxx_plain %hotline_cflags -O2 -g %s -L%t.d/lib -lshared %hotline_rt_shared -Wl,-rpath,%t.d/lib -o %t.shared
// RUN: env HOTLINE_DIR=%t.s %t.shared %t.d/lib/plugin.so | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --top 1000 --sort calls --format json %t.s/*.hotline | FileCheck %s

#include <cstdio>
#include <dlfcn.h>

int lib_sum_squares(int n);

int main(int argc, char **argv) {
  printf("sum %d\n", lib_sum_squares(700));
  void *plugin = dlopen(argv[1], RTLD_NOW);
  if (!plugin) {
    printf("dlopen failed: %s\n", dlerror());
    return 1;
  }
  auto run = reinterpret_cast<int (*)(int)>(dlsym(plugin, "plugin_run"));
  printf("plugin %d\n", run(1234));
  dlclose(plugin);
  return 0;
}

// OUT: sum
// OUT: plugin

// CHECK:      "name": "plugin_step(int)",
// CHECK-NEXT: "linkage_name": "_ZL11plugin_stepi",
// CHECK-NEXT: "file": "{{.*}}plugin-lib.cpp",
// CHECK-NEXT: "line": 2,
// CHECK-NEXT: "calls": 1234,
// CHECK:      "name": "lib_square(int)",
// CHECK:      "calls": 700,
// CHECK:      "name": "plugin_run",
// CHECK:      "calls": 1,
// CHECK:      "name": "lib_sum_squares(int)",
// CHECK:      "calls": 1,
