// A tiny lock for the runtime's rare slow paths (registration, thread start and exit); it
// needs no allocation and no initialization, so it works before any constructor has run.
#pragma once

#include <pthread.h>
#include <sched.h>

namespace hotline::rt {

class SpinLock {
public:
  void lock() {
    while (__atomic_test_and_set(&locked_, __ATOMIC_ACQUIRE))
      sched_yield();
  }
  // Takes the lock if it is free; never waits.
  bool try_lock() { return !__atomic_test_and_set(&locked_, __ATOMIC_ACQUIRE); }
  void unlock() { __atomic_clear(&locked_, __ATOMIC_RELEASE); }

private:
  bool locked_ = false;
};

class SpinLockGuard {
public:
  explicit SpinLockGuard(SpinLock &lock) : lock_(lock) { lock_.lock(); }
  ~SpinLockGuard() { lock_.unlock(); }
  SpinLockGuard(const SpinLockGuard &) = delete;
  SpinLockGuard &operator=(const SpinLockGuard &) = delete;

private:
  SpinLock &lock_;
};

// A fork child has only the thread that called fork: a lock that another thread held at that
// moment would stay locked in the child forever, and the child's next thread start or profile
// write would wait on it. Registered with this (once, from runtime_init), the forking thread
// takes `lock` (a SpinLock, or anything with lock() and unlock()) just before fork and both
// processes release it just after. pthread_atfork takes the locks in the reverse order of
// registration, so the innermost lock, the arena's (code under the others allocates from the
// arena), is registered first. A lock held while calling pthread_atfork must not be registered:
// fork holds glibc's handler lock while it takes ours.
template <auto &lock> void hold_across_fork() {
  pthread_atfork([] { lock.lock(); }, [] { lock.unlock(); }, [] { lock.unlock(); });
}

} // namespace hotline::rt
