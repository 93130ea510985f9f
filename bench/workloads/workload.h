// What every workload shares: its SCALE argument and a random generator that gives the same
// numbers with every compiler and standard library.
#pragma once

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace workload {

// SCALE from `prog [SCALE]` (default 10); anything else prints the usage and exits with 2.
inline int parse_scale(int argc, char **argv, const char *name) {
    if (argc == 1) return 10;
    if (argc == 2) {
        char *end = nullptr;
        errno = 0;
        long v = std::strtol(argv[1], &end, 10);
        if (errno == 0 && end != argv[1] && *end == '\0' && v > 0 && v <= 1000000) return static_cast<int>(v);
    }
    std::fprintf(stderr, "usage: %s [SCALE]\n", name);
    std::exit(2);
}

// splitmix64.
struct Rng {
    uint64_t state;
    uint64_t next() {
        uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    uint64_t below(uint64_t n) { return next() % n; }
    double uniform(double lo, double hi) { return lo + (hi - lo) * static_cast<double>(next() >> 11) * 0x1.0p-53; }
};

} // namespace workload
