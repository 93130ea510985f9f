/* On-disk layout of a .hotline profile: the one definition shared by the runtime's writer and
 * the tools' reader. Specified in prose in docs/profile-format.md; change both together.
 * Appending fields to a record (readers use entry_size to skip them) or adding a section kind
 * (readers skip unknown ones) keeps the version; any other change to a layout below bumps
 * HOTLINE_PROFILE_VERSION. */
#ifndef HOTLINE_PROFILE_FORMAT_H
#define HOTLINE_PROFILE_FORMAT_H

#include <stdint.h>

#define HOTLINE_PROFILE_MAGIC "HOTLINE\x7f" /* 8 bytes, no terminating NUL stored */
#define HOTLINE_PROFILE_VERSION 1u

/* All integers are little-endian; all times are nanoseconds; string fields are byte offsets
 * into the STRINGS section (offset 0 is the empty string). */

/* The file starts with this header, followed by section_count sections back to back. */
struct hotline_file_header {
  char magic[8];
  uint32_t version;
  uint32_t header_size; /* sizeof(struct hotline_file_header) */
  uint32_t section_count;
  uint32_t reserved;
  uint64_t file_size; /* total size of the file in bytes, for truncation checks */
};

/* Every section starts with this header; its payload of `size` bytes follows. For sections
 * that are arrays of records, entry_size is the size of one record (readers use it to skip
 * fields added at the end by newer writers); for blobs it is 0. Readers skip unknown kinds. */
struct hotline_section_header {
  uint32_t kind;
  uint32_t entry_size;
  uint64_t size;
};

/* Every section kind, once: X(NAME, number, record, name). HOTLINE_SECTION_<NAME> is `number`;
 * the payload is an array of `record` (exactly one for RUN, TIMING_COST, SAMPLING, HEAP,
 * SYSTEM, CUDA, TRACE and JOB), or for STRINGS (record `void`) a blob of NUL-terminated UTF-8
 * strings, whose entry_size is 0; `name` names the section in code (the writer's and the test
 * builder's fields, the reader's read_<name>). The enum below, the names the tools print, the
 * writer's entry sizes, the reader's dispatch and the unit tests' profile builder all expand
 * this list; docs/profile-format.md describes each section. The list is in the order the
 * runtime writes the sections (readers accept any order). A new kind takes the next number. */
#define HOTLINE_SECTIONS(X)                                                                        \
  X(RUN, 1, struct hotline_run_record, run)                                                        \
  X(STRINGS, 2, void, strings)                                                                     \
  X(MODULES, 3, struct hotline_module_record, modules)                                             \
  /* how each module was built, in MODULES' order (optional) */                                    \
  X(MODULE_BUILDS, 39, struct hotline_module_build_record, module_builds)                          \
  X(SITES, 4, struct hotline_site_record, sites)                                                   \
  /* the exact entries of each site, all threads, in SITES' order */                               \
  X(SITE_COUNTS, 5, uint64_t, site_counts)                                                         \
  X(THREADS, 6, struct hotline_thread_record, threads)                                             \
  /* grouped by thread */                                                                          \
  X(CALL_TREE, 7, struct hotline_call_node_record, call_tree)                                      \
  /* optional */                                                                                   \
  X(TIMING_COST, 8, struct hotline_timing_cost_record, timing_cost)                                \
  /* sites the runtime stopped timing (optional) */                                                \
  X(TIMING_STOPPED, 9, uint32_t, timing_stopped)                                                   \
  /* mapped executables and libraries, for the addresses in SAMPLES, MEMORY_SITES, IO_SITES */     \
  X(OBJECTS, 11, struct hotline_object_record, objects)                                            \
  /* the build ids of the OBJECTS that have one */                                                 \
  X(OBJECT_BUILD_IDS, 37, struct hotline_object_build_id_record, object_build_ids)                 \
  /* the process's heap */                                                                         \
  X(HEAP, 13, struct hotline_heap_record, heap)                                                    \
  X(MEMORY_SITES, 14, struct hotline_memory_site_record, memory_sites)                             \
  X(FILES, 15, struct hotline_file_record, files)                                                  \
  X(IO_SITES, 16, struct hotline_io_site_record, io_sites)                                         \
  X(SYSTEM, 17, struct hotline_system_record, system)                                              \
  /* HOTLINE_SAMPLE_MS */                                                                          \
  X(SYSTEM_SAMPLES, 18, struct hotline_system_sample_record, system_samples)                       \
  /* grouped by thread */                                                                          \
  X(REGIONS, 19, struct hotline_region_record, regions)                                            \
  X(COUNTERS, 20, struct hotline_counter_record, counters)                                         \
  X(SYNC_SITES, 21, struct hotline_sync_site_record, sync_sites)                                   \
  /* line mode, or once timing stopped */                                                          \
  X(SAMPLING, 10, struct hotline_sampling_record, sampling)                                        \
  X(SAMPLES, 12, struct hotline_sample_record, samples)                                            \
  /* CUDA, written only when the process used CUDA (docs/cuda.md): what the CUDA module saw,       \
     the devices, CUDA calls by place, kernel runs, memcpy and memset, waits, and device           \
     allocations and frees by time */                                                              \
  X(CUDA, 22, struct hotline_cuda_record, cuda)                                                    \
  X(GPU_DEVICES, 23, struct hotline_gpu_device_record, gpu_devices)                                \
  X(GPU_SITES, 24, struct hotline_gpu_site_record, gpu_sites)                                      \
  X(GPU_KERNELS, 25, struct hotline_gpu_kernel_record, gpu_kernels)                                \
  X(GPU_TRANSFERS, 26, struct hotline_gpu_transfer_record, gpu_transfers)                          \
  X(GPU_SYNCS, 27, struct hotline_gpu_sync_record, gpu_syncs)                                      \
  X(GPU_MEMORY, 28, struct hotline_gpu_memory_record, gpu_memory)                                  \
  /* Trace mode (HOTLINE_TRACE=1), written only then: how the timeline was kept; each              \
     thread's events of kinds 1 to 8, grouped by thread; its waits (kind HOTLINE_TRACE_WAIT)       \
     apart, for readers that know kinds 1 to 8 only; NVTX start/end ranges (kind                   \
     HOTLINE_TRACE_RANGE), grouped by the thread that ended them */                                \
  X(TRACE, 29, struct hotline_trace_record, trace)                                                 \
  X(TRACE_EVENTS, 30, struct hotline_trace_event_record, trace_events)                             \
  X(TRACE_WAITS, 35, struct hotline_trace_event_record, trace_waits)                               \
  X(TRACE_RANGES, 36, struct hotline_trace_event_record, trace_ranges)                             \
  /* when a launcher (MPI, Slurm) started the process as one rank of a job */                      \
  X(JOB, 31, struct hotline_job_record, job)                                                       \
  /* MPI calls by place, when the process called MPI */                                            \
  X(MPI_SITES, 32, struct hotline_mpi_site_record, mpi_sites)                                      \
  /* the functions that indirect calls called (call-targets option only) */                        \
  X(CALL_TARGETS, 33, struct hotline_call_target_record, call_targets)                             \
  /* ranges started and ended anywhere (nvtxRangeStart/End), by name */                            \
  X(RANGES, 34, struct hotline_range_record, ranges)                                               \
  /* the run's tags (HOTLINE_TAGS), in the order given */                                          \
  X(TAGS, 38, struct hotline_tag_record, tags)                                                     \
  /* the spans of the run that were recorded, oldest first, when the recording was stopped at      \
     some point (hotline_stop, HOTLINE_START=paused, ...); absent: the whole run */                \
  X(WINDOWS, 40, struct hotline_window_record, windows)                                            \
  /* how long each call node's calls and each region's entries lasted (HOTLINE_HISTOGRAMS=1        \
     only), grouped by node and by region */                                                       \
  X(CALL_HISTOGRAMS, 41, struct hotline_histogram_range_record, call_histograms)                   \
  X(REGION_HISTOGRAMS, 42, struct hotline_histogram_range_record, region_histograms)

