// A program whose only calls after the first stop are of the stopped function: main() calls
// tiny() 100 million times and nothing else. The re-timing windows start at the first stop
// (runtime/src/timing_policy.h); when they waited for the next timed call to end, this program
// never had one, and tiny's 99,999,000 later calls were estimated from its first 1,000, at
// their mean less the cost of timing: 0.3 ns a call, 12% of the run (perf on the plain build
// puts 91% of the samples in tiny). A 6-instruction function records hardly more than an
// empty one does, so the windows' mean is near zero as well; no call is estimated below what
// an untimed call of an empty function costs (TIMING_COST's untimed_call_ps), which keeps
// tiny above a quarter of the run.
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-min-instructions=0 %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: env HOTLINE_DIR=%t.d %t 100000000 | FileCheck %s --check-prefix=OUT
// RUN: %hotline report --format json --top 0 %t.d/*.hotline > %t.json
// RUN: python3 -c "import json,sys; fs = {f['name'].split('(')[0]: f for f in json.load(open(sys.argv[1]))['functions']}; \
// RUN:   tiny = fs['tiny']; \
// RUN:   assert tiny['calls'] == 100000000 and tiny.get('timing_stopped') and tiny['window_calls'] >= 32, tiny; \
// RUN:   assert tiny['self_percent'] > 25, tiny; print('from windows')" %t.json \
// RUN:   | FileCheck %s --check-prefix=JSON
// OUT: 1
// JSON: from windows

#include <cstdint>
#include <cstdio>
#include <cstdlib>

__attribute__((noinline)) uint64_t tiny(uint64_t state) {
  state ^= state << 13;
  state ^= state >> 7;
  return state ^ (state << 17);
}

int main(int argc, char **argv) {
  long calls = argc > 1 ? atol(argv[1]) : 0;
  uint64_t state = 88172645463325252u;
  for (long i = 0; i < calls; ++i)
    state = tiny(state);
  printf("%llu\n", (unsigned long long)(state & 1));
}
