// Internal helpers shared by the standard-operation definitions
// (validation + shape inference). Not part of any public interface.
//
// Every check throws ValidationError; the dispatcher in operation.cc catches
// it and turns it into a result code plus message, so no exception ever
// leaves ValidateAndInferOperation. This keeps each operation definition a
// short list of checks followed by the output shape computation.
#ifndef NNADAPTER_OPERATION_CONTEXT_H_
#define NNADAPTER_OPERATION_CONTEXT_H_

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"
#include "nnadapter/operation_layout.h"

namespace nnadapter {
namespace operation {

// Dimensions of an operand; NNADAPTER_UNKNOWN (-1) for an unknown extent.
using Dims = std::vector<int32_t>;

struct ValidationError {
  int code;
  std::string message;
};

// Precision groups used by many operations.
extern const std::initializer_list<NNAdapterOperandPrecision> kFloatOrQuant8;
extern const std::initializer_list<NNAdapterOperandPrecision> kInt32OrInt64;
// fp32, int8 per layer, int32, int64: data that is moved or indexed, not
// computed on; the second group adds bool8.
extern const std::initializer_list<NNAdapterOperandPrecision>
    kFloatQuant8OrInt;
extern const std::initializer_list<NNAdapterOperandPrecision>
    kFloatQuant8IntOrBool;

std::string DimsToString(const Dims& dims);
std::string PrecisionName(NNAdapterOperandPrecision precision);
Dims ToDims(const NNAdapterOperandDimensionType& dims);
void SetDims(const Dims& dims, NNAdapterOperandDimensionType* out);

// Number of elements; -1 if an extent is unknown or the count exceeds
// 2^53 (far beyond any real tensor; keeps the arithmetic overflow-free).
int64_t ElementCount(const Dims& dims);
// `value` as an extent; fails on input i if it does not fit in int32.
int32_t CheckedExtent(const class Context* ctx, uint32_t i, int64_t value);

// Numpy broadcasting of two shapes; returns false on a known mismatch
// (`bad_axis` receives the output axis). Unknown extents propagate: an
// unknown broadcast with a known extent k > 1 gives k, otherwise unknown.
bool BroadcastDims(const Dims& a, const Dims& b, Dims* out, int* bad_axis);

class Context {
 public:
  Context(core::Operation* op, const char* op_name);

  const char* name() const { return name_; }
  core::Operation* op() const { return op_; }
  // The operand layout of the operation's type (operation_types.inc).
  const OperationLayout& layout() const;

  // Checks the input count against the operation's layout in
  // operation_types.inc (exactly its operands; a variadic operation at
  // least one operand per entry) and names every input after it.
  void Inputs();
  // The same with only the first `count` operands of the layout, for an
  // operation whose definition accepts fewer operands than it lists.
  void Inputs(uint32_t count);
  // The output count of the layout (fixed or a range).
  void Outputs();
  // An output count the layout leaves open (kVariableOutputs).
  void Outputs(uint32_t count);
  // Inputs() then Outputs(): the first checks of most operations.
  void InputsAndOutputs() {
    Inputs();
    Outputs();
  }
  void OutputsRange(uint32_t min_count, uint32_t max_count);
  uint32_t input_count() const {
    return static_cast<uint32_t>(op_->input_operands.size());
  }
  uint32_t output_count() const {
    return static_cast<uint32_t>(op_->output_operands.size());
  }

  // "input 3 (strides)" / "output 0".
  std::string InputLabel(uint32_t i) const;
  std::string OutputLabel(uint32_t i) const;

  // Throw with "<OP>: <what>" / "<OP>: input i (name): <what>".
  [[noreturn]] void Fail(const std::string& what) const;
  [[noreturn]] void FailInput(uint32_t i, const std::string& what) const;
  [[noreturn]] void FailOutput(uint32_t i, const std::string& what) const;

  // The input operand; fails if it is absent (nullptr) unless optional.
  core::Operand* In(uint32_t i) const;
  core::Operand* InOptional(uint32_t i) const;
  const NNAdapterOperandType& InType(uint32_t i) const {
    return In(i)->type;
  }
  Dims InDims(uint32_t i) const { return ToDims(In(i)->type.dimensions); }
  uint32_t InRank(uint32_t i) const { return In(i)->type.dimensions.count; }
  NNAdapterOperandPrecision InPrecision(uint32_t i) const {
    return In(i)->type.precision;
  }
  bool IsConstant(uint32_t i) const;