#define HOTLINE_SECTION_ENUMERATOR(NAME, number, record, name) HOTLINE_SECTION_##NAME = number,
enum hotline_section_kind { HOTLINE_SECTIONS(HOTLINE_SECTION_ENUMERATOR) };
#undef HOTLINE_SECTION_ENUMERATOR

/* What was run, where and when, and how the clock was calibrated. */
struct hotline_run_record {
  uint64_t pid;
  uint64_t parent_pid;
  int64_t start_unix_ns;  /* wall-clock (CLOCK_REALTIME) time the runtime started */
  uint64_t wall_ns;       /* runtime start to profile write, CLOCK_MONOTONIC */
  uint64_t start_ticks;   /* clock calibration: the runtime's clock at start and at write, */
  uint64_t end_ticks;     /* bracketed by CLOCK_MONOTONIC readings; times below are already */
  uint64_t start_mono_ns; /* converted to ns, these are kept so a reader can judge the clock */
  uint64_t end_mono_ns;
  uint32_t program;         /* string: the executable's path */
  uint32_t command_line;    /* string: argv joined by spaces */
  uint32_t host;            /* string: hostname */
  uint32_t clock_source;    /* string: "tsc" or "clock_gettime" */
  uint32_t runtime_version; /* string */
  uint32_t thread_count;    /* threads that recorded anything */
  uint32_t flags;           /* HOTLINE_RUN_* */
  uint32_t max_call_paths;  /* the limit of call-tree nodes in force (HOTLINE_MAX_CALL_PATHS),
                               all threads together; 0: none (and in older runtimes' profiles) */
};

enum hotline_run_flags {
  HOTLINE_RUN_INCOMPLETE = 1u,      /* written while other threads were still running */
  HOTLINE_RUN_HEAP_NOT_HOOKED = 2u, /* memory tracking was on, but the process's malloc was not
                                       the runtime's (a sanitizer's interceptors, or another
                                       allocator, came first): no allocation was seen */
  HOTLINE_RUN_IO_NOT_HOOKED = 4u,   /* I/O tracking was on, but the process's write was not the
                                       runtime's: no I/O call was seen */
  HOTLINE_RUN_DUMP = 8u             /* a dump (hotline_dump, HOTLINE_DUMP_SIGNAL): what was recorded
                                       until then, while the process went on; its later profiles
                                       hold all of it again */
};

/* One instrumented module (a translation unit, compiled with the plugin). */
struct hotline_module_record {
  uint32_t object_path; /* string: the executable or shared library that held it */
  uint32_t source_file; /* string: the translation unit's main source file */
  uint32_t first_site;  /* index of its first site in the SITES section */
  uint32_t site_count;
};

/* How one module (of MODULES, in its order) was built, as the plugin described it: the
 * compiler and its version, the -O level and hotline's options ("clang 22.1.0, -O2, hotline:
 * lines"). */
struct hotline_module_build_record {
  uint32_t build; /* string; "" when the plugin did not say */
};

/* As in abi.h: what a site is and what its entry of SITE_COUNTS counts. */
enum hotline_site_kind {
  HOTLINE_SITE_FUNCTION = 1,        /* entries */
  HOTLINE_SITE_LINE = 2,            /* unused: a line's basic block is counted by `counter` */
  HOTLINE_SITE_LOOP = 3,            /* entries */
  HOTLINE_SITE_LOOP_ITERATIONS = 4, /* iterations of `loop`, all entries */
  HOTLINE_SITE_LOOP_MAX_TRIPS = 5,  /* most iterations of one entry of `loop`, any thread */
  HOTLINE_SITE_LOOP_FLOPS32 = 6,    /* floating-point operations on float and narrower in
                                       `loop`'s own blocks (FMA = 2, vector lanes counted) */
  HOTLINE_SITE_LOOP_FLOPS64 = 7,    /* the same on double and wider */
  HOTLINE_SITE_LOOP_BYTES = 8,      /* bytes loaded and stored in `loop`'s own blocks */
  HOTLINE_SITE_LOOP_CALLS = 9,      /* calls made from `loop`'s own blocks, whose work is
                                       not in the counts above */
  HOTLINE_SITE_CALL_TARGETS = 10    /* unused: an indirect call, whose callees are in
                                       CALL_TARGETS */
};

#define HOTLINE_NO_SITE 0xffffffffu

