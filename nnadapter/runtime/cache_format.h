// The .nnc model-cache file (see docs/nnadapter-runtime.md, "Cache format").
//
//   offset size  field
//   0      8     magic "NNACACHE"
//   8      4     u32 format version (kCacheFormatVersion)
//   12     4     u32 flags (0)
//   16     8     u64 payload length
//   24     4     u32 CRC32 (IEEE, zlib polynomial) of the payload
//   28     ...   payload:
//     u32 NNAdapter version (NNADAPTER_VERSION)
//     u32 n_devices, per device: string name, i32 driver version,
//                                u32 HAL version
//     string context properties
//     string token (the cache token the file was written for)
//     u64 model digest (ModelDigest of the model it was compiled from)
//     u32 n, n operand types: model inputs
//     u32 n, n operand types: model outputs
//     u32 n, n operand types: intermediate values (between sub-models)
//     u32 n_sub_models, per sub-model:
//       u32 device index
//       u32 n, n value refs (u8 kind 0=model input 1=model output
//              2=intermediate, u32 index): inputs
//       u32 n, n value refs: outputs
//       u32 n, operand types: sub-model input types
//       u32 n, operand types: sub-model output types
//       u32 blob length, blob bytes (the driver's serialized program)
// All integers little endian; strings are u32 length + bytes; operand types
// as BinaryWriter::WriteOperandType.
#ifndef NNADAPTER_RUNTIME_CACHE_FORMAT_H_
#define NNADAPTER_RUNTIME_CACHE_FORMAT_H_

#include <list>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"
#include "nnadapter/nnadapter.h"

namespace nnadapter {
namespace runtime {

// 2: the token and the model digest are stored and checked on load.
constexpr uint32_t kCacheFormatVersion = 2;

struct ValueRef {
  enum Kind : uint8_t { kModelInput = 0, kModelOutput = 1, kIntermediate = 2 };
  Kind kind = kModelInput;
  uint32_t index = 0;
  bool operator==(const ValueRef& o) const {
    return kind == o.kind && index == o.index;
  }
};

struct CacheImage {
  struct Device {
    std::string name;
    int32_t version = 0;
    uint32_t hal_version = 0;
  };
  struct SubModel {
    uint32_t device = 0;
    std::vector<ValueRef> inputs, outputs;
    std::vector<NNAdapterOperandType> input_types, output_types;
    std::vector<uint8_t> blob;
  };
  uint32_t nnadapter_version = NNADAPTER_VERSION;
  std::vector<Device> devices;
  std::string properties;
  std::string token;
  uint64_t model_digest = 0;
  std::vector<NNAdapterOperandType> input_types, output_types,
      intermediate_types;
  std::vector<SubModel> sub_models;
  std::list<std::vector<uint8_t>> storage;  // per-channel quant arrays
};

// FNV-1a 64 of the model's serialization (operations, operand types,
// constant values): binds a cache to the model it was compiled from.
uint64_t ModelDigest(const core::Model& model);

void WriteCacheImage(const CacheImage& image, std::vector<uint8_t>* out);
// Validates magic, version, length, checksum and every count/index.
bool ReadCacheImage(const uint8_t* data, size_t size, CacheImage* image,
                    std::string* error);

}  // namespace runtime
}  // namespace nnadapter

#endif  // NNADAPTER_RUNTIME_CACHE_FORMAT_H_
