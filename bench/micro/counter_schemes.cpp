// What an exact per-thread call count costs in an interpreter's handlers, for the ways a
// compiler plugin can keep per-thread counters. bench/run builds this file once per way
// (-DSCHEME_<way>, the `hand-*` builds), once with no counting (`plain`) and once with
// hotline counting it (`hotline-counts`), and runs them interleaved. The interpreter is a
// handler-per-opcode dispatch loop like workloads/bytecode_vm.cpp's, with its checks and
// vectors; its handlers are a few instructions long, the shape in which a count costs the most
// next to the work it counts. Each counting build checks its counts before it prints.
//
//   (none)               no counting: the baseline
//   hotline              hotline's scheme (plugin/CounterLowering.cpp): the runtime's TLS
//                        pointer to the thread's counters (initial-exec), a null check that
//                        jumps to a cold thunk on the thread's first count, the module's base,
//                        and one increment
//   module_tls_pointer   the module's own TLS pointer (local-exec) to its slice of the thread's
//                        counters: no base to load
//   module_tls_array     the module's counters themselves as a TLS array (local-exec): one
//                        increment at a fixed %fs offset, no check; the array is in every
//                        thread's static TLS, so it takes that much from every thread's stack
//   runtime_tls_array    one TLS array in the runtime (initial-exec), indexed by the module's
//                        base: no check, but an indexed %fs increment
//   shared_global        one array shared by every thread: not exact once threads count the
//                        same function at once, and threads that do contend for its lines; the
//                        floor of what a count costs
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <vector>

#include "counter_schemes.h"

#if defined(SCHEME_hotline)
#define SCHEME_NAME "hotline"
#define COUNT(index, first_count_thunk)                                                          \
    do {                                                                                         \
        uint64_t *counters = scheme_thread_counters;                                             \
        if (__builtin_expect(!counters, 0)) return first_count_thunk;                            \
        counters[scheme_module_base + (index)]++;                                                \
    } while (0)
#define FIRST_COUNT() scheme_thread_counters_init()
#define COUNTERS (scheme_thread_counters + scheme_module_base)
#elif defined(SCHEME_module_tls_pointer)
#define SCHEME_NAME "module_tls_pointer"
static __thread uint64_t *module_counters __attribute__((tls_model("local-exec")));
#define COUNT(index, first_count_thunk)                                                          \
    do {                                                                                         \
        uint64_t *counters = module_counters;                                                    \
        if (__builtin_expect(!counters, 0)) return first_count_thunk;                            \
        counters[index]++;                                                                       \
    } while (0)
#define FIRST_COUNT() (module_counters = scheme_module_counters_init())
#define COUNTERS module_counters
#elif defined(SCHEME_module_tls_array)
#define SCHEME_NAME "module_tls_array"
static __thread uint64_t module_counters[64] __attribute__((tls_model("local-exec")));
#define COUNT(index, first_count_thunk) module_counters[index]++
#define FIRST_COUNT()
#define COUNTERS module_counters
#elif defined(SCHEME_runtime_tls_array)
#define SCHEME_NAME "runtime_tls_array"
#define COUNT(index, first_count_thunk) scheme_tls_counters[scheme_module_base + (index)]++
#define FIRST_COUNT()
#define COUNTERS (scheme_tls_counters + scheme_module_base)
#elif defined(SCHEME_shared_global)
#define SCHEME_NAME "shared_global"
#define COUNT(index, first_count_thunk) scheme_shared_counters[scheme_module_base + (index)]++
#define FIRST_COUNT()
#define COUNTERS (scheme_shared_counters + scheme_module_base)
#else
#define SCHEME_NAME "none"
#define COUNT(index, first_count_thunk)
#define FIRST_COUNT()
#endif