/* One instrumented place in the source. Sites are numbered by their index in SITES; the
 * site indices below are indices into SITES too. The fields from `column` on were added in
 * line mode; a reader given the first six only (entry_size 24) takes column 0, counter and
 * function = the site itself, loop = HOTLINE_NO_SITE, facts "". `discriminator` came later
 * (for `hotline pgo`); a reader given 44-byte records takes it as 0. */
struct hotline_site_record {
  uint32_t name;          /* string: demangled name (of the enclosing function for lines, loops) */
  uint32_t linkage_name;  /* string: mangled (linkage) name */
  uint32_t file;          /* string: source file, "" when unknown (no -g) */
  uint32_t line;          /* 0 when unknown */
  uint32_t kind;          /* enum hotline_site_kind */
  uint32_t module;        /* index into MODULES */
  uint32_t column;        /* 0 when unknown */
  uint32_t counter;       /* the site whose SITE_COUNTS entry counts this one */
  uint32_t function;      /* the enclosing function's site */
  uint32_t loop;          /* the innermost enclosing loop's site, or HOTLINE_NO_SITE */
  uint32_t facts;         /* string: loops: what the optimizer did with it */
  uint32_t discriminator; /* lines: the base discriminator of the line's code in its block */
};

/* One thread that recorded anything; its call-tree nodes are CALL_TREE[first_node,
 * first_node + node_count). */
struct hotline_thread_record {
  uint64_t tid;      /* kernel thread id */
  uint64_t start_ns; /* relative to the run's start */
  uint64_t end_ns;   /* relative to the run's start; the write time if still running */
  uint32_t first_node;
  uint32_t node_count;
  uint32_t name;  /* string: the thread's name (pthread_getname_np), may be "" */
  uint32_t flags; /* HOTLINE_THREAD_* */
  /* Appended; 0 in profiles whose records are 40 bytes: */
  uint64_t memory_ns; /* inside the heap allocator's functions (tracked calls only) */
};

enum hotline_thread_flags {
  HOTLINE_THREAD_RUNNING_AT_WRITE = 1u /* the thread had not exited when the profile was written */
};

/* One calling context: a timed function reached through the path of its ancestors. */
struct hotline_call_node_record {
  uint32_t site;         /* index into SITES, or HOTLINE_OTHER_CALL_PATHS */
  uint32_t parent;       /* index of the parent node within this thread's nodes, or
                            HOTLINE_NO_PARENT for the thread's top-level calls; parents
                            always come before their children */
  uint64_t calls;        /* timed calls along this path, ended or open */
  uint64_t inclusive_ns; /* time inside these calls, callees included */
  uint64_t exclusive_ns; /* inclusive_ns minus the inclusive time of the child nodes */
  /* Appended: 0 in 32-byte records of older runtimes. */
  uint64_t window_calls; /* of `calls`, those timed in re-timing windows after the site's
                            timing stopped, less the longest: a fair sample of its untimed
                            calls */
  uint64_t window_ns;    /* their time, within inclusive_ns */
  /* Appended: 0 in 32- and 48-byte records of older runtimes. */
  uint64_t open_calls; /* of `calls`, those still open when the profile was written (a
                          call that called exit, or a running thread's), their time
                          counted until then */
};

#define HOTLINE_NO_PARENT 0xffffffffu

/* The site of a node that stands for call paths beyond the limit (max_call_paths): once the
 * process held that many nodes, a call on a path not seen before was counted in its caller's
 * node of this site, and so was every call it made. The node's calls are the entries into such
 * paths from its parent, its time theirs, callees included; it has no children. */
#define HOTLINE_OTHER_CALL_PATHS 0xfffffffeu

/* The fewest window calls (summed over a stopped site's nodes) from which the reports and the
 * live view estimate the site's untimed calls; with fewer, from all its timed calls. */
#define HOTLINE_MIN_WINDOW_CALLS 32u

/* What timing one call costs, measured by the runtime once, as it starts (an empty function
 * timed many times; the fastest of several rounds; a forked child keeps its parent's).
 * Reports subtract it from the call times so that short, frequent calls are not inflated. */
struct hotline_timing_cost_record {
  uint64_t self_ps;         /* picoseconds of instrumentation inside a timed call's own inclusive
                               time: what an empty timed function records */
  uint64_t caller_ps;       /* picoseconds that one timed call adds to its caller's inclusive time
                               beyond the callee's own work (self_ps included) */
  uint64_t untimed_call_ps; /* picoseconds of one call of an empty function whose timing
                               stopped (counted only): the least any call costs. Appended: 0
                               when entry_size is 16 */
};

/* The runtime's default line for stopping timing (HOTLINE_STOP_TIMING_BELOW_NS=auto): a call
 * path whose mean, as recorded, is below this many times caller_ps; `hotline filter` draws the
 * same line by default. A function that stays timed pays at most about 1/16 of its time. */
#define HOTLINE_STOP_TIMING_COST_TIMES 16u

/* How the runtime sampled where threads were running: each thread's CPU time interrupts it
 * every period_ns, and the interrupted instruction's address is counted. One sample stands for
 * period_ns of CPU time. */
struct hotline_sampling_record {
  uint64_t period_ns; /* CPU time between two samples of one thread; 0: sampling was off */
  uint64_t samples;   /* samples taken, all threads: the SAMPLES counts plus `dropped` */
  uint64_t dropped;   /* samples not recorded (a thread's table was full) */
  uint32_t method;    /* string: "perf task-clock", "POSIX thread CPU timer" (where
                         perf_event_open is not allowed), both, or "" (nothing sampled) */
  uint32_t reason;    /* HOTLINE_SAMPLING_* (0 in profiles of runtimes before ABI 10) */
};

/* Why the runtime sampled. */
enum hotline_sampling_reason {
  HOTLINE_SAMPLING_LINES = 0,         /* line mode: from the start, for line times */
  HOTLINE_SAMPLING_STOPPED_TIMING = 1 /* from the first stop of timing only, for the time of
                                         the functions whose timing stopped */
};

/* One executable or shared library mapped when the profile was written, in the dynamic
 * loader's order, the executable first. The vDSO is listed too, as "linux-vdso.so.1" (it has
 * no file). */
