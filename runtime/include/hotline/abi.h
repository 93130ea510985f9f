/* The contract between HotlinePlugin (which emits calls and tables) and libhotline_rt (which
 * defines them). Every __hotline_* symbol and shared layout lives here and nowhere else; the
 * plugin names them through plugin/RuntimeAbi.h, which must stay in sync with this file. */
#ifndef HOTLINE_ABI_H
#define HOTLINE_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever a layout or a signature below changes. A module built for another version
 * is refused at registration with one line on stderr (its functions then run unrecorded). */
#define HOTLINE_ABI_VERSION 11u

/* The runtime is built with hidden visibility; the ABI is what it exports. */
#define HOTLINE_ABI_EXPORT __attribute__((visibility("default")))

/* The calling convention of the calls that instrumented code makes from its hottest places
 * (__hotline_thread_counters_init, __hotline_enter, __hotline_exit): they save every
 * general-purpose register they use, so the caller keeps its values in registers across the
 * call and needs no callee-saved registers, and so no prologue, for it. The plugin calls
 * them with the same convention (plugin/RuntimeAbi.cpp), on the same targets. The runtime
 * gives it to their own slow paths too, so that their fast paths save only what they use. */
#if defined(__clang__) && (defined(__x86_64__) || defined(__aarch64__))
#define HOTLINE_ABI_PRESERVE_MOST __attribute__((preserve_most))
#else
#define HOTLINE_ABI_PRESERVE_MOST
#endif

/* Global site ids below this are real sites; this and the next
 * HOTLINE_MAX_SITES_PER_MODULE ids are the never-reported slots described at site_base. */
#define HOTLINE_UNREGISTERED_SITE_BASE (1u << 21)
#define HOTLINE_MAX_SITES_PER_MODULE (1u << 19)

/* What a site is, and what its counter counts. Line mode (-fplugin-arg-hotline-lines) adds
 * the line and loop sites; each has a counter slot like a function, some of them unused. */
enum __hotline_site_kind_abi {
  HOTLINE_ABI_SITE_FUNCTION = 1,        /* counts entries; timed when worth it */
  HOTLINE_ABI_SITE_LINE = 2,            /* a source line within one basic block; the block's
                                           executions are counted by the site named in
                                           `counter` (the block's first line) */
  HOTLINE_ABI_SITE_LOOP = 3,            /* counts entries; timed from entry to every exit */
  HOTLINE_ABI_SITE_LOOP_ITERATIONS = 4, /* counts the iterations of the loop in `loop` */
  HOTLINE_ABI_SITE_LOOP_MAX_TRIPS = 5,  /* the most iterations of one entry of that loop: the
                                           runtime combines threads by maximum, not by sum */
  /* The work done in the loop named by `loop` (its own blocks, not its inner loops'), counted
     in the optimized code, vector lanes included; added after the optimizer by hotline's
     loop-work pass: */
  HOTLINE_ABI_SITE_LOOP_FLOPS32 = 6, /* floating-point operations on float and narrower
                                        (a fused multiply-add counts 2) */
  HOTLINE_ABI_SITE_LOOP_FLOPS64 = 7, /* the same on double and wider */
  HOTLINE_ABI_SITE_LOOP_BYTES = 8,   /* bytes loaded and stored */
  HOTLINE_ABI_SITE_LOOP_CALLS = 9,   /* calls made (their own work is not counted) */
  /* An indirect call (call-targets option, line mode): its counter is unused; the runtime
     counts the functions it called, through __hotline_call_target. */
  HOTLINE_ABI_SITE_CALL_TARGETS = 10
};

/* No site: the `loop` of a site outside any loop. */
#define HOTLINE_ABI_NO_SITE 0xffffffffu

/* One instrumented place in one module. Emitted by the plugin as constant data. The indices
 * are module-local (positions in the module's `sites` array). Its texts are offsets in bytes
 * from the start of that array (sites[0]) to their first byte, not pointers: a table of
 * pointers is relocated by the loader at every start (four relocations a site, most of a
 * short process's page faults in a line-mode build), while this one stays in read-only pages
 * shared with the file. __hotline_site_text turns an offset into the text. */
struct __hotline_site {
  int64_t name;           /* demangled name (of the enclosing function for lines and loops) */
  int64_t linkage_name;   /* mangled (linkage) name of that function */
  int64_t file;           /* source file, "" without debug info */
  uint32_t line;          /* 0 without debug info */
  uint32_t kind;          /* enum __hotline_site_kind_abi */
  uint32_t column;        /* 0 when unknown */
  uint32_t counter;       /* the site whose counter counts this one (itself except for lines) */
  uint32_t function;      /* the enclosing function's site */
  uint32_t loop;          /* the innermost enclosing loop's site, or HOTLINE_ABI_NO_SITE */
  uint32_t discriminator; /* lines: the base discriminator of the line's code in its block
                             (LLVM's AddDiscriminators numbering), 0 otherwise */
  int64_t facts;          /* loops: what the optimizer did with it ("vectorized (width 4)",
                             "not vectorized: <reason>"); "" otherwise */
};