namespace {

constexpr int kStackSize = 64;
constexpr int kHandlers = 9;

struct Vm;
struct Instr {
    void (*handler)(Vm &, const Instr &);
    int64_t operand;
};

struct Vm {
    std::vector<Instr> code;
    std::vector<int64_t> stack = std::vector<int64_t>(kStackSize);
    std::vector<int64_t> locals = std::vector<int64_t>(4);
    size_t sp = 0;
    size_t pc = 0;
    bool running = true;
};

[[noreturn]] __attribute__((noinline, cold)) void fail(const char *what) {
    std::fprintf(stderr, "counter_schemes: %s\n", what);
    std::exit(1);
}

// A handler, and the cold thunk its first count jumps to (as the plugin's): the thunk does the
// first count's work and calls the handler again, so the handler itself needs no stack frame.
#define HANDLER(name, index, ...)                                                                \
    void name(Vm &vm, const Instr &in);                                                          \
    __attribute__((noinline, cold)) void first_count_##name(Vm &vm, const Instr &in) {           \
        FIRST_COUNT();                                                                           \
        name(vm, in);                                                                            \
    }                                                                                            \
    __attribute__((noinline)) void name(Vm &vm, const Instr &in) {                               \
        (void)in;                                                                                \
        COUNT(index, first_count_##name(vm, in));                                                \
        __VA_ARGS__                                                                              \
    }

int64_t pop(Vm &vm) {
    if (vm.sp == 0) fail("stack underflow");
    return vm.stack[--vm.sp];
}
void push(Vm &vm, int64_t v) {
    if (vm.sp == kStackSize) fail("stack overflow");
    vm.stack[vm.sp++] = v;
}

HANDLER(op_push, 0, { push(vm, in.operand); })
HANDLER(op_load, 1, { push(vm, vm.locals[in.operand]); })
HANDLER(op_store, 2, { vm.locals[in.operand] = pop(vm); })
HANDLER(op_add, 3, {
    int64_t b = pop(vm), a = pop(vm);
    push(vm, int64_t(uint64_t(a) + uint64_t(b)));
})
HANDLER(op_mul, 4, {
    int64_t b = pop(vm), a = pop(vm);
    push(vm, int64_t(uint64_t(a) * uint64_t(b)));
})
HANDLER(op_xor_shift, 5, {
    int64_t a = pop(vm);
    push(vm, a ^ (a >> 13));
})
HANDLER(op_dec, 6, { vm.locals[in.operand]--; })
HANDLER(op_jnz_local, 7, {
    if (vm.locals[in.operand] != 0) vm.pc = 0;
})
HANDLER(op_halt, 8, { vm.running = false; })

// locals[0] counts down the rounds; locals[1] is the running hash.
const Instr kProgram[] = {
    {op_load, 1},  {op_push, 0x9e3779b9}, {op_mul, 0}, {op_xor_shift, 0}, {op_load, 0},
    {op_add, 0},   {op_store, 1},         {op_dec, 0}, {op_jnz_local, 0}, {op_halt, 0},
};

__attribute__((noinline)) int64_t run(int64_t rounds) {
    Vm vm;
    vm.code.assign(std::begin(kProgram), std::end(kProgram));
    vm.locals[0] = rounds;
    vm.locals[1] = 1;
    while (vm.running) {
        const Instr &in = vm.code[vm.pc++];
        in.handler(vm, in);
    }
    return vm.locals[1];
}

} // namespace

int main(int argc, char **argv) {
    long scale = argc == 2 ? std::strtol(argv[1], nullptr, 10) : 10;
    if (scale <= 0) {
        std::fprintf(stderr, "usage: counter_schemes [SCALE]\n");
        return 2;
    }
    int64_t rounds = int64_t(scale) * 4000000;
    int64_t hash = run(rounds);
    // Every round runs the program's first 9 instructions; the last one then halts.
    uint64_t calls = uint64_t(rounds) * 9 + 1;
#ifdef COUNTERS
    uint64_t counted = 0;
    for (int i = 0; i < kHandlers; ++i) counted += COUNTERS[i];
    if (counted != calls) {
        std::fprintf(stderr, "counter_schemes (%s): counted %llu calls of %llu\n", SCHEME_NAME,
                     static_cast<unsigned long long>(counted), static_cast<unsigned long long>(calls));
        return 1;
    }
#endif
    std::printf("hash %lld after %llu calls\n", static_cast<long long>(hash), static_cast<unsigned long long>(calls));
    return 0;
}