struct hotline_object_record {
  uint64_t load_address; /* what the dynamic loader added to the object's addresses */
  uint32_t path;         /* string: as the loader names it; the executable's is RUN's program */
  uint32_t flags;        /* HOTLINE_OBJECT_* (0 in profiles of older runtimes) */
};

/* The build id (the linker's NT_GNU_BUILD_ID note) of one object of OBJECTS, so that a reader
 * can tell the file it finds at the object's path from a rebuilt one. */
struct hotline_object_build_id_record {
  uint32_t object;   /* index into OBJECTS */
  uint32_t build_id; /* string: the id's bytes in lowercase hex */
};

/* hotline_object_record.flags */
enum {
  /* Loaded by hotline's runtime for itself (CUPTI, NVML), and not by the program before it:
   * what is allocated, read, written or waited for from its code is the profiler's cost. */
  HOTLINE_OBJECT_PROFILER = 1u
};

/* How many samples hit one instruction address, all threads; one record per (object,
 * address), in no particular order. */
struct hotline_sample_record {
  uint64_t address; /* relative to the object: the runtime address minus load_address
                       (for HOTLINE_NO_OBJECT, the runtime address) */
  uint32_t object;  /* index into OBJECTS, HOTLINE_NO_OBJECT, or HOTLINE_PROFILER_CODE */
  uint32_t reserved;
  uint64_t count;
};

#define HOTLINE_NO_OBJECT 0xffffffffu
/* SAMPLES only: the one record (address 0) that counts the samples taken in hotline's own
 * runtime code, its profiler overhead (older readers see an unknown object: no line). */
#define HOTLINE_PROFILER_CODE 0xfffffffeu

/* The process's heap, over the whole run (HEAP section). Sizes are the sizes the program
 * asked for, not what the allocator rounded them up to. A realloc is one allocation (of its
 * new size) and, when it succeeds on an existing block, one free of the old block. */
struct hotline_heap_record {
  uint64_t allocations;     /* successful allocation calls, all threads */
  uint64_t allocated_bytes; /* bytes asked for by them */
  uint64_t frees;           /* blocks freed that were allocated while tracking */
  uint64_t freed_bytes;
  uint64_t peak_live_bytes; /* the most bytes allocated and not yet freed at any moment */
  uint64_t peak_rss_bytes;  /* the process's peak resident set size when the profile was written */
  uint64_t untracked_frees; /* frees of blocks the runtime did not see allocated (allocated
                               while it was not tracking, or by a path it does not hook) */
  uint32_t flags;           /* HOTLINE_HEAP_* */
  uint32_t reserved;
  uint64_t runtime_resident_bytes; /* of hotline's own memory (its tables, buffers and thread
                                      state) resident when the writing began; 0 from older
                                      runtimes, whose record ended before it (64 bytes) */
  uint64_t inherited_blocks;       /* in a forked child: the blocks live at the fork, which the
                                      parent allocated (not in allocations); appended: 0 when the
                                      record is 72 bytes */
  uint64_t inherited_bytes;
};

enum hotline_heap_flags {
  HOTLINE_HEAP_TRACKED = 1u /* allocations were tracked (HOTLINE_MEMORY on): without it only
                               peak_rss_bytes is meaningful */
};

/* Where a memory or I/O record was made: the thread, the innermost timed call open then (a
 * call node of that thread), and the address of the instruction that called the allocation
 * or I/O function. */
#define HOTLINE_NO_THREAD                                                                          \
  0xffffffffu /* no thread state: before the runtime started, or while                             \
                 a thread was exiting */

/* The heap blocks allocated from one place: one (thread, call node, calling instruction).
 * Frees count against the place that allocated the block, whichever thread frees it. */
struct hotline_memory_site_record {
  uint32_t thread;  /* index into THREADS, or HOTLINE_NO_THREAD */
  uint32_t node;    /* index of the call node within the thread's nodes, or
                       HOTLINE_NO_PARENT outside every timed call */
  uint64_t address; /* the calling instruction (the return address minus one),
                       relative to `object` as in SAMPLES; 0 with object
                       HOTLINE_NO_OBJECT: places the runtime had no room to tell
                       apart, pooled */
  uint32_t object;  /* index into OBJECTS, or HOTLINE_NO_OBJECT */
  uint32_t reserved;
  uint64_t allocations;
  uint64_t allocated_bytes;
  uint64_t frees; /* of the blocks allocated here, by any thread */
  uint64_t freed_bytes;
  uint64_t peak_live_bytes; /* the most bytes of this place's blocks live at once */
  uint64_t temporaries;     /* blocks freed by the allocating thread while the timed call that
                               was innermost at allocation was still innermost: short-lived */
  uint64_t temporary_bytes;
  uint32_t via_object; /* for a call made inside a library and placed at the program's
                          call into it (address and object are then the program's):
                          index into OBJECTS of the library, or HOTLINE_NO_OBJECT for a
                          call the program made itself. Appended: a record without it
                          reads as HOTLINE_NO_OBJECT */
  uint32_t reserved_2;
  uint64_t inherited_blocks; /* in a forked child: this place's blocks live at the fork, which
                                the parent allocated (not in allocations; frees counts the
                                child's frees of them); appended: 0 when the record is 88 bytes */
  uint64_t inherited_bytes;
};

/* A file (or pipe, socket, device) the program did I/O on, named as /proc/self/fd showed it
 * when first seen ("/data/train.bin", "pipe:[1234]", "/dev/pts/0"), or as passed to an open
 * that failed. */
struct hotline_file_record {
  uint32_t path; /* string */
  uint32_t reserved;
};

#define HOTLINE_NO_FILE 0xffffffffu

/* The I/O calls made from one place on one file: one (thread, call node, calling instruction,
 * file). Times are wall-clock time inside the call: the time the thread was blocked. */
