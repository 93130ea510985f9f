// Many live heap blocks: SCALE million small blocks allocated, all live at once, then freed in
// a shuffled order. What the runtime's table of live blocks costs when it holds millions.
#include "workload.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
    int scale = workload::parse_scale(argc, argv, "live_blocks");
    size_t n = size_t(scale) * 1000000;
    workload::Rng rng{42};
    std::vector<char *> blocks(n);
    for (size_t i = 0; i < n; ++i) {
        blocks[i] = static_cast<char *>(std::malloc(16 + rng.below(48)));
        blocks[i][0] = char(i);
    }
    for (size_t i = n; i > 1; --i) std::swap(blocks[i - 1], blocks[rng.below(i)]);
    uint64_t sum = 0;
    for (char *b : blocks) {
        sum += uint8_t(b[0]);
        std::free(b);
    }
    std::printf("%llu\n", static_cast<unsigned long long>(sum));
    return 0;
}
