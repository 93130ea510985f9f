// What a region (begin and end), a HOTLINE_COUNT and an uncontended std::mutex lock/unlock cost,
// per operation, instrumented and plain. Build and run both (numbers in the issue notes):
//   clang++-22 -O2 -Iruntime/include -fplugin=build/plugin/HotlinePlugin.so \
//     -fplugin-arg-hotline-exclude='.*' bench/micro/region_and_lock_cost.cpp \
//     -Wl,--whole-archive build/runtime/libhotline_rt.a -Wl,--no-whole-archive -ldl -lpthread -o cost_hl
//   clang++-22 -O2 -Iruntime/include bench/micro/region_and_lock_cost.cpp -o cost_plain
//   HOTLINE_QUIET=1 ./cost_hl; ./cost_plain
#include <hotline/hotline.h>
#include <chrono>
#include <cstdio>
#include <mutex>
std::mutex m;
volatile long sink;
int main() {
  const int n = 5000000;
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) { HOTLINE_REGION("batch"); sink = sink + 1; }
  auto t1 = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) { HOTLINE_COUNT("samples", 1); }
  auto t2 = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) { m.lock(); sink = sink + 1; m.unlock(); }
  auto t3 = std::chrono::steady_clock::now();
  auto ns = [&](auto a, auto b) { return std::chrono::duration<double, std::nano>(b - a).count() / n; };
  std::printf("region %.1f ns, count %.1f ns, lock+unlock %.1f ns\n", ns(t0, t1), ns(t1, t2), ns(t2, t3));
}
