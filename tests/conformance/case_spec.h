// A conformance case as plain data: the operands and operations of an
// NNAdapter model, the values of its inputs and the expected outputs. The
// ONNX mappings and the hand-written cases produce CaseSpecs; the runner
// (runner.h) turns one into a model through the public C API and runs it.
#ifndef TESTS_CONFORMANCE_CASE_SPEC_H_
#define TESTS_CONFORMANCE_CASE_SPEC_H_

#include <string>
#include <vector>

#include "testing/tensor.h"

namespace conformance {

// Host tensors and their factories (F32, Q8, ...) are nnadapter/testing's.
using namespace nnadapter_test;  // NOLINT

struct OperandSpec {
  enum Kind { kInput, kConstant, kTemporary };
  Kind kind = kTemporary;
  // Type (precision, dims, quantization); for constants and inputs also the
  // value. For temporaries only the precision is a hint: shape inference
  // decides.
  Tensor tensor;
};

struct OperationSpec {
  NNAdapterOperationType type = 0;
  std::vector<int> inputs;   // operand indices; -1 = omitted optional input
  std::vector<int> outputs;  // operand indices
};

struct CaseSpec {
  std::string op;    // NNAdapter operation name this case is counted under
  std::string name;  // case name, e.g. "node:test_abs" or "hand:relu6_basic"
  std::vector<OperandSpec> operands;
  std::vector<OperationSpec> operations;
  std::vector<int> inputs;          // model inputs (operand indices)
  std::vector<int> outputs;         // model outputs (operand indices)
  std::vector<Tensor> expected;     // parallel to outputs
  // Per-output absolute tolerance override for float outputs whose reference
  // was computed in double by hand (0 = the NNAPI fp32 rule only).
  std::vector<double> extra_atol;

  // --- building helpers ----------------------------------------------------
  // A model input whose value for the run is `value`.
  int Input(const Tensor& value);
  // A constant operand.
  int Const(const Tensor& value);
  int ConstI32(int32_t v) { return Const(I32({1}, {v})); }
  int ConstI32s(const std::vector<int32_t>& v) {
    return Const(I32({static_cast<int32_t>(v.size())}, v));
  }
  int ConstF32(float v) { return Const(F32({1}, {v})); }
  int ConstBool(bool v) { return Const(Bool8({1}, {static_cast<uint8_t>(v)})); }
  // A temporary operand (an operation output) of the given precision.
  int Temp(int32_t precision);
  // A temporary with quantization parameters copied from `like`.
  int TempLike(const Tensor& like);
  void Op(NNAdapterOperationType type, std::vector<int> inputs,
          std::vector<int> outputs);
  // Marks `operand` as a model output whose expected value is `expected`.
  void Output(int operand, const Tensor& expected, double atol = 0.0);
};

}  // namespace conformance

#endif  // TESTS_CONFORMANCE_CASE_SPEC_H_
