// Little-endian reads inside one section of a Paddle Lite .nb image; every
// overrun is an Error naming the source, the section, what was being read
// and its absolute byte offset.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "lite/core/error.h"

namespace paddle {
namespace lite {
namespace plnb {

class SectionReader {
 public:
  // [begin, end) of `data` is the section; offsets in messages are
  // absolute (counted from `data`).
  SectionReader(const char* data, size_t begin, size_t end, const std::string& source,
                const char* section)
      : data_(data), pos_(begin), end_(end), source_(source), section_(section) {}

  size_t pos() const { return pos_; }
  size_t remaining() const { return end_ - pos_; }
  const std::string& source() const { return source_; }
  const char* section() const { return section_; }

  template <typename T>
  T Get(const char* what) {
    Need(sizeof(T), what);
    T v;
    std::memcpy(&v, data_ + pos_, sizeof(T));
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
    std::string s(data_ + pos_, static_cast<size_t>(n));
    pos_ += static_cast<size_t>(n);
    return s;
  }
  const char* Take(size_t n, const char* what) {
    Need(n, what);
    const char* p = data_ + pos_;
    pos_ += n;
    return p;
  }
  void Need(size_t n, const char* what) const {
    if (n > end_ - pos_) {
      Fail(pos_, what, StrCat(" needs ", n, " bytes but only ", end_ - pos_, " remain"));
    }
  }
  [[noreturn]] void Fail(size_t at, const std::string& what, const std::string& detail) const {
    ThrowError(source_, ": Paddle Lite .nb section '", section_, "' at byte ", at, ": ", what,
               detail, " (truncated or corrupt file?)");
  }

 private:
  const char* data_;
  size_t pos_;
  size_t end_;
  std::string source_;
  const char* section_;
};

}  // namespace plnb
}  // namespace lite
}  // namespace paddle
