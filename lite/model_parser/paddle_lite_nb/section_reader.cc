#include "lite/model_parser/paddle_lite_nb/section_reader.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace paddle {
namespace lite {
namespace plnb {

namespace {
// A file's window holds at least this much, so that the small fields
// between parameters cost one read per window, not one per field.
constexpr size_t kWindowBytes = size_t{64} << 10;
}  // namespace

AlignedBuffer::AlignedBuffer(const char* data, size_t size) : size_(size) {
  if (reinterpret_cast<uintptr_t>(data) % alignof(uint64_t) == 0) {
    data_ = reinterpret_cast<const uint8_t*>(data);
    return;
  }
  copy_ = std::shared_ptr<uint64_t[]>(new uint64_t[(size + 7) / 8]);
  if (size) std::memcpy(copy_.get(), data, size);
  data_ = reinterpret_cast<const uint8_t*>(copy_.get());
}

AlignedBuffer::AlignedBuffer(size_t size)
    : copy_(new uint64_t[(size + 7) / 8]), size_(size) {
  data_ = reinterpret_cast<const uint8_t*>(copy_.get());
}

AlignedBuffer SectionReader::TakeAligned(size_t n, const char* what) {
  if (n > end_ - pos_) {
    Fail(pos_, what, StrCat(" needs ", n, " bytes but only ", end_ - pos_, " remain"));
  }
  if (fd_ < 0) {
    AlignedBuffer b(At(), n);
    pos_ += n;
    return b;
  }
  AlignedBuffer b(n);
  // What the window already holds, then the rest straight from the file.
  size_t in_window = std::min(n, win_end_ - std::min(pos_, win_end_));
  if (in_window) std::memcpy(b.owned(), At(), in_window);
  if (n > in_window) ReadFile(pos_ + in_window, b.owned() + in_window, n - in_window, what);
  pos_ += n;
  return b;
}

void SectionReader::Fill(size_t n, const char* what) {
  // Only reached for a file: memory readers' window is the whole section.
  size_t len = std::min(std::max(n, kWindowBytes), end_ - pos_);
  std::vector<char> next(len);
  size_t kept = 0;
  if (pos_ < win_end_) {
    kept = win_end_ - pos_;
    std::memcpy(next.data(), At(), kept);
  }
  ReadFile(pos_ + kept, next.data() + kept, len - kept, what);
  buf_ = std::move(next);
  win_ = buf_.data();
  win_begin_ = pos_;
  win_end_ = pos_ + len;
}

void SectionReader::ReadFile(size_t at, char* dst, size_t n, const char* what) {
  size_t done = 0;
  while (done < n) {
    ssize_t r = ::pread(fd_, dst + done, n - done, static_cast<off_t>(at + done));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) {
      Fail(at + done, what,
           StrCat(": the file ended or could not be read (", r < 0 ? std::strerror(errno) : "end of file",
                  ") with ", n - done, " bytes still to read"));
    }
    done += static_cast<size_t>(r);
  }
}

}  // namespace plnb
}  // namespace lite
}  // namespace paddle
