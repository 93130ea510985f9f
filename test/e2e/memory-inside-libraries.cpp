// An allocation made inside a library call (std::string's constructor in libstdc++, strdup
// and fopen in libc, a throw) is placed on the program's line that called into the library,
// with the library as the way it came: exactly, when the same library instruction is reached
// from different lines, at different stack depths, and from a callback that the library calls
// back into (the runtime remembers each walk it made up the stack and checks it when reusing
// it), and through a library frame whose size changes from call to call (the C++ demangler's
// variable-length array). The same counts as an LD_PRELOAD counter that unwinds every frame
// (test/truth).
// RUN: %clangxx_hotline -O2 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d %t > %t.out
// RUN: %hotline memory --top 0 --format json %t.d/*.hotline > %t.json
// RUN: cat %t.out > %t.both && python3 %S/Inputs/memory_places.py %t.json %s >> %t.both
// RUN: FileCheck %s < %t.both
//
// The independent count: a plain build that keeps calls in tail position as frames (as the
// instrumented build does in the functions it times), under the counter.
// RUN: %clangxx_plain -O2 -g -fno-optimize-sibling-calls %s -o %t.plain
// RUN: %clang_plain -O2 -shared -fPIC %S/../truth/Inputs/alloc_counter.c -o %t.counter.so -ldl
// RUN: env LD_PRELOAD=%t.counter.so ALLOC_COUNTER_OUT=%t.counts %t.plain > /dev/null
// RUN: python3 %S/../truth/Inputs/heap_agrees.py %t.counts %t.json %t.plain %llvm_symbolizer | FileCheck %s --check-prefix=AGREE --implicit-check-not="hotline says"
// AGREE: line memory-inside-libraries.cpp:{{[0-9]+}} via libstdc++.so.6: 1000 allocations, 125500 bytes: same
// AGREE: line memory-inside-libraries.cpp:{{[0-9]+}} via libstdc++.so.6: {{[1-9][0-9]+}} allocations, {{[0-9]+}} bytes: same
// AGREE: inside libraries: {{[0-9]+}} allocations: same
//
// The text report names the line and the library.
// RUN: %hotline memory %t.d/*.hotline | FileCheck %s --check-prefix=TEXT
// TEXT: 126 kB   1,000  1,000        0 B        1,000      150 B  {{.*}}memory-inside-libraries.cpp:[[#@LINE+20]]  strings(int) via libstdc++.so.6
// TEXT: 8.19 kB      11     11        0 B           11    6.14 kB  {{.*}}memory-inside-libraries.cpp:[[#@LINE+51]]   containers(int){{$}}
// TEXT: via LIB: made inside a call into the library LIB; the place is the program's line that

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

volatile size_t sink;

// 1000 strings of 100 to 149 characters, each allocated inside libstdc++ (the constructor of
// std::string from a count and a character is compiled there): 101 to 150 bytes, 125,500 in all.
__attribute__((noinline)) void strings(int n) {
  for (int i = 0; i < n; ++i) {
    std::string s(size_t(100 + i % 50), 'x'); // LINE: one-line
    sink = s.size();
  }
}

// The same library instruction from two lines, in turn.
__attribute__((noinline)) void two_lines(int n) {
  for (int i = 0; i < n; ++i) {
    std::string a(200, 'a'); // LINE: first-of-two
    sink = a.size();
    std::string b(300, 'b'); // LINE: second-of-two
    sink = b.size();
  }
}

// At 1 to 20 frames deep: 20 strings of 64 bytes.
__attribute__((noinline)) void deeper(int depth) {
  std::string s(63, 'd'); // LINE: recursive
  sink = s.size();
  if (depth > 1)
    deeper(depth - 1);
  sink = s.size();
}

// Containers that grow through code of the C++ library's headers compiled into the program out
// of line (std::vector's _M_realloc_insert, std::map's node insertion): placed at the program's
// line that called it, not at the header's nor at the function ("(no line)"). 11 blocks for
// the vector (capacities 1 to 1,024 ints: 8,188 bytes), one node of 40 bytes per key.
__attribute__((noinline)) void containers(int n) {
  std::vector<int> numbers;
  std::map<int, int> squares;
  for (int i = 0; i < n; ++i) {
    numbers.push_back(i); // LINE: vector-growth
    squares.emplace(i, i * i); // LINE: map-nodes
  }
  sink = numbers.size() + squares.size();
}

