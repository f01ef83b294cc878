// A host tensor for tests: NNAdapter precision, dims, raw little-endian bytes
// and quantization parameters, with the operand type it declares and the
// execution access callbacks that feed or receive it.
#ifndef NNADAPTER_TESTING_TENSOR_H_
#define NNADAPTER_TESTING_TENSOR_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "nnadapter/nnadapter.h"

namespace nnadapter_test {

struct Tensor {
  int32_t precision = NNADAPTER_FLOAT32;
  std::vector<int32_t> dims;
  std::vector<uint8_t> bytes;
  float scale = 0.f;          // QUANT_*_PER_LAYER
  std::vector<float> scales;  // QUANT_*_PER_CHANNEL
  uint32_t channel_dim = 0;   // QUANT_*_PER_CHANNEL
  int32_t zero_point = 0;     // QUANT_UINT8_ASYMM_PER_LAYER
  bool dims_unknown = false;  // declare the operand with unknown dims

  int64_t NumElements() const;
  template <typename T>
  const T* data() const {
    return reinterpret_cast<const T*>(bytes.data());
  }
  template <typename T>
  T* mutable_data() {
    return reinterpret_cast<T*>(bytes.data());
  }
  // A copy of the bytes as values of type V.
  template <typename V>
  std::vector<V> as() const {
    std::vector<V> v(bytes.size() / sizeof(V));
    if (!v.empty()) std::memcpy(v.data(), bytes.data(), v.size() * sizeof(V));
    return v;
  }
  // Element i converted to double (quantized values as the raw integer).
  double At(int64_t i) const;
  // The operand type this tensor declares (NCHW; every dim
  // NNADAPTER_UNKNOWN when dims_unknown). The per-channel scales point into
  // `scales` (addOperand copies them).
  NNAdapterOperandType type() const;

  // NNAdapterExecution_setInput/setOutput callbacks; `memory` is a Tensor*.
  // Inputs publish their dims and bytes; outputs take the final precision,
  // quantization parameters and dims and get a zeroed buffer.
  static void* AccessInput(void* memory, NNAdapterOperandType* type);
  static void* AccessOutput(void* memory, NNAdapterOperandType* type);
};

std::string DimsToString(const std::vector<int32_t>& dims);
std::string ValuesToString(const Tensor& t, int64_t max_count = 16);
// Values of an integer tensor (floating point values are truncated).
std::vector<int64_t> ToInt64(const Tensor& t);
std::vector<float> ToFloat(const Tensor& t);

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
inline Tensor Bool8(std::vector<int32_t> dims, const std::vector<uint8_t>& v) {
  return MakeTensor<uint8_t>(NNADAPTER_BOOL8, std::move(dims), v);
}
// Symmetric quantized tensors: one scale per layer, or one per slice of
// `channel_dim`.
template <typename T>
Tensor QuantPerLayer(int32_t precision, std::vector<int32_t> dims,
                     const std::vector<T>& v, float scale) {
  Tensor t = MakeTensor<T>(precision, std::move(dims), v);
  t.scale = scale;
  return t;
}
template <typename T>
Tensor QuantPerChannel(int32_t precision, std::vector<int32_t> dims,
                       const std::vector<T>& v, std::vector<float> scales,
                       uint32_t channel_dim) {
  Tensor t = MakeTensor<T>(precision, std::move(dims), v);
  t.scales = std::move(scales);
  t.channel_dim = channel_dim;
  return t;
}
inline Tensor Q8(std::vector<int32_t> dims, const std::vector<int8_t>& v,
                 float scale) {
  return QuantPerLayer(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, std::move(dims), v,
                       scale);
}
inline Tensor Q8PerChannel(std::vector<int32_t> dims,
                           const std::vector<int8_t>& v,
                           std::vector<float> scales, uint32_t channel_dim) {
  return QuantPerChannel(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, std::move(dims),
                         v, std::move(scales), channel_dim);
}
inline Tensor Q32(std::vector<int32_t> dims, const std::vector<int32_t>& v,
                  float scale) {
  return QuantPerLayer(NNADAPTER_QUANT_INT32_SYMM_PER_LAYER, std::move(dims), v,
                       scale);
}
inline Tensor Q32PerChannel(std::vector<int32_t> dims,
                            const std::vector<int32_t>& v,
                            std::vector<float> scales, uint32_t channel_dim) {
  return QuantPerChannel(NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL,
                         std::move(dims), v, std::move(scales), channel_dim);
}

}  // namespace nnadapter_test

#endif  // NNADAPTER_TESTING_TENSOR_H_
