// Every MPI call the runtime times, made a known number of times with known message sizes by
// two ranks under a real mpirun: the profile of each rank has their exact calls and bytes, the
// place of each call, and the program's output and exit status are those of the build without
// hotline. HOTLINE_MPI=0 leaves MPI untimed.
// REQUIRES: mpi
// RUN: %clang_plain -O1 -g %s %mpi_flags -o %t.plain
// RUN: %clang_hotline -O1 -g %s %mpi_flags -o %t
// RUN: rm -rf %t.d %t.off && mkdir -p %t.d %t.off
// RUN: %mpirun -np 2 %t.plain > %t.plain.out; echo "exit $?" >> %t.plain.out
// RUN: env HOTLINE_DIR=%t.d HOTLINE_QUIET=1 %mpirun -np 2 %t > %t.out; echo "exit $?" >> %t.out
// RUN: diff %t.plain.out %t.out
// RUN: ls %t.d | sed 's/[0-9][0-9]*\.hotline$/PID.hotline/' | FileCheck %s --check-prefix=NAMES
// RUN: %hotline report --format json %t.d/*.0.*.hotline > %t.rank0.json
// RUN: python3 %S/Inputs/mpi_calls.py %t.rank0.json %s | FileCheck %s --check-prefix=RANK0
// RUN: %hotline report --format json %t.d/*.1.*.hotline > %t.rank1.json
// RUN: python3 %S/Inputs/mpi_calls.py %t.rank1.json %s | FileCheck %s --check-prefix=RANK1
// RUN: %hotline report %t.d | FileCheck %s --check-prefix=REPORT
// RUN: env HOTLINE_DIR=%t.off HOTLINE_QUIET=1 HOTLINE_MPI=0 %mpirun -np 2 %t > /dev/null
// RUN: %hotline report --format json %t.off | FileCheck %s --check-prefix=OFF

// NAMES: mpi-calls.c.tmp.0.PID.hotline
// NAMES-NEXT: mpi-calls.c.tmp.1.PID.hotline

// Rank 0 sends (three MPI_Send of 10 ints, an MPI_Ssend of one double, an MPI_Isend of 100
// chars); rank 1 receives the same with MPI_Recv and MPI_Irecv, whose bytes are those posted.
// Collectives name the same sizes on both ranks, but MPI_Gather and MPI_Scatter, whose bytes
// are not counted. Every call is named by the line it is made on.
// RANK0: MPI_Allgather calls=1 bytes=8 at=allgather
// RANK0-NEXT: MPI_Allreduce calls=1 bytes=16 at=allreduce
// RANK0-NEXT: MPI_Alltoall calls=1 bytes=16 at=alltoall
// RANK0-NEXT: MPI_Barrier calls=1 bytes=0 at=barrier
// RANK0-NEXT: MPI_Barrier calls=1 bytes=0 at=barrier
// RANK0-NEXT: MPI_Bcast calls=1 bytes=64 at=bcast
// RANK0-NEXT: MPI_Finalize calls=1 bytes=0 at=finalize
// RANK0-NEXT: MPI_Gather calls=1 bytes=0 at=gather
// RANK0-NEXT: MPI_Init calls=1 bytes=0 at=init
// RANK0-NEXT: MPI_Irecv calls=1 bytes=20 at=exchange-recv
// RANK0-NEXT: MPI_Isend calls=1 bytes=100 at=isend
// RANK0-NEXT: MPI_Isend calls=1 bytes=20 at=exchange-send
// RANK0-NEXT: MPI_Reduce calls=1 bytes=24 at=reduce
// RANK0-NEXT: MPI_Scatter calls=1 bytes=0 at=scatter
// RANK0-NEXT: MPI_Send calls=3 bytes=120 at=send
// RANK0-NEXT: MPI_Sendrecv calls=1 bytes=64 at=sendrecv
// RANK0-NEXT: MPI_Ssend calls=1 bytes=8 at=ssend
// RANK0-NEXT: MPI_Wait calls=1 bytes=0 at=wait
// RANK0-NEXT: MPI_Waitall calls=1 bytes=0 at=waitall
// RANK0-NEXT: total calls=21
// RANK1: MPI_Allgather calls=1 bytes=8 at=allgather
// RANK1-NEXT: MPI_Allreduce calls=1 bytes=16 at=allreduce
// RANK1-NEXT: MPI_Alltoall calls=1 bytes=16 at=alltoall
// RANK1-NEXT: MPI_Barrier calls=1 bytes=0 at=barrier
// RANK1-NEXT: MPI_Barrier calls=1 bytes=0 at=barrier
// RANK1-NEXT: MPI_Bcast calls=1 bytes=64 at=bcast
// RANK1-NEXT: MPI_Finalize calls=1 bytes=0 at=finalize
// RANK1-NEXT: MPI_Gather calls=1 bytes=0 at=gather
// RANK1-NEXT: MPI_Init calls=1 bytes=0 at=init
// RANK1-NEXT: MPI_Irecv calls=1 bytes=100 at=irecv
// RANK1-NEXT: MPI_Irecv calls=1 bytes=20 at=exchange-recv
// RANK1-NEXT: MPI_Isend calls=1 bytes=20 at=exchange-send
// RANK1-NEXT: MPI_Recv calls=3 bytes=120 at=recv
// RANK1-NEXT: MPI_Recv calls=1 bytes=8 at=recv-ssend
// RANK1-NEXT: MPI_Reduce calls=1 bytes=24 at=reduce
// RANK1-NEXT: MPI_Scatter calls=1 bytes=0 at=scatter
// RANK1-NEXT: MPI_Sendrecv calls=1 bytes=64 at=sendrecv
// RANK1-NEXT: MPI_Wait calls=1 bytes=0 at=wait
// RANK1-NEXT: MPI_Waitall calls=1 bytes=0 at=waitall
// RANK1-NEXT: total calls=21