struct hotline_io_site_record {
  uint32_t thread; /* as in hotline_memory_site_record */
  uint32_t node;
  uint64_t address;
  uint32_t object;
  uint32_t file;       /* index into FILES, or HOTLINE_NO_FILE (a descriptor the runtime
                          could not name) */
  uint64_t reads;      /* read, pread, readv, preadv, fread, ... calls */
  uint64_t read_bytes; /* bytes they returned */
  uint64_t read_ns;
  uint64_t writes; /* write, pwrite, writev, pwritev, fwrite, ... calls */
  uint64_t write_bytes;
  uint64_t write_ns;
  uint64_t opens; /* open, openat, creat, fopen calls, failed ones included */
  uint64_t open_ns;
  uint64_t syncs; /* fsync and fdatasync calls */
  uint64_t sync_ns;
  uint64_t maps; /* mmap calls mapping this file */
  uint64_t mapped_bytes;
  uint64_t map_ns;
  uint32_t via_object; /* as in hotline_memory_site_record */
  uint32_t reserved_2;
};

/* The process and the machine over the whole run (SYSTEM section). */
struct hotline_system_record {
  uint64_t cpu_ns;           /* the process's CPU time (user and system, all threads) over the
                                run: from the runtime's start (a forked child's: from the fork)
                                to the run's end, the interval of its wall time */
  uint64_t energy_uj;        /* CPU package energy used by the machine during the run
                                (powercap's RAPL counters); 0 without HOTLINE_SYSTEM_ENERGY */
  uint64_t sample_period_ns; /* the sampler's period (HOTLINE_SAMPLE_MS); 0: no sampler. When
                                the sample table filled up, it kept every other sample and
                                doubled this period, as often as needed */
  uint32_t flags;            /* HOTLINE_SYSTEM_* */
  uint32_t gpu_count;        /* GPUs that NVML reported (0 without HOTLINE_SYSTEM_GPU) */
};

enum hotline_system_flags {
  HOTLINE_SYSTEM_ENERGY = 1u, /* energy_uj (and the samples' energy) was measured */
  HOTLINE_SYSTEM_GPU = 2u     /* the samples' GPU fields were measured (NVML answered) */
};

/* One reading of the sampler thread (SYSTEM_SAMPLES section), every sample_period_ns. */
struct hotline_system_sample_record {
  uint64_t time_ns;                 /* since the run's start */
  uint64_t rss_bytes;               /* the process's resident set */
  uint64_t energy_uj;               /* CPU package energy since the run's start */
  uint64_t gpu_memory_bytes;        /* GPU memory in use, all GPUs */
  uint32_t cpu_percent_x100;        /* the process's CPU time over the wall time since the
                                       previous sample, in hundredths of a percent (10000 =
                                       one core busy) */
  uint32_t gpu_utilization_percent; /* the busiest GPU's */
  uint32_t gpu_temperature_c;       /* the hottest GPU's */
  uint32_t gpu_power_mw;            /* all GPUs */
};

/* Marks a counter counted outside every region. */
#define HOTLINE_NO_REGION 0xffffffffu

/* One region of one thread, reached through its enclosing regions (the regions that
 * hotline_region_begin/end, HOTLINE_REGION, [[hotline::region]] functions and NVTX ranges open
 * and close). Records are grouped by thread, parents before children. Times are wall-clock
 * time from begin to end; io_ns and sync_ns are the parts of it the thread spent blocked in
 * I/O and synchronization calls while this region was the innermost open one, memory_ns the
 * part it spent inside the heap allocator's functions, gpu_ns the part inside CUDA runtime
 * calls other than the synchronize calls (which are in sync_ns). */
struct hotline_region_record {
  uint32_t thread;  /* index into THREADS */
  uint32_t parent;  /* index into REGIONS of the enclosing region, or HOTLINE_NO_REGION */
  uint32_t name;    /* string */
  uint32_t flags;   /* HOTLINE_REGION_* */
  uint64_t entries; /* times begun */
  uint64_t inclusive_ns;
  uint64_t io_ns;
  uint64_t sync_ns;
  /* Appended; 0 in profiles whose records are 48 bytes: */
  uint64_t memory_ns;
  uint64_t gpu_ns;
};

enum hotline_region_flags {
  HOTLINE_REGION_OPEN_AT_WRITE = 1u /* still open when the profile was written: its time runs to
                                       then (or to the thread's end) */
};

/* What HOTLINE_COUNT added up: one named counter in one region of one thread. */
struct hotline_counter_record {
  uint32_t thread; /* index into THREADS */
  uint32_t region; /* index into REGIONS, or HOTLINE_NO_REGION (outside every region) */
  uint32_t name;   /* string */
  uint32_t reserved;
  uint64_t value; /* the sum of the amounts counted */
};

/* What a thread waited for in one synchronization call. */
enum hotline_sync_kind {
  HOTLINE_SYNC_MUTEX = 1,     /* pthread_mutex_lock (std::mutex) that found the mutex taken */
  HOTLINE_SYNC_CONDITION = 2, /* pthread_cond_wait, pthread_cond_timedwait (condition_variable) */
  HOTLINE_SYNC_JOIN = 3,      /* pthread_join (std::thread::join) */
  HOTLINE_SYNC_BARRIER = 4,   /* pthread_barrier_wait */
  HOTLINE_SYNC_SEMAPHORE = 5, /* sem_wait, sem_timedwait */
  HOTLINE_SYNC_RWLOCK = 6,    /* pthread_rwlock_rdlock, pthread_rwlock_wrlock that found it taken */
  HOTLINE_SYNC_FUTEX =
      7 /* a futex wait that slept: std::atomic::wait, latch, barrier, counting_semaphore */
};

/* The waits of one kind made from one place: one (thread, call node, calling instruction,
 * kind). A lock taken at once is not a wait and is not recorded. */
struct hotline_sync_site_record {
  uint32_t thread; /* as in hotline_memory_site_record */
  uint32_t node;
  uint64_t address;
  uint32_t object;
  uint32_t kind; /* enum hotline_sync_kind */
  uint64_t waits;
  uint64_t wait_ns;    /* wall-clock time blocked in them */
  uint32_t via_object; /* as in hotline_memory_site_record */
  uint32_t reserved_2;
};

