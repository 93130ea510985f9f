// Static functions inlined into main at -O2 are frames of their own in every tree-shaped
// view, marked inlined, with the time of their loops (timed in line mode inside main's call)
// and, as each ran only there, their exact calls: the tree, the folded stacks, speedscope,
// the HTML flame graph's data and the trace agree with the function table. Before, every
// tree view showed one `main` frame holding all the time while the function table gave
// smooth() 95% of it.
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d && env HOTLINE_DIR=%t.d HOTLINE_TRACE=1 %t | FileCheck %s --check-prefix=OUT
// RUN: %hotline report %t.d/*.hotline > %t.report
// RUN: %hotline tree --min-percent 0 %t.d/*.hotline > %t.tree
// RUN: cat %t.report %t.tree | FileCheck %s --check-prefix=TREE
// RUN: %hotline export --format folded %t.d/*.hotline | FileCheck %s --check-prefix=FOLDED
// RUN: %hotline export --format speedscope %t.d/*.hotline | FileCheck %s --check-prefix=SPEEDSCOPE
// RUN: %hotline export --format chrome %t.d/*.hotline | FileCheck %s --check-prefix=TRACE
// RUN: %hotline html %t.d/*.hotline -o %t.html && grep -o '"inlined":\[[0-9,]*\]' %t.html | FileCheck %s --check-prefix=HTML

#include <cstdio>
#include <vector>

static double smooth(std::vector<double> &v) {
  double s = 0;
  for (size_t i = 1; i + 1 < v.size(); ++i) {
    v[i] = (v[i - 1] + v[i] + v[i + 1]) / 3.0;
    s += v[i];
  }
  return s;
}

static long count_primes(long n) {
  long c = 0;
  for (long k = 2; k < n; ++k) {
    bool prime = true;
    for (long d = 2; d * d <= k; ++d)
      if (k % d == 0) {
        prime = false;
        break;
      }
    c += prime;
  }
  return c;
}

int main() {
  std::vector<double> v(1 << 14, 1.0);
  double s = 0;
  for (int r = 0; r < 2000; ++r)
    s += smooth(v);
  long p = count_primes(100000);
  printf("%g %ld\n", s, p);
}

// OUT: {{.*}} 9592

// The function table's totals are the tree's inlined frames' inclusive times. (The tree shows
// every call: count_primes' share, about 1%, falls below the default threshold on a loaded
// machine, where smooth's memory-bound loop slows more.)
// TREE:      Functions by self time
// TREE:      {{^ *[0-9.]+ (m|µ)?s +[0-9.]+% +}}[[SMOOTH:[0-9.]+ (m|µ)?s]]{{ +[0-9.]+% +}}2,000  smooth(std::vector<double>&)
// TREE:      {{^ *[0-9.]+ (m|µ)?s +[0-9.]+% +}}[[PRIMES:[0-9.]+ (m|µ)?s]]{{ +[0-9.]+% +}}1  count_primes(long)
// TREE:      Call tree of 1 thread
// TREE:      incl%  inclusive {{.*}} function
// TREE-NEXT: {{^ *100.0% .* 1  main$}}
// TREE-DAG:  {{^ *[0-9.]+% +}}[[SMOOTH]] {{.*}} 2,000    smooth(std::vector<double>&) [inlined]
// TREE-DAG:  {{^ *[0-9.]+% +}}[[PRIMES]] {{.*}} 1    count_primes(long) [inlined]

// FOLDED-DAG: {{^main [0-9]+$}}
// FOLDED-DAG: {{^main;smooth\(std::vector<double, std::allocator<double>>&\)_\[i\] [1-9][0-9]+$}}
// FOLDED-DAG: {{^main;count_primes\(long\)_\[i\] [1-9][0-9]+$}}

// SPEEDSCOPE-DAG: {"name":"smooth(std::vector<double, std::allocator<double>>&) [inlined]","file":"{{.*}}inlined-frames.cpp","line":20}
// SPEEDSCOPE-DAG: {"name":"count_primes(long) [inlined]","file":"{{.*}}inlined-frames.cpp","line":29}

// TRACE-DAG: "name":"smooth(std::vector<double, std::allocator<double>>&) [inlined] loop {{.*}}inlined-frames.cpp:22"
// TRACE-DAG: "name":"count_primes(long) [inlined] loop {{.*}}inlined-frames.cpp:31"

// HTML: "inlined":[{{[01,]*1[01,]*}}]
