// A growable byte buffer, for assembling the profile without malloc: its first 256 bytes in
// the object itself, then mmap'd memory (most of a profile's sections are a record or two, and
// each page a section took was a fault at exit). The mmap'd pages are committed ahead of the
// appends, in one call for as many as were filled, at most 1 MB (a page fault costs 12-25 us on
// the project's VMs, committing a page about 1 us: the strings of an empty toml++ program,
// 124 kB, were 31 faults at every exit).
#pragma once

#include "memory.h"

#include <stdint.h>
#include <string.h>

namespace hotline::rt {

class ByteBuffer {
public:
  ByteBuffer() = default;
  ByteBuffer(const ByteBuffer &) = delete;
  ByteBuffer &operator=(const ByteBuffer &) = delete;
  ~ByteBuffer() {
    if (data_ != inline_)
      release_pages(data_, capacity_);
  }

  // Appends n bytes; returns the offset they were written at, or UINT64_MAX (and sets
  // failed()) when memory ran out.
  uint64_t append(const void *bytes, size_t n) {
    if (!reserve(size_ + n))
      return UINT64_MAX;
    if (size_ + n > committed_)
      commit_ahead(size_ + n);
    uint64_t offset = size_;
    if (n > 0) // an empty append may pass null, which memcpy must not get
      memcpy(data_ + size_, bytes, n);
    size_ += n;
    return offset;
  }
  template <typename T> uint64_t append_record(const T &record) {
    return append(&record, sizeof record);
  }

  // Makes room for `n` more bytes that are about to be appended, their pages committed in one
  // call (commit_pages) rather than faulted in one by one as the appends reach them.
  void expect(size_t n) {
    if (reserve(size_ + n) && size_ + n > committed_)
      commit_to(size_ + n);
  }

  // Drops the bytes from `size` on.
  void truncate(size_t size) {
    if (size < size_)
      size_ = size;
  }

  char *data() { return data_; }
  const char *data() const { return data_; }
  size_t size() const { return size_; }
  bool failed() const { return failed_; }

private:
  bool reserve(size_t needed) {
    if (needed <= capacity_)
      return true;
    size_t capacity = data_ != inline_ ? capacity_ : 1u << 16;
    while (capacity < needed)
      capacity *= 2;
    void *p = data_ != inline_ ? resize_pages(data_, capacity_, capacity) : reserve_pages(capacity);
    if (!p) {
      failed_ = true;
      return false;
    }
    if (data_ == inline_) {
      memcpy(p, inline_, size_);
      committed_ = 0;
    }
    data_ = static_cast<char *>(p);
    capacity_ = capacity;
    return true;
  }

  // Commits the pages from committed_ on for `needed` bytes and as many again, up to 1 MB
  // more (a large section does not hold twice its size at exit), and 16 kB more
  // (commit_pages leaves spans under four pages to fault).
  void commit_ahead(size_t needed) {
    constexpr size_t kMostAhead = 1u << 20;
    size_t end = needed + (needed < kMostAhead ? needed : kMostAhead) + (16u << 10);
    commit_to(end < capacity_ ? end : capacity_);
  }
  void commit_to(size_t end) {
    commit_pages(data_ + committed_, end - committed_);
    committed_ = end;
  }

  static constexpr size_t kInlineBytes = 256;
  alignas(16) char inline_[kInlineBytes];
  char *data_ = inline_;
  size_t size_ = 0;
  size_t capacity_ = kInlineBytes;
  size_t committed_ = kInlineBytes; // the bytes from data_ on whose pages were committed
  bool failed_ = false;
};

} // namespace hotline::rt
