// Bounds-checked binary encoding helpers, CRC32 and a versioned serializer
// of core::Model (used by caches of drivers that store a model, and by the
// runtime).
//
// Model encoding (little endian), format version kModelFormatVersion:
//   "NNAM" magic, u32 version,
//   u32 operand count, per operand: type (see WriteOperandType), u8 has_value,
//     [u32 length, bytes],
//   u32 operation count, per operation: i32 type, u32 n_in, u32 in_index...,
//     u32 n_out, u32 out_index...  (indexes into the operand list; 0xFFFFFFFF
//     for an absent optional operand)
//   u32 n_inputs, indexes..., u32 n_outputs, indexes...
#ifndef NNADAPTER_UTILITY_SERIALIZATION_H_
#define NNADAPTER_UTILITY_SERIALIZATION_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter {

uint32_t Crc32(const void* data, size_t size, uint32_t crc = 0);

class BinaryWriter {
 public:
  explicit BinaryWriter(std::vector<uint8_t>* out) : out_(out) {}
  void WriteBytes(const void* data, size_t size);
  void WriteU8(uint8_t v) { WriteBytes(&v, 1); }
  void WriteU32(uint32_t v);
  void WriteI32(int32_t v) { WriteU32(static_cast<uint32_t>(v)); }
  void WriteU64(uint64_t v);
  void WriteF32(float v);
  void WriteString(const std::string& s);  // u32 length + bytes
  void WriteOperandType(const NNAdapterOperandType& type);
  size_t size() const { return out_->size(); }

 private:
  std::vector<uint8_t>* out_;
};

// Every Read* returns false (and sets error()) instead of reading past the
// end; after a failure all further reads fail.
class BinaryReader {
 public:
  BinaryReader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  bool ReadBytes(void* out, size_t size);
  bool Skip(size_t size);
  // Points *out at the next `size` bytes inside the buffer.
  bool ReadView(const uint8_t** out, size_t size);
  bool ReadU8(uint8_t* v) { return ReadBytes(v, 1); }
  bool ReadU32(uint32_t* v);
  bool ReadI32(int32_t* v);
  bool ReadU64(uint64_t* v);
  bool ReadF32(float* v);
  bool ReadString(std::string* s, size_t max_length = 1u << 20);
  // Per-channel arrays are copied into `storage`.
  bool ReadOperandType(NNAdapterOperandType* type,
                       std::list<std::vector<uint8_t>>* storage);
  size_t offset() const { return offset_; }
  size_t remaining() const { return size_ - offset_; }
  const std::string& error() const { return error_; }
  bool Fail(const std::string& message);

 private:
  const uint8_t* data_;
  size_t size_;
  size_t offset_ = 0;
  std::string error_;
};

constexpr uint32_t kModelFormatVersion = 1;

// Serializes `model` (operand values included).
bool SerializeModel(const core::Model& model, std::vector<uint8_t>* out,
                    std::string* error);
// Rebuilds a model; every index and length is checked. `out` must be empty.
bool DeserializeModel(const uint8_t* data, size_t size, OwnedModel* out,
                      std::string* error);

}  // namespace nnadapter

#endif  // NNADAPTER_UTILITY_SERIALIZATION_H_
