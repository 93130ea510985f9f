// Marks the calling thread as doing the runtime's own work, so that the allocation and I/O
// hooks pass its calls straight through: the runtime's bookkeeping never counts itself, and
// a hook never re-enters itself (through dlsym, pthread calls, or a signal handler that
// interrupts a hook and allocates).
#pragma once

namespace hotline::rt {

extern __thread bool tls_in_runtime __attribute__((tls_model("initial-exec")));

inline bool in_runtime() { return tls_in_runtime; }

class RuntimeScope {
public:
  RuntimeScope() : was_(tls_in_runtime) { tls_in_runtime = true; }
  ~RuntimeScope() { tls_in_runtime = was_; }
  RuntimeScope(const RuntimeScope &) = delete;
  RuntimeScope &operator=(const RuntimeScope &) = delete;

private:
  bool was_;
};

} // namespace hotline::rt
