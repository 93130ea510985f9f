// Many distinct call paths: two functions that call each other 10 + SCALE deep, every path to a
// leaf its own (2^(11 + SCALE) calling contexts; 2 million at SCALE 10). What the runtime's
// memory does when a program's call tree is wide: HOTLINE_MAX_CALL_PATHS bounds it.
#include "workload.h"
#include <cstdint>
#include <cstdio>

namespace {

uint64_t leaf_sum = 0;

// noinline and the two different recursive calls keep every level a real call.
__attribute__((noinline)) void leaf(uint64_t bits) { leaf_sum = leaf_sum * 31 + bits; }
__attribute__((noinline)) void right(int depth, uint64_t bits);
__attribute__((noinline)) void left(int depth, uint64_t bits) {
    if (depth == 0) return leaf(bits);
    left(depth - 1, bits * 2);
    right(depth - 1, bits * 2 + 1);
    leaf_sum ^= bits;
}
__attribute__((noinline)) void right(int depth, uint64_t bits) {
    if (depth == 0) return leaf(bits);
    left(depth - 1, bits * 2 + 1);
    right(depth - 1, bits * 2);
    leaf_sum += bits;
}

} // namespace

int main(int argc, char **argv) {
    int scale = workload::parse_scale(argc, argv, "call_paths");
    for (int rep = 0; rep < 3; ++rep) left(10 + scale, 1);
    std::printf("%llu\n", static_cast<unsigned long long>(leaf_sum));
    return 0;
}
