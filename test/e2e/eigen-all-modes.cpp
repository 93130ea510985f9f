// A second real third-party code base: a numerical program built on Eigen (Debian's
// libeigen3-dev, heavily templated, vectorized header code) compiled with the plugin in
// function mode and in line mode, and run with every runtime mode on (memory, I/O and sync
// tracking, trace with a 0 ns floor, the system sampler). Its printed results, to the last
// bit, and its exit status are those of the plain build; every profile reads back, with
// Eigen's own functions and lines and the program's allocations in it.
//
// REQUIRES: eigen
// RUN: %clangxx_plain -O2 -g -I/usr/include/eigen3 %s -o %t.plain
// RUN: %clangxx_hotline -O2 -g -I/usr/include/eigen3 %s -o %t.functions
// RUN: %clangxx_hotline -O2 -g -fplugin-arg-hotline-lines -I/usr/include/eigen3 %s -o %t.lines
// RUN: %t.plain > %t.plain.txt; echo "status $?" >> %t.plain.txt
// RUN: rm -rf %t.d && mkdir -p %t.d/functions %t.d/lines
// RUN: env HOTLINE_DIR=%t.d/functions %t.functions > %t.functions.txt; echo "status $?" >> %t.functions.txt
// RUN: env HOTLINE_DIR=%t.d/lines HOTLINE_TRACE=1 HOTLINE_TRACE_MIN_NS=0 HOTLINE_SAMPLE_MS=5 \
// RUN:   %t.lines > %t.lines.txt; echo "status $?" >> %t.lines.txt
// RUN: diff %t.plain.txt %t.functions.txt
// RUN: diff %t.plain.txt %t.lines.txt
// RUN: FileCheck %s --check-prefix=OUT < %t.plain.txt
// RUN: %hotline report --top 40 %t.d/functions/*.hotline | FileCheck %s --check-prefix=FUNCTIONS
// RUN: %hotline lines --top 5 %t.d/lines/*.hotline | FileCheck %s --check-prefix=LINES
// RUN: %hotline memory --top 5 %t.d/lines/*.hotline | FileCheck %s --check-prefix=MEMORY
// RUN: %hotline export --format chrome %t.d/lines/*.hotline -o %t.trace.json
// RUN: python3 %S/../tools/Inputs/check-chrome-trace.py %t.trace.json

// OUT: lu residual {{.*}}
// OUT: status 3

// FUNCTIONS: Eigen::

// LINES: Lines by time (5 of {{[0-9,]+}})
// LINES: /usr/include/eigen3/Eigen/src/

// Eigen's allocations, inlined into the timed functions that made them.
// MEMORY: Places by bytes allocated
// MEMORY: eigen-all-modes.cpp:{{[0-9]+}}  sparse(int)

#include <Eigen/Dense>
#include <Eigen/Sparse>

#include <cstdio>
#include <vector>

using Eigen::MatrixXd;
using Eigen::VectorXd;

// A well-conditioned, deterministic n x n matrix (diagonally dominant).
static MatrixXd make_matrix(int n) {
  MatrixXd a(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      a(i, j) = i == j ? n + 1.0 : 1.0 / (1.0 + i + 2.0 * j);
  return a;
}

static VectorXd make_vector(int n) {
  VectorXd b(n);
  for (int i = 0; i < n; ++i)
    b(i) = 1.0 + (i % 7) * 0.25;
  return b;
}

// Prints a number with every bit of it, so that any change in the arithmetic shows.
static void print(const char *what, double value) { std::printf("%s %a\n", what, value); }

static void dense(int n) {
  MatrixXd a = make_matrix(n);
  VectorXd b = make_vector(n);
  VectorXd x = a.partialPivLu().solve(b);
  print("lu residual", (a * x - b).norm());
  print("lu x sum", x.sum());
  print("qr x sum", a.householderQr().solve(b).sum());
  MatrixXd spd = a.transpose() * a;
  print("llt x sum", spd.llt().solve(b).sum());
  Eigen::JacobiSVD<MatrixXd> svd(a, Eigen::ComputeThinU | Eigen::ComputeThinV);
  print("largest singular value", svd.singularValues()(0));
  Eigen::SelfAdjointEigenSolver<MatrixXd> eigen(spd);
  print("smallest eigenvalue", eigen.eigenvalues()(0));
  print("product trace", (a * a.transpose() * a).trace());
}

// A 1-D Poisson problem, solved by conjugate gradients on a sparse matrix.
static void sparse(int n) {
  std::vector<Eigen::Triplet<double>> entries;
  for (int i = 0; i < n; ++i) {
    entries.emplace_back(i, i, 2.0);
    if (i > 0)
      entries.emplace_back(i, i - 1, -1.0);
    if (i + 1 < n)
      entries.emplace_back(i, i + 1, -1.0);
  }
  Eigen::SparseMatrix<double> a(n, n);
  a.setFromTriplets(entries.begin(), entries.end());
  Eigen::ConjugateGradient<Eigen::SparseMatrix<double>, Eigen::Lower | Eigen::Upper> cg(a);
  VectorXd x = cg.solve(VectorXd::Ones(n));
  std::printf("cg iterations %ld\n", long(cg.iterations()));
  print("cg x max", x.maxCoeff());
}

int main() {
  for (int n : {8, 40, 120})
    dense(n);
  sparse(2000);
  return 3; // a status of its own, passed through unchanged
}
