// The process's place in a parallel job: its rank and the job's size, as the launcher that
// started it said through its environment (Open MPI, MVAPICH, an MPICH-style PMI launcher such
// as Hydra or Intel MPI, or Slurm). The profile is then named <program>.<rank>.<pid>.hotline
// and carries a JOB section.
#pragma once

#include <stdint.h>

namespace hotline::rt {

struct Job {
  bool launched = false; // false: not started as one rank of a job
  uint32_t rank = 0;
  uint32_t world_size = 0;
  const char *launcher = ""; // "Open MPI", "MVAPICH", "PMI" or "Slurm"
};

// From runtime_init: reads the launchers' variables, first found wins. A rank or size that is
// not a number, or a rank not below the size, is said on stderr and ignored.
void job_init();

const Job &job();

} // namespace hotline::rt