/* A text of a site of `sites` (one of its offsets), as a C string. */
static inline const char *__hotline_site_text(const struct __hotline_site *sites, int64_t offset) {
  return (const char *)((uintptr_t)sites + (uint64_t)offset); /* texts lie outside the array */
}

/* Where the plugin found counters always bumped together, it kept one increment: the count of
 * `counter` is the number of times it was bumped plus the count of `implied_by`, whose
 * increments stood for the dropped ones (module-local site ids; `implied_by` never appears
 * as a `counter`). The runtime adds them up whenever it reports counts. */
struct __hotline_implied_count {
  uint32_t counter;
  uint32_t implied_by;
};

/* One instrumented translation unit. Emitted by the plugin as a writable global that its
 * constructor passes to __hotline_register_module and its destructor to
 * __hotline_unregister_module. */
struct __hotline_module {
  uint32_t abi_version; /* HOTLINE_ABI_VERSION the plugin was built for */
  uint32_t site_count;
  const struct __hotline_site *sites;
  const char *source_file; /* the translation unit's main file */
  uint8_t *untimed;        /* site_count bytes, zero-initialized by the plugin (null
                              when nothing in the module is timed). Timed functions
                              read their byte at entry and time the call only when
                              it is 0; the runtime sets it to 1 to stop timing a site
                              whose calls are too short (they are still counted). */
  uint32_t site_base;      /* the global id of sites[0], written by the runtime at
                              registration; instrumented code reads it to index the
                              counters. The plugin initializes it to
                              HOTLINE_UNREGISTERED_SITE_BASE, so code that runs
                              before registration (or in a refused module) counts
                              into slots that are never reported and is not timed. */
  uint32_t flags;          /* HOTLINE_ABI_MODULE_* */
  const struct __hotline_implied_count *implied_counts; /* null when there are none */
  uint32_t implied_count_count;
  /* The bounds of the section HOTLINE_ABI_LIBRARY_CODE_SECTION in the object that holds the
   * module (null when it has none): the plugin puts there the functions that the program's
   * object defines from system headers (std::vector's _M_realloc_insert, a header-only
   * library's parser), so that an allocation or I/O call made in them is placed at the
   * program's line that called them, as one made inside a shared library is. */
  const char *library_code_start;
  const char *library_code_end;
  /* How the module was built, as the plugin saw it: the compiler and its version, the -O
   * level, and hotline's options that differ from the defaults ("clang 22.1.0, -O2,
   * hotline: lines"); null when the passes ran outside a compiler's pipeline (opt
   * -passes=...). The runtime copies it like source_file and writes it to MODULE_BUILDS. */
  const char *build;
};

#define HOTLINE_ABI_LIBRARY_CODE_SECTION "hotline_library_code"

enum __hotline_module_flags_abi {
  HOTLINE_ABI_MODULE_LINES = 1u /* built in line mode: the runtime samples where threads run */
};

/* Registration, called from each module's constructor (priority 101) and destructor. After
 * unregistering, the runtime keeps its own copy of the module's strings, so a profile written
 * after dlclose still names the functions. */
HOTLINE_ABI_EXPORT void __hotline_register_module(struct __hotline_module *module);
HOTLINE_ABI_EXPORT void __hotline_unregister_module(struct __hotline_module *module);

/* Exact entry counting (inserted at pipeline start, before inlining). Per thread: an array of
 * 64-bit counters indexed by global site id (module->site_base + local index). It is null
 * until the thread's first count; instrumented code then calls
 * __hotline_thread_counters_init, which sets and returns it (preserve_most, above). The TLS
 * model is initial-exec. */
extern HOTLINE_ABI_EXPORT __thread uint64_t *__hotline_thread_counters;
HOTLINE_ABI_EXPORT HOTLINE_ABI_PRESERVE_MOST uint64_t *__hotline_thread_counters_init(void);

/* Timing (inserted after inlining, on functions worth timing). At entry, when the site's
 * untimed byte is 0, the function calls __hotline_enter with its global site id and its call
 * key: the address of its return address (llvm.addressofreturnaddress), which no other open
 * call of the thread shares, and which is lower for the calls it makes (the stack grows down).
 * On every way out of the function that returns to its caller (returns, unwinding, musttail
 * calls) it calls __hotline_exit with the same two values when
 * __hotline_open_call_key <= its key: only then can one of its thread's open timed calls be
 * this one. The runtime ends the call only when it finds it open (same key and site); a call
 * that was not timed is not found, so neither the untimed byte's value at entry nor anything
 * else has to be kept in the function's frame until its exit, and timing adds no register
 * and no stack slot to the frame.
 *
 * Open calls above the one that exits, with lower keys, are calls that left without their
 * exit (a longjmp to a setjmp in code that was not instrumented): the runtime ends them
 * there. A call that never returns (exit, pthread_exit, a longjmp past it) stays open: the
 * runtime ends it where the thread or the jump lands, or counts it as open when the profile
 * is written. Both calls return at once for a site id of a refused module. */