/* What the runtime's CUDA module could do in this process (CUDA section). */
enum hotline_cuda_state {
  HOTLINE_CUDA_TRACED = 1,       /* CUPTI recorded the GPU work */
  HOTLINE_CUDA_NO_DRIVER = 2,    /* CUDA present, no driver (libcuda.so.1 did not load) */
  HOTLINE_CUDA_NO_DEVICE = 3,    /* CUDA present, no device (cuInit or the device count said so) */
  HOTLINE_CUDA_NO_CUPTI = 4,     /* libcupti could not be loaded, or lacks a function */
  HOTLINE_CUDA_CUPTI_TAKEN = 5,  /* another tool subscribed to CUPTI first */
  HOTLINE_CUDA_CUPTI_FAILED = 6, /* CUPTI refused a call; `message` says which */
  HOTLINE_CUDA_NOT_BUILT = 7     /* this runtime was built without the CUPTI headers */
};

struct hotline_cuda_record {
  uint32_t state;           /* enum hotline_cuda_state */
  uint32_t device_count;    /* devices the driver reported */
  uint32_t message;         /* string: the detail behind `state` ("" when traced) */
  uint32_t driver_version;  /* cuDriverGetVersion, e.g. 13000; 0 when unknown */
  uint64_t dropped_records; /* activity records CUPTI dropped (its buffers were full) */
  uint64_t lost_records;    /* records the runtime had no room to keep */
  uint32_t cupti_version;   /* cuptiGetVersion; 0 when unknown */
  uint32_t reserved;
};

/* One GPU, as the driver described it. */
struct hotline_gpu_device_record {
  uint32_t device;        /* the CUDA device ordinal, as in the records below */
  uint32_t name;          /* string: "NVIDIA H100 80GB HBM3" */
  uint32_t compute_major; /* compute capability */
  uint32_t compute_minor;
  uint32_t multiprocessors;
  uint32_t reserved;
  uint64_t memory_bytes; /* global memory */
};

/* What a CUDA runtime call does, for grouping (the call's own name is in `function`). */
enum hotline_gpu_api {
  HOTLINE_GPU_API_LAUNCH = 1,      /* cudaLaunchKernel and the other launches, graph launches */
  HOTLINE_GPU_API_MEMCPY = 2,      /* cudaMemcpy*, synchronous or not */
  HOTLINE_GPU_API_MEMSET = 3,      /* cudaMemset* */
  HOTLINE_GPU_API_ALLOC = 4,       /* cudaMalloc*, cudaHostAlloc */
  HOTLINE_GPU_API_FREE = 5,        /* cudaFree* */
  HOTLINE_GPU_API_SYNCHRONIZE = 6, /* cudaDeviceSynchronize, cudaStreamSynchronize,
                                      cudaEventSynchronize, cudaStreamWaitEvent */
  HOTLINE_GPU_API_OTHER = 7
};

/* The calls to one CUDA runtime function from one place: one (thread, call node, calling
 * instruction, function). The place is told as in hotline_memory_site_record; the calling
 * instruction is the one the plugin marked before the call (the kernel launch's `<<<...>>>`
 * line), address 0 with HOTLINE_NO_OBJECT when the call was not marked (made by a library). */
struct hotline_gpu_site_record {
  uint32_t thread; /* as in hotline_memory_site_record */
  uint32_t node;
  uint64_t address;
  uint32_t object;
  uint32_t api;      /* enum hotline_gpu_api */
  uint32_t function; /* string: the CUDA runtime function, "cudaLaunchKernel" */
  uint32_t reserved;
  uint64_t calls;
  uint64_t host_ns; /* wall-clock time the calling thread spent inside these calls */
};

/* No GPU site: GPU work whose launching call was not seen (before the CUDA module started,
 * through the driver API, or a correlation the runtime had no room to keep). */
#define HOTLINE_NO_GPU_SITE 0xffffffffu

/* One kernel run. GPU times are mapped to the run's clock: ns since the run's start. */
struct hotline_gpu_kernel_record {
  uint64_t start_ns;
  uint64_t end_ns;
  uint32_t site; /* index into GPU_SITES, or HOTLINE_NO_GPU_SITE */
  uint32_t name; /* string: the kernel's name as CUPTI gave it (mangled) */
  uint32_t device;
  uint32_t stream;
  uint32_t grid_x, grid_y, grid_z;
  uint32_t block_x, block_y, block_z;
  uint32_t shared_bytes; /* static and dynamic shared memory per block */
  uint32_t registers;    /* per thread */
};

enum hotline_gpu_transfer_kind {
  HOTLINE_GPU_COPY_HOST_TO_DEVICE = 1,
  HOTLINE_GPU_COPY_DEVICE_TO_HOST = 2,
  HOTLINE_GPU_COPY_DEVICE_TO_DEVICE = 3,
  HOTLINE_GPU_COPY_HOST_TO_HOST = 4,
  HOTLINE_GPU_COPY_PEER_TO_PEER = 5,
  HOTLINE_GPU_COPY_OTHER = 6, /* to or from CUDA arrays */
  HOTLINE_GPU_MEMSET = 7
};

/* Where the bytes of a transfer lie. */
enum hotline_gpu_memory_kind {
  HOTLINE_GPU_MEMORY_UNKNOWN = 0,
  HOTLINE_GPU_MEMORY_PAGEABLE = 1, /* ordinary host memory: the driver stages it */
  HOTLINE_GPU_MEMORY_PINNED = 2,   /* page-locked host memory (cudaMallocHost, cudaHostAlloc) */
  HOTLINE_GPU_MEMORY_DEVICE = 3,
  HOTLINE_GPU_MEMORY_MANAGED = 4,
  HOTLINE_GPU_MEMORY_ARRAY = 5
};

/* One memcpy or memset run by the GPU. */
struct hotline_gpu_transfer_record {
  uint64_t start_ns;
  uint64_t end_ns;
  uint64_t bytes;
  uint32_t site; /* index into GPU_SITES, or HOTLINE_NO_GPU_SITE */
  uint32_t device;
  uint32_t stream;
  uint8_t kind;        /* enum hotline_gpu_transfer_kind */
  uint8_t source;      /* enum hotline_gpu_memory_kind; for a memset, the memory set */
  uint8_t destination; /* enum hotline_gpu_memory_kind; for a memset, the same */
  uint8_t reserved;
};

