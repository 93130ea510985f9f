// --format json: the hot places searched and each finding with its exact range, evidence
// numbers and fix-it edits; `hotline advise` runs hotline-advise with the same arguments.
// REQUIRES: advise
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx_hotline -fplugin-arg-hotline-lines -O2 -g -c %s -MJ %t/unit.json -o %t/prog.o
// RUN: %clangxx_hotline %t/prog.o -o %t/prog
// RUN: env HOTLINE_DIR=%t %t/prog > %t/out.txt
// RUN: (echo '['; cat %t/unit.json; echo ']') > %t/compile_commands.json
// RUN: %advise --format json -p %t %t/*.hotline | FileCheck %s -DFILE=%s
// RUN: %advise --format json -p %t %t/*.hotline > %t/direct.json
// RUN: %hotline advise --format json -p %t %t/*.hotline > %t/subcommand.json
// RUN: diff %t/direct.json %t/subcommand.json
// RUN: %advise --checks push-back-without-reserve -p %t %t/*.hotline | FileCheck %s --check-prefix=ONLY

#include <sstream>
#include <vector>

__attribute__((noinline)) size_t emit(std::ostringstream &out, int n) {
  std::vector<int> seen;
  for (int i = 0; i < n; ++i) {
    seen.push_back(i);
    out << i << std::endl;
  }
  return seen.size();
}

int main() {
  std::ostringstream out;
  return emit(out, 100000) == 100000 ? 0 : 1;
}

// CHECK:      {
// CHECK-NEXT:   "min_percent": 5,
// CHECK-NEXT:   "min_count": 1000,
// CHECK-NEXT:   "hot_functions": [[#FUNCTIONS:]],
// CHECK-NEXT:   "hot_loops": 1,
// CHECK-NEXT:   "functions_found": [[#FUNCTIONS]],
// CHECK-NEXT:   "loops_found": 1,
// CHECK-NEXT:   "translation_units": [
// CHECK-NEXT:     "[[FILE]]"
// CHECK-NEXT:   ],
// CHECK-NEXT:   "findings": [
// CHECK-NEXT:     {
// CHECK-NEXT:       "check": "push-back-without-reserve",
// CHECK-NEXT:       "file": "[[FILE]]",
// CHECK-NEXT:       "line": 21,
// CHECK-NEXT:       "column": 5,
// CHECK-NEXT:       "end_line": 21,
// CHECK-NEXT:       "end_column": 21,
// CHECK-NEXT:       "message": "push_back into 'seen' in a hot loop, and 'seen' is never reserve()d: it reallocates and moves its elements as it grows",
// CHECK-NEXT:       "function": "emit(std::__cxx11::basic_ostringstream<char, std::char_traits<char>, std::allocator<char>>&, int)",
// CHECK-NEXT:       "loop": "[[FILE]]:20",
// CHECK-NEXT:       "percent": {{[0-9.]+}},
// The vector's growth: std::vector's own functions are not instrumented (they come from a
// system header and have no loop), so its 18 reallocations belong to the push_back's line.
// CHECK-NEXT:       "allocations": 18,
// CHECK-NEXT:       "count": 100000,
// CHECK-NEXT:       "entries": 1,
// CHECK-NEXT:       "iterations": 100000,
// CHECK-NEXT:       "evidence": [
// CHECK-NEXT:         "the loop at [[FILE]]:20 ran 100,000 iterations in 1 entry, {{[0-9.]+}}% of the run",
// CHECK-NEXT:         "line 21 ran 100,000 times",
// CHECK-NEXT:         "18 heap allocations (1.05 MB) at this line"
// CHECK-NEXT:       ],
// CHECK-NEXT:       "fix": null
// CHECK-NEXT:     },
// CHECK-NEXT:     {
// CHECK-NEXT:       "check": "io-in-hot-loop",
// CHECK-NEXT:       "file": "[[FILE]]",
// CHECK-NEXT:       "line": 22,
// CHECK-NEXT:       "column": 17,
// CHECK-NEXT:       "end_line": 22,
// CHECK-NEXT:       "end_column": 25,
// CHECK:            "fix": {
// CHECK-NEXT:         "description": "replace std::endl with '\\n': the same output, flushed when the buffer fills",
// CHECK-NEXT:         "replacements": [
// CHECK-NEXT:           {
// CHECK-NEXT:             "file": "[[FILE]]",
// CHECK-NEXT:             "offset": [[#]],
// CHECK-NEXT:             "length": 9,
// CHECK-NEXT:             "text": "'\\n'"
// CHECK-NEXT:           }
// CHECK-NEXT:         ]
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   ],
// CHECK-NEXT:   "errors": []
// CHECK-NEXT: }

// ONLY: [push-back-without-reserve]
// ONLY-NOT: [io-in-hot-loop]
// ONLY: 1 finding, 0 with a fix-it
