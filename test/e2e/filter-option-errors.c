// count-only= and skip= need a linkage name: an empty value, or a demangled name (which would
// silently match nothing), is a compile error naming the option, on the command line or in a
// filter file (naming the file and line). Linkage names are taken as they are.
// RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
// RUN: not %clang_hotline -c -fplugin-arg-hotline-count-only= %s -o bad.o 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not %clang_hotline -c '-fplugin-arg-hotline-skip=tiny(int)' %s -o bad.o 2>&1 | FileCheck %s --check-prefix=DEMANGLED
// RUN: printf '# from hotline filter\ncount-only=_Z4tinyi\nskip=ns::f\ncount-only=f g\n' > bad.filter
// RUN: not %clang_hotline -c -fplugin-arg-hotline-filter=bad.filter %s -o bad.o 2>&1 | FileCheck %s --check-prefix=FILE
// RUN: %clang_hotline -c -fplugin-arg-hotline-count-only=f -fplugin-arg-hotline-skip=_Z4tinyi -fplugin-arg-hotline-skip=__cxx_global_var_init.1 %s -o good.o

int f(void) { return 1; }

// EMPTY: error: hotline: -fplugin-arg-hotline-count-only=: option 'count-only' needs a function's linkage name, e.g. count-only=_Z4tinyi
// DEMANGLED: error: hotline: -fplugin-arg-hotline-skip=tiny(int): option 'skip' needs a linkage name (as profiles record it, e.g. _Z4tinyi), not 'tiny(int)'
// FILE: error: hotline: -fplugin-arg-hotline-filter=bad.filter: bad.filter:4: option 'count-only' needs a linkage name (as profiles record it, e.g. _Z4tinyi), not 'f g'
