// The MPI hooks: the blocking and collective MPI calls, defined weak and exported, timed, and
// passed on to the MPI library's own PMPI_ entry points (the MPI standard's profiling
// interface). Nothing here includes mpi.h, so one runtime serves every MPI library: the
// handles (communicators, datatypes, operations) are pointers in Open MPI and ints in MPICH,
// and either way they arrive and leave in one integer register, untouched (x86-64 and AArch64
// calling conventions). The hooks only take effect when the MPI library is a shared one; a
// program linked with a static MPI keeps the library's own definitions and is not timed.
#include "clock.h"
#include "hooks.h"
#include "mpi_tracking.h"
#include "runtime.h"
#include "runtime_scope.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

using namespace hotline::rt;

namespace {

using Handle = uintptr_t; // MPI_Comm, MPI_Datatype, MPI_Op: passed along as they came
using Request = void;     // MPI_Request, only ever behind a pointer
using Status = void;      // MPI_Status, likewise

void *g_real[uint32_t(MpiFunction::Count)];
void *g_type_size; // PMPI_Type_size
void *g_comm_size; // PMPI_Comm_size

// PMPI_<name>, looked up in the whole process: the MPI library is the only one to define it.
void *pmpi(const char *name) {
  char pname[40] = "P";
  strncat(pname, name, sizeof pname - 2);
  RuntimeScope scope;
  return dlsym(RTLD_DEFAULT, pname);
}

template <typename F> F real(MpiFunction f) {
  void *p = __atomic_load_n(&g_real[uint32_t(f)], __ATOMIC_ACQUIRE);
  if (__builtin_expect(p == nullptr, 0)) {
    p = pmpi(mpi_function_name(f));
    if (!p) {
      // Only a program that calls MPI without a shared MPI library loaded gets here; it would
      // not have linked without the runtime's definition.
      report_problem("%s was called, but no MPI library defines P%s: hotline times MPI calls "
                     "only through a shared MPI library (docs/mpi.md)",
                     mpi_function_name(f), mpi_function_name(f));
      abort();
    }
    __atomic_store_n(&g_real[uint32_t(f)], p, __ATOMIC_RELEASE);
  }
  return reinterpret_cast<F>(p);
}

// What PMPI_Type_size or PMPI_Comm_size (in `slot`, looked up on first use) says of `handle`;
// 0 when the library cannot tell.
uint64_t size_of(void *&slot, const char *name, Handle handle) {
  void *p = __atomic_load_n(&slot, __ATOMIC_ACQUIRE);
  if (!p) {
    p = pmpi(name);
    __atomic_store_n(&slot, p, __ATOMIC_RELEASE);
  }
  int size = 0;
  if (!p || reinterpret_cast<int (*)(Handle, int *)>(p)(handle, &size) != 0 || size < 0)
    return 0;
  return uint64_t(size);
}

// The bytes of `count` elements of `type`.
uint64_t message_bytes(int count, Handle type) {
  return count > 0 ? uint64_t(count) * size_of(g_type_size, "MPI_Type_size", type) : 0;
}

uint64_t comm_size(Handle comm) { return size_of(g_comm_size, "MPI_Comm_size", comm); }

bool tracking() { return mpi_tracking_on() && !in_runtime(); }

// Runs the call, timed, and records it with the bytes `bytes()` gives once it has returned.
template <typename Call, typename Bytes>
int timed(MpiFunction f, void *caller, Call call, Bytes bytes) {
  if (!tracking())
    return call();
  uint64_t start = now_ticks();
  int result = call();
  uint64_t ticks = now_ticks() - start;
  int saved_errno = errno;
  uint64_t message = bytes();
  {
    RuntimeScope scope;
    record_mpi_call(f, ticks, message, caller);
  }
  errno = saved_errno;
  return result;
}

uint64_t no_bytes() { return 0; }

using SendFunction = int (*)(const void *, int, Handle, int, int, Handle);

int send(MpiFunction f, void *caller, const void *buf, int count, Handle type, int dest, int tag,
         Handle comm) {
  SendFunction r = real<SendFunction>(f);
  return timed(
      f, caller, [&] { return r(buf, count, type, dest, tag, comm); },
      [&] { return message_bytes(count, type); });
}

using NonblockingFunction = int (*)(const void *, int, Handle, int, int, Handle, Request *);

int nonblocking(MpiFunction f, void *caller, const void *buf, int count, Handle type, int peer,
                int tag, Handle comm, Request *request) {
  NonblockingFunction r = real<NonblockingFunction>(f);
  return timed(
      f, caller, [&] { return r(buf, count, type, peer, tag, comm, request); },
      [&] { return message_bytes(count, type); });
}

} // namespace

