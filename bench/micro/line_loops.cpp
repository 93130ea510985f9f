// The loops whose iterations the line-counter micro benchmarks time; bench/run compiles this
// file twice (-DVARIANT=plain, and -DVARIANT=counted in hotline's line mode without timing).
// Both loops count the Collatz steps from v down to 1, whose number is known only at the end,
// so that line mode must count iterations as they run.
#include <stdint.h>

#define JOIN2(a, b) a##_##b
#define JOIN(a, b) JOIN2(a, b)

extern "C" uint64_t collatz_step(uint64_t v); // plain, in call_cost.cpp

// Each step without a branch: the loop is one block, and its count (one per iteration) stays
// in a register until the loop ends, since nothing in the loop can read it.
extern "C" __attribute__((noinline)) int JOIN(steps_in_registers, VARIANT)(uint64_t v) {
  int steps = 0;
  while (v != 1) {
    uint64_t odd = 0 - (v & 1);
    v = ((3 * v + 1) & odd) | ((v >> 1) & ~odd);
    ++steps;
  }
  return steps;
}

// Each step by a call to a plain function: the iteration's count, and the loop's work (its
// calls), stay in registers across the call too, and are added when the loop ends.
extern "C" __attribute__((noinline)) int JOIN(steps_with_call, VARIANT)(uint64_t v) {
  int steps = 0;
  while (v != 1) {
    v = collatz_step(v);
    ++steps;
  }
  return steps;
}
