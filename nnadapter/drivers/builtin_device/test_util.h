// Test helpers: build one-operation (or small) models through the public C
// API, compile them on "builtin_device", run them and compare the outputs
// with hand-computed values.
#ifndef NNADAPTER_TESTS_BUILTIN_DEVICE_TEST_UTIL_H_
#define NNADAPTER_TESTS_BUILTIN_DEVICE_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "nnadapter/nnadapter.h"

namespace nnadapter_test {

// A host tensor: precision, dims, raw bytes and quantization parameters.
struct T {
  NNAdapterOperandPrecision precision = NNADAPTER_FLOAT32;
  std::vector<int32_t> dims;
  std::vector<uint8_t> data;
  float scale = 0;
  std::vector<float> scales;
  uint32_t channel_dim = 0;
  bool dims_unknown = false;  // declare the model input with unknown dims

  template <typename V>
  std::vector<V> as() const {
    std::vector<V> v(data.size() / sizeof(V));
    if (!v.empty()) std::memcpy(v.data(), data.data(), v.size() * sizeof(V));
    return v;
  }
  NNAdapterOperandType type() const {
    NNAdapterOperandType t;
    std::memset(&t, 0, sizeof(t));
    t.precision = precision;
    t.layout = NNADAPTER_NCHW;
    t.dimensions.count = static_cast<uint32_t>(dims.size());
    for (size_t i = 0; i < dims.size(); i++)
      t.dimensions.data[i] = dims_unknown ? NNADAPTER_UNKNOWN : dims[i];
    if (precision == NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL ||
        precision == NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL) {
      t.symm_per_channel_params.channel_dim = channel_dim;
      t.symm_per_channel_params.scale_count =
          static_cast<uint32_t>(scales.size());
      t.symm_per_channel_params.scales = const_cast<float*>(scales.data());
    } else {
      t.symm_per_layer_params.scale = scale;
    }
    return t;
  }
};

template <typename V>
T Make(NNAdapterOperandPrecision p, std::vector<int32_t> dims,
       const std::vector<V>& values) {
  T t;
  t.precision = p;
  t.dims = std::move(dims);
  t.data.resize(values.size() * sizeof(V));
  if (!values.empty()) std::memcpy(t.data.data(), values.data(), t.data.size());
  return t;
}
inline T F32(std::vector<int32_t> d, const std::vector<float>& v) {
  return Make(NNADAPTER_FLOAT32, std::move(d), v);
}
inline T I32(std::vector<int32_t> d, const std::vector<int32_t>& v) {
  return Make(NNADAPTER_INT32, std::move(d), v);
}
inline T I64(std::vector<int32_t> d, const std::vector<int64_t>& v) {
  return Make(NNADAPTER_INT64, std::move(d), v);
}
inline T B8(std::vector<int32_t> d, const std::vector<int8_t>& v) {
  return Make(NNADAPTER_BOOL8, std::move(d), v);
}
inline T Q8(std::vector<int32_t> d, const std::vector<int8_t>& v, float s) {
  T t = Make(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, std::move(d), v);
  t.scale = s;
  return t;
}
inline T Q8C(std::vector<int32_t> d, const std::vector<int8_t>& v,
             std::vector<float> scales, uint32_t channel_dim) {
  T t = Make(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, std::move(d), v);
  t.scales = std::move(scales);
  t.channel_dim = channel_dim;
  return t;
}
inline T Q32(std::vector<int32_t> d, const std::vector<int32_t>& v, float s) {
  T t = Make(NNADAPTER_QUANT_INT32_SYMM_PER_LAYER, std::move(d), v);
  t.scale = s;
  return t;
}
inline T Q32C(std::vector<int32_t> d, const std::vector<int32_t>& v,
              std::vector<float> scales) {
  T t = Make(NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL, std::move(d), v);
  t.scales = std::move(scales);
  t.channel_dim = 0;
  return t;
}

// An operand of the operation under test.
struct Arg {
  enum Kind { kConst, kInput, kAbsent } kind = kConst;
  T value;
};
inline Arg C(T t) { return Arg{Arg::kConst, std::move(t)}; }
inline Arg V(T t) { return Arg{Arg::kInput, std::move(t)}; }
inline Arg None() { return Arg{Arg::kAbsent, T()}; }
inline Arg ci(int32_t v) { return C(I32({1}, {v})); }
inline Arg cis(const std::vector<int32_t>& v) {
  return C(I32({static_cast<int32_t>(v.size())}, v));
}
inline Arg cf(float v) { return C(F32({1}, {v})); }
inline Arg cfs(const std::vector<float>& v) {
  return C(F32({static_cast<int32_t>(v.size())}, v));
}
inline Arg cb(bool v) { return C(B8({1}, {static_cast<int8_t>(v ? 1 : 0)})); }

// Expected output operand: precision (+ scale for quantized outputs).
struct OutSpec {
  NNAdapterOperandPrecision precision = NNADAPTER_FLOAT32;
  float scale = 0;
  OutSpec(NNAdapterOperandPrecision p = NNADAPTER_FLOAT32, float s = 0)
      : precision(p), scale(s) {}
};

// Coverage registry: every operation must have at least one test.
std::set<int>& CoveredOperations();
struct CoverageRegistrar {
  explicit CoverageRegistrar(int type) { CoveredOperations().insert(type); }
};
#define NNA_CONCAT_(a, b) a##b
#define NNA_CONCAT(a, b) NNA_CONCAT_(a, b)
// OP_TEST(ADD, Broadcast) { ... }  registers coverage of NNADAPTER_ADD.
#define OP_TEST(op, name)                                                    \
  static ::nnadapter_test::CoverageRegistrar NNA_CONCAT(cover_##op##_##name, \
                                                        __LINE__)(           \
      NNADAPTER_##op);                                                       \
  TEST(op, name)

struct RunResult {
  int add_operation = NNADAPTER_NO_ERROR;
  int finish = NNADAPTER_NO_ERROR;
  int compile = NNADAPTER_NO_ERROR;
  int compute = NNADAPTER_NO_ERROR;
  std::string message;
  std::vector<T> outputs;
  bool ok() const {
    return add_operation == 0 && finish == 0 && compile == 0 && compute == 0;
  }
};

// Builds model(op, args) -> outs, compiles on builtin_device (optionally
// through an in-memory cache round trip), runs it. `run_inputs` (if not
// empty) replaces the values of the kInput args at execution time (dynamic
// shapes).
RunResult RunOp(NNAdapterOperationType op, const std::vector<Arg>& args,
                const std::vector<OutSpec>& outs,
                const std::vector<T>& run_inputs = {},
                bool through_cache = false);
// RunOp that must succeed (fails the test otherwise).
std::vector<T> Exec(NNAdapterOperationType op, const std::vector<Arg>& args,
                   const std::vector<OutSpec>& outs);

void ExpectF32(const T& t, const std::vector<int32_t>& dims,
               const std::vector<float>& values, float tol = 1e-5f);
void ExpectI32(const T& t, const std::vector<int32_t>& dims,
               const std::vector<int32_t>& values);
void ExpectI64(const T& t, const std::vector<int32_t>& dims,
               const std::vector<int64_t>& values);
void ExpectB8(const T& t, const std::vector<int32_t>& dims,
              const std::vector<int8_t>& values);
void ExpectQ8(const T& t, const std::vector<int32_t>& dims,
              const std::vector<int8_t>& values);

}  // namespace nnadapter_test

#endif  // NNADAPTER_TESTS_BUILTIN_DEVICE_TEST_UTIL_H_
