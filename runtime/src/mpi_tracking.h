// What the MPI hooks record: per place and MPI function, the calls, the time inside them and
// the bytes their messages named.
#pragma once

#include "attribution.h"

#include <stdint.h>

namespace hotline::rt {

// The MPI functions the hooks time; an MpiPlace's key.detail is one of these.
enum class MpiFunction : uint32_t {
  Init,
  InitThread,
  Finalize,
  Send,
  Ssend,
  Rsend,
  Bsend,
  Recv,
  Sendrecv,
  Isend,
  Irecv,
  Wait,
  Waitall,
  Waitany,
  Waitsome,
  Probe,
  Barrier,
  Bcast,
  Reduce,
  Allreduce,
  Gather,
  Allgather,
  Scatter,
  Alltoall,
  ReduceScatter,
  Scan,
  Count // not a function
};

// "MPI_Send" for MpiFunction::Send.
const char *mpi_function_name(MpiFunction f);

struct MpiPlace {
  PlaceKey key; // detail: the MpiFunction
  uint64_t calls;
  uint64_t ticks;
  uint64_t bytes;
};

// Off once HOTLINE_MPI=0 has been read.
bool mpi_tracking_on();
void set_mpi_tracking(bool on);

// One call of `f` that took `ticks` and named messages of `bytes` in all.
void record_mpi_call(MpiFunction f, uint64_t ticks, uint64_t bytes, void *return_address);

// Whether any MPI call was recorded: the profile has an MPI_SITES section only then.
bool mpi_seen();

PlaceTable<MpiPlace> &mpi_places();

// Called once, from runtime_init: makes fork safe for the table.
void mpi_tracking_init();

} // namespace hotline::rt
