// A small library, included with -isystem in system-headers.cpp: one accessor without a
// loop, one function with a loop.
#pragma once

struct Ring {
  int values[8];
  int at(int i) const { return values[i & 7]; }
  int total() const {
    int sum = 0;
    for (int v : values)
      sum += v;
    return sum;
  }
};
