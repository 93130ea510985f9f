// The profile says how much of the process's memory was hotline's own: resident pages of the
// runtime's regions when the profile was written, more with more threads (each has its own
// counters and call tree), and always less than the peak RSS.
// RUN: %clangxx_hotline -O2 -g -std=c++17 -pthread %s -o %t
// RUN: rm -rf %t.one %t.many && mkdir -p %t.one %t.many
// RUN: env HOTLINE_DIR=%t.one %t 1 | FileCheck %s --check-prefix=OUT
// RUN: env HOTLINE_DIR=%t.many %t 16 | FileCheck %s --check-prefix=OUT
// OUT: done
// RUN: %hotline memory --format json %t.one/*.hotline > %t.one.json
// RUN: %hotline memory --format json %t.many/*.hotline > %t.many.json
// RUN: python3 -c "import json,sys; one, many = (json.load(open(f))['heap'] for f in sys.argv[1:]); \
// RUN:   assert 0 < one['runtime_resident_bytes'] < one['peak_rss_bytes'], one; \
// RUN:   assert 0 < many['runtime_resident_bytes'] < many['peak_rss_bytes'], many; \
// RUN:   assert many['runtime_resident_bytes'] > one['runtime_resident_bytes'], (one, many); print('ok')" \
// RUN:   %t.one.json %t.many.json | FileCheck %s --check-prefix=JSON
// JSON: ok
// RUN: %hotline memory %t.many/*.hotline | FileCheck %s
// CHECK: Peak RSS {{.*}}; hotline's own memory {{[0-9.]+ [kM]B}} of it at the end

#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

__attribute__((noinline)) long work(long n) {
  long sum = 0;
  for (long i = 0; i < n; ++i)
    sum += i % 7;
  return sum;
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? std::atoi(argv[1]) : 1;
  std::vector<std::thread> pool;
  std::vector<long> sums(threads);
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] { sums[t] = work(100000 + t); });
  for (std::thread &thread : pool)
    thread.join();
  std::printf("done\n");
}
