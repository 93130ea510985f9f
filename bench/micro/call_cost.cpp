// Micro benchmarks: what one call costs when hotline times it or only counts it, next to the
// clock reads a timed call is made of; what line mode's count of a loop iteration costs; what
// hotline's heap hooks add to a malloc and its free. All measured on the same machine in the
// same run.
#include <benchmark/benchmark.h>

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <x86intrin.h>

extern "C" int callee_plain(int);
extern "C" int callee_timed(int);
extern "C" int callee_counted(int);
extern "C" int callee_clock_reads(int);

extern "C" int steps_in_registers_plain(uint64_t);
extern "C" int steps_in_registers_counted(uint64_t);
extern "C" int steps_with_call_plain(uint64_t);
extern "C" int steps_with_call_counted(uint64_t);

// glibc's own malloc and free, which hotline's hooks (the program's malloc and free) forward to.
extern "C" void *__libc_malloc(size_t);
extern "C" void __libc_free(void *);

extern "C" __attribute__((noinline)) uint64_t collatz_step(uint64_t v) {
  return v & 1 ? 3 * v + 1 : v / 2;
}

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

// One call runs a loop of state.counters["steps"] iterations (the Collatz steps from 27).
template <int (*Steps)(uint64_t)> static void loop(benchmark::State &state) {
  uint64_t start = 27;
  int steps = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(start);
    steps = Steps(start);
    benchmark::DoNotOptimize(steps);
  }
  state.counters["steps"] = steps;
}

// A block allocated and freed at once: the allocator hands the same block back each time.
template <void *(*Allocate)(size_t), void (*Release)(void *)>
static void allocation(benchmark::State &state) {
  for (auto _ : state) {
    void *p = Allocate(32);
    benchmark::DoNotOptimize(p);
    Release(p);
  }
}

// 4,096 blocks of 16 to 256 bytes held at a time: each step frees the oldest and allocates
// one, so blocks live for 4,095 other allocations, as in a program's containers.
template <void *(*Allocate)(size_t), void (*Release)(void *)>
static void allocation_held(benchmark::State &state) {
  constexpr size_t kHeld = 4096;
  static void *held[kHeld];
  for (size_t i = 0; i < kHeld; ++i)
    held[i] = Allocate(16);
  size_t oldest = 0;
  for (auto _ : state) {
    Release(held[oldest]);
    held[oldest] = Allocate(16 + (oldest * 7 & 15) * 16);
    benchmark::DoNotOptimize(held[oldest]);
    oldest = (oldest + 1) % kHeld;
  }
  for (void *p : held)
    Release(p);
}

BENCHMARK(clock_rdtsc)->Name("clock/rdtsc");
BENCHMARK(clock_rdtscp)->Name("clock/rdtscp");
BENCHMARK(clock_gettime_ns<CLOCK_MONOTONIC>)->Name("clock/clock_gettime_monotonic");
BENCHMARK(clock_gettime_ns<CLOCK_MONOTONIC_COARSE>)->Name("clock/clock_gettime_monotonic_coarse");
BENCHMARK(call<callee_plain>)->Name("call/plain");
BENCHMARK(call<callee_timed>)->Name("call/timed");
BENCHMARK(call<callee_counted>)->Name("call/counted");
BENCHMARK(call<callee_clock_reads>)->Name("call/two_clock_reads");
BENCHMARK(loop<steps_in_registers_plain>)->Name("line/plain_in_registers");
BENCHMARK(loop<steps_in_registers_counted>)->Name("line/counted_in_registers");
BENCHMARK(loop<steps_with_call_plain>)->Name("line/plain_with_call");
BENCHMARK(loop<steps_with_call_counted>)->Name("line/counted_with_call");
// After the calls above: the runtime has started, as it has when a program allocates.
BENCHMARK(allocation<__libc_malloc, __libc_free>)->Name("allocation/plain");
BENCHMARK(allocation<malloc, free>)->Name("allocation/tracked");
BENCHMARK(allocation_held<__libc_malloc, __libc_free>)->Name("allocation/plain_held");
BENCHMARK(allocation_held<malloc, free>)->Name("allocation/tracked_held");

BENCHMARK_MAIN();
