// The I/O hooks: reading, writing, opening, mapping and syncing files, through system calls
// and through stdio, defined weak (a program's own definition wins) and exported. Each times
// the real call and records it against its place and file. The _chk forms are what
// _FORTIFY_SOURCE builds call. stdio's calls count the bytes they hand to or take from the
// stream, at the program's line, and their time, which includes the system calls of the
// buffer flushes and refills that happen inside them (the C library makes those itself, out
// of every hook's sight); a flush by fflush, fclose or exit is not timed.
#undef _FORTIFY_SOURCE
// Without glibc's inline definitions of putchar, getc_unlocked and the like, which would
// collide with the hooks of the same names.
#ifndef __NO_INLINE__
#define __NO_INLINE__ 1
#endif
#include "clock.h"
#include "hooks.h"
#include "io_tracking.h"
#include "real_functions.h"
#include "runtime_scope.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

using namespace hotline::rt;

extern "C" [[noreturn]] void __chk_fail(void);

namespace {

bool tracking() {
  ensure_real_functions();
  return io_tracking_on() && !in_runtime();
}

// Runs `call` (the real function) and, when tracking, times it and hands its result and
// ticks to `record`. The call runs as the program's (what stdio allocates for a stream is
// the program's heap); only the recording is the runtime's, and it keeps the call's errno.
template <typename Call, typename Record> auto timed(Call call, Record record) {
  if (!tracking())
    return call();
  uint64_t start = now_ticks();
  auto result = call();
  uint64_t ticks = now_ticks() - start;
  int saved_errno = errno;
  {
    RuntimeScope scope;
    record(result, ticks);
  }
  errno = saved_errno;
  return result;
}

// A read, write, sync or map on `fd` that moved `bytes_of(result)` bytes.
template <typename Call, typename Bytes>
auto timed_io(IoKind kind, int fd, void *caller, Call call, Bytes bytes_of) {
  return timed(call, [&](auto result, uint64_t ticks) {
    record_io(kind, fd, bytes_of(result), ticks, caller);
  });
}

uint64_t returned_bytes(ssize_t n) { return n > 0 ? uint64_t(n) : 0; }
uint64_t no_bytes(int) { return 0; }

// The mode argument of open, present when the flags create a file.
bool takes_mode(int flags) { return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE; }

int timed_open(const char *path, int fd_dir, int flags, mode_t mode, void *caller) {
  return timed(
      [&] {
        if (fd_dir == AT_FDCWD && real.open)
          return real.open(path, flags, mode);
        if (real.openat)
          return real.openat(fd_dir, path, flags, mode);
        return int(syscall(SYS_openat, fd_dir, path, flags, mode)); // inside dlsym
      },
      [&](int fd, uint64_t ticks) { record_open(path, fd, ticks, caller); });
}

ssize_t do_read(int fd, void *buf, size_t n, void *caller) {
  return timed_io(
      IoKind::read, fd, caller,
      [&] { return real.read ? real.read(fd, buf, n) : syscall(SYS_read, fd, buf, n); },
      returned_bytes);
}
ssize_t do_pread(int fd, void *buf, size_t n, off_t offset, void *caller) {
  return timed_io(
      IoKind::read, fd, caller,
      [&] {
        return real.pread ? real.pread(fd, buf, n, offset)
                          : syscall(SYS_pread64, fd, buf, n, offset);
      },
      returned_bytes);
}
ssize_t do_write(int fd, const void *buf, size_t n, void *caller) {
  return timed_io(
      IoKind::write, fd, caller,
      [&] { return real.write ? real.write(fd, buf, n) : syscall(SYS_write, fd, buf, n); },
      returned_bytes);
}
ssize_t do_pwrite(int fd, const void *buf, size_t n, off_t offset, void *caller) {
  return timed_io(
      IoKind::write, fd, caller,
      [&] {
        return real.pwrite ? real.pwrite(fd, buf, n, offset)
                           : syscall(SYS_pwrite64, fd, buf, n, offset);
      },
      returned_bytes);
}
// stdio: the stream's descriptor is looked up only when recording (fileno may set errno).
// `Buffer` is void for reads, const void for writes.
template <typename Buffer>
size_t do_stdio(IoKind kind, size_t (*real_call)(Buffer *, size_t, size_t, FILE *), Buffer *buf,
                size_t size, size_t n, FILE *stream, void *caller) {
  return timed([&] { return real_call(buf, size, n, stream); },
               [&](size_t items, uint64_t ticks) {
                 record_io(kind, fileno(stream), uint64_t(items) * size, ticks, caller);
               });
}
// The other stdio calls: `call` returns what the real function does, `bytes_of` how many
// bytes that result moved.
template <typename Call, typename Bytes>
auto do_stream(IoKind kind, FILE *stream, void *caller, Call call, Bytes bytes_of) {
  return timed(call, [&](auto result, uint64_t ticks) {
    record_io(kind, fileno(stream), bytes_of(result), ticks, caller);
  });
}
uint64_t one_byte(int c) { return c == EOF ? 0 : 1; }
uint64_t counted(int n) { return n > 0 ? uint64_t(n) : 0; }
uint64_t line_bytes(ssize_t n) { return n > 0 ? uint64_t(n) : 0; }
uint64_t string_bytes(const char *s) { return s ? strlen(s) : 0; }
auto put_string(const char *s) {
  return [s](int result) { return result == EOF ? 0 : uint64_t(strlen(s)); };
}
int do_vfprintf(FILE *stream, const char *format, va_list args, void *caller) {
  return do_stream(
      IoKind::write, stream, caller, [&] { return real.vfprintf(stream, format, args); }, counted);
}
int do_vfprintf_chk(FILE *stream, int flag, const char *format, va_list args, void *caller) {
  return do_stream(
      IoKind::write, stream, caller, [&] { return real.vfprintf_chk(stream, flag, format, args); },
      counted);
}
// scanf's bytes are what it took from the stream: the change of its position, where the stream
// has one (a file; not a pipe or a terminal, where only the call and its time are counted).
int do_vfscanf(int (*real_call)(FILE *, const char *, va_list), FILE *stream, const char *format,
               va_list args, void *caller) {
  if (!tracking())
    return real_call(stream, format, args);
  int saved_errno = errno;
  off_t before = ftello(stream);
  errno = saved_errno;
  return do_stream(
      IoKind::read, stream, caller, [&] { return real_call(stream, format, args); },
      [&](int) {
        off_t after = before < 0 ? -1 : ftello(stream);
        return after > before ? uint64_t(after - before) : 0;
      });
}

int do_openat(int dir, const char *path, int flags, va_list args, void *caller) {
  mode_t mode = takes_mode(flags) ? mode_t(va_arg(args, int)) : 0;
  return timed_open(path, dir, flags, mode, caller);
}
FILE *do_fopen(const char *path, const char *mode, void *caller) {
  return timed(
      [&] { return real.fopen(path, mode); },
      [&](FILE *f, uint64_t ticks) { record_open(path, f ? fileno(f) : -1, ticks, caller); });
}
void *do_mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset, void *caller) {
  auto call = [&] {
    return real.mmap
               ? real.mmap(addr, length, prot, flags, fd, offset)
               : reinterpret_cast<void *>(syscall(SYS_mmap, addr, length, prot, flags, fd, offset));
  };
  if (fd < 0 || (flags & MAP_ANONYMOUS))
    return call(); // memory, not a file
  return timed_io(IoKind::map, fd, caller, call,
                  [&](void *p) { return p == MAP_FAILED ? 0 : uint64_t(length); });
}

} // namespace

