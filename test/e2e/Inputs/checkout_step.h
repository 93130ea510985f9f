// A header of diff-checkouts.cpp's program: a function small enough that the runtime stops
// timing it.
#pragma once

__attribute__((noinline)) inline unsigned long step(unsigned long x) {
  asm volatile("" ::: "memory");
  return x * 6364136223846793005ul + 1442695040888963407ul;
}
