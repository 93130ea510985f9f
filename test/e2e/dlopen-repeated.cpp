// An instrumented library loaded with dlopen and closed again, 200 times: its calls from every
// load add up exactly under one name, and the names stay readable after the last unload. A
// load after the first is the module it was (same object, source file and sites): it keeps its
// site ids, so the profile does not grow with the loads. Before, each load added a module, its
// sites and call paths: 100 loads made a profile of 21 kB, 900 of 170 kB (and 70,000 took
// 442 MB); both are now the same size.
// RUN: rm -rf %t.d && mkdir -p %t.d/lib
// RUN: %clangxx_plain %hotline_cflags -O2 -g -fPIC -shared %S/Inputs/plugin-lib.cpp -o %t.d/lib/plugin.so
// RUN: %clangxx_hotline -O2 -g %s -ldl -o %t
// RUN: %clangxx_plain -O2 -g -fPIC -shared %S/Inputs/plugin-lib.cpp -o %t.d/lib/plugin-plain.so
// RUN: %clangxx_plain -O2 -g %s -ldl -o %t.plain
// RUN: %t.plain %t.d/lib/plugin-plain.so > %t.plain.out
// RUN: env HOTLINE_DIR=%t.d %t %t.d/lib/plugin.so > %t.out
// RUN: diff %t.plain.out %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: rm -rf %t.100 %t.900 && mkdir -p %t.100 %t.900
// RUN: env HOTLINE_DIR=%t.100 %t %t.d/lib/plugin.so 100 > /dev/null
// RUN: env HOTLINE_DIR=%t.900 %t %t.d/lib/plugin.so 900 > /dev/null
// RUN: python3 -c "import glob, os; s = [os.path.getsize(glob.glob(d + '/*.hotline')[0]) for d in ('%t.100', '%t.900')]; print('same size' if s[0] == s[1] else s)" | FileCheck %s --check-prefix=SIZE
// SIZE: same size
// RUN: %hotline report --format json --top 0 %t.d/*.hotline > %t.json
// RUN: python3 -c "import json,sys; [print(f['name'], f['calls']) for f in sorted(json.load(open(sys.argv[1]))['functions'], key=lambda f: f['name'])]" %t.json | FileCheck %s

// OUT: loads 200, last {{[0-9]+}}

// 200 loads × 50 steps.
// CHECK: main 1
// CHECK-NEXT: plugin_run 200
// CHECK-NEXT: plugin_step(int) 10000

#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>

int main(int argc, char **argv) {
  int last = 0, loads = 0;
  int times = argc > 2 ? std::atoi(argv[2]) : 200;
  for (int i = 0; i < times; ++i) {
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
