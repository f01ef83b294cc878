// Builds an NNAdapter model from Paddle ops through the public C API only.
// Each Paddle variable maps to one operand; weights become constants,
// variables produced outside the converted ops become model inputs.
// Converters (converters.inc) are device-agnostic: which device supports
// what is asked of the devices (NNAdapterModel_getSupportedOperations).
#pragma once
#include <nnadapter/nnadapter.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

class Converter {
 public:
  // `dims_of(name, &dims, &dtype)` gives a non-weight variable's dims (-1 =
  // unknown) and element type; returns false when unknown. Weights come
  // from `scope`.
  using VarInfoFn = std::function<bool(const std::string&, DDim*, DataType*)>;
  Converter(NNAdapterModel* model, const Scope* scope, VarInfoFn var_info)
      : model_(model), scope_(scope), var_info_(std::move(var_info)) {}

  // Model inputs with alternative shapes (set_nnadapter_dynamic_shape_info):
  // their operands get NNADAPTER_UNKNOWN where the shapes differ and the
  // shapes as NNAdapter dynamic dimensions (dynamic_count/dynamic_data).
  void SetDynamicShapes(std::map<std::string, std::vector<DDim>> shapes) {
    dynamic_shapes_ = std::move(shapes);
  }

  // Converts one op; throws Error naming the op when it cannot be expressed.
  void Convert(const cpp::OpDesc& op);

  // The operand of a variable: already mapped, a constant (weight) or a new
  // model input.
  NNAdapterOperand* Input(const std::string& var);
  // A new operand for an op output (type inferred by addOperation).
  NNAdapterOperand* Output(const std::string& var);
  // An operand with no Paddle variable (between two operations of one op).
  NNAdapterOperand* Temporary(NNAdapterOperandPrecisionCode precision = NNADAPTER_FLOAT32) {
    return Add(precision, {});
  }
  // A quantized operand (QUANT_INT8/INT32_SYMM_PER_LAYER with one scale, or
  // ..._PER_CHANNEL with one scale per element of `channel_dim`); a
  // constant when `data` is given (copied), else dims may be unknown (-1).
  NNAdapterOperand* Quant(NNAdapterOperandPrecisionCode precision, const DDim& dims,
                          const std::vector<float>& scales, uint32_t channel_dim = 0,
                          const void* data = nullptr, size_t bytes = 0);
  bool IsWeight(const std::string& var) const;
  const Tensor* Weight(const std::string& var) const;
  // Dims/type of a variable (weights or var_info); throws when unknown.
  DDim Dims(const std::string& var) const;
  // Element type of a variable (weights or var_info); kFloat32 when unknown.
  DataType DType(const std::string& var) const;

  NNAdapterOperand* Int32(int32_t v);
  NNAdapterOperand* Int32s(const std::vector<int32_t>& v);
  NNAdapterOperand* Int64s(const std::vector<int64_t>& v);
  NNAdapterOperand* Float32(float v);
  NNAdapterOperand* Float32s(const std::vector<float>& v);
  NNAdapterOperand* Constant2f(float a, float b) {
    const float v[2] = {a, b};
    return Constant(NNADAPTER_FLOAT32, {2}, v, sizeof(v));
  }
  NNAdapterOperand* Bool(bool v);
  NNAdapterOperand* ConstantTensor(const Tensor& t, const DDim& dims);

  void AddOperation(NNAdapterOperationType type, std::vector<NNAdapterOperand*> inputs,
                    std::vector<NNAdapterOperand*> outputs);

  // The LoD of variable `var` is level 0 offsets built from the per-image
  // counts `counts` (an INT32 operand) after execution, e.g. detections
  // grouped by image. A row count that differs from the counts' sum (Paddle's
  // [1, 1] "nothing found" row) gets the LoD {0, 1}.
  void SetLodFromCounts(const std::string& var, NNAdapterOperand* counts) {
    lod_counts_[var] = counts;
  }
  const std::map<std::string, NNAdapterOperand*>& lod_counts() const { return lod_counts_; }

  const std::vector<std::string>& model_input_names() const { return input_names_; }
  const std::vector<NNAdapterOperand*>& model_inputs() const { return inputs_; }
  NNAdapterOperand* Mapped(const std::string& var) const {
    auto it = operands_.find(var);
    return it == operands_.end() ? nullptr : it->second;
  }
  size_t operation_count() const { return operation_count_; }
  // Every operation added so far (type and operands), for tests and logs.
  struct AddedOperation {
    NNAdapterOperationType type;
    std::vector<NNAdapterOperand*> inputs, outputs;
  };
  const std::vector<AddedOperation>& operations() const { return operations_; }
  // The op being converted (for messages).
  const cpp::OpDesc* current() const { return current_; }

 private:
  NNAdapterOperand* Add(NNAdapterOperandPrecisionCode precision, const DDim& dims,
                        const std::vector<DDim>* alternatives = nullptr);
  NNAdapterOperand* Constant(NNAdapterOperandPrecisionCode precision, const DDim& dims,
                             const void* data, size_t bytes);

  NNAdapterModel* model_;
  const Scope* scope_;
  VarInfoFn var_info_;
  std::map<std::string, std::vector<DDim>> dynamic_shapes_;
  std::map<std::string, NNAdapterOperand*> operands_;
  std::vector<std::string> input_names_;
  std::vector<NNAdapterOperand*> inputs_;
  size_t operation_count_{0};
  std::vector<AddedOperation> operations_;
  std::map<std::string, NNAdapterOperand*> lod_counts_;
  const cpp::OpDesc* current_{nullptr};
};

using ConvertFn = void (*)(Converter& c, const cpp::OpDesc& op);
// nullptr when the Paddle op type has no converter.
ConvertFn FindConverter(const std::string& op_type);
std::vector<std::string> ConvertibleOpTypes();

NNAdapterOperandPrecisionCode PrecisionOf(DataType type);
// Readers of an op's slots and attributes shared by the converters; errors
// name the op and the slot or attribute.
// The one variable an input slot (with input = false, an output slot) names.
const std::string& One(const cpp::OpDesc& op, const std::string& slot, bool input = true);
// "padding_algorithm" (EXPLICIT, SAME, VALID) as an NNAdapter auto-pad code.
int32_t AutoPad(const cpp::OpDesc& op);
// "paddings" ([h, w] or [top, bottom, left, right]) as 4 NNAdapter pads.
std::vector<int32_t> Pads(const cpp::OpDesc& op);
// The operands of CONV_2D after input, filter and bias, from a conv2d /
// depthwise_conv2d: auto_pad, pads, strides, groups, dilations and
// `fuse_code`.
std::vector<NNAdapterOperand*> ConvAttributeOperands(Converter& c, const cpp::OpDesc& op,
                                                     int32_t fuse_code);
DataType DataTypeOfPrecision(int32_t precision);

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
