// Loop-heavy C++: Eigen (Debian's libeigen3-dev, vendored into the build folder by bench/run)
// multiplies dense matrices, solves linear systems by LU decomposition and runs a Jacobi
// iteration on a sparse-looking band matrix.
#include <Eigen/Dense>

#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  int scale = argc > 1 ? std::atoi(argv[1]) : 1;
  const int n = 160;
  Eigen::MatrixXd a(n, n), b(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      a(i, j) = (i == j ? n : 0) + ((i * 31 + j * 17) % 23) / 23.0;
      b(i, j) = ((i * 7 + j * 13) % 29) / 29.0;
    }
  double checksum = 0;
  for (int round = 0; round < 6 * scale; ++round) {
    Eigen::MatrixXd c = a * b;
    Eigen::VectorXd rhs = c.col(round % n);
    Eigen::VectorXd x = a.partialPivLu().solve(rhs);
    Eigen::VectorXd y = Eigen::VectorXd::Zero(n);
    Eigen::VectorXd diagonal = a.diagonal();
    for (int step = 0; step < 40; ++step)
      y = (rhs - (a * y - diagonal.cwiseProduct(y))).cwiseQuotient(diagonal);
    checksum += x.sum() + y.squaredNorm() * 1e-6 + c.trace() * 1e-3;
    b(round % n, (round * 3) % n) += 1.0;
  }
  std::printf("%.6e\n", checksum);
  return 0;
}
