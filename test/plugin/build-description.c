// Each module's record names how it was built (abi.h __hotline_module::build): the compiler
// and its version, the -O level, and the plugin options that differ from the defaults, as
// written after -fplugin-arg-hotline-, in docs/plugin-options.md's order whatever the order
// given; count-only= and skip= by their number of names. Without options there is no
// "hotline:" part.
// RUN: %clang_plain %hotline_cflags -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=O2
// RUN: %clang_plain %hotline_cflags -O0 -g -S -emit-llvm %s -o - -fplugin-arg-hotline-lines \
// RUN:   -fplugin-arg-hotline-timing=off | FileCheck %s --check-prefix=O0
// RUN: %clang_plain %hotline_cflags -Os -g -S -emit-llvm %s -o - -fplugin-arg-hotline-count-only=work \
// RUN:   -fplugin-arg-hotline-exclude=^helper -fplugin-arg-hotline-min-instructions=0 \
// RUN:   -fplugin-arg-hotline-count-only=main -fplugin-arg-hotline-call-targets \
// RUN:   -fplugin-arg-hotline-lines | FileCheck %s --check-prefix=OS
// RUN: %clang_plain %hotline_cflags -Oz -S -emit-llvm %s -o - -fplugin-arg-hotline-system-headers \
// RUN:   -fplugin-arg-hotline-skip=helper | FileCheck %s --check-prefix=OZ
// RUN: %clang_plain %hotline_cflags -O3 -S -emit-llvm %s -o - \
// RUN:   -fplugin-arg-hotline-timing=after-inlining | FileCheck %s --check-prefix=O3

// O2: @__hotline.module = internal global %struct.__hotline_module { {{.*}}, ptr @[[BUILD:__hotline.str.[0-9]+]] }
// O2: @[[BUILD]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"clang {{[0-9]+\.[0-9]+\.[0-9]+[^,]*}}, -O2\00"
// O0: @__hotline.module = internal global %struct.__hotline_module { {{.*}}, ptr @[[BUILD:__hotline.str.[0-9]+]] }
// O0: @[[BUILD]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"clang {{[^,]+}}, -O0, hotline: timing=off lines\00"
// OS: @[[BUILD:__hotline.str.[0-9]+]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"clang {{[^,]+}}, -Os, hotline: min-instructions=0 exclude=^helper lines count-only(2) call-targets\00"
// OZ: c"clang {{[^,]+}}, -Oz, hotline: skip(1) system-headers\00"
// The default, given explicitly, is not an option that differs.
// O3: c"clang {{[^,]+}}, -O3\00"

static int helper(int x) { return x * 3; }

int work(int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i)
    sum += helper(i);
  return sum;
}

int main(void) { return work(10) == 135 ? 0 : 1; }
