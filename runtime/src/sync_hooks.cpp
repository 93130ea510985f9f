// The synchronization hooks: the pthread calls a thread blocks in (std::mutex,
// std::condition_variable and std::thread::join come down to them), and syscall() for the
// futex waits of C++20's std::atomic::wait, std::latch, std::barrier and
// std::counting_semaphore, defined weak and exported. A lock is first tried: one taken at
// once costs nothing more and is not recorded; only a lock that must wait, every wait on a
// condition, join, barrier or semaphore, and every futex wait that blocked, is timed and
// recorded against its place.
#include "clock.h"
#include "hooks.h"
#include "real_functions.h"
#include "runtime_scope.h"
#include "sync_tracking.h"

#include <hotline/profile_format.h>

#include <dlfcn.h>
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdarg.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace hotline::rt;

namespace {

struct RealSyncFunctions {
  int (*mutex_lock)(pthread_mutex_t *);
  int (*mutex_trylock)(pthread_mutex_t *);
  int (*cond_wait)(pthread_cond_t *, pthread_mutex_t *);
  int (*cond_timedwait)(pthread_cond_t *, pthread_mutex_t *, const timespec *);
  int (*cond_clockwait)(pthread_cond_t *, pthread_mutex_t *, clockid_t, const timespec *);
  int (*join)(pthread_t, void **);
  int (*barrier_wait)(pthread_barrier_t *);
  int (*sem_wait)(sem_t *);
  int (*sem_timedwait)(sem_t *, const timespec *);
  int (*rwlock_rdlock)(pthread_rwlock_t *);
  int (*rwlock_tryrdlock)(pthread_rwlock_t *);
  int (*rwlock_wrlock)(pthread_rwlock_t *);
  int (*rwlock_trywrlock)(pthread_rwlock_t *);
  long (*syscall)(long, ...);
};
RealSyncFunctions real_sync;

template <typename F> F next(const char *name) { return reinterpret_cast<F>(find_next(name)); }

// dlsym takes no public pthread lock, so resolving never comes back into these hooks.
const RealSyncFunctions &real_sync_calls() {
  if (__builtin_expect(__atomic_load_n(&real_sync.mutex_lock, __ATOMIC_ACQUIRE) != nullptr, 1))
    return real_sync;
  RuntimeScope scope;
  RealSyncFunctions r;
  r.mutex_trylock = next<decltype(r.mutex_trylock)>("pthread_mutex_trylock");
  r.cond_wait = next<decltype(r.cond_wait)>("pthread_cond_wait");
  r.cond_timedwait = next<decltype(r.cond_timedwait)>("pthread_cond_timedwait");
  r.cond_clockwait = next<decltype(r.cond_clockwait)>("pthread_cond_clockwait");
  r.join = next<decltype(r.join)>("pthread_join");
  r.barrier_wait = next<decltype(r.barrier_wait)>("pthread_barrier_wait");
  r.sem_wait = next<decltype(r.sem_wait)>("sem_wait");
  r.sem_timedwait = next<decltype(r.sem_timedwait)>("sem_timedwait");
  r.rwlock_rdlock = next<decltype(r.rwlock_rdlock)>("pthread_rwlock_rdlock");
  r.rwlock_tryrdlock = next<decltype(r.rwlock_tryrdlock)>("pthread_rwlock_tryrdlock");
  r.rwlock_wrlock = next<decltype(r.rwlock_wrlock)>("pthread_rwlock_wrlock");
  r.rwlock_trywrlock = next<decltype(r.rwlock_trywrlock)>("pthread_rwlock_trywrlock");
  r.syscall = next<decltype(r.syscall)>("syscall");
  r.mutex_lock = next<decltype(r.mutex_lock)>("pthread_mutex_lock");
  real_sync = r; // every thread computes the same pointers
  __atomic_store_n(&real_sync.mutex_lock, r.mutex_lock, __ATOMIC_RELEASE);
  return real_sync;
}

bool tracking() { return sync_tracking_on() && !in_runtime(); }

// A futex call that puts the thread to sleep until another wakes it (or a timeout passes).
bool is_futex_wait(long number, long operation) {
  if (number != SYS_futex)
    return false;
  int command = static_cast<int>(operation) & FUTEX_CMD_MASK;
  return command == FUTEX_WAIT || command == FUTEX_WAIT_BITSET;
}

// Runs the blocking call, timed, and records it as a wait of `kind` unless `slept` says, from
// its result and errno, that it returned without blocking.
template <typename Call, typename Slept>
auto timed_wait(uint32_t kind, void *caller, Call call, Slept slept) {
  uint64_t start = now_ticks();
  auto result = call();
  uint64_t end = now_ticks();
  int saved_errno = errno;
  if (slept(result, saved_errno)) {
    RuntimeScope scope;
    record_wait(kind, start, end, caller);
  }
  errno = saved_errno;
  return result;
}

template <typename Call> int timed_wait(uint32_t kind, void *caller, Call call) {
  return timed_wait(kind, caller, call, [](int, int) { return true; });
}

// A lock: tried first; only when it is taken (EBUSY) does the thread wait, timed.
template <typename Try, typename Lock>
int try_then_wait(uint32_t kind, void *caller, Try try_lock, Lock lock) {
  if (!tracking())
    return lock();
  int tried = try_lock();
  if (tried != EBUSY)
    return tried; // taken (0), or what the lock would have said too
  return timed_wait(kind, caller, lock);
}

template <typename Call> int wait(uint32_t kind, void *caller, Call call) {
  if (!tracking())
    return call();
  return timed_wait(kind, caller, call);
}

} // namespace