HOOK int MPI_Init(int *argc, char ***argv) {
  auto r = real<int (*)(int *, char ***)>(MpiFunction::Init);
  return timed(MpiFunction::Init, CALLER, [&] { return r(argc, argv); }, no_bytes);
}

HOOK int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
  auto r = real<int (*)(int *, char ***, int, int *)>(MpiFunction::InitThread);
  return timed(
      MpiFunction::InitThread, CALLER, [&] { return r(argc, argv, required, provided); }, no_bytes);
}

HOOK int MPI_Finalize() {
  auto r = real<int (*)()>(MpiFunction::Finalize);
  return timed(MpiFunction::Finalize, CALLER, [&] { return r(); }, no_bytes);
}

HOOK int MPI_Send(const void *buf, int count, Handle type, int dest, int tag, Handle comm) {
  return send(MpiFunction::Send, CALLER, buf, count, type, dest, tag, comm);
}

HOOK int MPI_Ssend(const void *buf, int count, Handle type, int dest, int tag, Handle comm) {
  return send(MpiFunction::Ssend, CALLER, buf, count, type, dest, tag, comm);
}

HOOK int MPI_Rsend(const void *buf, int count, Handle type, int dest, int tag, Handle comm) {
  return send(MpiFunction::Rsend, CALLER, buf, count, type, dest, tag, comm);
}

HOOK int MPI_Bsend(const void *buf, int count, Handle type, int dest, int tag, Handle comm) {
  return send(MpiFunction::Bsend, CALLER, buf, count, type, dest, tag, comm);
}

// The bytes are those the receive posted room for, which a shorter message does not fill.
HOOK int MPI_Recv(void *buf, int count, Handle type, int source, int tag, Handle comm,
                  Status *status) {
  auto r = real<int (*)(void *, int, Handle, int, int, Handle, Status *)>(MpiFunction::Recv);
  return timed(
      MpiFunction::Recv, CALLER, [&] { return r(buf, count, type, source, tag, comm, status); },
      [&] { return message_bytes(count, type); });
}

HOOK int MPI_Sendrecv(const void *send_buf, int send_count, Handle send_type, int dest,
                      int send_tag, void *recv_buf, int recv_count, Handle recv_type, int source,
                      int recv_tag, Handle comm, Status *status) {
  auto r = real<int (*)(const void *, int, Handle, int, int, void *, int, Handle, int, int, Handle,
                        Status *)>(MpiFunction::Sendrecv);
  return timed(
      MpiFunction::Sendrecv, CALLER,
      [&] {
        return r(send_buf, send_count, send_type, dest, send_tag, recv_buf, recv_count, recv_type,
                 source, recv_tag, comm, status);
      },
      [&] { return message_bytes(send_count, send_type) + message_bytes(recv_count, recv_type); });
}

HOOK int MPI_Isend(const void *buf, int count, Handle type, int dest, int tag, Handle comm,
                   Request *request) {
  return nonblocking(MpiFunction::Isend, CALLER, buf, count, type, dest, tag, comm, request);
}

HOOK int MPI_Irecv(void *buf, int count, Handle type, int source, int tag, Handle comm,
                   Request *request) {
  return nonblocking(MpiFunction::Irecv, CALLER, buf, count, type, source, tag, comm, request);
}

HOOK int MPI_Wait(Request *request, Status *status) {
  auto r = real<int (*)(Request *, Status *)>(MpiFunction::Wait);
  return timed(MpiFunction::Wait, CALLER, [&] { return r(request, status); }, no_bytes);
}

HOOK int MPI_Waitall(int count, Request *requests, Status *statuses) {
  auto r = real<int (*)(int, Request *, Status *)>(MpiFunction::Waitall);
  return timed(
      MpiFunction::Waitall, CALLER, [&] { return r(count, requests, statuses); }, no_bytes);
}

HOOK int MPI_Waitany(int count, Request *requests, int *index, Status *status) {
  auto r = real<int (*)(int, Request *, int *, Status *)>(MpiFunction::Waitany);
  return timed(
      MpiFunction::Waitany, CALLER, [&] { return r(count, requests, index, status); }, no_bytes);
}

HOOK int MPI_Waitsome(int count, Request *requests, int *done, int *indices, Status *statuses) {
  auto r = real<int (*)(int, Request *, int *, int *, Status *)>(MpiFunction::Waitsome);
  return timed(
      MpiFunction::Waitsome, CALLER, [&] { return r(count, requests, done, indices, statuses); },
      no_bytes);
}

HOOK int MPI_Probe(int source, int tag, Handle comm, Status *status) {
  auto r = real<int (*)(int, int, Handle, Status *)>(MpiFunction::Probe);
  return timed(MpiFunction::Probe, CALLER, [&] { return r(source, tag, comm, status); }, no_bytes);
}

