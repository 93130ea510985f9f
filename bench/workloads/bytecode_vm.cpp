// Interpreter workload: assembles a small stack-machine program and runs it through a handler-per-opcode dispatch loop.
#include "workload.h"
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {


// The program the VM runs. `func NAME LOCALS...` starts a function and names its local slots (arguments
// first); instructions on one line are separated by commas; `;` starts a comment. Each round runs
// three classic integer kernels on inputs that vary with the round, and EMITs their results.
const char* const kScript = R"(
func main rounds r
    arg, push 5, mul, store rounds, push 0, store r                   ; SCALE x 5 rounds
next_round:
    load r, load rounds, lt, jz finished
    load r, push 8, mod, push 10000, add, call count_primes 1, emit   ; primes below ~10000
    load r, push 16, mod, push 1500, add, call collatz_total 1, emit  ; collatz steps of 1..~1500
    load r, push 3, mod, push 19, add, call fib 1, emit               ; fib(19..21), recursively
    inc r, jmp next_round
finished:
    halt

func count_primes n count p
    push 0, store count, push 2, store p
cp_loop:
    load p, load n, lt, jz cp_done
    load p, call is_prime 1, load count, add, store count
    inc p, jmp cp_loop
cp_done:
    load count, ret

func is_prime p d                  ; trial division
    push 2, store d
ip_loop:
    load d, load d, mul, load p, gt, jnz ip_yes
    load p, load d, mod, jz ip_no
    inc d, jmp ip_loop
ip_yes:
    push 1, ret
ip_no:
    push 0, ret

func collatz_total n k total
    push 0, store total, push 1, store k
ct_loop:
    load k, load n, gt, jnz ct_done
    load k, call collatz_steps 1, load total, add, store total
    inc k, jmp ct_loop
ct_done:
    load total, ret

func collatz_steps x steps
    push 0, store steps
cs_loop:
    load x, push 1, eq, jnz cs_done
    inc steps
    load x, push 2, mod, jz cs_even
    load x, push 3, mul, push 1, add, store x, jmp cs_loop
cs_even:
    load x, push 2, div, store x, jmp cs_loop
cs_done:
    load steps, ret

func fib n
    load n, push 2, lt, jz fib_rec
    load n, ret
fib_rec:
    load n, push 1, sub, call fib 1
    load n, push 2, sub, call fib 1
    add, ret
)";

[[noreturn]] void fail(const std::string& msg) {
    std::fprintf(stderr, "bytecode_vm: %s\n", msg.c_str());
    std::exit(1);
}

constexpr int kMaxLocals = 8;
constexpr size_t kStackSize = 1024;
constexpr size_t kMaxFrames = 256;

struct VM;
struct Instr;
using Handler = void (*)(VM&, const Instr&);

// Instructions hold their handler directly, as pre-decoded ("direct call") interpreters do.
struct Instr {
    Handler fn;
    int64_t a;  // immediate, local slot, or jump target
    int64_t b;  // argument count of CALL
};

struct Frame {
    size_t return_pc;
    size_t locals_base;
};

struct VM {
    std::vector<Instr> code;
    std::vector<int64_t> stack = std::vector<int64_t>(kStackSize);
    std::vector<int64_t> locals;
    std::vector<Frame> frames;
    size_t sp = 0;
    size_t pc = 0;
    bool running = true;
    int64_t input = 0;
    uint64_t checksum = 0;
    uint64_t steps = 0;
};

void push(VM& vm, int64_t v) {
    if (vm.sp == kStackSize) fail("stack overflow");
    vm.stack[vm.sp++] = v;
}

int64_t pop(VM& vm) {
    if (vm.sp == 0) fail("stack underflow");
    return vm.stack[--vm.sp];
}

int64_t& local(VM& vm, int64_t slot) { return vm.locals[vm.frames.back().locals_base + static_cast<size_t>(slot)]; }