HOOK ssize_t read(int fd, void *buf, size_t n) { return do_read(fd, buf, n, CALLER); }
HOOK ssize_t __read_chk(int fd, void *buf, size_t n, size_t buf_size) {
  if (n > buf_size)
    __chk_fail();
  return do_read(fd, buf, n, CALLER);
}
HOOK ssize_t pread(int fd, void *buf, size_t n, off_t offset) {
  return do_pread(fd, buf, n, offset, CALLER);
}
HOOK ssize_t __pread_chk(int fd, void *buf, size_t n, off_t offset, size_t buf_size) {
  if (n > buf_size)
    __chk_fail();
  return do_pread(fd, buf, n, offset, CALLER);
}
HOOK ssize_t readv(int fd, const iovec *iov, int count) {
  return timed_io(
      IoKind::read, fd, CALLER, [&] { return real.readv(fd, iov, count); }, returned_bytes);
}
HOOK ssize_t preadv(int fd, const iovec *iov, int count, off_t offset) {
  return timed_io(
      IoKind::read, fd, CALLER, [&] { return real.preadv(fd, iov, count, offset); },
      returned_bytes);
}

HOOK ssize_t write(int fd, const void *buf, size_t n) { return do_write(fd, buf, n, CALLER); }

// The runtime's write under a name of its own, which stays on it when another definition of
// write is the process's (see io_hooks_in_effect).
extern "C" ssize_t hotline_runtime_write(int, const void *, size_t) __attribute__((alias("write")));