HOOK int MPI_Barrier(Handle comm) {
  auto r = real<int (*)(Handle)>(MpiFunction::Barrier);
  return timed(MpiFunction::Barrier, CALLER, [&] { return r(comm); }, no_bytes);
}

HOOK int MPI_Bcast(void *buf, int count, Handle type, int root, Handle comm) {
  auto r = real<int (*)(void *, int, Handle, int, Handle)>(MpiFunction::Bcast);
  return timed(
      MpiFunction::Bcast, CALLER, [&] { return r(buf, count, type, root, comm); },
      [&] { return message_bytes(count, type); });
}

HOOK int MPI_Reduce(const void *send_buf, void *recv_buf, int count, Handle type, Handle op,
                    int root, Handle comm) {
  auto r =
      real<int (*)(const void *, void *, int, Handle, Handle, int, Handle)>(MpiFunction::Reduce);
  return timed(
      MpiFunction::Reduce, CALLER,
      [&] { return r(send_buf, recv_buf, count, type, op, root, comm); },
      [&] { return message_bytes(count, type); });
}

HOOK int MPI_Allreduce(const void *send_buf, void *recv_buf, int count, Handle type, Handle op,
                       Handle comm) {
  auto r = real<int (*)(const void *, void *, int, Handle, Handle, Handle)>(MpiFunction::Allreduce);
  return timed(
      MpiFunction::Allreduce, CALLER, [&] { return r(send_buf, recv_buf, count, type, op, comm); },
      [&] { return message_bytes(count, type); });
}

HOOK int MPI_Scan(const void *send_buf, void *recv_buf, int count, Handle type, Handle op,
                  Handle comm) {
  auto r = real<int (*)(const void *, void *, int, Handle, Handle, Handle)>(MpiFunction::Scan);
  return timed(
      MpiFunction::Scan, CALLER, [&] { return r(send_buf, recv_buf, count, type, op, comm); },
      [&] { return message_bytes(count, type); });
}

// Gather, Scatter and Reduce_scatter leave their bytes uncounted: some of their counts and
// types mean something at the root only, and the others may be MPI_IN_PLACE's to ignore.
using GatherFunction = int (*)(const void *, int, Handle, void *, int, Handle, int, Handle);

HOOK int MPI_Gather(const void *send_buf, int send_count, Handle send_type, void *recv_buf,
                    int recv_count, Handle recv_type, int root, Handle comm) {
  auto r = real<GatherFunction>(MpiFunction::Gather);
  return timed(
      MpiFunction::Gather, CALLER,
      [&] {
        return r(send_buf, send_count, send_type, recv_buf, recv_count, recv_type, root, comm);
      },
      no_bytes);
}

HOOK int MPI_Scatter(const void *send_buf, int send_count, Handle send_type, void *recv_buf,
                     int recv_count, Handle recv_type, int root, Handle comm) {
  auto r = real<GatherFunction>(MpiFunction::Scatter);
  return timed(
      MpiFunction::Scatter, CALLER,
      [&] {
        return r(send_buf, send_count, send_type, recv_buf, recv_count, recv_type, root, comm);
      },
      no_bytes);
}

HOOK int MPI_Reduce_scatter(const void *send_buf, void *recv_buf, const int *recv_counts,
                            Handle type, Handle op, Handle comm) {
  auto r = real<int (*)(const void *, void *, const int *, Handle, Handle, Handle)>(
      MpiFunction::ReduceScatter);
  return timed(
      MpiFunction::ReduceScatter, CALLER,
      [&] { return r(send_buf, recv_buf, recv_counts, type, op, comm); }, no_bytes);
}

// Allgather and Alltoall count what every rank receives: its receive count and type mean the
// same at every rank, one block from each rank of the communicator.
using AllFunction = int (*)(const void *, int, Handle, void *, int, Handle, Handle);

HOOK int MPI_Allgather(const void *send_buf, int send_count, Handle send_type, void *recv_buf,
                       int recv_count, Handle recv_type, Handle comm) {
  auto r = real<AllFunction>(MpiFunction::Allgather);
  return timed(
      MpiFunction::Allgather, CALLER,
      [&] { return r(send_buf, send_count, send_type, recv_buf, recv_count, recv_type, comm); },
      [&] { return message_bytes(recv_count, recv_type) * comm_size(comm); });
}

HOOK int MPI_Alltoall(const void *send_buf, int send_count, Handle send_type, void *recv_buf,
                      int recv_count, Handle recv_type, Handle comm) {
  auto r = real<AllFunction>(MpiFunction::Alltoall);
  return timed(
      MpiFunction::Alltoall, CALLER,
      [&] { return r(send_buf, send_count, send_type, recv_buf, recv_count, recv_type, comm); },
      [&] { return message_bytes(recv_count, recv_type) * comm_size(comm); });
}