HOOK int pthread_mutex_lock(pthread_mutex_t *m) {
  const RealSyncFunctions &r = real_sync_calls();
  return try_then_wait(
      HOTLINE_SYNC_MUTEX, CALLER, [&] { return r.mutex_trylock(m); },
      [&] { return r.mutex_lock(m); });
}

HOOK int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m) {
  const RealSyncFunctions &r = real_sync_calls();
  return wait(HOTLINE_SYNC_CONDITION, CALLER, [&] { return r.cond_wait(c, m); });
}

HOOK int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const timespec *at) {
  const RealSyncFunctions &r = real_sync_calls();
  return wait(HOTLINE_SYNC_CONDITION, CALLER, [&] { return r.cond_timedwait(c, m, at); });
}

HOOK int pthread_cond_clockwait(pthread_cond_t *c, pthread_mutex_t *m, clockid_t clock,
                                const timespec *at) {
  const RealSyncFunctions &r = real_sync_calls();
  if (!r.cond_clockwait)
    return ENOSYS; // a C library older than 2.30, whose programs cannot call it either
  return wait(HOTLINE_SYNC_CONDITION, CALLER, [&] { return r.cond_clockwait(c, m, clock, at); });
}

HOOK int pthread_join(pthread_t thread, void **value) {
  const RealSyncFunctions &r = real_sync_calls();
  return wait(HOTLINE_SYNC_JOIN, CALLER, [&] { return r.join(thread, value); });
}

HOOK int pthread_barrier_wait(pthread_barrier_t *b) {
  const RealSyncFunctions &r = real_sync_calls();
  return wait(HOTLINE_SYNC_BARRIER, CALLER, [&] { return r.barrier_wait(b); });
}

HOOK int sem_wait(sem_t *s) {
  const RealSyncFunctions &r = real_sync_calls();
  return wait(HOTLINE_SYNC_SEMAPHORE, CALLER, [&] { return r.sem_wait(s); });
}

HOOK int sem_timedwait(sem_t *s, const timespec *at) {
  const RealSyncFunctions &r = real_sync_calls();
  return wait(HOTLINE_SYNC_SEMAPHORE, CALLER, [&] { return r.sem_timedwait(s, at); });
}

HOOK int pthread_rwlock_rdlock(pthread_rwlock_t *l) {
  const RealSyncFunctions &r = real_sync_calls();
  return try_then_wait(
      HOTLINE_SYNC_RWLOCK, CALLER, [&] { return r.rwlock_tryrdlock(l); },
      [&] { return r.rwlock_rdlock(l); });
}

HOOK int pthread_rwlock_wrlock(pthread_rwlock_t *l) {
  const RealSyncFunctions &r = real_sync_calls();
  return try_then_wait(
      HOTLINE_SYNC_RWLOCK, CALLER, [&] { return r.rwlock_trywrlock(l); },
      [&] { return r.rwlock_wrlock(l); });
}

// syscall() takes up to six arguments after the number; all six are passed on, as the C
// library's own syscall() reads them (the ones a caller did not pass are whatever its
// registers and stack held, and the kernel ignores them).
HOOK long syscall(long number, ...) noexcept {
  va_list list;
  va_start(list, number);
  long a[6];
  for (long &argument : a)
    argument = va_arg(list, long);
  va_end(list);
  const RealSyncFunctions &r = real_sync_calls();
  auto call = [&] { return r.syscall(number, a[0], a[1], a[2], a[3], a[4], a[5]); };
  if (!is_futex_wait(number, a[1]) || !tracking())
    return call();
  // EAGAIN at once: the value had already changed, and the thread never slept.
  return timed_wait(HOTLINE_SYNC_FUTEX, CALLER, call,
                    [](long result, int error) { return result == 0 || error != EAGAIN; });
}
