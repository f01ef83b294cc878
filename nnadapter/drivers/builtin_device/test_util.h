// Test helpers: build one-operation (or small) models through the public C
// API, compile them on "builtin_device", run them and compare the outputs
// with hand-computed values.
#ifndef NNADAPTER_DRIVERS_BUILTIN_DEVICE_TEST_UTIL_H_
#define NNADAPTER_DRIVERS_BUILTIN_DEVICE_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "nnadapter/nnadapter.h"
#include "testing/tensor.h"

namespace nnadapter_test {

// An operand of the operation under test.
struct Arg {
  enum Kind { kConst, kInput, kAbsent } kind = kConst;
  Tensor value;
};
inline Arg C(Tensor t) { return Arg{Arg::kConst, std::move(t)}; }
inline Arg V(Tensor t) { return Arg{Arg::kInput, std::move(t)}; }
inline Arg None() { return Arg{Arg::kAbsent, Tensor()}; }
inline Arg ci(int32_t v) { return C(I32({1}, {v})); }
inline Arg cis(const std::vector<int32_t>& v) {
  return C(I32({static_cast<int32_t>(v.size())}, v));
}
inline Arg cf(float v) { return C(F32({1}, {v})); }
inline Arg cfs(const std::vector<float>& v) {
  return C(F32({static_cast<int32_t>(v.size())}, v));
}
inline Arg cb(bool v) { return C(Bool8({1}, {static_cast<uint8_t>(v ? 1 : 0)})); }

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
  std::vector<Tensor> outputs;
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
                const std::vector<Tensor>& run_inputs = {},
                bool through_cache = false);
// RunOp that must succeed (fails the test otherwise).
std::vector<Tensor> Exec(NNAdapterOperationType op, const std::vector<Arg>& args,
                        const std::vector<OutSpec>& outs);

void ExpectF32(const Tensor& t, const std::vector<int32_t>& dims,
               const std::vector<float>& values, float tol = 1e-5f);
void ExpectI32(const Tensor& t, const std::vector<int32_t>& dims,
               const std::vector<int32_t>& values);
void ExpectI64(const Tensor& t, const std::vector<int32_t>& dims,
               const std::vector<int64_t>& values);
void ExpectB8(const Tensor& t, const std::vector<int32_t>& dims,
              const std::vector<int8_t>& values);
void ExpectQ8(const Tensor& t, const std::vector<int32_t>& dims,
              const std::vector<int8_t>& values);

}  // namespace nnadapter_test

#endif  // NNADAPTER_DRIVERS_BUILTIN_DEVICE_TEST_UTIL_H_
