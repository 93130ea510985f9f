// Accuracy: a program whose true cost split is known. Three phases do the same kind of work in
// calls of very different lengths: ~50 ns, ~700 ns and ~1.7 ms. The plain build measures each
// phase itself (one clock read around each phase, no instrumentation) and prints the times;
// bench/run compares them with what hotline attributes to the phase functions.
//
// Each call starts from the previous call's result, so a phase's calls run one after the other
// and its time is the sum of its calls' times: what a profiler that times calls can measure.
// With the argument `overlap`, each call starts from its loop index instead. The calls' chains
// are then independent, and the CPU runs several of them at once in the plain build (the
// ~50 ns calls' phase runs several times faster), but not between a timed call's clock reads:
// the instrumented phase takes as long either way. bench/run reports that
// split too, as the limit of timing calls, with no target.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

static volatile double sink;
static bool overlap = false;

// A dependent chain of multiply-adds: its time is proportional to `rounds`.
__attribute__((noinline)) double spin(int rounds, double start) {
  double x = start;
  for (int i = 0; i < rounds; ++i)
    x = x * 0.9999999 + 0.5;
  return x;
}

__attribute__((noinline)) double tiny_call(double start) { return spin(30, start); }
__attribute__((noinline)) double small_call(double start) { return spin(400, start); }
__attribute__((noinline)) double large_call(double start) { return spin(1000000, start); }

// The next call's start: the previous result, or with `overlap` the loop index.
static double next_start(double previous, long i) { return overlap ? double(i) : previous + 1.0; }

__attribute__((noinline)) void phase_tiny(long calls) {
  double x = 0, sum = 0;
  for (long i = 0; i < calls; ++i) {
    x = tiny_call(next_start(x, i));
    sum += x;
  }
  sink = sum;
}

__attribute__((noinline)) void phase_small(long calls) {
  double x = 0, sum = 0;
  for (long i = 0; i < calls; ++i) {
    x = small_call(next_start(x, i));
    sum += x;
  }
  sink = sum;
}

__attribute__((noinline)) void phase_large(long calls) {
  double x = 0, sum = 0;
  for (long i = 0; i < calls; ++i) {
    x = large_call(next_start(x, i));
    sum += x;
  }
  sink = sum;
}

static int64_t now_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

int main(int argc, char **argv) {
  long scale = argc > 1 ? atol(argv[1]) : 10;
  overlap = argc > 2 && strcmp(argv[2], "overlap") == 0;
  if (scale <= 0 || (argc > 2 && !overlap) || argc > 3) {
    fprintf(stderr, "usage: split [SCALE [overlap]]\n");
    return 2;
  }
  struct Phase {
    const char *name;
    void (*run)(long);
    long calls;
  } phases[] = {{"phase_tiny(long)", phase_tiny, 250000 * scale},
                {"phase_small(long)", phase_small, 18000 * scale},
                {"phase_large(long)", phase_large, 6 * scale}};
  for (const Phase &p : phases) {
    int64_t start = now_ns();
    p.run(p.calls);
    printf("%s %lld\n", p.name, (long long)(now_ns() - start));
  }
  return 0;
}