// From a callback that qsort (libc) calls: strdup's allocation is made inside libc again, and
// its place is the callback's line, not qsort's caller.
int comparisons;
char *volatile copy;
int compare(const void *a, const void *b) {
  ++comparisons;
  copy = strdup("a string"); // LINE: in-callback
  int order = *static_cast<const int *>(a) - *static_cast<const int *>(b);
  free(copy);
  return order;
}

__attribute__((noinline)) void throw_one() {
  throw std::runtime_error("a message long enough to be allocated"); // LINE: throw
}

// Names of many lengths: the demangler's frame grows and shrinks with each, and the slots above
// it move.
__attribute__((noinline)) void demangle(int n) {
  const char *names[] = {"_Z1fv", "_ZNSt6vectorIiSaIiEE9push_backERKi",
                         "_ZN7testing8internal12UnitTestImpl11RunAllTestsEv", "_Z3addii",
                         "_ZNKSt8functionIFvRKSt6vectorIN5boost3anyESaIS2_EEEEclES6_"};
  for (int i = 0; i < n; ++i) {
    int status = 0;
    char *text = abi::__cxa_demangle(names[i % 5], nullptr, nullptr, &status); // LINE: demangle
    sink = text ? strlen(text) : 0;
    free(text);
  }
}

int main() {
  strings(1000);
  two_lines(500);
  deeper(20);
  containers(1000);
  demangle(3000);
  int values[64];
  for (int i = 0; i < 64; ++i)
    values[i] = (i * 37) % 64;
  qsort(values, 64, sizeof values[0], compare); // LINE: qsort
  std::ofstream out("/dev/null"); // LINE: ofstream
  out << "x\n";
  try {
    throw_one();
  } catch (const std::exception &e) {
    sink = strlen(e.what());
  }
  printf("comparisons %d\n", comparisons);
  return 0;
}

// CHECK: comparisons [[N:[0-9]+]]
// CHECK: one-line: allocations 1000, bytes 125500, frees 1000, not freed 0 (0 bytes), temporaries 1000, via libstdc++.so.6
// CHECK: first-of-two: allocations 500, bytes 100500, frees 500, not freed 0 (0 bytes), temporaries 500, via libstdc++.so.6
// CHECK: second-of-two: allocations 500, bytes 150500, frees 500, not freed 0 (0 bytes), temporaries 500, via libstdc++.so.6
// CHECK: recursive: allocations 20, bytes 1280, frees 20, not freed 0 (0 bytes), temporaries 20, via libstdc++.so.6
// CHECK: vector-growth: allocations 11, bytes 8188, frees 11, not freed 0 (0 bytes), temporaries 11{{$}}
// CHECK: map-nodes: allocations 1000, bytes 40000, frees 1000, not freed 0 (0 bytes), temporaries {{[0-9]+}}{{$}}
// CHECK: in-callback: allocations [[N]], bytes {{[0-9]+}}, frees [[N]], not freed 0 (0 bytes), temporaries [[N]], via libc.so.6
// CHECK: throw: allocations {{[1-9]}}, bytes {{[0-9]+}}, frees {{[1-9]}}, not freed 0 (0 bytes), temporaries {{[0-9]}}, via libstdc++.so.6
// CHECK: demangle: allocations {{[1-9][0-9]+}}, bytes {{[0-9]+}}, frees {{[1-9][0-9]+}}, not freed 0 (0 bytes), temporaries {{[0-9]+}}, via libstdc++.so.6
// CHECK: qsort: no place
// CHECK: ofstream: allocations {{[1-9]}}, bytes {{[0-9]+}}, frees {{[1-9]}}, not freed 0 (0 bytes), temporaries {{[0-9]}}, via libc.so.6, via libstdc++.so.6