// REPORT: MPI (42 calls,
// REPORT: Ranks (2 profiles;
// REPORT: rank 0
// REPORT: rank 1

// OFF-NOT: "mpi":

#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv); // LINE: init
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int ints[16] = {0};
  double one = 1.5;
  char chars[100] = {0};
  MPI_Request request;
  if (rank == 0) {
    for (int i = 0; i < 3; ++i)
      MPI_Send(ints, 10, MPI_INT, 1, i, MPI_COMM_WORLD); // LINE: send
    MPI_Ssend(&one, 1, MPI_DOUBLE, 1, 7, MPI_COMM_WORLD); // LINE: ssend
    MPI_Isend(chars, 100, MPI_CHAR, 1, 8, MPI_COMM_WORLD, &request); // LINE: isend
  } else {
    for (int i = 0; i < 3; ++i)
      MPI_Recv(ints, 10, MPI_INT, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // LINE: recv
    MPI_Recv(&one, 1, MPI_DOUBLE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // LINE: recv-ssend
    MPI_Irecv(chars, 100, MPI_CHAR, 0, 8, MPI_COMM_WORLD, &request); // LINE: irecv
  }
  MPI_Wait(&request, MPI_STATUS_IGNORE); // LINE: wait

  int mine[5] = {rank, rank, rank, rank, rank}, theirs[5];
  MPI_Request both[2];
  int peer = 1 - rank;
  MPI_Isend(mine, 5, MPI_INT, peer, 9, MPI_COMM_WORLD, &both[0]); // LINE: exchange-send
  MPI_Irecv(theirs, 5, MPI_INT, peer, 9, MPI_COMM_WORLD, &both[1]); // LINE: exchange-recv
  MPI_Waitall(2, both, MPI_STATUSES_IGNORE); // LINE: waitall

  double out[4] = {rank, 1, 2, 3}, in[4];
  MPI_Sendrecv(out, 4, MPI_DOUBLE, peer, 10, in, 4, MPI_DOUBLE, peer, 10, MPI_COMM_WORLD, MPI_STATUS_IGNORE); // LINE: sendrecv
  MPI_Barrier(MPI_COMM_WORLD); // LINE: barrier
  MPI_Bcast(ints, 16, MPI_INT, 0, MPI_COMM_WORLD); // LINE: bcast
  double partial[3] = {1, 2, 3}, sum[3];
  MPI_Reduce(partial, sum, 3, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD); // LINE: reduce
  long counts[2] = {rank, 1}, totals[2];
  MPI_Allreduce(counts, totals, 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD); // LINE: allreduce
  int gathered[2], every[2], pieces[4] = {0, 1, 2, 3}, piece[2];
  MPI_Gather(&rank, 1, MPI_INT, gathered, 1, MPI_INT, 0, MPI_COMM_WORLD); // LINE: gather
  MPI_Allgather(&rank, 1, MPI_INT, every, 1, MPI_INT, MPI_COMM_WORLD); // LINE: allgather
  MPI_Scatter(pieces, 2, MPI_INT, piece, 2, MPI_INT, 0, MPI_COMM_WORLD); // LINE: scatter
  int to_each[4] = {rank, rank, rank, rank}, from_each[4];
  MPI_Alltoall(to_each, 2, MPI_INT, from_each, 2, MPI_INT, MPI_COMM_WORLD); // LINE: alltoall
  MPI_Barrier(MPI_COMM_WORLD); // LINE: barrier

  if (rank == 0)
    printf("rank 0 of %d: sum %g, totals %ld %ld, gathered %d %d, every %d %d, from each %d %d %d %d\n",
           size, sum[0] + sum[1] + sum[2], totals[0], totals[1], gathered[0], gathered[1], every[0], every[1],
           from_each[0], from_each[1], from_each[2], from_each[3]);
  MPI_Finalize(); // LINE: finalize
  return 0;
}
