// The runtime half of counter_schemes.cpp (counter_schemes.h says why it is apart).
#include "counter_schemes.h"

static uint64_t thread_counters[4096];

extern "C" {
__thread uint64_t *scheme_thread_counters = nullptr;
__thread uint64_t scheme_tls_counters[4096];
uint64_t scheme_shared_counters[4096];
uint32_t scheme_module_base = 100; // as if other modules had registered first

void scheme_thread_counters_init() { scheme_thread_counters = thread_counters; }
uint64_t *scheme_module_counters_init() { return thread_counters + scheme_module_base; }
}