enum hotline_gpu_sync_kind {
  HOTLINE_GPU_SYNC_EVENT = 1, /* cudaEventSynchronize */
  HOTLINE_GPU_SYNC_STREAM_WAIT_EVENT = 2,
  HOTLINE_GPU_SYNC_STREAM = 3, /* cudaStreamSynchronize */
  HOTLINE_GPU_SYNC_DEVICE = 4, /* cudaDeviceSynchronize (context synchronize) */
  HOTLINE_GPU_SYNC_OTHER = 5
};

/* One wait of the host for the GPU, as CUPTI timed it. */
struct hotline_gpu_sync_record {
  uint64_t start_ns;
  uint64_t end_ns;
  uint32_t site;   /* index into GPU_SITES, or HOTLINE_NO_GPU_SITE */
  uint32_t kind;   /* enum hotline_gpu_sync_kind */
  uint32_t stream; /* 0xffffffff: not one stream (device synchronize) */
  uint32_t reserved;
};

enum hotline_gpu_memory_operation { HOTLINE_GPU_ALLOCATE = 1, HOTLINE_GPU_FREE = 2 };

/* One device (or managed, or pinned host) allocation or free, by time. A free names the same
 * address and bytes as its allocation. */
struct hotline_gpu_memory_record {
  uint64_t time_ns;
  uint64_t address;
  uint64_t bytes;
  uint32_t site; /* index into GPU_SITES, or HOTLINE_NO_GPU_SITE */
  uint32_t device;
  uint8_t operation; /* enum hotline_gpu_memory_operation */
  uint8_t memory;    /* enum hotline_gpu_memory_kind */
  uint16_t reserved16;
  uint32_t reserved;
};

/* Trace mode: how the runtime kept the timeline (TRACE section). */
struct hotline_trace_record {
  uint64_t min_ns;               /* calls, regions and I/O calls shorter than this were not kept */
  uint64_t allocation_min_bytes; /* allocations smaller than this were not kept */
  uint64_t dropped;              /* events not kept because a thread's buffer was full */
  uint32_t capacity;             /* events each thread can keep */
  uint32_t reserved;
};

/* The process's place in a parallel job, as its launcher said (JOB section). */
struct hotline_job_record {
  uint32_t rank;       /* 0 .. world_size - 1 */
  uint32_t world_size; /* the job's processes */
  uint32_t launcher; /* string: whose variables said so: "Open MPI", "MVAPICH", "PMI" or "Slurm" */
  uint32_t reserved;
};

/* The calls of one MPI function made from one place: one (thread, call node, calling
 * instruction, function). Recorded through the PMPI interface (docs/mpi.md). */
struct hotline_mpi_site_record {
  uint32_t thread; /* as in hotline_memory_site_record */
  uint32_t node;
  uint64_t address;
  uint32_t object;
  uint32_t function; /* string: the MPI function, "MPI_Allreduce" */
  uint64_t calls;
  uint64_t ns;    /* wall-clock time inside them */
  uint64_t bytes; /* the message sizes they named (count x datatype size), where the
                     call has one; 0 where not counted */
};

/* How many times one indirect call (a CALL_TARGETS site) called one function, all threads.
 * The function is named by its address, as in SAMPLES; a reader looks its name up in the
 * object's symbols. A (site, function) pair may appear in more than one record: add them. */
struct hotline_call_target_record {
  uint64_t address; /* the function's, relative to the object (as in SAMPLES) */
  uint32_t object;  /* index into OBJECTS, or HOTLINE_NO_OBJECT */
  uint32_t site;    /* index into SITES */
  uint64_t count;
};

/* The ranges of one name that a call started and another ended, on any thread (NVTX's
 * nvtxRangeStart/End): unlike regions, they need not nest, and may end on another thread. */
struct hotline_range_record {
  uint32_t name;   /* string */
  uint32_t open;   /* started and not ended when the profile was written */
  uint64_t count;  /* ended */
  uint64_t ns;     /* their time from start to end, all together */
  uint64_t min_ns; /* the shortest and longest; 0 when count is 0 */
  uint64_t max_ns;
  uint64_t other_thread; /* of count: ended on a thread other than the one that started them */
};

/* One span of the run that was recorded: from a start of the recording (or the runtime's) to
 * the next stop (or the profile's write), in ns since the run's start. */
struct hotline_window_record {
  uint64_t start_ns;
  uint64_t end_ns;
};

/* One range of a histogram of durations (HOTLINE_HISTOGRAMS=1): a call node's (CALL_HISTOGRAMS)
 * or a region's (REGION_HISTOGRAMS). `count` of its calls or entries that ended in a recorded
 * window lasted from lower_ns up to upper_ns. One histogram's ranges are together, by
 * ascending lower_ns, and do not overlap (a range's upper_ns is at most the next one's
 * lower_ns); each is a range of the runtime's log-linear buckets (eight to an octave, so at
 * most 12.5% wide), except that the first lower_ns is the shortest duration and the last
 * upper_ns the longest (which that range includes). A node or region without a completed call
 * or entry while recording, or beyond HOTLINE_HISTOGRAM_MB, has none. Times are as measured:
 * a call's with the cost of timing the calls inside it. */
struct hotline_histogram_range_record {
  uint32_t index; /* CALL_HISTOGRAMS: into CALL_TREE (all threads' nodes, in their order there);
                     REGION_HISTOGRAMS: into REGIONS */
  uint32_t count; /* > 0 */
  uint64_t lower_ns;
  uint64_t upper_ns; /* >= lower_ns */
};

/* One key=value tag of the run, as HOTLINE_TAGS gave it: what the user says the run was
 * (dataset=imagenet-mini, batch=256), for comparing runs. */
struct hotline_tag_record {
  uint32_t key;   /* string, never empty */
  uint32_t value; /* string, may be empty */
};

enum hotline_trace_event_kind {
  HOTLINE_TRACE_CALL = 1,       /* a timed call: `id` is its call node within the thread */
  HOTLINE_TRACE_REGION = 2,     /* a region: `id` is its name (string) */
  HOTLINE_TRACE_ALLOCATION = 3, /* a heap block of `value` bytes allocated at start_ns (= end_ns) */
  HOTLINE_TRACE_READ = 4,       /* I/O calls: `id` is the file (FILES index, or HOTLINE_NO_FILE), */
  HOTLINE_TRACE_WRITE = 5,      /* `value` the bytes moved (or mapped) */
  HOTLINE_TRACE_OPEN = 6,
  HOTLINE_TRACE_SYNC = 7,
  HOTLINE_TRACE_MAP = 8,
  HOTLINE_TRACE_WAIT = 9,  /* a wait for another thread (TRACE_WAITS only): `id` is its
                              enum hotline_sync_kind */
  HOTLINE_TRACE_RANGE = 10 /* an NVTX start/end range (TRACE_RANGES only), on the thread that
                              ended it: `id` is its name (string), `value` 1 when another
                              thread started it, else 0 */
};

