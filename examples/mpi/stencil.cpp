// stencil: Jacobi relaxation of a heated plate, its rows split evenly among MPI ranks, with a
// halo exchange and a global residual every iteration. The split is even by rows, but the
// bottom quarter of the plate is a "refined" zone that needs kRefinedSweeps sweeps where the
// rest needs one: with 4 ranks, rank 3 does four times the work of the others, which wait for
// it in the halo exchange and the residual's reduction. That is the imbalance hotline finds.
#include <mpi.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

constexpr int kCols = 1024;
constexpr int kRows = 1024;         // of the whole plate
constexpr int kRefinedSweeps = 4;   // in the bottom quarter of the plate
constexpr int kDefaultIterations = 300;

struct Slab {
  int first_row = 0; // of the plate
  int rows = 0;
  // rows + 2 rows of kCols: a halo row above and below the slab's own rows.
  std::vector<double> now, next;
  double *row(std::vector<double> &grid, int r) { return grid.data() + size_t(r + 1) * kCols; }
};

Slab make_slab(int rank, int ranks) {
  Slab slab;
  slab.first_row = kRows * rank / ranks;
  slab.rows = kRows * (rank + 1) / ranks - slab.first_row;
  slab.now.assign(size_t(slab.rows + 2) * kCols, 0.0);
  // The top edge of the plate is held at 100 degrees.
  if (rank == 0)
    std::fill(slab.now.begin(), slab.now.begin() + kCols, 100.0);
  slab.next = slab.now;
  return slab;
}

bool refined(int plate_row) { return plate_row >= kRows * 3 / 4; }

// One Jacobi sweep over the slab's rows: each inner cell becomes the mean of its four
// neighbours. Returns the largest change. The steps of an iteration are kept out of line, as
// they would be in a bigger code, so that each one's time is its own.
[[gnu::noinline]] double relax_rows(Slab &slab) {
  double change = 0;
  for (int r = 0; r < slab.rows; ++r) {
    const double *up = slab.row(slab.now, r - 1), *here = slab.row(slab.now, r),
                 *down = slab.row(slab.now, r + 1);
    double *out = slab.row(slab.next, r);
    int sweeps = refined(slab.first_row + r) ? kRefinedSweeps : 1;
    for (int s = 0; s < sweeps; ++s)
      for (int c = 1; c < kCols - 1; ++c) {
        double value = 0.25 * (up[c] + down[c] + here[c - 1] + here[c + 1]);
        // The refined zone's sub-steps relax toward the new value from the last one.
        out[c] = s == 0 ? value : 0.5 * (out[c] + value);
      }
    for (int c = 1; c < kCols - 1; ++c)
      change = std::fmax(change, std::fabs(out[c] - here[c]));
  }
  std::swap(slab.now, slab.next);
  return change;
}

// Sends the slab's first and last rows to the ranks above and below, and receives theirs into
// the halo rows. The plate's outer edges keep their fixed halo.
[[gnu::noinline]] void exchange_halos(Slab &slab, int rank, int ranks) {
  int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  int down = rank < ranks - 1 ? rank + 1 : MPI_PROC_NULL;
  MPI_Sendrecv(slab.row(slab.now, 0), kCols, MPI_DOUBLE, up, 0, slab.row(slab.now, slab.rows), kCols,
               MPI_DOUBLE, down, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(slab.row(slab.now, slab.rows - 1), kCols, MPI_DOUBLE, down, 1, slab.row(slab.now, -1),
               kCols, MPI_DOUBLE, up, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

[[gnu::noinline]] double global_change(double local) {
  double global = 0;
  MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return global;
}

double heat(Slab &slab) {
  double sum = 0;
  for (int r = 0; r < slab.rows; ++r)
    for (int c = 0; c < kCols; ++c)
      sum += slab.row(slab.now, r)[c];
  return sum;
}

} // namespace

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  int iterations = argc > 1 ? std::atoi(argv[1]) : kDefaultIterations;
  if (iterations <= 0 || ranks > kRows) {
    if (rank == 0)
      std::fprintf(stderr, "usage: stencil [ITERATIONS > 0], with at most %d ranks\n", kRows);
    MPI_Finalize();
    return 2;
  }

  Slab slab = make_slab(rank, ranks);
  double change = 0;
  for (int i = 0; i < iterations; ++i) {
    exchange_halos(slab, rank, ranks);
    change = global_change(relax_rows(slab));
  }
  double local_heat = heat(slab), total_heat = 0;
  MPI_Reduce(&local_heat, &total_heat, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    std::printf("%d ranks, %d iterations: heat %.6e, last change %.6e\n", ranks, iterations, total_heat,
                change);
  MPI_Finalize();
  return 0;
}
