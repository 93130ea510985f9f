// A program whose three steps wait a planted time: 50 ms each, times 1 + 5% Gaussian noise
// drawn from the run's number (so every run of the history is reproducible), and parse() from
// run 20 on 1 + SLOW (default 0.15) times longer. Waits, not work: a loaded machine stretches
// computation, but hardly a 50 ms sleep (a few ms at worst), so the noise is the planted one.
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

static void wait_ms(double ms) {
  struct timespec time = {(time_t)(ms / 1000), (long)(fmod(ms, 1000) * 1e6)};
  while (nanosleep(&time, &time) != 0) {
  }
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
  printf("run %03d\n", run);
  return 0;
}
