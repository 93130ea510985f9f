// Call-heavy workload: deep recursion through many small and medium functions (fib, expression trees, quicksort).
#include "workload.h"
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

using workload::Rng;



uint64_t mix(uint64_t h, uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h;
}

// noinline keeps the full call tree: compilers would otherwise inline a few levels.
// The modulo keeps both calls real: a plain sum lets compilers turn one of them into a loop.
__attribute__((noinline)) uint64_t fib(unsigned n) {
    return n < 2 ? n : (fib(n - 1) + fib(n - 2)) % 1000000007;
}

enum class Op : uint8_t { Const, Var, Add, Sub, Mul, Xor, Min, Max, Cond };

struct Node {
    Op op;
    uint32_t a, b, c;  // child indices, or the constant / variable number for leaves
};

struct Forest {
    std::vector<Node> nodes;
    std::vector<uint32_t> roots;

    uint32_t generate(Rng& rng, int depth) {
        Node n{};
        if (depth == 0 || rng.below(8) == 0) {
            n.op = rng.below(2) ? Op::Const : Op::Var;
            n.a = n.op == Op::Const ? rng.below(1000) : rng.below(4);
        } else {
            n.op = static_cast<Op>(2 + rng.below(7));
            n.a = generate(rng, depth - 1);
            n.b = generate(rng, depth - 1);
            if (n.op == Op::Cond) n.c = generate(rng, depth - 1);
        }
        nodes.push_back(n);
        return static_cast<uint32_t>(nodes.size() - 1);
    }
};

uint64_t eval(const std::vector<Node>& nodes, uint32_t i, const uint64_t* vars);

uint64_t eval_binary(const std::vector<Node>& nodes, const Node& n, const uint64_t* vars) {
    uint64_t x = eval(nodes, n.a, vars);
    uint64_t y = eval(nodes, n.b, vars);
    switch (n.op) {
        case Op::Add: return x + y;
        case Op::Sub: return x - y;
        case Op::Mul: return x * y;
        case Op::Xor: return x ^ (y >> 3);
        case Op::Min: return x < y ? x : y;
        default: return x > y ? x : y;
    }
}

__attribute__((noinline)) uint64_t eval(const std::vector<Node>& nodes, uint32_t i, const uint64_t* vars) {
    const Node& n = nodes[i];
    switch (n.op) {
        case Op::Const: return n.a;
        case Op::Var: return vars[n.a];
        case Op::Cond: return (eval(nodes, n.a, vars) & 1) ? eval(nodes, n.b, vars) : eval(nodes, n.c, vars);
        default: return eval_binary(nodes, n, vars);
    }
}

__attribute__((noinline)) uint32_t median_of_three(uint32_t a, uint32_t b, uint32_t c) {
    if (a > b) { uint32_t t = a; a = b; b = t; }
    if (b > c) b = c;
    return a > b ? a : b;
}

__attribute__((noinline)) int partition(uint32_t* v, int lo, int hi) {
    uint32_t pivot = median_of_three(v[lo], v[(lo + hi) / 2], v[hi]);
    int i = lo - 1, j = hi + 1;
    for (;;) {
        do ++i; while (v[i] < pivot);
        do --j; while (v[j] > pivot);
        if (i >= j) return j;
        uint32_t t = v[i]; v[i] = v[j]; v[j] = t;
    }
}

// Recurses all the way down to single elements so that small arrays still make many calls.
__attribute__((noinline)) void quicksort(uint32_t* v, int lo, int hi) {
    if (lo >= hi) return;
    int p = partition(v, lo, hi);
    quicksort(v, lo, p);
    quicksort(v, p + 1, hi);
}

}  // namespace

int main(int argc, char** argv) {
    const int scale = workload::parse_scale(argc, argv, "call_recursive");
    Rng rng{42};

    Forest forest;
    for (int t = 0; t < 64; ++t) forest.roots.push_back(forest.generate(rng, 11));

    uint64_t h = 0;
    std::vector<uint32_t> arr(40);
    for (int rep = 0; rep < scale; ++rep) {
        for (unsigned k = 0; k < 4; ++k) h = mix(h, fib(28 + (rep + k) % 3));

        for (int pass = 0; pass < 20; ++pass) {
            uint64_t vars[4] = {rng.next(), rng.next() % 97, static_cast<uint64_t>(rep), static_cast<uint64_t>(pass)};
            for (uint32_t root : forest.roots) h = mix(h, eval(forest.nodes, root, vars));
        }

        for (int a = 0; a < 10000; ++a) {
            for (auto& x : arr) x = rng.below(1000);
            quicksort(arr.data(), 0, static_cast<int>(arr.size()) - 1);
            uint64_t s = 0;
            for (size_t i = 0; i < arr.size(); ++i) s = s * 31 + arr[i] + (i > 0 && arr[i - 1] > arr[i] ? 1000003 : 0);
            h = mix(h, s);
        }
    }
    std::printf("checksum %llu\n", static_cast<unsigned long long>(h));
    return 0;
}
