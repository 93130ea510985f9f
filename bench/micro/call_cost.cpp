// Micro benchmarks: what one call costs when hotline times it or only counts it, next to the
// clock reads a timed call is made of, all measured on the same machine in the same run.
#include <benchmark/benchmark.h>

#include <time.h>
#include <x86intrin.h>

extern "C" int callee_plain(int);
extern "C" int callee_timed(int);
extern "C" int callee_counted(int);

static void clock_rdtsc(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(__rdtsc());
}

static void clock_rdtscp(benchmark::State &state) {
  unsigned cpu;
  for (auto _ : state)
    benchmark::DoNotOptimize(__rdtscp(&cpu));
}

template <clockid_t Clock> static void clock_gettime_ns(benchmark::State &state) {
  timespec ts;
  for (auto _ : state) {
    clock_gettime(Clock, &ts);
    benchmark::DoNotOptimize(ts);
  }
}

// Each call depends on the previous result, so calls cannot overlap or be skipped.
template <int (*Callee)(int)> static void call(benchmark::State &state) {
  int x = 0;
  for (auto _ : state) {
    x = Callee(x);
    benchmark::DoNotOptimize(x);
  }
}

BENCHMARK(clock_rdtsc)->Name("clock/rdtsc");
BENCHMARK(clock_rdtscp)->Name("clock/rdtscp");
BENCHMARK(clock_gettime_ns<CLOCK_MONOTONIC>)->Name("clock/clock_gettime_monotonic");
BENCHMARK(clock_gettime_ns<CLOCK_MONOTONIC_COARSE>)->Name("clock/clock_gettime_monotonic_coarse");
BENCHMARK(call<callee_plain>)->Name("call/plain");
BENCHMARK(call<callee_timed>)->Name("call/timed");
BENCHMARK(call<callee_counted>)->Name("call/counted");

BENCHMARK_MAIN();
