/* Layout of the live view's file, <pid>.live: the snapshot that a running program's runtime
 * publishes every HOTLINE_LIVE_MS and `hotline top` reads. One definition shared by the
 * runtime's writer and the tool's reader; specified in prose in docs/live.md. Any change to a
 * layout below bumps HOTLINE_LIVE_VERSION (the file lives only as long as its process, so
 * reader and writer come from the same hotline, except across an upgrade).
 *
 * The file is one struct hotline_live_snapshot, shared memory (tmpfs) that the writer changes
 * in place. `sequence` is odd while it does: a reader loads `sequence` (acquire), copies the
 * struct, loads `sequence` again after an acquire fence, and uses the copy only when both
 * loads are equal and even; otherwise it reads again. */
#ifndef HOTLINE_LIVE_FORMAT_H
#define HOTLINE_LIVE_FORMAT_H

#include <stdint.h>

#define HOTLINE_LIVE_MAGIC "HOTLIVE\x7f" /* 8 bytes, no terminating NUL stored */
#define HOTLINE_LIVE_VERSION 1u

/* The writer keeps the rows it publishes bounded: the functions with the most total time (then
 * the most calls), and the regions with the most time. */
#define HOTLINE_LIVE_MAX_FUNCTIONS 64
#define HOTLINE_LIVE_MAX_REGIONS 32

/* All times are nanoseconds; all counts and times are since the runtime started, summed over
 * every thread (ended threads included); strings are NUL-terminated UTF-8, cut to fit. */

enum hotline_live_flag {
  HOTLINE_LIVE_JOB = 1u,          /* started as one rank of a job: rank and world_size are set */
  HOTLINE_LIVE_HEAP_TRACKED = 2u, /* heap_* are measured (HOTLINE_MEMORY on) */
  HOTLINE_LIVE_NO_GPU_DATA = 4u,  /* gpu_* are zero: GPU work is not measured live */
  HOTLINE_LIVE_CUDA_USED = 8u,    /* the process uses CUDA; its GPU work is in the profile */
  HOTLINE_LIVE_ENDED = 16u        /* the process is ending (writing its profile): this is the
                                     last snapshot, and the file is being removed */
};

enum hotline_live_function_flag {
  HOTLINE_LIVE_TIMING_STOPPED = 1u /* too short to time: its calls are counted, its time after
                                      the stop is its callers' (HOTLINE_STOP_TIMING_BELOW_NS) */
};

/* One function. */
struct hotline_live_function {
  char name[160]; /* demangled */
  char file[56];  /* the source file's base name; "" without debug info */
  uint32_t line;  /* 0 without debug info */
  uint32_t site;  /* the runtime's id for it: the same in every snapshot of this process */
  uint32_t flags; /* enum hotline_live_function_flag */
  uint32_t reserved;
  uint64_t calls;    /* exact entries */
  uint64_t self_ns;  /* time in the function itself, its timed callees' time excluded */
  uint64_t total_ns; /* time inside it, callees included; recursive calls counted once */
};

/* One region (hotline.h, NVTX), by name. */
struct hotline_live_region {
  char name[112];
  uint64_t entries;
  uint64_t time_ns; /* open regions count until the snapshot; a region nested in itself
                       counts once */
};

struct hotline_live_snapshot {
  char magic[8];     /* HOTLINE_LIVE_MAGIC */
  uint32_t version;  /* HOTLINE_LIVE_VERSION */
  uint32_t size;     /* sizeof(struct hotline_live_snapshot) */
  uint64_t sequence; /* odd while the writer changes the snapshot (above) */
  uint64_t pid;
  int64_t start_unix_ns;    /* wall-clock (CLOCK_REALTIME) time the runtime started */
  uint64_t elapsed_ns;      /* runtime start to this snapshot, CLOCK_MONOTONIC */
  uint64_t period_ns;       /* HOTLINE_LIVE_MS: time between two snapshots */
  uint64_t snapshots;       /* snapshots published so far; 0 before the first */
  uint32_t flags;           /* enum hotline_live_flag */
  uint32_t rank;            /* with HOTLINE_LIVE_JOB */
  uint32_t world_size;      /* with HOTLINE_LIVE_JOB */
  uint32_t thread_count;    /* threads that recorded anything, running or ended */
  uint64_t cpu_ns;          /* the process's CPU time (CLOCK_PROCESS_CPUTIME_ID) */
  uint64_t heap_live_bytes; /* heap in use: bytes allocated and not yet freed */
  uint64_t heap_peak_bytes; /* the most heap in use at any moment so far */
  uint64_t gpu_kernels;     /* zero with HOTLINE_LIVE_NO_GPU_DATA */
  uint64_t gpu_kernel_ns;
  uint32_t function_count; /* rows used in functions[] */
  uint32_t functions_seen; /* functions called so far; above function_count when rows were cut */
  uint32_t region_count;   /* rows used in regions[] */
  uint32_t regions_seen;   /* region names entered so far */
  char program[256];       /* the executable's base name */
  struct hotline_live_function functions[HOTLINE_LIVE_MAX_FUNCTIONS]; /* most total time first */
  struct hotline_live_region regions[HOTLINE_LIVE_MAX_REGIONS];       /* most time first */
};

#ifdef __cplusplus
static_assert(sizeof(hotline_live_function) == 256, "live layout changed: bump the version");
static_assert(sizeof(hotline_live_region) == 128, "live layout changed: bump the version");
static_assert(sizeof(hotline_live_snapshot) == 20872, "live layout changed: bump the version");
static_assert(__builtin_offsetof(hotline_live_snapshot, sequence) == 16, "read first, at 16");
#else
_Static_assert(sizeof(struct hotline_live_function) == 256, "live layout changed");
_Static_assert(sizeof(struct hotline_live_region) == 128, "live layout changed");
_Static_assert(sizeof(struct hotline_live_snapshot) == 20872, "live layout changed");
#endif

#endif
