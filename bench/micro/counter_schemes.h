// The runtime half of counter_schemes.cpp, in its own translation unit (counter_schemes_runtime.cpp)
// so that, as with hotline's runtime, the instrumented code cannot see its values.
#pragma once

#include <cstdint>

extern "C" {
extern __thread uint64_t *scheme_thread_counters __attribute__((tls_model("initial-exec")));
extern __thread uint64_t scheme_tls_counters[4096] __attribute__((tls_model("initial-exec")));
extern uint64_t scheme_shared_counters[4096];
extern uint32_t scheme_module_base;
__attribute__((preserve_most)) void scheme_thread_counters_init();
__attribute__((preserve_most)) uint64_t *scheme_module_counters_init();
}