namespace hotline::rt {
bool io_hooks_in_effect() {
  return process_definition("write") == reinterpret_cast<void *>(&hotline_runtime_write);
}
} // namespace hotline::rt
HOOK ssize_t pwrite(int fd, const void *buf, size_t n, off_t offset) {
  return do_pwrite(fd, buf, n, offset, CALLER);
}
HOOK ssize_t writev(int fd, const iovec *iov, int count) {
  return timed_io(
      IoKind::write, fd, CALLER, [&] { return real.writev(fd, iov, count); }, returned_bytes);
}
HOOK ssize_t pwritev(int fd, const iovec *iov, int count, off_t offset) {
  return timed_io(
      IoKind::write, fd, CALLER, [&] { return real.pwritev(fd, iov, count, offset); },
      returned_bytes);
}

HOOK size_t fread(void *buf, size_t size, size_t n, FILE *stream) {
  ensure_real_functions();
  return do_stdio(IoKind::read, real.fread, buf, size, n, stream, CALLER);
}
HOOK size_t fread_unlocked(void *buf, size_t size, size_t n, FILE *stream) {
  ensure_real_functions();
  return do_stdio(IoKind::read, real.fread_unlocked, buf, size, n, stream, CALLER);
}
HOOK size_t __fread_chk(void *buf, size_t buf_size, size_t size, size_t n, FILE *stream) {
  size_t bytes;
  if (__builtin_mul_overflow(size, n, &bytes) || bytes > buf_size)
    __chk_fail();
  ensure_real_functions();
  return do_stdio(IoKind::read, real.fread, buf, size, n, stream, CALLER);
}
HOOK size_t __fread_unlocked_chk(void *buf, size_t buf_size, size_t size, size_t n, FILE *stream) {
  size_t bytes;
  if (__builtin_mul_overflow(size, n, &bytes) || bytes > buf_size)
    __chk_fail();
  ensure_real_functions();
  return do_stdio(IoKind::read, real.fread_unlocked, buf, size, n, stream, CALLER);
}
HOOK size_t fwrite(const void *buf, size_t size, size_t n, FILE *stream) {
  ensure_real_functions();
  return do_stdio(IoKind::write, real.fwrite, buf, size, n, stream, CALLER);
}
HOOK size_t fwrite_unlocked(const void *buf, size_t size, size_t n, FILE *stream) {
  ensure_real_functions();
  return do_stdio(IoKind::write, real.fwrite_unlocked, buf, size, n, stream, CALLER);
}

#define STDIO_HOOK(type, name, params, args, kind, stream, bytes_of)                               \
  HOOK type name params {                                                                          \
    ensure_real_functions();                                                                       \
    return do_stream(IoKind::kind, stream, CALLER, [&] { return real.name args; }, bytes_of);      \
  }
STDIO_HOOK(int, fputs, (const char *s, FILE *f), (s, f), write, f, put_string(s))
STDIO_HOOK(int, fputs_unlocked, (const char *s, FILE *f), (s, f), write, f, put_string(s))
STDIO_HOOK(int, fputc, (int c, FILE *f), (c, f), write, f, one_byte)
STDIO_HOOK(int, fputc_unlocked, (int c, FILE *f), (c, f), write, f, one_byte)
STDIO_HOOK(int, putc, (int c, FILE *f), (c, f), write, f, one_byte)
STDIO_HOOK(int, putc_unlocked, (int c, FILE *f), (c, f), write, f, one_byte)
STDIO_HOOK(int, putchar, (int c), (c), write, stdout, one_byte)
STDIO_HOOK(int, putchar_unlocked, (int c), (c), write, stdout, one_byte)
STDIO_HOOK(char *, fgets, (char *s, int n, FILE *f), (s, n, f), read, f, string_bytes)
STDIO_HOOK(char *, fgets_unlocked, (char *s, int n, FILE *f), (s, n, f), read, f, string_bytes)
STDIO_HOOK(int, fgetc, (FILE * f), (f), read, f, one_byte)
STDIO_HOOK(int, fgetc_unlocked, (FILE * f), (f), read, f, one_byte)
STDIO_HOOK(int, getc, (FILE * f), (f), read, f, one_byte)
STDIO_HOOK(int, getc_unlocked, (FILE * f), (f), read, f, one_byte)
STDIO_HOOK(int, getchar, (), (), read, stdin, one_byte)
STDIO_HOOK(int, getchar_unlocked, (), (), read, stdin, one_byte)
STDIO_HOOK(ssize_t, getdelim, (char **line, size_t *n, int delimiter, FILE *f),
           (line, n, delimiter, f), read, f, line_bytes)

