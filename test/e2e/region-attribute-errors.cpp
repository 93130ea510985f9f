// A region attribute without a usable name is a compile error naming the attribute and the
// line; on something that is not a function it is a warning.
// RUN: not %clangxx_hotline -fsyntax-only %s 2>&1 | FileCheck %s

// CHECK: region-attribute-errors.cpp:[[@LINE+1]]:3: error: hotline: the region attribute takes one argument, a non-empty string literal naming the region
[[hotline::region]] void no_argument() {}
// CHECK: region-attribute-errors.cpp:[[@LINE+1]]:3: error: hotline: the region attribute
[[hotline::region(42)]] void not_a_string() {}
// CHECK: region-attribute-errors.cpp:[[@LINE+1]]:3: error: hotline: the region attribute
[[hotline::region("")]] void empty_name() {}
// CHECK: region-attribute-errors.cpp:[[@LINE+1]]:16: error: hotline: the region attribute
__attribute__((hotline_region("a", "b"))) void two_names() {}
// CHECK: region-attribute-errors.cpp:[[@LINE+1]]:3: warning: '{{(hotline::)?}}region' attribute only applies to functions
[[hotline::region("x")]] int not_a_function;
