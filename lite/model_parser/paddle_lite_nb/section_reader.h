// Little-endian reads inside one section of a Paddle Lite .nb image; every
// overrun is an Error naming the source, the section, what was being read
// and its absolute byte offset. The bytes are either all in memory (a
// buffer the caller holds) or read forward from a file through a window,
// so that a parameter's payload goes straight from the file into its own
// storage (TakeAligned) instead of through a whole-file copy.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "lite/core/error.h"

namespace paddle {
namespace lite {
namespace plnb {

// Bytes aligned for any scalar a FlatBuffers buffer holds. Paddle Lite's
// files put the program at byte 26 and every parameter record at whatever
// offset the previous one ended: FlatBuffers reads its scalars and vectors
// in place, which on unaligned memory is undefined behaviour (UBSan, found
// by the fuzzer on the first seed), so such bytes are copied to 8-byte
// aligned memory before they are verified and read. Parameters are used in
// place in such a copy (`holder()` keeps it alive): each is copied once.
class AlignedBuffer {
 public:
  // Uses `data` in place when it is already 8-byte aligned, else copies it
  // into uninitialized aligned words.
  AlignedBuffer(const char* data, size_t size);
  // Uninitialized owned storage of `size` bytes, filled through `owned()`.
  explicit AlignedBuffer(size_t size);
  const uint8_t* data() const { return data_; }
  size_t size() const { return size_; }
  char* owned() { return reinterpret_cast<char*>(copy_.get()); }
  // The owned copy, or null when the bytes are read in place (they then
  // live only as long as the caller's image, so parameters are copied).
  std::shared_ptr<const void> holder() const { return copy_; }

 private:
  std::shared_ptr<uint64_t[]> copy_;
  const uint8_t* data_{nullptr};
  size_t size_;
};

class SectionReader {
 public:
  // [begin, end) of `data` is the section; offsets in messages are
  // absolute (counted from `data`).
  SectionReader(const char* data, size_t begin, size_t end, const std::string& source,
                const char* section)
      : win_(data), pos_(begin), end_(end), win_end_(end), source_(source), section_(section) {}
  // [begin, end) of the open file `fd` (not owned) is the section.
  SectionReader(int fd, size_t begin, size_t end, const std::string& source, const char* section)
      : pos_(begin), end_(end), win_begin_(begin), win_end_(begin), fd_(fd), source_(source),
        section_(section) {}

  size_t pos() const { return pos_; }
  size_t remaining() const { return end_ - pos_; }
  const std::string& source() const { return source_; }
  const char* section() const { return section_; }

  template <typename T>
  T Get(const char* what) {
    Need(sizeof(T), what);
    T v;
    std::memcpy(&v, At(), sizeof(T));
    pos_ += sizeof(T);
    return v;
  }
  // A uint64 element count, each element at least `min_bytes` long.
  uint64_t GetCount(const char* what, size_t min_bytes) {
    size_t at = pos_;
    uint64_t n = Get<uint64_t>(what);
    if (n > remaining() / (min_bytes ? min_bytes : 1)) {
      Fail(at, what, StrCat(" count ", n, " cannot fit in the ", remaining(),
                            " bytes left of the section"));
    }
    return n;
  }
  // A uint64 length + bytes.
  std::string GetString(const char* what) {
    uint64_t n = GetCount(what, 1);
    Need(static_cast<size_t>(n), what);
    std::string s(At(), static_cast<size_t>(n));
    pos_ += static_cast<size_t>(n);
    return s;
  }
  // `n` bytes; the pointer is valid until the next read of this reader.
  const char* Take(size_t n, const char* what) {
    Need(n, what);
    const char* p = At();
    pos_ += n;
    return p;
  }
  // `n` bytes, 8-byte aligned: in place in memory when they already are,
  // else in storage of their own (a file's bytes are read straight into it).
  AlignedBuffer TakeAligned(size_t n, const char* what);
  void Need(size_t n, const char* what) {
    if (n > end_ - pos_) {
      Fail(pos_, what, StrCat(" needs ", n, " bytes but only ", end_ - pos_, " remain"));
    }
    if (pos_ + n > win_end_) Fill(n, what);  // (pos_ may be past the window)
  }
  [[noreturn]] void Fail(size_t at, const std::string& what, const std::string& detail) const {
    ThrowError(source_, ": Paddle Lite .nb section '", section_, "' at byte ", at, ": ", what,
               detail, " (truncated or corrupt file?)");
  }

 private:
  const char* At() const { return win_ + (pos_ - win_begin_); }
  // File only: makes [pos_, pos_ + n) readable in the window.
  void Fill(size_t n, const char* what);
  // File only: reads `n` bytes at file offset `at` into `dst`.
  void ReadFile(size_t at, char* dst, size_t n, const char* what);

  const char* win_{nullptr};  // the bytes [win_begin_, win_end_)
  size_t pos_;
  size_t end_;
  size_t win_begin_{0};
  size_t win_end_;
  int fd_{-1};
  std::vector<char> buf_;  // a file's window
  std::string source_;
  const char* section_;
};

}  // namespace plnb
}  // namespace lite
}  // namespace paddle
