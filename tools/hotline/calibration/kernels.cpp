// Peak-rate kernels: independent FMA chains in vector registers, compiled for
// each x86 ISA level and chosen at run time, and a STREAM-like triad.
//
// hotline is built for baseline x86-64, so the wide variants carry their own
// target attribute and run only where __builtin_cpu_supports says so.
#include "calibration/kernels.h"

#include <algorithm>
#include <cstddef>
#include <ctime>
#include <vector>

namespace hotline::calibration {

namespace {

// Independent accumulators: enough to cover FMA latency (4-5 cycles) times the
// FMA ports (2) on current cores, and few enough to stay in the 16 registers of
// SSE2/AVX2 next to the two operands.
constexpr int kChains = 12;
constexpr double kRepetitionSeconds = 0.1;
constexpr int kRepetitions = 3;

// The result of every kernel lands here, so that no loop is dead code.
volatile double g_sink;

// The calling thread's CPU time: a kernel preempted by another process (a
// busy machine, parallel tests) is not charged for the time it waited, as a
// loop's sampled time is not.
double thread_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return double(now.tv_sec) + double(now.tv_nsec) * 1e-9;
}

// acc = acc * a + b on kChains vectors, `iterations` times; returns the sum
// of every lane, so the work is used. With a just below 1 and b small the
// accumulators converge to b / (1 - a): no overflow, no denormals.
//
// always_inline: the body is compiled inside each target-attributed caller
// and so gets that caller's instructions. Vectors never cross a call, which
// would change the ABI between ISA levels.
template <typename V, typename T, bool kFused>
[[gnu::always_inline]] inline double fma_chains(uint64_t iterations, double a, double b) {
  const V va = V{} + T(a);
  const V vb = V{} + T(b);
  V acc[kChains];
  for (int k = 0; k < kChains; ++k)
    acc[k] = V{} + T(k + 1);
  for (uint64_t i = 0; i < iterations; ++i) {
    for (int k = 0; k < kChains; ++k) {
      if constexpr (kFused)
        acc[k] = __builtin_elementwise_fma(acc[k], va, vb);
      else
        acc[k] = acc[k] * va + vb;
    }
  }
  V total = acc[0];
  for (int k = 1; k < kChains; ++k)
    total += acc[k];
  double sum = 0;
  for (size_t lane = 0; lane < sizeof(V) / sizeof(T); ++lane)
    sum += double(total[lane]);
  return sum;
}

using ChainsFunction = double (*)(uint64_t iterations, double a, double b);

struct FlopVariant {
  const char *isa;
  int bytes_per_vector;
  ChainsFunction f32;
  ChainsFunction f64;
};

typedef float v4f __attribute__((vector_size(16)));
typedef double v2d __attribute__((vector_size(16)));

// The baseline: SSE2 on x86-64, separate multiply and add (there is no FMA).
// Elsewhere the compiler contracts acc * a + b into the target's FMA.
[[gnu::noinline]] double chains_base_f32(uint64_t n, double a, double b) {
  return fma_chains<v4f, float, false>(n, a, b);
}
[[gnu::noinline]] double chains_base_f64(uint64_t n, double a, double b) {
  return fma_chains<v2d, double, false>(n, a, b);
}

#if defined(__x86_64__)
typedef float v8f __attribute__((vector_size(32)));
typedef double v4d __attribute__((vector_size(32)));
typedef float v16f __attribute__((vector_size(64)));
typedef double v8d __attribute__((vector_size(64)));

[[gnu::noinline, gnu::target("avx2,fma")]] double chains_avx2_f32(uint64_t n, double a, double b) {
  return fma_chains<v8f, float, true>(n, a, b);
}
[[gnu::noinline, gnu::target("avx2,fma")]] double chains_avx2_f64(uint64_t n, double a, double b) {
  return fma_chains<v4d, double, true>(n, a, b);
}
[[gnu::noinline, gnu::target("avx512f")]] double chains_avx512_f32(uint64_t n, double a, double b) {
  return fma_chains<v16f, float, true>(n, a, b);
}
[[gnu::noinline, gnu::target("avx512f")]] double chains_avx512_f64(uint64_t n, double a, double b) {
  return fma_chains<v8d, double, true>(n, a, b);
}
#endif

FlopVariant widest_variant() {
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f"))
    return {"avx512f", 64, chains_avx512_f32, chains_avx512_f64};
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    return {"avx2+fma", 32, chains_avx2_f32, chains_avx2_f64};
  return {"sse2", 16, chains_base_f32, chains_base_f64};
#else
  return {"generic", 16, chains_base_f32, chains_base_f64};
#endif
}

// Seconds for one call of chains(iterations).
double time_chains(ChainsFunction chains, uint64_t iterations) {
  double start = thread_seconds();
  g_sink = chains(iterations, 0.999, 0.001);
  return thread_seconds() - start;
}

// FLOP/s of the best of kRepetitions runs of ~kRepetitionSeconds each.
double flop_rate(ChainsFunction chains, int lanes) {
  // Find how many iterations take long enough to time well, then scale.
  uint64_t iterations = 1 << 12;
  double seconds = time_chains(chains, iterations);
  while (seconds < 0.01) {
    iterations *= 4;
    seconds = time_chains(chains, iterations);
  }
  iterations = std::max<uint64_t>(1, uint64_t(double(iterations) * kRepetitionSeconds / seconds));
  double best = 1e300;
  for (int repetition = 0; repetition < kRepetitions; ++repetition)
    best = std::min(best, time_chains(chains, iterations));
  double flops = 2.0 * double(iterations) * kChains * lanes;
  return flops / best;
}

// Separate function so the compiler sees three distinct arrays and cannot
// drop the stores.
[[gnu::noinline]] void triad(double *__restrict a, const double *__restrict b,
                             const double *__restrict c, double s, size_t n) {
  for (size_t i = 0; i < n; ++i)
    a[i] = b[i] + s * c[i];
}

} // namespace

FlopPeaks measure_flop_peaks() {
  FlopVariant variant = widest_variant();
  FlopPeaks peaks;
  peaks.isa = variant.isa;
  peaks.flops32_per_s = flop_rate(variant.f32, variant.bytes_per_vector / int(sizeof(float)));
  peaks.flops64_per_s = flop_rate(variant.f64, variant.bytes_per_vector / int(sizeof(double)));
  return peaks;
}

double measure_triad_bandwidth() {
  // 64 MiB per array, 192 MiB in all: twice to six times the last-level cache
  // one core can use on current x86 servers (32-96 MiB), so every pass streams
  // from memory (on a 32 MiB-L3 EPYC the rate is flat from 32 MiB per array).
  constexpr size_t kElements = size_t(8) << 20;
  constexpr int kPasses = 10; // the first is not timed: it warms the TLB
  // The constructors write every element: the pages are mapped before timing.
  std::vector<double> a(kElements, 0.0), b(kElements, 1.0), c(kElements, 2.0);
  double best = 1e300;
  for (int pass = 0; pass < kPasses; ++pass) {
    double start = thread_seconds();
    triad(a.data(), b.data(), c.data(), 3.0, kElements);
    double seconds = thread_seconds() - start;
    if (pass > 0)
      best = std::min(best, seconds);
  }
  g_sink = a[kElements / 2];
  return 24.0 * double(kElements) / best;
}

} // namespace hotline::calibration