HOOK int puts(const char *s) {
  ensure_real_functions();
  return do_stream(
      IoKind::write, stdout, CALLER, [&] { return real.puts(s); },
      [&](int result) { return result == EOF ? 0 : uint64_t(strlen(s)) + 1; });
}
HOOK int _IO_putc(int c, FILE *f) __attribute__((alias("putc")));
HOOK int _IO_getc(FILE *f) __attribute__((alias("getc")));
HOOK ssize_t __getdelim(char **line, size_t *n, int delimiter, FILE *f)
    __attribute__((alias("getdelim")));
HOOK ssize_t getline(char **line, size_t *n, FILE *f) {
  ensure_real_functions();
  return do_stream(
      IoKind::read, f, CALLER, [&] { return real.getdelim(line, n, '\n', f); }, line_bytes);
}
HOOK char *__fgets_chk(char *s, size_t size, int n, FILE *f) {
  if (n > 0 && size_t(n) > size)
    __chk_fail();
  ensure_real_functions();
  return do_stream(IoKind::read, f, CALLER, [&] { return real.fgets(s, n, f); }, string_bytes);
}
HOOK char *__fgets_unlocked_chk(char *s, size_t size, int n, FILE *f) {
  if (n > 0 && size_t(n) > size)
    __chk_fail();
  ensure_real_functions();
  return do_stream(
      IoKind::read, f, CALLER, [&] { return real.fgets_unlocked(s, n, f); }, string_bytes);
}

HOOK int vfprintf(FILE *f, const char *format, va_list args) {
  ensure_real_functions();
  return do_vfprintf(f, format, args, CALLER);
}
HOOK int vprintf(const char *format, va_list args) {
  ensure_real_functions();
  return do_vfprintf(stdout, format, args, CALLER);
}
HOOK int fprintf(FILE *f, const char *format, ...) {
  ensure_real_functions();
  va_list args;
  va_start(args, format);
  int n = do_vfprintf(f, format, args, CALLER);
  va_end(args);
  return n;
}
HOOK int printf(const char *format, ...) {
  ensure_real_functions();
  va_list args;
  va_start(args, format);
  int n = do_vfprintf(stdout, format, args, CALLER);
  va_end(args);
  return n;
}
HOOK int __vfprintf_chk(FILE *f, int flag, const char *format, va_list args) {
  ensure_real_functions();
  return do_vfprintf_chk(f, flag, format, args, CALLER);
}
HOOK int __vprintf_chk(int flag, const char *format, va_list args) {
  ensure_real_functions();
  return do_vfprintf_chk(stdout, flag, format, args, CALLER);
}
HOOK int __fprintf_chk(FILE *f, int flag, const char *format, ...) {
  ensure_real_functions();
  va_list args;
  va_start(args, format);
  int n = do_vfprintf_chk(f, flag, format, args, CALLER);
  va_end(args);
  return n;
}
HOOK int __printf_chk(int flag, const char *format, ...) {
  ensure_real_functions();
  va_list args;
  va_start(args, format);
  int n = do_vfprintf_chk(stdout, flag, format, args, CALLER);
  va_end(args);
  return n;
}
// dprintf writes to the descriptor itself, from inside the C library.
HOOK int vdprintf(int fd, const char *format, va_list args) {
  ensure_real_functions();
  return timed_io(
      IoKind::write, fd, CALLER, [&] { return real.vdprintf(fd, format, args); }, counted);
}
HOOK int dprintf(int fd, const char *format, ...) {
  ensure_real_functions();
  va_list args;
  va_start(args, format);
  int n =
      timed_io(IoKind::write, fd, CALLER, [&] { return real.vdprintf(fd, format, args); }, counted);
  va_end(args);
  return n;
}

