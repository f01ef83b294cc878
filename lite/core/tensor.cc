#include "lite/core/tensor.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <mutex>
#include <new>

namespace paddle {
namespace lite {

namespace {
std::mutex g_allocator_mu;
HostAllocator g_allocator;
}  // namespace

void SetHostAllocator(const HostAllocator& allocator) {
  std::lock_guard<std::mutex> lock(g_allocator_mu);
  g_allocator = allocator;
}

Buffer::Buffer(size_t bytes) : size_(bytes), owned_(true) {
  // Round up so that aligned_alloc's size requirement holds; always allocate
  // at least one alignment unit so data() is never null.
  size_t rounded = (bytes + kAlignment - 1) / kAlignment * kAlignment;
  if (rounded == 0) rounded = kAlignment;
  LITE_ENFORCE(rounded >= bytes, "cannot allocate ", bytes, " bytes: the size overflows");
  HostAllocator a;
  {
    std::lock_guard<std::mutex> lock(g_allocator_mu);
    a = g_allocator;
  }
  if (a.alloc) {
    data_ = a.alloc(rounded, kAlignment);
    free_ = a.free;
    if (data_ != nullptr && reinterpret_cast<uintptr_t>(data_) % kAlignment != 0) {
      free_(data_);
      ThrowError("set_custom_allocator: alloc(", rounded, ", ", kAlignment,
                 ") returned memory that is not ", kAlignment, "-byte aligned");
    }
  } else {
    data_ = std::aligned_alloc(kAlignment, rounded);
    free_ = std::free;
  }
  // A user's absurd shape is an Error naming the size, not std::bad_alloc.
  LITE_ENFORCE(data_ != nullptr, "cannot allocate ", bytes, " bytes (out of memory)");
}

Buffer::Buffer(void* external, size_t bytes, std::shared_ptr<const void> holder)
    : data_(external), size_(bytes), owned_(false), holder_(std::move(holder)) {}

Buffer::~Buffer() {
  if (owned_ && data_) free_(data_);
}

void* Tensor::mutable_data(DataType type) {
  LITE_ENFORCE(type != DataType::kUnknown,
               "Tensor::mutable_data: unknown element type");
  for (int64_t d : dims_) {
    LITE_ENFORCE(d >= 0, "Tensor::mutable_data: dims ", DimsToString(dims_),
                 " contain a negative (unknown) extent");
  }
  size_t bytes = 0;
  LITE_ENFORCE(!__builtin_mul_overflow(static_cast<size_t>(numel()), SizeOf(type), &bytes),
               "Tensor::mutable_data: dims ", DimsToString(dims_), " of ", DataTypeName(type),
               " overflow the addressable size");
  dtype_ = type;
  if (!buffer_ || buffer_.use_count() > 1 || !buffer_->owned() ||
      buffer_->size() < offset_ + bytes) {
    // Never write into memory shared with another tensor or not owned.
    buffer_ = std::make_shared<Buffer>(bytes);
    offset_ = 0;
  }
  return static_cast<char*>(buffer_->data()) + offset_;
}

size_t Tensor::memory_size() const {
  if (numel() < 0) return 0;  // unknown (-1) extents: nothing to size yet
  size_t bytes = 0;
  LITE_ENFORCE(!__builtin_mul_overflow(static_cast<size_t>(numel()), SizeOf(dtype_), &bytes),
               "Tensor dims ", DimsToString(dims_), " of ", DataTypeName(dtype_),
               " overflow the addressable size");
  return bytes;
}

bool Tensor::StorageCoversDims() const {
  return buffer_ != nullptr && buffer_->size() >= offset_ &&
         buffer_->size() - offset_ >= memory_size();
}

void Tensor::CheckStorage() const {
  LITE_ENFORCE(buffer_ != nullptr, "Tensor has no data (dims ",
               DimsToString(dims_), ", type ", DataTypeName(dtype_), ")");
  // Resize() after mutable_data() keeps the old buffer: reading or writing
  // the new dims through it would run past its end.
  LITE_ENFORCE(StorageCoversDims(), "Tensor dims ", DimsToString(dims_), " of ",
               DataTypeName(dtype_), " need ", memory_size(), " bytes but its storage holds ",
               buffer_->size() - std::min(offset_, buffer_->size()),
               " (resized without mutable_data()/CopyFromCpu() afterwards)");
}

const void* Tensor::raw_data() const {
  CheckStorage();
  return static_cast<const char*>(buffer_->data()) + offset_;
}

void* Tensor::raw_data_mut() {
  CheckStorage();
  return static_cast<char*>(buffer_->data()) + offset_;
}

void Tensor::CheckType(DataType type) const {
  LITE_ENFORCE(dtype_ == type, "Tensor holds ", DataTypeName(dtype_),
               " data but was read as ", DataTypeName(type), " (dims ",
               DimsToString(dims_), ")");
}

void Tensor::ShareDataWith(const Tensor& other) {
  dims_ = other.dims_;
  dtype_ = other.dtype_;
  buffer_ = other.buffer_;
  offset_ = other.offset_;
  lod_ = other.lod_;
}

void Tensor::CopyFrom(const Tensor& other) {
  dims_ = other.dims_;
  lod_ = other.lod_;
  if (!other.initialized()) {
    dtype_ = other.dtype_;
    buffer_.reset();
    offset_ = 0;
    return;
  }
  void* dst = mutable_data(other.dtype_);
  std::memcpy(dst, other.raw_data(), other.memory_size());
}

void Tensor::ResetExternal(void* data, DataType type, const DDim& dims,
                           std::shared_ptr<const void> holder) {
  dims_ = dims;
  dtype_ = type;
  buffer_ = std::make_shared<Buffer>(data, Numel(dims) * SizeOf(type),
                                     std::move(holder));
  offset_ = 0;
}

void CheckLoD(const std::string& what, const LoD& lod, int64_t rows) {
  for (size_t level = 0; level < lod.size(); ++level) {
    const auto& l = lod[level];
    LITE_ENFORCE(l.size() >= 2 && l.front() == 0, what, ": LoD level ", level,
                 " must start at 0 and have at least 2 offsets");
    for (size_t i = 1; i < l.size(); ++i) {
      LITE_ENFORCE(l[i] >= l[i - 1], what, ": LoD level ", level, " decreases at offset ", i,
                   " (", l[i - 1], " then ", l[i], ")");
    }
    const uint64_t end = level + 1 < lod.size() ? lod[level + 1].size() - 1
                                                : static_cast<uint64_t>(rows);
    LITE_ENFORCE(l.back() == end, what, ": LoD level ", level, " ends at ", l.back(),
                 " but expected ", end,
                 level + 1 < lod.size() ? " (the sequence count of the next level)"
                                        : " (the row count)");
  }
}

}  // namespace lite
}  // namespace paddle