// Frame setup and teardown are out of line in real interpreters too: they are too big to inline everywhere.
__attribute__((noinline)) void enter_frame(VM& vm, size_t target, int64_t nargs) {
    if (vm.frames.size() == kMaxFrames) fail("call stack overflow");
    size_t base = vm.locals.size();
    vm.locals.resize(base + kMaxLocals, 0);
    for (int64_t i = nargs - 1; i >= 0; --i) vm.locals[base + static_cast<size_t>(i)] = pop(vm);
    vm.frames.push_back({vm.pc, base});
    vm.pc = target;
}

__attribute__((noinline)) void leave_frame(VM& vm) {
    Frame f = vm.frames.back();
    vm.frames.pop_back();
    vm.locals.resize(f.locals_base);
    vm.pc = f.return_pc;
}

// Arithmetic wraps like the hardware instead of being undefined on overflow.
int64_t wrap(uint64_t v) { return static_cast<int64_t>(v); }

void op_push(VM& vm, const Instr& in) { push(vm, in.a); }
void op_load(VM& vm, const Instr& in) { push(vm, local(vm, in.a)); }
void op_store(VM& vm, const Instr& in) { local(vm, in.a) = pop(vm); }
void op_inc(VM& vm, const Instr& in) { local(vm, in.a) = wrap(static_cast<uint64_t>(local(vm, in.a)) + 1); }
void op_arg(VM& vm, const Instr&) { push(vm, vm.input); }
void op_add(VM& vm, const Instr&) {
    int64_t b = pop(vm), a = pop(vm);
    push(vm, wrap(static_cast<uint64_t>(a) + static_cast<uint64_t>(b)));
}
void op_sub(VM& vm, const Instr&) {
    int64_t b = pop(vm), a = pop(vm);
    push(vm, wrap(static_cast<uint64_t>(a) - static_cast<uint64_t>(b)));
}
void op_mul(VM& vm, const Instr&) {
    int64_t b = pop(vm), a = pop(vm);
    push(vm, wrap(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)));
}
void op_div(VM& vm, const Instr&) {
    int64_t b = pop(vm), a = pop(vm);
    if (b == 0) fail("division by zero");
    push(vm, a / b);
}
void op_mod(VM& vm, const Instr&) {
    int64_t b = pop(vm), a = pop(vm);
    if (b == 0) fail("division by zero");
    push(vm, a % b);
}
void op_lt(VM& vm, const Instr&) {
    int64_t b = pop(vm), a = pop(vm);
    push(vm, a < b);
}
void op_gt(VM& vm, const Instr&) {
    int64_t b = pop(vm), a = pop(vm);
    push(vm, a > b);
}
void op_eq(VM& vm, const Instr&) {
    int64_t b = pop(vm), a = pop(vm);
    push(vm, a == b);
}
void op_jmp(VM& vm, const Instr& in) { vm.pc = static_cast<size_t>(in.a); }
void op_jz(VM& vm, const Instr& in) {
    if (pop(vm) == 0) vm.pc = static_cast<size_t>(in.a);
}
void op_jnz(VM& vm, const Instr& in) {
    if (pop(vm) != 0) vm.pc = static_cast<size_t>(in.a);
}
void op_call(VM& vm, const Instr& in) { enter_frame(vm, static_cast<size_t>(in.a), in.b); }
void op_ret(VM& vm, const Instr&) {
    int64_t result = pop(vm);
    leave_frame(vm);
    push(vm, result);
}
void op_emit(VM& vm, const Instr&) {
    vm.checksum = (vm.checksum ^ static_cast<uint64_t>(pop(vm))) * 0x100000001b3ULL;
}
void op_halt(VM& vm, const Instr&) { vm.running = false; }

enum class Operand { None, Int, Local, Label, LabelInt };

struct OpInfo {
    const char* name;
    Operand operand;
    Handler fn;
};

