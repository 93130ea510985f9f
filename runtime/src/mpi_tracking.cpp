// The table behind the MPI hooks.
#include "mpi_tracking.h"

#include "regions.h"

namespace hotline::rt {

namespace {
bool g_tracking = true;
bool g_seen = false;
PlaceTable<MpiPlace> g_places;

const char *const kNames[] = {
    "MPI_Init",   "MPI_Init_thread", "MPI_Finalize", "MPI_Send",     "MPI_Ssend",
    "MPI_Rsend",  "MPI_Bsend",       "MPI_Recv",     "MPI_Sendrecv", "MPI_Isend",
    "MPI_Irecv",  "MPI_Wait",        "MPI_Waitall",  "MPI_Waitany",  "MPI_Waitsome",
    "MPI_Probe",  "MPI_Barrier",     "MPI_Bcast",    "MPI_Reduce",   "MPI_Allreduce",
    "MPI_Gather", "MPI_Allgather",   "MPI_Scatter",  "MPI_Alltoall", "MPI_Reduce_scatter",
    "MPI_Scan"};
static_assert(sizeof kNames / sizeof kNames[0] == uint32_t(MpiFunction::Count),
              "a name per function");
} // namespace

const char *mpi_function_name(MpiFunction f) {
  return uint32_t(f) < uint32_t(MpiFunction::Count) ? kNames[uint32_t(f)] : "MPI";
}

bool mpi_tracking_on() { return __atomic_load_n(&g_tracking, __ATOMIC_RELAXED); }
void set_mpi_tracking(bool on) { __atomic_store_n(&g_tracking, on, __ATOMIC_RELAXED); }

void record_mpi_call(MpiFunction f, uint64_t ticks, uint64_t bytes, void *return_address) {
  Place place = current_place(return_address);
  MpiPlace *p = g_places.find_or_add(place, uint32_t(f));
  __atomic_fetch_add(&p->calls, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&p->ticks, ticks, __ATOMIC_RELAXED);
  __atomic_fetch_add(&p->bytes, bytes, __ATOMIC_RELAXED);
  __atomic_store_n(&g_seen, true, __ATOMIC_RELAXED);
  add_region_time(place.thread, &RegionNode::sync_ticks,
                  ticks); // a rank waiting on the others is a wait
}

bool mpi_seen() { return __atomic_load_n(&g_seen, __ATOMIC_RELAXED); }

PlaceTable<MpiPlace> &mpi_places() { return g_places; }

void mpi_tracking_init() { hold_across_fork<g_places>(); }

} // namespace hotline::rt
