// A program whose three steps wait a planted time: 50 ms each, times 1 + 5% Gaussian noise
// drawn from the run's number (so every run of the history is reproducible), and parse() from
// run 20 on 1 + SLOW (default 0.15) times longer. Waits, not work: a loaded machine stretches
// computation, but hardly a 50 ms sleep, so the noise is the planted one. Hardly: a loaded VM
// once woke a real-time sleeper 30 ms late (+64% on a step). With STEPS_EXACT=1 in the
// environment (Inputs/record-steps.sh, for the tests whose gates need the planted noise), a
// run whose wait overran by more than 2 ms says so and exits 3, and is recorded again; the
// tests that only need profiles to store run it without.
//   steps RUN [SLOW]
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static unsigned long long state;

// splitmix64: consecutive seeds give unrelated numbers.
static unsigned long long next_random(void) {
  unsigned long long z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// A standard normal number (Box-Muller).
static double normal(void) {
  double u1 = ((next_random() >> 11) + 1.0) / 9007199254740993.0;
  double u2 = (next_random() >> 11) / 9007199254740992.0;
  return sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2);
}

static double overran_ms = 0; // the most a wait took beyond what it asked for

static inline __attribute__((always_inline)) double now_ms(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

// Inlined, so that each step's wait is its own self time.
static inline __attribute__((always_inline)) void wait_ms(double ms) {
  double start = now_ms();
  struct timespec time = {(time_t)(ms / 1000), (long)(fmod(ms, 1000) * 1e6)};
  while (nanosleep(&time, &time) != 0) {
  }
  double overran = now_ms() - start - ms;
  if (overran > overran_ms)
    overran_ms = overran;
}

__attribute__((noinline)) void load(double factor) { wait_ms(50 * factor); }
__attribute__((noinline)) void parse(double factor) { wait_ms(50 * factor); }
__attribute__((noinline)) void compute(double factor) { wait_ms(50 * factor); }

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  int run = atoi(argv[1]);
  double slow = argc > 2 ? atof(argv[2]) : 0.15;
  state = 1000 + (unsigned long long)run;
  double load_noise = 1 + 0.05 * normal();
  double parse_noise = 1 + 0.05 * normal();
  double compute_noise = 1 + 0.05 * normal();
  load(load_noise);
  parse(parse_noise * (run >= 20 ? 1 + slow : 1));
  compute(compute_noise);
  double before_print = now_ms();
  printf("run %03d\n", run);
  double print_ms = now_ms() - before_print;
  const char *exact = getenv("STEPS_EXACT");
  if (exact && exact[0] == '1' && overran_ms > 2) {
    fprintf(stderr, "steps: run %d: a wait overran by %.1f ms\n", run, overran_ms);
    return 3;
  }
  // The print, main's own time, took about 1 ms; a stalled VM once made it 7.4 ms, and the
  // gate flagged main and the print's I/O as regressions (LLVM 19's lit, 2026-12-02).
  if (exact && exact[0] == '1' && print_ms > 4) {
    fprintf(stderr, "steps: run %d: the print took %.1f ms\n", run, print_ms);
    return 3;
  }
  return 0;
}
