// Loop-heavy workload: repeated blocked dense matrix multiply (double, i-k-j order), with very few calls.
#include "workload.h"
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

using workload::Rng;



constexpr int kN = 256;
constexpr int kBlock = 64;

using Matrix = std::vector<double>;  // row-major kN x kN

// Small integer entries keep every product and sum exact, so the result cannot depend on
// how a compiler orders, vectorizes or fuses the floating-point operations.
void fill(Matrix& m, Rng& rng) {
    for (double& x : m) x = static_cast<double>(static_cast<int>(rng.next() % 9) - 4);
}

// __restrict spares the compilers runtime overlap checks in the inner loop.
void multiply(const Matrix& a, const Matrix& b, Matrix& c) {
    for (double& x : c) x = 0;
    for (int kk = 0; kk < kN; kk += kBlock)
        for (int jj = 0; jj < kN; jj += kBlock)
            for (int i = 0; i < kN; ++i)
                for (int k = kk; k < kk + kBlock; ++k) {
                    const double aik = a[i * kN + k];
                    const double* __restrict brow = &b[k * kN];
                    double* __restrict crow = &c[i * kN];
                    for (int j = jj; j < jj + kBlock; ++j) crow[j] += aik * brow[j];
                }
}

uint64_t digest(const Matrix& c) {
    uint64_t h = 0;
    for (double x : c) h = (h ^ static_cast<uint64_t>(static_cast<int64_t>(x))) * 0x100000001b3ULL;
    return h;
}

}  // namespace

int main(int argc, char** argv) {
    const int scale = workload::parse_scale(argc, argv, "matmul");
    Rng rng{2024};
    Matrix a(kN * kN), b(kN * kN), c(kN * kN);
    fill(a, rng);
    fill(b, rng);

    uint64_t h = 0;
    const int reps = 14 * scale;
    for (int rep = 0; rep < reps; ++rep) {
        // Change one row of A and one column of B so that every product is new work.
        for (int j = 0; j < kN; ++j) a[(rep % kN) * kN + j] = static_cast<double>(static_cast<int>(rng.next() % 9) - 4);
        for (int i = 0; i < kN; ++i) b[i * kN + (rep * 7) % kN] = static_cast<double>(static_cast<int>(rng.next() % 9) - 4);
        multiply(a, b, c);
        h = (h ^ digest(c)) * 0x9e3779b97f4a7c15ULL + static_cast<uint64_t>(rep);
    }
    std::printf("checksum %llu\n", static_cast<unsigned long long>(h));
    return 0;
}
