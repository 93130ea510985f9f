// The launchers' variables (job.h).
#include "job.h"

#include "runtime.h"

#include <stdlib.h>

namespace hotline::rt {

namespace {

struct Launcher {
  const char *name;
  const char *rank_variable;
  const char *size_variable;
};

// In this order: mpirun under Slurm sets both its own and Slurm's, and its own are the ranks.
constexpr Launcher kLaunchers[] = {
    {"Open MPI", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"},
    {"MVAPICH", "MV2_COMM_WORLD_RANK", "MV2_COMM_WORLD_SIZE"},
    {"PMI", "PMI_RANK", "PMI_SIZE"},
    {"Slurm", "SLURM_PROCID", "SLURM_NTASKS"},
};

Job g_job;

// A decimal number below 2^31, or -1.
long parse_number(const char *text) {
  if (!text || *text < '0' || *text > '9')
    return -1;
  char *end = nullptr;
  long value = strtol(text, &end, 10);
  return *end == '\0' && value >= 0 && value < (1L << 31) ? value : -1;
}

} // namespace

void job_init() {
  for (const Launcher &l : kLaunchers) {
    const char *rank_text = getenv(l.rank_variable);
    if (!rank_text)
      continue;
    const char *size_text = getenv(l.size_variable);
    long rank = parse_number(rank_text), size = parse_number(size_text);
    if (rank < 0 || size <= rank) {
      report_problem("%s=%s with %s=%s is not a rank of a job; the profile is named without one",
                     l.rank_variable, rank_text, l.size_variable,
                     size_text ? size_text : "(unset)");
      return;
    }
    g_job = {true, uint32_t(rank), uint32_t(size), l.name};
    return;
  }
}

const Job &job() { return g_job; }

} // namespace hotline::rt
