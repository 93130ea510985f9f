// Each instrumented module's build (the compiler and its version, the -O level, hotline's
// options) goes into the profile's MODULE_BUILDS section; the report prints the run's distinct
// builds on its Built line and its JSON has them as the run's "builds". Here the program is
// built at -O2 in line mode and its helper at -O0 with the default options.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %clang_plain %hotline_cflags -O0 -g -DHELPER -c %s -o %t.helper.o
// RUN: %clang_hotline -O2 -g -fplugin-arg-hotline-lines %s %t.helper.o -o %t
// RUN: env HOTLINE_DIR=%t.d %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report %t.d/*.hotline | FileCheck %s --check-prefix=TEXT
// RUN: %hotline report --format json %t.d/*.hotline | python3 -c "import json, sys; print('builds', sorted(json.load(sys.stdin)['runs'][0]['builds']))" | FileCheck %s --check-prefix=JSON
// OUT: 45
// TEXT: Command {{.*}}module-builds.c.tmp
// TEXT: Built      {{(clang [^;]+, -O0; clang [^;]+, -O2, hotline: lines|clang [^;]+, -O2, hotline: lines; clang [^;]+, -O0)$}}
// JSON: builds ['clang {{[0-9.]+[^,]*}}, -O0', 'clang {{[0-9.]+[^,]*}}, -O2, hotline: lines']

#include <stdio.h>

int helper(int x);

#ifdef HELPER
int helper(int x) { return x * 3; }
#else
int main(void) {
  int sum = 0;
  for (int i = 0; i < 6; ++i)
    sum += helper(i);
  printf("%d\n", sum);
  return 0;
}
#endif