HOTLINE_ABI_EXPORT HOTLINE_ABI_PRESERVE_MOST void __hotline_enter(uint32_t site_id,
                                                                  uintptr_t call_key);
HOTLINE_ABI_EXPORT HOTLINE_ABI_PRESERVE_MOST void __hotline_exit(uint32_t site_id,
                                                                 uintptr_t call_key);

/* The call key of the calling thread's innermost open timed call, UINTPTR_MAX when it has
 * none (the runtime keeps it; instrumented code only reads it). Initial-exec TLS. */
extern HOTLINE_ABI_EXPORT __thread uintptr_t __hotline_open_call_key;

/* setjmp: in every instrumented function, each call of setjmp, _setjmp, sigsetjmp or
 * __sigsetjmp is preceded by __hotline_open_depth (the calling thread's open timed calls) and
 * followed by __hotline_resume_at_depth with its result. On the second return, after a
 * longjmp, the calls that the jump skipped are ended there. */
HOTLINE_ABI_EXPORT uint32_t __hotline_open_depth(void);
HOTLINE_ABI_EXPORT void __hotline_resume_at_depth(uint32_t depth);

/* Regions: the user API of <hotline/hotline.h> calls these, and so does the code the plugin
 * adds to [[hotline::region("name")]] functions (begin at entry, end on every way out). A
 * region is open from a begin to the next end on the same thread; regions nest. The name is
 * copied, so it may live in a temporary buffer. A begin costs a hash of the name: regions are
 * for phases, batches and requests, not for the iterations of a hot loop. */
HOTLINE_ABI_EXPORT void __hotline_region_begin(const char *name);
HOTLINE_ABI_EXPORT void __hotline_region_end(void);
/* Adds `amount` to the counter `name` of the calling thread's innermost open region. */
HOTLINE_ABI_EXPORT void __hotline_count(const char *name, uint64_t amount);

/* Control over the recording (<hotline/hotline.h> hotline_start, hotline_stop, hotline_dump):
 * stop and start the recording of the whole process (what all threads count, time and enter
 * meanwhile is left out of its profiles), and write a dump, a profile of what was recorded so
 * far, while the program goes on. From any thread; each is a no-op where it changes nothing. */
HOTLINE_ABI_EXPORT void __hotline_start(void);
HOTLINE_ABI_EXPORT void __hotline_stop(void);
HOTLINE_ABI_EXPORT void __hotline_dump(void);
/* Writes the process's profile now, as its exit would; the exit's write then does nothing. For
 * the ways out that skip exit's handlers: Python's os._exit (python/hotline wraps it). */
HOTLINE_ABI_EXPORT void __hotline_write_profile(void);

/* Indirect calls (call-targets option, line mode): the plugin calls this just before each
 * indirect call, with the call's CALL_TARGETS site (global id) and the function about to be
 * called. The runtime counts calls per (site, function) for `hotline pgo`. */
HOTLINE_ABI_EXPORT void __hotline_call_target(uint32_t site_id, const void *target);

/* CUDA: the plugin calls this just before each call of a CUDA runtime function in host code
 * (cuda*, and __cudaPushCallConfiguration, which starts a kernel launch's <<<...>>>), so the
 * GPU work that the call starts is told by the calling line. The first call also starts the
 * runtime's CUDA module, before the program's first CUDA call. */
HOTLINE_ABI_EXPORT void __hotline_cuda_site(void);

/* Before and after each call of the C++ library's out-of-line waits (std::thread::join,
 * std::condition_variable::wait, the futex wait behind std::future), so that the waits the
 * synchronization hooks see inside are placed at the calling line, not inside the library. */
HOTLINE_ABI_EXPORT void __hotline_wait_site(void);
HOTLINE_ABI_EXPORT void __hotline_wait_site_end(void);

/* Loops in line mode are timed with the same two calls: the loop's site id, and as its key
 * the function's key minus 1 (a loop is inside its function's call and outside the calls it
 * makes). A loop keeps whether its entry was timed and calls __hotline_exit only then: the
 * open loops of a function share one key. Their iteration counts are kept in registers while the
 * loop runs and added to the thread's counters at its exits, so counting does not stop the
 * optimizer from vectorizing it. */
#ifdef __cplusplus
}
static_assert(sizeof(__hotline_site) == 64, "ABI layout changed: bump HOTLINE_ABI_VERSION");
static_assert(sizeof(__hotline_module) == 80, "ABI layout changed: bump HOTLINE_ABI_VERSION");
static_assert(sizeof(__hotline_implied_count) == 8, "ABI layout changed: bump HOTLINE_ABI_VERSION");
#else
_Static_assert(sizeof(struct __hotline_site) == 64, "ABI layout changed");
_Static_assert(sizeof(struct __hotline_module) == 80, "ABI layout changed");
_Static_assert(sizeof(struct __hotline_implied_count) == 8, "ABI layout changed");
#endif

#endif
