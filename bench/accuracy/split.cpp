// Accuracy: a program whose true cost split is known. Three phases do the same kind of work in
// calls of very different lengths: ~40 ns, ~1 µs and ~3 ms. The plain build measures each
// phase itself (one clock read around each phase, no instrumentation) and prints the times;
// bench/run compares them with what hotline attributes to the phase functions.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>

static volatile double sink;

// A dependent chain of multiply-adds: its time is proportional to `rounds`. Every call starts
// from another value, so no call can be hoisted out of its loop.
__attribute__((noinline)) double spin(int rounds, double start) {
  double x = start;
  for (int i = 0; i < rounds; ++i)
    x = x * 0.9999999 + 0.5;
  return x;
}

__attribute__((noinline)) double tiny_call(double start) { return spin(30, start); }
__attribute__((noinline)) double small_call(double start) { return spin(400, start); }
__attribute__((noinline)) double large_call(double start) { return spin(1000000, start); }

__attribute__((noinline)) void phase_tiny(long calls) {
  double sum = 0;
  for (long i = 0; i < calls; ++i)
    sum += tiny_call(double(i));
  sink = sum;
}

__attribute__((noinline)) void phase_small(long calls) {
  double sum = 0;
  for (long i = 0; i < calls; ++i)
    sum += small_call(double(i));
  sink = sum;
}

__attribute__((noinline)) void phase_large(long calls) {
  double sum = 0;
  for (long i = 0; i < calls; ++i)
    sum += large_call(double(i));
  sink = sum;
}

static int64_t now_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

int main(int argc, char **argv) {
  long scale = argc > 1 ? atol(argv[1]) : 10;
  if (scale <= 0) {
    fprintf(stderr, "usage: split [SCALE]\n");
    return 2;
  }
  struct Phase {
    const char *name;
    void (*run)(long);
    long calls;
  } phases[] = {{"phase_tiny(long)", phase_tiny, 250000 * scale},
                {"phase_small(long)", phase_small, 9000 * scale},
                {"phase_large(long)", phase_large, 3 * scale}};
  for (const Phase &p : phases) {
    int64_t start = now_ns();
    p.run(p.calls);
    printf("%s %lld\n", p.name, (long long)(now_ns() - start));
  }
  return 0;
}