// stdio.h renames the scanf family to their __isoc99_ forms: the hooks are named by asm.
#define SCANF_HOOKS(prefix, real_call)                                                             \
  HOOK int prefix##vfscanf_hook(FILE *f, const char *format,                                       \
                                va_list args) __asm__(#prefix "vfscanf");                          \
  HOOK int prefix##vscanf_hook(const char *format, va_list args) __asm__(#prefix "vscanf");        \
  HOOK int prefix##fscanf_hook(FILE *f, const char *format, ...) __asm__(#prefix "fscanf");        \
  HOOK int prefix##scanf_hook(const char *format, ...) __asm__(#prefix "scanf");                   \
  int prefix##vfscanf_hook(FILE *f, const char *format, va_list args) {                            \
    ensure_real_functions();                                                                       \
    return do_vfscanf(real.real_call, f, format, args, CALLER);                                    \
  }                                                                                                \
  int prefix##vscanf_hook(const char *format, va_list args) {                                      \
    ensure_real_functions();                                                                       \
    return do_vfscanf(real.real_call, stdin, format, args, CALLER);                                \
  }                                                                                                \
  int prefix##fscanf_hook(FILE *f, const char *format, ...) {                                      \
    ensure_real_functions();                                                                       \
    va_list args;                                                                                  \
    va_start(args, format);                                                                        \
    int n = do_vfscanf(real.real_call, f, format, args, CALLER);                                   \
    va_end(args);                                                                                  \
    return n;                                                                                      \
  }                                                                                                \
  int prefix##scanf_hook(const char *format, ...) {                                                \
    ensure_real_functions();                                                                       \
    va_list args;                                                                                  \
    va_start(args, format);                                                                        \
    int n = do_vfscanf(real.real_call, stdin, format, args, CALLER);                               \
    va_end(args);                                                                                  \
    return n;                                                                                      \
  }
SCANF_HOOKS(, vfscanf)
SCANF_HOOKS(__isoc99_, isoc99_vfscanf)

HOOK int open(const char *path, int flags, ...) {
  va_list args;
  va_start(args, flags);
  int fd = do_openat(AT_FDCWD, path, flags, args, CALLER);
  va_end(args);
  return fd;
}
HOOK int __open_2(const char *path, int flags) {
  return timed_open(path, AT_FDCWD, flags, 0, CALLER);
}
HOOK int openat(int dir, const char *path, int flags, ...) {
  va_list args;
  va_start(args, flags);
  int fd = do_openat(dir, path, flags, args, CALLER);
  va_end(args);
  return fd;
}
HOOK int __openat_2(int dir, const char *path, int flags) {
  return timed_open(path, dir, flags, 0, CALLER);
}
HOOK int creat(const char *path, mode_t mode) {
  return timed_open(path, AT_FDCWD, O_CREAT | O_WRONLY | O_TRUNC, mode, CALLER);
}
HOOK FILE *fopen(const char *path, const char *mode) {
  ensure_real_functions();
  return do_fopen(path, mode, CALLER);
}

HOOK int close(int fd) {
  ensure_real_functions();
  int result = real.close ? real.close(fd) : int(syscall(SYS_close, fd));
  int saved_errno = errno;
  forget_descriptor(fd);
  errno = saved_errno;
  return result;
}
HOOK int fclose(FILE *stream) {
  ensure_real_functions();
  int saved_errno = errno;
  int fd = fileno(stream); // may set errno
  errno = saved_errno;
  int result = real.fclose(stream);
  saved_errno = errno;
  forget_descriptor(fd);
  errno = saved_errno;
  return result;
}

HOOK void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset) {
  return do_mmap(addr, length, prot, flags, fd, offset, CALLER);
}

HOOK int fsync(int fd) {
  return timed_io(IoKind::sync, fd, CALLER, [&] { return real.fsync(fd); }, no_bytes);
}
HOOK int fdatasync(int fd) {
  return timed_io(IoKind::sync, fd, CALLER, [&] { return real.fdatasync(fd); }, no_bytes);
}

// The 64-bit-offset names: on x86-64 the same functions, so the same hooks.
#define ALIAS_HOOK(type, name, of, params) HOOK type name params __attribute__((alias(#of)));
ALIAS_HOOK(ssize_t, pread64, pread, (int, void *, size_t, off_t))
ALIAS_HOOK(ssize_t, __pread64_chk, __pread_chk, (int, void *, size_t, off_t, size_t))
ALIAS_HOOK(ssize_t, preadv64, preadv, (int, const iovec *, int, off_t))
ALIAS_HOOK(ssize_t, pwrite64, pwrite, (int, const void *, size_t, off_t))
ALIAS_HOOK(ssize_t, pwritev64, pwritev, (int, const iovec *, int, off_t))
ALIAS_HOOK(int, open64, open, (const char *, int, ...))
ALIAS_HOOK(int, __open64_2, __open_2, (const char *, int))
ALIAS_HOOK(int, openat64, openat, (int, const char *, int, ...))
ALIAS_HOOK(int, __openat64_2, __openat_2, (int, const char *, int))
ALIAS_HOOK(int, creat64, creat, (const char *, mode_t))
ALIAS_HOOK(FILE *, fopen64, fopen, (const char *, const char *))
ALIAS_HOOK(void *, mmap64, mmap, (void *, size_t, int, int, int, off_t))
#undef ALIAS_HOOK
