// Tensor: dims + element type + a shared, 64-byte aligned buffer.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "lite/core/error.h"
#include "lite/core/types.h"

namespace paddle {
namespace lite {

// A block of memory. Either owned (64-byte aligned, from the heap) or
// external (e.g. weights inside a mapped file, kept alive by `holder`).
// The process-wide functions Buffer allocates host memory with
// (lite_api::ConfigBase::set_custom_allocator); both null: std::aligned_alloc
// and std::free. A buffer is always released by the free it was made with.
struct HostAllocator {
  void* (*alloc)(size_t size, size_t alignment) = nullptr;
  void (*free)(void* ptr) = nullptr;
};
void SetHostAllocator(const HostAllocator& allocator);

class Buffer {
 public:
  static constexpr size_t kAlignment = 64;
  Buffer() = default;
  explicit Buffer(size_t bytes);
  Buffer(void* external, size_t bytes, std::shared_ptr<const void> holder);
  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  void* data() const { return data_; }
  size_t size() const { return size_; }
  bool owned() const { return owned_; }

 private:
  void* data_{nullptr};
  size_t size_{0};
  bool owned_{false};
  void (*free_)(void*) = nullptr;  // of an owned buffer
  std::shared_ptr<const void> holder_;
};

class Tensor {
 public:
  Tensor() = default;

  void Resize(const DDim& dims) { dims_ = dims; }
  const DDim& dims() const { return dims_; }
  int64_t numel() const { return Numel(dims_); }
  DataType dtype() const { return dtype_; }
  // Sets the element type without allocating (used by shape inference).
  void set_dtype(DataType type) { dtype_ = type; }

  // Returns writable memory for numel() elements of T, reallocating only if
  // the current buffer is too small or shared with another tensor's
  // different-sized view. Sets dtype to T.
  template <typename T>
  T* mutable_data() {
    return static_cast<T*>(mutable_data(DataTypeTrait<T>::value));
  }
  void* mutable_data(DataType type);

  // Typed read access; throws if the tensor holds another type or no data.
  template <typename T>
  const T* data() const {
    CheckType(DataTypeTrait<T>::value);
    return reinterpret_cast<const T*>(raw_data());
  }
  // Typed write access to existing memory (no reallocation).
  template <typename T>
  T* data_mut() {
    CheckType(DataTypeTrait<T>::value);
    return reinterpret_cast<T*>(raw_data_mut());
  }
  const void* raw_data() const;
  void* raw_data_mut();
  bool initialized() const { return buffer_ != nullptr; }
  // numel() * element size; Error when that overflows.
  size_t memory_size() const;
  // True when the buffer holds memory_size() bytes from this tensor's offset
  // (false after a Resize to larger dims without a new mutable_data()).
  bool StorageCoversDims() const;

  // Shares the other tensor's buffer, dims, type and lod (no copy).
  void ShareDataWith(const Tensor& other);
  // Deep copy of dims, type, lod and data.
  void CopyFrom(const Tensor& other);
  // Points the tensor at external memory kept alive by holder.
  void ResetExternal(void* data, DataType type, const DDim& dims,
                     std::shared_ptr<const void> holder);
  // Releases the buffer (dims and type are kept).
  void Release() { buffer_.reset(); offset_ = 0; }
  const std::shared_ptr<Buffer>& buffer() const { return buffer_; }

  const LoD& lod() const { return lod_; }
  void set_lod(const LoD& lod) { lod_ = lod; }
  bool persistable() const { return persistable_; }
  void set_persistable(bool p) { persistable_ = p; }

 private:
  void CheckType(DataType type) const;
  void CheckStorage() const;

  DDim dims_;
  DataType dtype_{DataType::kUnknown};
  std::shared_ptr<Buffer> buffer_;
  size_t offset_{0};
  LoD lod_;
  bool persistable_{false};
};

// Throws naming `what` unless every level of `lod` is valid for `rows` rows:
// starts at 0, does not decrease, and each level ends at the size of the
// next (the last at `rows`).
void CheckLoD(const std::string& what, const LoD& lod, int64_t rows);

}  // namespace lite
}  // namespace paddle