const OpInfo kOps[] = {
    {"push", Operand::Int, op_push},     {"load", Operand::Local, op_load}, {"store", Operand::Local, op_store},
    {"inc", Operand::Local, op_inc},     {"arg", Operand::None, op_arg},    {"add", Operand::None, op_add},
    {"sub", Operand::None, op_sub},      {"mul", Operand::None, op_mul},    {"div", Operand::None, op_div},
    {"mod", Operand::None, op_mod},      {"lt", Operand::None, op_lt},      {"gt", Operand::None, op_gt},
    {"eq", Operand::None, op_eq},        {"jmp", Operand::Label, op_jmp},   {"jz", Operand::Label, op_jz},
    {"jnz", Operand::Label, op_jnz},     {"call", Operand::LabelInt, op_call}, {"ret", Operand::None, op_ret},
    {"emit", Operand::None, op_emit},    {"halt", Operand::None, op_halt},
};

const OpInfo& find_op(const std::string& name) {
    for (const OpInfo& op : kOps)
        if (name == op.name) return op;
    fail("unknown instruction '" + name + "'");
}

int64_t parse_int(const std::string& s) {
    char* end = nullptr;
    long long v = std::strtoll(s.c_str(), &end, 10);
    if (s.empty() || *end != '\0') fail("bad number '" + s + "'");
    return v;
}

std::string trim(const std::string& s) {
    size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// Two passes in one: labels may be used before they are defined, so jumps are patched at the end.
std::vector<Instr> assemble(const std::string& source) {
    std::vector<Instr> code;
    std::map<std::string, size_t> labels;
    std::vector<std::pair<size_t, std::string>> fixups;
    std::map<std::string, int64_t> local_slots;
    std::istringstream lines(source);
    std::string line;
    while (std::getline(lines, line)) {
        line = trim(line.substr(0, line.find(';')));
        if (line.empty()) continue;
        std::istringstream words(line);
        std::string first;
        words >> first;
        if (first == "func") {
            std::string name, slot;
            words >> name;
            labels[name] = code.size();
            local_slots.clear();
            while (words >> slot) {
                int64_t index = static_cast<int64_t>(local_slots.size());
                if (index == kMaxLocals) fail("too many locals in " + name);
                local_slots[slot] = index;
            }
            continue;
        }
        if (line.back() == ':') {
            labels[trim(line.substr(0, line.size() - 1))] = code.size();
            continue;
        }
        std::istringstream statements(line);
        std::string statement;
        while (std::getline(statements, statement, ',')) {
            std::istringstream parts(statement);
            std::string name, x, y;
            parts >> name >> x >> y;
            const OpInfo& op = find_op(name);
            Instr in{op.fn, 0, 0};
            switch (op.operand) {
                case Operand::None: break;
                case Operand::Int: in.a = parse_int(x); break;
                case Operand::Local: {
                    auto it = local_slots.find(x);
                    if (it == local_slots.end()) fail("unknown local '" + x + "'");
                    in.a = it->second;
                    break;
                }
                case Operand::LabelInt: in.b = parse_int(y); [[fallthrough]];
                case Operand::Label: fixups.push_back({code.size(), x}); break;
            }
            code.push_back(in);
        }
    }
    for (const auto& [index, label] : fixups) {
        auto it = labels.find(label);
        if (it == labels.end()) fail("unknown label '" + label + "'");
        code[index].a = static_cast<int64_t>(it->second);
    }
    return code;
}

__attribute__((noinline)) void run(VM& vm, size_t entry) {
    vm.locals.assign(kMaxLocals, 0);
    vm.frames.push_back({0, 0});
    vm.pc = entry;
    while (vm.running) {
        const Instr& in = vm.code[vm.pc++];
        in.fn(vm, in);
        ++vm.steps;
    }
}

}  // namespace

int main(int argc, char** argv) {
    const int scale = workload::parse_scale(argc, argv, "bytecode_vm");
    VM vm;
    vm.code = assemble(kScript);
    vm.input = scale;
    run(vm, 0);
    std::printf("checksum %llu\n", static_cast<unsigned long long>(vm.checksum ^ (vm.steps * 0x9e3779b97f4a7c15ULL)));
    return 0;
}
