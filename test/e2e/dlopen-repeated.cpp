// An instrumented library loaded with dlopen and closed again, 200 times: its calls from every
// load add up exactly under one name, and the names stay readable after the last unload.
// RUN: rm -rf %t.d && mkdir -p %t.d/lib
// RUN: %clangxx_plain %hotline_cflags -O2 -g -fPIC -shared %S/Inputs/plugin-lib.cpp -o %t.d/lib/plugin.so
// RUN: %clangxx_hotline -O2 -g %s -ldl -o %t
// RUN: %clangxx_plain -O2 -g -fPIC -shared %S/Inputs/plugin-lib.cpp -o %t.d/lib/plugin-plain.so
// RUN: %clangxx_plain -O2 -g %s -ldl -o %t.plain
// RUN: %t.plain %t.d/lib/plugin-plain.so > %t.plain.out
// RUN: env HOTLINE_DIR=%t.d %t %t.d/lib/plugin.so > %t.out
// RUN: diff %t.plain.out %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: %hotline report --format json --top 0 %t.d/*.hotline > %t.json
// RUN: python3 -c "import json,sys; [print(f['name'], f['calls']) for f in sorted(json.load(open(sys.argv[1]))['functions'], key=lambda f: f['name'])]" %t.json | FileCheck %s

// OUT: loads 200, last {{[0-9]+}}

// 200 loads × 50 steps.
// CHECK: main 1
// CHECK-NEXT: plugin_run 200
// CHECK-NEXT: plugin_step(int) 10000

#include <cstdio>
#include <dlfcn.h>

int main(int argc, char **argv) {
  int last = 0, loads = 0;
  for (int i = 0; i < 200; ++i) {
    void *plugin = dlopen(argv[1], RTLD_NOW);
    if (!plugin) {
      std::printf("dlopen failed: %s\n", dlerror());
      return 1;
    }
    auto run = reinterpret_cast<int (*)(int)>(dlsym(plugin, "plugin_run"));
    last = run(50);
    ++loads;
    dlclose(plugin);
  }
  std::printf("loads %d, last %d\n", loads, last);
  return 0;
}
