// Loop-heavy workload: sorting pseudo-random arrays with a hand-written merge sort, an LSD radix sort and std::sort.
#include "workload.h"
#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

using workload::Rng;



void insertion_sort(uint32_t* v, size_t n) {
    for (size_t i = 1; i < n; ++i) {
        uint32_t x = v[i];
        size_t j = i;
        for (; j > 0 && v[j - 1] > x; --j) v[j] = v[j - 1];
        v[j] = x;
    }
}

// Top-down merge sort; short runs go to insertion sort, as practical merge sorts do.
void merge_sort(uint32_t* v, uint32_t* tmp, size_t n) {
    if (n <= 24) {
        insertion_sort(v, n);
        return;
    }
    size_t half = n / 2;
    merge_sort(v, tmp, half);
    merge_sort(v + half, tmp + half, n - half);
    size_t i = 0, j = half, k = 0;
    while (i < half && j < n) tmp[k++] = v[j] < v[i] ? v[j++] : v[i++];
    while (i < half) tmp[k++] = v[i++];
    while (j < n) tmp[k++] = v[j++];
    std::copy(tmp, tmp + n, v);
}

// Least-significant-digit radix sort, one byte per pass.
void radix_sort(std::vector<uint32_t>& v, std::vector<uint32_t>& tmp) {
    for (int shift = 0; shift < 32; shift += 8) {
        size_t count[257] = {};
        for (uint32_t x : v) ++count[((x >> shift) & 0xff) + 1];
        for (int d = 0; d < 256; ++d) count[d + 1] += count[d];
        for (uint32_t x : v) tmp[count[(x >> shift) & 0xff]++] = x;
        v.swap(tmp);
    }
}

// Folds a sorted array into the checksum; an out-of-order pair changes it drastically.
uint64_t digest(const std::vector<uint32_t>& v) {
    uint64_t h = 0, unsorted = 0;
    for (size_t i = 0; i < v.size(); ++i) {
        h = (h ^ v[i]) * 0x100000001b3ULL;
        unsorted += i > 0 && v[i - 1] > v[i];
    }
    return h ^ (unsorted * 0x9e3779b97f4a7c15ULL);
}

}  // namespace

int main(int argc, char** argv) {
    const int scale = workload::parse_scale(argc, argv, "sort");
    Rng rng{12345};
    const size_t n = 100000;
    std::vector<uint32_t> input(n), merged(n), radixed(n), stdsorted(n), tmp(n);

    uint64_t h = 0;
    const int reps = 5 * scale;
    for (int rep = 0; rep < reps; ++rep) {
        // Alternate full-range keys with many duplicates, which stresses different paths.
        const uint32_t range = rep % 2 ? 0xffffffffu : 1000u;
        for (uint32_t& x : input) x = static_cast<uint32_t>(rng.next() % range);

        merged = input;
        merge_sort(merged.data(), tmp.data(), n);
        radixed = input;
        radix_sort(radixed, tmp);
        stdsorted = input;
        std::sort(stdsorted.begin(), stdsorted.end());

        uint64_t d = digest(stdsorted);
        h = (h ^ d) * 0x9e3779b97f4a7c15ULL;
        h += (digest(merged) != d) + 2 * (digest(radixed) != d);
    }
    std::printf("checksum %llu\n", static_cast<unsigned long long>(h));
    return 0;
}
