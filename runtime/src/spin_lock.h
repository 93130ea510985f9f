// A tiny lock for the runtime's rare slow paths (registration, thread start and exit); it
// needs no allocation and no initialization, so it works before any constructor has run.
#pragma once

#include <sched.h>

namespace hotline::rt {

class SpinLock {
public:
  void lock() {
    while (__atomic_test_and_set(&locked_, __ATOMIC_ACQUIRE))
      sched_yield();
  }
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

} // namespace hotline::rt
