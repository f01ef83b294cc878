#include "converter.h"

#include <cstring>

#include "nnadapter/utility/attributes.h"
#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/modeling.h"
#include "nnadapter/utility/operation_list.h"

namespace nnadapter {
namespace fake_device {

const std::set<NNAdapterOperationType>& ImplementedOperations() {
  static constexpr NNAdapterOperationType kOperations[] = {
#define FAKE_DEVICE_OPERATION NNADAPTER_KIT_OPERATION_CODE
#include "operations.inc"
#undef FAKE_DEVICE_OPERATION
  };
  static const std::set<NNAdapterOperationType> ops =
      kit::OperationSet(kOperations);
  return ops;
}

bool FloatShape(const core::Operand* operand, std::vector<int32_t>* shape,
                std::string* error) {
  if (!operand) {
    *error = "missing operand";
    return false;
  }
  if (operand->type.precision != NNADAPTER_FLOAT32) {
    *error = "only FLOAT32 tensors are supported, got " +
             OperandPrecisionName(operand->type.precision);
    return false;
  }
  const auto& dims = operand->type.dimensions;
  if (dims.count > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) {
    *error = "rank too large";
    return false;
  }
  shape->assign(dims.data, dims.data + dims.count);
  for (int32_t d : *shape) {
    if (d <= 0) {
      *error = "dimensions must be known and positive, got " +
               DimensionsToString(dims);
      return false;
    }
  }
  return true;
}

int32_t Converter::TensorOf(const core::Operand* operand) const {
  auto it = tensors_.find(operand);
  return it == tensors_.end() ? -1 : it->second;
}

bool Converter::Tensor(const core::Operand* operand, int32_t* id,
                       std::string* error) {
  auto it = tensors_.find(operand);
  if (it != tensors_.end()) {
    *id = it->second;
    return true;
  }
  std::vector<int32_t> shape;
  if (!FloatShape(operand, &shape, error)) return false;
  if (IsConstantOperand(operand)) {
    int64_t n = GetElementCount(operand->type.dimensions);
    if (!operand->buffer || operand->length != n * sizeof(float)) {
      *error = "constant has no or wrong-sized data";
      return false;
    }
    std::vector<float> data(static_cast<size_t>(n));
    std::memcpy(data.data(), operand->buffer, operand->length);
    *id = graph_->AddConstant(shape, data.data());
  } else if (create_missing_) {
    *id = graph_->AddTensor(shape);
  } else {
    *error = "operand is not produced before use";
    return false;
  }
  tensors_[operand] = *id;
  return true;
}

bool Converter::NewOutput(const core::Operand* operand, int32_t* id,
                          std::string* error) {
  std::vector<int32_t> shape;
  if (!FloatShape(operand, &shape, error)) return false;
  *id = graph_->AddTensor(shape);
  tensors_[operand] = *id;
  return true;
}

namespace {

bool NeedInputs(const core::Operation& op, size_t n, std::string* error) {
  if (op.input_operands.size() != n) {
    *error = "expected " + std::to_string(n) + " inputs, got " +
             std::to_string(op.input_operands.size());
    return false;
  }
  return true;
}

int32_t NormalizeAxis(int32_t axis, size_t rank) {
  return axis < 0 ? axis + static_cast<int32_t>(rank) : axis;
}

}  // namespace

bool Converter::AddInput(const core::Operation& op, size_t i,
                         fake_ddk::Node* node, std::string* error) {
  int32_t id;
  if (i >= op.input_operands.size() ||
      !Tensor(op.input_operands[i], &id, error)) {
    if (error->empty()) *error = "missing input " + std::to_string(i);
    *error = "input " + std::to_string(i) + ": " + *error;
    return false;
  }
  node->inputs.push_back(id);
  return true;
}

bool Converter::ConvertConv(const Operation& op, Node* node,
                            std::string* error) {
  const bool transpose = op.type == NNADAPTER_CONV_2D_TRANSPOSE;
  if (!NeedInputs(op, transpose ? 11 : 9, error)) return false;
  std::vector<int32_t> xs, ws, strides, dilations, pads;
  int32_t group, act;
  if (!FloatShape(op.input_operands[0], &xs, error) ||
      !FloatShape(op.input_operands[1], &ws, error) || xs.size() != 4 ||
      ws.size() != 4) {
    if (error->empty()) *error = "input and filter must be 4-D";
    return false;
  }
  if (!kit::ReadInt32s(op, 5, 2, &strides, error) ||
      !kit::ReadInt32(op, 6, &group, error) ||
      !kit::ReadOptionalInt32s(op, 7, 2, {1, 1}, &dilations, error) ||
      !kit::ReadFuseCode(op, transpose ? 10 : 8, &act, error)) {
    return false;
  }
  if (transpose) {
    int32_t auto_pad;
    if (!kit::ReadInt32(op, 3, &auto_pad, error)) return false;
    if (auto_pad == NNADAPTER_AUTO_PAD_SAME) {
      *error = "AUTO_PAD_SAME is not supported for CONV_2D_TRANSPOSE";
      return false;
    }
    if (auto_pad == NNADAPTER_AUTO_PAD_VALID) {
      pads = {0, 0, 0, 0};
    } else if (!kit::ReadOptionalInt32s(op, 4, 4, {0, 0, 0, 0}, &pads,
                                        error)) {
      return false;
    }
  } else {
    const int32_t in_hw[2] = {xs[2], xs[3]}, kernel[2] = {ws[2], ws[3]};
    if (!kit::ReadPads(op, 3, 4, in_hw, kernel, strides.data(),
                       dilations.data(), &pads, error)) {
      return false;
    }
  }
  if (!AddInput(op, 0, node, error) || !AddInput(op, 1, node, error) ||
      !AddInput(op, 2, node, error)) {
    return false;
  }
  node->ints = {pads[0],    pads[1],    pads[2],      pads[3],      strides[0],
                strides[1], dilations[0], dilations[1], group, act};
  return true;
}

bool Converter::ConvertBinary(const Operation& op, Node* node,
                              std::string* error) {
  int32_t act;
  if (!NeedInputs(op, 3, error) || !kit::ReadFuseCode(op, 2, &act, error) ||
      !AddInput(op, 0, node, error) || !AddInput(op, 1, node, error)) {
    return false;
  }
  node->ints = {act};
  return true;
}

bool Converter::ConvertUnary(const Operation& op, Node* node,
                             std::string* error) {
  return NeedInputs(op, 1, error) && AddInput(op, 0, node, error);
}

bool Converter::ConvertHardActivation(const Operation& op, Node* node,
                                      std::string* error) {
  float alpha, beta;
  if (!NeedInputs(op, 3, error) || !kit::ReadFloat(op, 1, &alpha, error) ||
      !kit::ReadFloat(op, 2, &beta, error) || !AddInput(op, 0, node, error)) {
    return false;
  }
  node->floats = {alpha, beta};
  return true;
}

bool Converter::ConvertPool(const Operation& op, Node* node,
                            std::string* error) {
  const bool is_max = op.type == NNADAPTER_MAX_POOL_2D;
  if (!NeedInputs(op, is_max ? 9 : 8, error)) return false;
  std::vector<int32_t> xs, kernel, strides, pads;
  int32_t act;
  bool count_include_pad = false;
  if (!FloatShape(op.input_operands[0], &xs, error) || xs.size() != 4) {
    if (error->empty()) *error = "input must be 4-D";
    return false;
  }
  if (!kit::ReadInt32s(op, 3, 2, &kernel, error) ||
      !kit::ReadInt32s(op, 4, 2, &strides, error)) {
    return false;
  }
  const int32_t in_hw[2] = {xs[2], xs[3]}, dilations[2] = {1, 1};
  if (!kit::ReadPads(op, 1, 2, in_hw, kernel.data(), strides.data(),
                     dilations, &pads, error) ||
      !kit::ReadFuseCode(op, is_max ? 8 : 7, &act, error)) {
    return false;
  }
  if (is_max) {
    bool return_indices = false;
    if (!kit::ReadBool(op, 6, &return_indices, error)) return false;
    if (return_indices) {
      *error = "return_indices is not supported";
      return false;
    }
  } else if (!kit::ReadBool(op, 6, &count_include_pad, error)) {
    return false;
  }
  if (!AddInput(op, 0, node, error)) return false;
  node->ints = {kernel[0], kernel[1], pads[0],    pads[1],
                pads[2],   pads[3],   strides[0], strides[1],
                count_include_pad ? 1 : 0, act};
  return true;
}

bool Converter::ConvertConcat(const Operation& op, Node* node,
                              std::string* error) {
  const size_t n = op.input_operands.size();
  if (n < 2) {
    *error = "CONCAT needs at least one input and an axis";
    return false;
  }
  int32_t axis;
  std::vector<int32_t> shape;
  if (!kit::ReadInt32(op, n - 1, &axis, error)) return false;
  for (size_t i = 0; i + 1 < n; i++) {
    if (!AddInput(op, i, node, error)) return false;
  }
  if (!FloatShape(op.output_operands[0], &shape, error)) return false;
  node->ints = {NormalizeAxis(axis, shape.size())};
  return true;
}

bool Converter::ConvertReshape(const Operation& op, Node* node,
                               std::string* error) {
  return NeedInputs(op, 2, error) && AddInput(op, 0, node, error);
}

bool Converter::ConvertTranspose(const Operation& op, Node* node,
                                 std::string* error) {
  std::vector<int32_t> perm;
  if (!NeedInputs(op, 2, error) || !kit::ReadInt32s(op, 1, 0, &perm, error) ||
      !AddInput(op, 0, node, error)) {
    return false;
  }
  node->ints = perm;
  return true;
}

bool Converter::ConvertSoftmax(const Operation& op, Node* node,
                               std::string* error) {
  int32_t axis;
  std::vector<int32_t> shape;
  if (!NeedInputs(op, 2, error) || !kit::ReadInt32(op, 1, &axis, error) ||
      !AddInput(op, 0, node, error) ||
      !FloatShape(op.input_operands[0], &shape, error)) {
    return false;
  }
  node->ints = {NormalizeAxis(axis, shape.size())};
  return true;
}

bool Converter::ConvertResizeNearest(const Operation& op, Node* node,
                                     std::string* error) {
  bool align_corners = false;
  if (!NeedInputs(op, 4, error) ||
      !kit::ReadBool(op, 3, &align_corners, error) ||
      !AddInput(op, 0, node, error)) {
    return false;
  }
  node->ints = {align_corners ? 1 : 0};
  return true;
}

bool Converter::ConvertBatchNorm(const Operation& op, Node* node,
                                 std::string* error) {
  float epsilon;
  if (!NeedInputs(op, 6, error) || !kit::ReadFloat(op, 5, &epsilon, error)) {
    return false;
  }
  for (size_t i = 0; i < 5; i++) {
    if (!AddInput(op, i, node, error)) return false;
  }
  node->floats = {epsilon};
  return true;
}

bool Converter::ConvertMatMul(const Operation& op, Node* node,
                              std::string* error) {
  bool tx = false, ty = false;
  if (!NeedInputs(op, 4, error) || !kit::ReadBool(op, 2, &tx, error) ||
      !kit::ReadBool(op, 3, &ty, error) || !AddInput(op, 0, node, error) ||
      !AddInput(op, 1, node, error)) {
    return false;
  }
  node->ints = {tx ? 1 : 0, ty ? 1 : 0};
  return true;
}

bool Converter::ConvertFullyConnected(const Operation& op, Node* node,
                                      std::string* error) {
  int32_t act;
  if (!NeedInputs(op, 4, error) || !kit::ReadFuseCode(op, 3, &act, error) ||
      !AddInput(op, 0, node, error) || !AddInput(op, 1, node, error) ||
      !AddInput(op, 2, node, error)) {
    return false;
  }
  node->ints = {act};
  return true;
}

bool Converter::Convert(const core::Operation& op, std::string* error) {
  if (op.output_operands.size() != 1) {
    *error = "fake_ddk supports single-output operations only";
    return false;
  }
  fake_ddk::Node node;
  bool converted = false;
  switch (op.type) {
#define FAKE_DEVICE_OPERATION(name, convert, ddk_type) \
  case NNADAPTER_##name:                               \
    node.type = fake_ddk::OpType::ddk_type;            \
    converted = convert(op, &node, error);             \
    break;
#include "operations.inc"
#undef FAKE_DEVICE_OPERATION
    default:
      *error = "not implemented by fake_ddk";
      return false;
  }
  if (!converted) return false;
  int32_t out;
  if (!NewOutput(op.output_operands[0], &out, error)) {
    *error = "output 0: " + *error;
    return false;
  }
  node.outputs = {out};
  graph_->AddNode(node);
  return true;
}

}  // namespace fake_device
}  // namespace nnadapter
