// A host tensor of the conformance suite: NNAdapter precision code, dims and
// raw little-endian bytes, plus quantization parameters for the quantized
// precisions.
#ifndef TESTS_CONFORMANCE_TENSOR_H_
#define TESTS_CONFORMANCE_TENSOR_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "nnadapter/nnadapter.h"

namespace conformance {

struct Tensor {
  int32_t precision = NNADAPTER_FLOAT32;
  std::vector<int32_t> dims;
  std::vector<uint8_t> bytes;
  float scale = 0.f;              // QUANT_*_PER_LAYER
  std::vector<float> scales;      // QUANT_*_PER_CHANNEL
  uint32_t channel_dim = 0;       // QUANT_*_PER_CHANNEL
  int32_t zero_point = 0;         // QUANT_UINT8_ASYMM_PER_LAYER

  int64_t NumElements() const;
  template <typename T>
  const T* data() const {
    return reinterpret_cast<const T*>(bytes.data());
  }
  template <typename T>
  T* mutable_data() {
    return reinterpret_cast<T*>(bytes.data());
  }
  // Element i converted to double (any non-quantized or quantized precision;
  // quantized values are returned as the raw integer).
  double At(int64_t i) const;
};

// Size in bytes of one element of `precision` (0 if unknown).
size_t ElementSize(int32_t precision);
const char* PrecisionName(int32_t precision);
std::string DimsToString(const std::vector<int32_t>& dims);
std::string ValuesToString(const Tensor& t, int64_t max_count = 16);

template <typename T>
Tensor MakeTensor(int32_t precision, std::vector<int32_t> dims,
                  const std::vector<T>& values) {
  Tensor t;
  t.precision = precision;
  t.dims = std::move(dims);
  t.bytes.resize(values.size() * sizeof(T));
  if (!values.empty()) std::memcpy(t.bytes.data(), values.data(), t.bytes.size());
  return t;
}
inline Tensor F32(std::vector<int32_t> dims, const std::vector<float>& v) {
  return MakeTensor<float>(NNADAPTER_FLOAT32, std::move(dims), v);
}
inline Tensor I32(std::vector<int32_t> dims, const std::vector<int32_t>& v) {
  return MakeTensor<int32_t>(NNADAPTER_INT32, std::move(dims), v);
}
inline Tensor I64(std::vector<int32_t> dims, const std::vector<int64_t>& v) {
  return MakeTensor<int64_t>(NNADAPTER_INT64, std::move(dims), v);
}
inline Tensor Bool(std::vector<int32_t> dims, const std::vector<uint8_t>& v) {
  return MakeTensor<uint8_t>(NNADAPTER_BOOL8, std::move(dims), v);
}
inline Tensor QI8(std::vector<int32_t> dims, const std::vector<int8_t>& v,
                  float scale) {
  Tensor t = MakeTensor<int8_t>(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
                                std::move(dims), v);
  t.scale = scale;
  return t;
}
inline Tensor QI8PerChannel(std::vector<int32_t> dims,
                            const std::vector<int8_t>& v,
                            std::vector<float> scales, uint32_t channel_dim) {
  Tensor t = MakeTensor<int8_t>(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL,
                                std::move(dims), v);
  t.scales = std::move(scales);
  t.channel_dim = channel_dim;
  return t;
}
inline Tensor QI32(std::vector<int32_t> dims, const std::vector<int32_t>& v,
                   float scale) {
  Tensor t = MakeTensor<int32_t>(NNADAPTER_QUANT_INT32_SYMM_PER_LAYER,
                                 std::move(dims), v);
  t.scale = scale;
  return t;
}
inline Tensor QI32PerChannel(std::vector<int32_t> dims,
                             const std::vector<int32_t>& v,
                             std::vector<float> scales, uint32_t channel_dim) {
  Tensor t = MakeTensor<int32_t>(NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL,
                                 std::move(dims), v);
  t.scales = std::move(scales);
  t.channel_dim = channel_dim;
  return t;
}

// Converts a tensor of an integer precision (INT32/INT64/...) to int64
// values; floating point values are truncated.
std::vector<int64_t> ToInt64(const Tensor& t);
std::vector<float> ToFloat(const Tensor& t);

}  // namespace conformance

#endif  // TESTS_CONFORMANCE_TENSOR_H_
