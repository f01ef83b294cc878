// Test helpers for nnadapter/operation: a tiny model of core::Operands,
// constants, and the registry of one valid case per standard operation.
#ifndef NNADAPTER_TESTS_OPERATION_OP_TEST_UTIL_H_
#define NNADAPTER_TESTS_OPERATION_OP_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"
#include "nnadapter/operation_layout.h"
#include "testing/core_model.h"
#include "operation/operation.h"

namespace nnadapter {
namespace operation {
namespace test {

using Dims = std::vector<int32_t>;
constexpr int32_t U = NNADAPTER_UNKNOWN;

// Operands default to model inputs; Out() is an operation output as
// callers create it.
class Model : public nnadapter_test::CoreModel {
 public:
  core::Operand* Add(NNAdapterOperandPrecision precision, const Dims& dims,
                     NNAdapterOperandLifetime lifetime =
                         NNADAPTER_MODEL_INPUT) {
    return CoreModel::Add(precision, dims, lifetime);
  }
  core::Operand* F32(const Dims& dims) { return Add(NNADAPTER_FLOAT32, dims); }
  core::Operand* Bool8(const Dims& dims) { return Add(NNADAPTER_BOOL8, dims); }
  core::Operand* Q8(const Dims& dims, float scale) {
    core::Operand* o = Add(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, dims);
    o->type.symm_per_layer_params.scale = scale;
    return o;
  }
  core::Operand* Q32(const Dims& dims, float scale) {
    core::Operand* o = Add(NNADAPTER_QUANT_INT32_SYMM_PER_LAYER, dims);
    o->type.symm_per_layer_params.scale = scale;
    return o;
  }
  core::Operand* PerChannel(NNAdapterOperandPrecision precision,
                            const Dims& dims, uint32_t channel_dim,
                            const std::vector<float>& scales) {
    return CoreModel::PerChannel(precision, dims, channel_dim, scales,
                                 NNADAPTER_MODEL_INPUT);
  }
  core::Operand* I32(int32_t v) {
    return Const<int32_t>(NNADAPTER_INT32, {1}, {v});
  }
  core::Operand* I32s(const std::vector<int32_t>& v) {
    return Const<int32_t>(NNADAPTER_INT32, {static_cast<int32_t>(v.size())},
                          v);
  }
  core::Operand* I64s(const std::vector<int64_t>& v) {
    return Const<int64_t>(NNADAPTER_INT64, {static_cast<int32_t>(v.size())},
                          v);
  }
  core::Operand* B(bool v) {
    return Const<uint8_t>(NNADAPTER_BOOL8, {1}, {static_cast<uint8_t>(v)});
  }
  core::Operand* F(float v) {
    return Const<float>(NNADAPTER_FLOAT32, {1}, {v});
  }
  core::Operand* Fs(const std::vector<float>& v) {
    return Const<float>(NNADAPTER_FLOAT32, {static_cast<int32_t>(v.size())},
                        v);
  }
  core::Operand* Out() {
    return Add(NNADAPTER_UNKNOWN_PRECISION, {}, NNADAPTER_TEMPORARY_VARIABLE);
  }
};

// Every standard operation (operation_types.inc).
struct OpInfo {
  NNAdapterOperationType type;
  const char* name;
};
inline constexpr OpInfo kOperations[] = {
#define NNADAPTER_OPERATION(name, code) {code, #name},
#include "nnadapter/operation_types.inc"
};

inline Dims DimsOf(const core::Operand* o) {
  return Dims(o->type.dimensions.data,
              o->type.dimensions.data + o->type.dimensions.count);
}

inline int RunOp(NNAdapterOperationType type,
               const std::vector<core::Operand*>& inputs,
               const std::vector<core::Operand*>& outputs,
               std::string* message) {
  core::Operation op;
  op.type = type;
  op.input_operands = inputs;
  op.output_operands = outputs;
  return ValidateAndInferOperation(&op, message);
}

// Expects INVALID_PARAMETER with a message that starts with "<op>: " and
// contains `fragment` (e.g. "input 5 (strides)").
inline void ExpectInvalid(NNAdapterOperationType type,
                          const std::vector<core::Operand*>& inputs,
                          const std::vector<core::Operand*>& outputs,
                          const std::string& op_name,
                          const std::string& fragment) {
  std::string msg;
  EXPECT_EQ(RunOp(type, inputs, outputs, &msg), NNADAPTER_INVALID_PARAMETER)
      << msg;
  EXPECT_EQ(msg.rfind(op_name + ": ", 0), 0u) << msg;
  EXPECT_NE(msg.find(fragment), std::string::npos)
      << "message: " << msg << "\nexpected to contain: " << fragment;
}
#define EXPECT_INVALID(...)                                \
  do {                                                     \
    SCOPED_TRACE("EXPECT_INVALID");                        \
    ::nnadapter::operation::test::ExpectInvalid(__VA_ARGS__); \
  } while (0)

// One valid use of an operation with the hand-computed expected outputs.
struct Case {
  NNAdapterOperationType type = 0;
  std::vector<core::Operand*> inputs;
  std::vector<core::Operand*> outputs;
  std::vector<Dims> dims;                               // per output
  std::vector<NNAdapterOperandPrecision> precisions;    // per output
};

using CaseBuilder = Case (*)(Model* m);
std::map<NNAdapterOperationType, CaseBuilder>& ValidCases();
bool RegisterValidCase(NNAdapterOperationType type, CaseBuilder builder);

#define VALID_CASE(NAME)                                                 \
  static ::nnadapter::operation::test::Case ValidCase_##NAME(            \
      ::nnadapter::operation::test::Model* m);                           \
  [[maybe_unused]] static const bool registered_##NAME =                 \
      ::nnadapter::operation::test::RegisterValidCase(NNADAPTER_##NAME,  \
                                                      &ValidCase_##NAME); \
  static ::nnadapter::operation::test::Case ValidCase_##NAME(            \
      ::nnadapter::operation::test::Model* m)

}  // namespace test
}  // namespace operation
}  // namespace nnadapter

#endif  // NNADAPTER_TESTS_OPERATION_OP_TEST_UTIL_H_
