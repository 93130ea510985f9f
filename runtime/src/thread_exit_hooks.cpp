// pthread_exit, defined weak and exported: a thread that leaves from inside its calls never
// returns through them, and in C nothing runs their exits. The hook ends them all where the
// thread leaves, before the key destructors run (threads.cpp), so that what those call is
// not nested under calls that are over.
#include "clock.h"
#include "hooks.h"
#include "real_functions.h"
#include "threads.h"

#include <stdlib.h>

using namespace hotline::rt;

HOOK void pthread_exit(void *value) {
  using PthreadExit = void (*)(void *);
  static PthreadExit real_exit = nullptr;
  PthreadExit real = __atomic_load_n(&real_exit, __ATOMIC_ACQUIRE);
  if (!real) {
    real = reinterpret_cast<PthreadExit>(find_next("pthread_exit"));
    __atomic_store_n(&real_exit, real, __ATOMIC_RELEASE);
  }
  if (ThreadState *t = current_thread_if_started())
    close_frames_above(t, 0, now_ticks());
  if (real)
    real(value);
  abort(); // no pthread_exit after the runtime's: the thread cannot leave any other way
}
