// A process that a launcher started as one rank of a job (Open MPI, MVAPICH, a PMI launcher
// such as Hydra, or Slurm) is named <program>.<rank>.<pid>.hotline and its profile says its
// rank; the first launcher's variables found win, and variables that do not make a rank are
// said in one line and ignored. The variables are set here as each launcher sets them.
// RUN: %clang_hotline -O1 -g %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d/ompi %t.d/pmi %t.d/slurm %t.d/mpirun-in-slurm %t.d/none %t.d/bad %t.d/all
// RUN: env HOTLINE_DIR=%t.d/ompi OMPI_COMM_WORLD_RANK=2 OMPI_COMM_WORLD_SIZE=4 %t
// RUN: env HOTLINE_DIR=%t.d/pmi PMI_RANK=0 PMI_SIZE=3 %t
// RUN: env HOTLINE_DIR=%t.d/slurm SLURM_PROCID=7 SLURM_NTASKS=8 %t
// RUN: env HOTLINE_DIR=%t.d/mpirun-in-slurm SLURM_PROCID=0 SLURM_NTASKS=1 OMPI_COMM_WORLD_RANK=1 OMPI_COMM_WORLD_SIZE=2 %t
// RUN: env HOTLINE_DIR=%t.d/none %t
// RUN: env HOTLINE_DIR=%t.d/bad PMI_RANK=3 PMI_SIZE=3 %t 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: env HOTLINE_DIR=%t.d/bad OMPI_COMM_WORLD_RANK=x1 OMPI_COMM_WORLD_SIZE=2 %t 2>&1 | FileCheck %s --check-prefix=BAD-NUMBER
// RUN: cd %t.d && ls ompi pmi slurm mpirun-in-slurm none bad | sed 's/[0-9][0-9]*\.hotline$/PID.hotline/' | FileCheck %s --check-prefix=NAMES
// RUN: %hotline report %t.d/ompi/*.hotline | FileCheck %s --check-prefix=REPORT
// RUN: %hotline report %t.d/none/*.hotline | FileCheck %s --check-prefix=NO-JOB
// RUN: cp %t.d/ompi/* %t.d/pmi/* %t.d/slurm/* %t.d/none/* %t.d/all
// RUN: %hotline report %t.d/all | FileCheck %s --check-prefix=TABLE
// RUN: %hotline report --format json %t.d/slurm/*.hotline | FileCheck %s --check-prefix=JSON
// RUN: %hotline diff %t.d/ompi %t.d/all | FileCheck %s --check-prefix=DIFF

// BAD: hotline: PMI_RANK=3 with PMI_SIZE=3 is not a rank of a job; the profile is named without one
// BAD-NUMBER: hotline: OMPI_COMM_WORLD_RANK=x1 with OMPI_COMM_WORLD_SIZE=2 is not a rank of a job; the profile is named without one

// NAMES-LABEL: bad:
// NAMES-NEXT: job-rank.c.tmp.PID.hotline
// NAMES-NEXT: job-rank.c.tmp.PID.hotline
// NAMES-LABEL: mpirun-in-slurm:
// NAMES-NEXT: job-rank.c.tmp.1.PID.hotline
// NAMES-LABEL: none:
// NAMES-NEXT: job-rank.c.tmp.PID.hotline
// NAMES-LABEL: ompi:
// NAMES-NEXT: job-rank.c.tmp.2.PID.hotline
// NAMES-LABEL: pmi:
// NAMES-NEXT: job-rank.c.tmp.0.PID.hotline
// NAMES-LABEL: slurm:
// NAMES-NEXT: job-rank.c.tmp.7.PID.hotline

// REPORT: Job        rank 2 of 4 (Open MPI)
// NO-JOB-NOT: Job

// TABLE: 4 profiles
// TABLE: profile{{ +}}program{{ +}}rank{{ +}}pid
// TABLE-DAG: job-rank.c.tmp.0.{{[0-9]+}}.hotline {{.*}} 0/3{{ +}}{{[0-9]+}} 
// TABLE-DAG: job-rank.c.tmp.2.{{[0-9]+}}.hotline {{.*}} 2/4{{ +}}{{[0-9]+}} 
// TABLE-DAG: job-rank.c.tmp.7.{{[0-9]+}}.hotline {{.*}} 7/8{{ +}}{{[0-9]+}} 
// TABLE-DAG: job-rank.c.tmp.{{[0-9]+}}.hotline {{.*}} -{{ +}}{{[0-9]+}} 

// DIFF: Base {{.*}}ompi (1 profile)
// DIFF: New {{.*}}all (4 profiles)

// JSON: "rank": 7,
// JSON-NEXT: "world_size": 8,
// JSON-NEXT: "launcher": "Slurm",

static volatile int sink;

__attribute__((noinline)) void work(void) {
  for (int i = 0; i < 1000; ++i)
    sink = sink + i;
}

int main(void) {
  work();
  return 0;
}
