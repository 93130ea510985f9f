// A bad -fplugin-arg-hotline-* option is a compile error that names the option.
// RUN: not %clang_hotline -c -fplugin-arg-hotline-bogus=1 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %clang_hotline -c -fplugin-arg-hotline-timing=later %s -o %t.o 2>&1 | FileCheck %s --check-prefix=TIMING
// RUN: not %clang_hotline -c -fplugin-arg-hotline-min-instructions=many %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NUMBER
// RUN: not %clang_hotline -c '-fplugin-arg-hotline-include=(' %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REGEX
// RUN: not %clang_hotline -c -fprofile-instr-generate %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PGO
// RUN: not %clang_hotline -c -fplugin-arg-hotline-system-headers=yes %s -o %t.o 2>&1 | FileCheck %s --check-prefix=SYSTEM
// RUN: not %clang_hotline -c -fplugin-arg-hotline-system-header-dir= %s -o %t.o 2>&1 | FileCheck %s --check-prefix=SYSTEM-DIR
// RUN: %clang_hotline -c -fplugin-arg-hotline-timing=off -fplugin-arg-hotline-exclude=^skip %s -o %t.o

int f(void) { return 1; }

// UNKNOWN: error: hotline: -fplugin-arg-hotline-bogus=1: unknown option 'bogus'
// TIMING: error: hotline: -fplugin-arg-hotline-timing=later: option 'timing' must be after-inlining, before-inlining or off, not 'later'
// NUMBER: error: hotline: -fplugin-arg-hotline-min-instructions=many: option 'min-instructions' needs a non-negative integer, not 'many'
// SYSTEM: error: hotline: -fplugin-arg-hotline-system-headers=yes: option 'system-headers' takes no value
// SYSTEM-DIR: error: hotline: -fplugin-arg-hotline-system-header-dir=: option 'system-header-dir' needs a directory, e.g. system-header-dir=/usr/include
// PGO: error: hotline: cannot be combined with -fprofile-instr-generate
// REGEX: error: hotline: -fplugin-arg-hotline-include=(: option 'include': invalid regular expression '('