/* One event of one thread's timeline. Times are ns since the run's start. A thread's events
 * are in the order they ended; a call's or region's events come after those of the calls
 * and regions it encloses. */
struct hotline_trace_event_record {
  uint64_t start_ns;
  uint64_t end_ns;
  uint64_t value;  /* bytes, for allocations and I/O; 0 otherwise */
  uint32_t thread; /* index into THREADS */
  uint32_t kind;   /* enum hotline_trace_event_kind */
  uint32_t id;     /* what the event is, by kind (above) */
  uint32_t reserved;
};

#ifdef __cplusplus
static_assert(sizeof(hotline_system_record) == 32,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_system_sample_record) == 48,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_sampling_record) == 32,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_object_record) == 16,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_object_build_id_record) == 8,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_sample_record) == 24,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_file_header) == 32,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_section_header) == 16,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_run_record) == 96,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_module_record) == 16,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_site_record) == 48,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_thread_record) == 48,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_call_node_record) == 56,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_timing_cost_record) == 24,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_heap_record) == 88,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_memory_site_record) == 104,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_file_record) == 8,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_io_site_record) == 136,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_region_record) == 64,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_counter_record) == 24,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_sync_site_record) == 48,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_mpi_site_record) == 48,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_cuda_record) == 40,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_gpu_device_record) == 32,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_gpu_site_record) == 48,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_gpu_kernel_record) == 64,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_gpu_transfer_record) == 40,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_gpu_sync_record) == 32,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_gpu_memory_record) == 40,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_trace_record) == 32,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_job_record) == 16,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_trace_event_record) == 40,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_call_target_record) == 24,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_range_record) == 48,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_tag_record) == 8,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_module_build_record) == 4,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_window_record) == 16,
              "profile layout changed: see the versioning rule above");
static_assert(sizeof(hotline_histogram_range_record) == 24,
              "profile layout changed: see the versioning rule above");

/* A section's entry_size: the size of its record, 0 for the STRINGS blob (record `void`). */
template <typename Record> inline constexpr uint32_t hotline_entry_size = sizeof(Record);
template <> inline constexpr uint32_t hotline_entry_size<void> = 0;
#else
_Static_assert(sizeof(struct hotline_file_header) == 32, "profile layout changed");
_Static_assert(sizeof(struct hotline_section_header) == 16, "profile layout changed");
_Static_assert(sizeof(struct hotline_run_record) == 96, "profile layout changed");
_Static_assert(sizeof(struct hotline_module_record) == 16, "profile layout changed");
_Static_assert(sizeof(struct hotline_site_record) == 48, "profile layout changed");
_Static_assert(sizeof(struct hotline_thread_record) == 48, "profile layout changed");
_Static_assert(sizeof(struct hotline_call_node_record) == 56, "profile layout changed");
_Static_assert(sizeof(struct hotline_timing_cost_record) == 24, "profile layout changed");
_Static_assert(sizeof(struct hotline_sampling_record) == 32, "profile layout changed");
_Static_assert(sizeof(struct hotline_object_record) == 16, "profile layout changed");
_Static_assert(sizeof(struct hotline_object_build_id_record) == 8, "profile layout changed");
_Static_assert(sizeof(struct hotline_sample_record) == 24, "profile layout changed");
_Static_assert(sizeof(struct hotline_heap_record) == 88, "profile layout changed");
_Static_assert(sizeof(struct hotline_memory_site_record) == 104, "profile layout changed");
_Static_assert(sizeof(struct hotline_file_record) == 8, "profile layout changed");
_Static_assert(sizeof(struct hotline_io_site_record) == 136, "profile layout changed");
_Static_assert(sizeof(struct hotline_system_record) == 32, "profile layout changed");
_Static_assert(sizeof(struct hotline_system_sample_record) == 48, "profile layout changed");
_Static_assert(sizeof(struct hotline_region_record) == 64, "profile layout changed");
_Static_assert(sizeof(struct hotline_counter_record) == 24, "profile layout changed");
_Static_assert(sizeof(struct hotline_sync_site_record) == 48, "profile layout changed");
_Static_assert(sizeof(struct hotline_cuda_record) == 40, "profile layout changed");
_Static_assert(sizeof(struct hotline_gpu_device_record) == 32, "profile layout changed");
_Static_assert(sizeof(struct hotline_gpu_site_record) == 48, "profile layout changed");
_Static_assert(sizeof(struct hotline_gpu_kernel_record) == 64, "profile layout changed");
_Static_assert(sizeof(struct hotline_gpu_transfer_record) == 40, "profile layout changed");
_Static_assert(sizeof(struct hotline_gpu_sync_record) == 32, "profile layout changed");
_Static_assert(sizeof(struct hotline_gpu_memory_record) == 40, "profile layout changed");
_Static_assert(sizeof(struct hotline_trace_record) == 32, "profile layout changed");
_Static_assert(sizeof(struct hotline_trace_event_record) == 40, "profile layout changed");
_Static_assert(sizeof(struct hotline_job_record) == 16, "profile layout changed");
_Static_assert(sizeof(struct hotline_mpi_site_record) == 48, "profile layout changed");
_Static_assert(sizeof(struct hotline_call_target_record) == 24, "profile layout changed");
_Static_assert(sizeof(struct hotline_range_record) == 48, "profile layout changed");
_Static_assert(sizeof(struct hotline_tag_record) == 8, "profile layout changed");
_Static_assert(sizeof(struct hotline_module_build_record) == 4, "profile layout changed");
_Static_assert(sizeof(struct hotline_window_record) == 16, "profile layout changed");
_Static_assert(sizeof(struct hotline_histogram_range_record) == 24, "profile layout changed");
#endif

#endif
