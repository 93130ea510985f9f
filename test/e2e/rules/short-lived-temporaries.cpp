// short-lived-temporaries: a scratch block allocated and freed by every call is reported at its
// line; a scratch block the caller allocates once and lends to every call is not.
// RUN: %clangxx_hotline -O2 -g -DTRIGGER %s -o %t.trigger
// RUN: %clangxx_hotline -O2 -g %s -o %t.clean
// RUN: rm -rf %t.d && mkdir -p %t.d/trigger %t.d/clean
// RUN: env HOTLINE_DIR=%t.d/trigger %t.trigger && env HOTLINE_DIR=%t.d/clean %t.clean
// RUN: %hotline report %t.d/trigger/*.hotline | FileCheck %s --check-prefix=TRIGGER
// RUN: %hotline report %t.d/clean/*.hotline | FileCheck %s --check-prefix=CLEAN
// TRIGGER: [short-lived-temporaries] {{.*}}short-lived-temporaries.cpp:[[#]]: 20,000 blocks allocated here were freed before the call that allocated them returned.
// TRIGGER-NEXT: evidence: 20,000 of this place's 20,000 allocations
// CLEAN: Suggestions
// CLEAN-NOT: [short-lived-temporaries]

#include <cstdio>
#include <cstdlib>
#include <cstring>

volatile char *volatile sink;

__attribute__((noinline)) int checksum(const char *text, char *scratch) {
#ifdef TRIGGER
  scratch = static_cast<char *>(std::malloc(256));
#endif
  std::strcpy(scratch, text);
  sink = scratch;
  int sum = 0;
  for (int i = 0; scratch[i]; ++i)
    sum += scratch[i];
#ifdef TRIGGER
  std::free(scratch);
#endif
  return sum;
}

int main() {
  char *scratch = static_cast<char *>(std::malloc(256));
  long total = 0;
  for (int i = 0; i < 20000; ++i)
    total += checksum("a line of input text", scratch);
  std::free(scratch);
  std::printf("%ld\n", total);
  return 0;
}