  void ExpectPrecision(uint32_t i,
                       std::initializer_list<NNAdapterOperandPrecision> allowed)
      const;
  // Input i has the same precision as input j (and, for per-layer
  // quantized operands, both are valid).
  void ExpectSamePrecision(uint32_t i, uint32_t j) const;
  void ExpectRank(uint32_t i, uint32_t rank) const;
  void ExpectRankRange(uint32_t i, uint32_t min_rank, uint32_t max_rank) const;
  void ExpectConstant(uint32_t i) const;
  // Extent `axis` of input i equals `value` when both are known.
  void ExpectDim(uint32_t i, uint32_t axis, int32_t value,
                 const std::string& what) const;

  // Constant scalars ([] or [1]); check precision and constness.
  int32_t Int32(uint32_t i) const;
  bool Bool(uint32_t i) const;
  float Float(uint32_t i) const;
  // A scalar of input i's own precision (INT32/INT64/FLOAT32) as double.
  double Number(uint32_t i) const;
  int32_t FuseCode(uint32_t i) const;
  // A constant axis in [-rank, rank), returned normalized to [0, rank).
  int32_t Axis(uint32_t i, int32_t rank) const;
  int32_t NormalizeAxis(uint32_t i, int64_t axis, int32_t rank) const;

  // Constant 1-D int32/int64 vectors. The Try variants return false when
  // the operand is not a constant (its values are known only at run time).
  std::vector<int64_t> IntVector(uint32_t i) const;
  bool TryIntVector(uint32_t i, std::vector<int64_t>* values) const;
  std::vector<float> FloatVector(uint32_t i) const;
  bool TryFloatVector(uint32_t i, std::vector<float>* values) const;
  // Number of elements of a 1-D operand (-1 if unknown).
  int32_t VectorLength(uint32_t i) const;

  // Output j: writes dims, precision, layout and quantization parameters.
  // With `like_input` >= 0 the precision, layout and quantization come from
  // that input; a quantized output keeps the caller's scale if the caller
  // created it with the same precision and a positive scale.
  NNAdapterOperandType& Out(uint32_t j) const;
  void SetOutput(uint32_t j, const Dims& dims, int like_input) const;
  void SetOutputPrecision(uint32_t j, const Dims& dims,
                          NNAdapterOperandPrecision precision,
                          int layout_from_input) const;
  // The dimensions the caller gave output j (used when not even the rank
  // is computable from the inputs).
  Dims CallerDims(uint32_t j) const { return ToDims(Out(j).dimensions); }

  // Checks the bias of a conv/fully-connected: count `units`, precision and
  // scale consistent with input and filter (bias_scale = input_scale *
  // filter_scale within 1e-3 relative tolerance).
  void ExpectBias(uint32_t bias, uint32_t input, uint32_t filter,
                  int32_t units) const;
  // Filter/weight precision given the input precision: fp32 input needs an
  // fp32 filter, int8 input a per-layer or per-channel int8 filter (whose
  // channel_dim must be `channel_dim`).
  void ExpectFilter(uint32_t filter, uint32_t input,
                    uint32_t channel_dim) const;

 private:
  // Generic checks of every operand type (run by Inputs once the names are
  // known): valid precision and rank, sane dimensions and
  // quantization parameters; outputs are not constants.
  void CheckOperandTypes() const;
  void CheckScalarShape(uint32_t i) const;
  // Input i checked as a constant scalar of an allowed precision; its
  // buffer.
  const void* ConstantScalar(
      uint32_t i,
      std::initializer_list<NNAdapterOperandPrecision> allowed) const;
  // Input i checked as a 1-D vector of an allowed precision; nullptr when
  // it is not constant.
  const core::Operand* ConstantVector(
      uint32_t i,
      std::initializer_list<NNAdapterOperandPrecision> allowed) const;
  void CheckOutputRank(uint32_t j, const Dims& dims) const;
  core::Operation* op_;
  const char* name_;
  std::vector<std::string> input_names_;
};

// Output size of one spatial axis of a convolution/pooling window
// (NNADAPTER_UNKNOWN if `in` is unknown).
int32_t WindowOutputSize(int32_t in, int32_t kernel, int32_t stride,
                         int32_t dilation, int32_t pad_begin, int32_t pad_end,
                         bool ceil_mode);

// Pads of one spatial axis for NNADAPTER_AUTO_PAD_SAME (extra at the end);
// returns false if `in` is unknown.
bool SamePadding(int32_t in, int32_t kernel, int32_t stride, int32_t dilation,
                 int32_t* pad_begin, int32_t* pad_end);

// Every operation definition has this signature; the table in operation.cc
// is generated from operation_types.inc.
#define NNADAPTER_OPERATION(name, code) void Infer_##name(Context* ctx);
#include "nnadapter/operation_types.inc"

}  // namespace operation
}  // namespace nnadapter

#endif  // NNADAPTER_OPERATION_CONTEXT_H_
