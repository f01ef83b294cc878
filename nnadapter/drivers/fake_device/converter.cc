#include "converter.h"

#include <cstring>

#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter {
namespace fake_device {

using fake_ddk::OpType;

const std::set<NNAdapterOperationType>& ImplementedOperations() {
  static const std::set<NNAdapterOperationType> ops = {
      NNADAPTER_CONV_2D,         NNADAPTER_CONV_2D_TRANSPOSE,
      NNADAPTER_ADD,             NNADAPTER_SUB,
      NNADAPTER_MUL,             NNADAPTER_DIV,
      NNADAPTER_RELU,            NNADAPTER_RELU6,
      NNADAPTER_SIGMOID,         NNADAPTER_HARD_SWISH,
      NNADAPTER_HARD_SIGMOID,    NNADAPTER_AVERAGE_POOL_2D,
      NNADAPTER_MAX_POOL_2D,     NNADAPTER_CONCAT,
      NNADAPTER_RESHAPE,         NNADAPTER_TRANSPOSE,
      NNADAPTER_SOFTMAX,         NNADAPTER_RESIZE_NEAREST,
      NNADAPTER_BATCH_NORMALIZATION, NNADAPTER_MAT_MUL,
      NNADAPTER_FULLY_CONNECTED};
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

bool Int(const core::Operation& op, size_t i, int32_t* v, std::string* error) {
  if (i >= op.input_operands.size() ||
      !GetConstantInt32(op.input_operands[i], v)) {
    *error = "input " + std::to_string(i) + " must be a constant INT32 scalar";
    return false;
  }
  return true;
}

bool Float(const core::Operation& op, size_t i, float* v, std::string* error) {
  if (i >= op.input_operands.size() ||
      op.input_operands[i] == nullptr ||
      op.input_operands[i]->type.precision != NNADAPTER_FLOAT32 ||
      !GetConstantFloat(op.input_operands[i], v)) {
    *error = "input " + std::to_string(i) + " must be a constant FLOAT32 scalar";
    return false;
  }
  return true;
}

bool Bool(const core::Operation& op, size_t i, bool* v, std::string* error) {
  if (i >= op.input_operands.size() || op.input_operands[i] == nullptr ||
      op.input_operands[i]->type.precision != NNADAPTER_BOOL8 ||
      !GetConstantBool(op.input_operands[i], v)) {
    *error = "input " + std::to_string(i) + " must be a constant BOOL8 scalar";
    return false;
  }
  return true;
}

// A constant INT32 array of `count` elements; an absent optional operand
// gives `fallback`.
bool Ints(const core::Operation& op, size_t i, size_t count,
          const std::vector<int32_t>& fallback, std::vector<int32_t>* v,
          std::string* error) {
  const core::Operand* o =
      i < op.input_operands.size() ? op.input_operands[i] : nullptr;
  if (!o && !fallback.empty()) {
    *v = fallback;
    return true;
  }
  if (!o || !IsConstantOperand(o) || o->type.precision != NNADAPTER_INT32 ||
      !o->buffer || (count && o->length != count * sizeof(int32_t)) ||
      o->length % sizeof(int32_t)) {
    *error = "input " + std::to_string(i) + " must be a constant INT32 array" +
             (count ? " of " + std::to_string(count) + " elements" : "");
    return false;
  }
  v->resize(o->length / sizeof(int32_t));
  std::memcpy(v->data(), o->buffer, o->length);
  return true;
}

bool Activation(const core::Operation& op, size_t i, int32_t* act,
                std::string* error) {
  if (!Int(op, i, act, error)) return false;
  if (*act < NNADAPTER_FUSED_NONE || *act > NNADAPTER_FUSED_RELU6) {
    *error = "unknown fuse_code " + std::to_string(*act);
    return false;
  }
  return true;
}

// Explicit pads [top, bottom, left, right] for AUTO_PAD_* (SAME: extra
// padding at the end, output = ceil(input / stride)).
bool Pads(const core::Operation& op, size_t auto_pad_index, size_t pads_index,
          const std::vector<int32_t>& in, const std::vector<int32_t>& kernel,
          const std::vector<int32_t>& strides,
          const std::vector<int32_t>& dilations, std::vector<int32_t>* pads,
          std::string* error) {
  int32_t auto_pad;
  if (!Int(op, auto_pad_index, &auto_pad, error)) return false;
  if (auto_pad == NNADAPTER_AUTO_PAD_NONE) {
    return Ints(op, pads_index, 4, {0, 0, 0, 0}, pads, error);
  }
  if (auto_pad == NNADAPTER_AUTO_PAD_VALID) {
    *pads = {0, 0, 0, 0};
    return true;
  }
  if (auto_pad != NNADAPTER_AUTO_PAD_SAME) {
    *error = "unknown auto_pad " + std::to_string(auto_pad);
    return false;
  }
  pads->assign(4, 0);
  for (int d = 0; d < 2; d++) {
    const int64_t effective = int64_t(dilations[d]) * (kernel[d] - 1) + 1;
    const int64_t out = (in[2 + d] + strides[d] - 1) / strides[d];
    const int64_t total =
        std::max<int64_t>((out - 1) * strides[d] + effective - in[2 + d], 0);
    (*pads)[2 * d] = static_cast<int32_t>(total / 2);
    (*pads)[2 * d + 1] = static_cast<int32_t>(total - total / 2);
  }
  return true;
}

int32_t NormalizeAxis(int32_t axis, size_t rank) {
  return axis < 0 ? axis + static_cast<int32_t>(rank) : axis;
}

}  // namespace

bool Converter::Convert(const core::Operation& op, std::string* error) {
  const auto& in = op.input_operands;
  auto need_inputs = [&](size_t n, size_t optional_tail) {
    if (in.size() < n - optional_tail || in.size() > n) {
      *error = "expected " + std::to_string(n) + " inputs, got " +
               std::to_string(in.size());
      return false;
    }
    return true;
  };
  if (op.output_operands.size() != 1) {
    *error = "fake_ddk supports single-output operations only";
    return false;
  }
  fake_ddk::Node node;
  std::vector<int32_t> shape;
  auto input = [&](size_t i) {
    int32_t id;
    if (i >= in.size() || !Tensor(in[i], &id, error)) {
      if (error->empty()) *error = "missing input " + std::to_string(i);
      *error = "input " + std::to_string(i) + ": " + *error;
      return false;
    }
    node.inputs.push_back(id);
    return true;
  };
  switch (op.type) {
    case NNADAPTER_CONV_2D:
    case NNADAPTER_CONV_2D_TRANSPOSE: {
      const bool transpose = op.type == NNADAPTER_CONV_2D_TRANSPOSE;
      if (!need_inputs(transpose ? 11 : 9, 0)) return false;
      std::vector<int32_t> xs, ws, strides, dilations, pads;
      int32_t group, act;
      if (!FloatShape(in[0], &xs, error) || !FloatShape(in[1], &ws, error) ||
          xs.size() != 4 || ws.size() != 4) {
        if (error->empty()) *error = "input and filter must be 4-D";
        return false;
      }
      if (!Ints(op, 5, 2, {}, &strides, error) ||
          !Int(op, 6, &group, error) ||
          !Ints(op, 7, 2, {1, 1}, &dilations, error) ||
          !Activation(op, transpose ? 10 : 8, &act, error)) {
        return false;
      }
      if (transpose) {
        int32_t auto_pad;
        if (!Int(op, 3, &auto_pad, error)) return false;
        if (auto_pad == NNADAPTER_AUTO_PAD_SAME) {
          *error = "AUTO_PAD_SAME is not supported for CONV_2D_TRANSPOSE";
          return false;
        }
        if (auto_pad == NNADAPTER_AUTO_PAD_VALID) {
          pads = {0, 0, 0, 0};
        } else if (!Ints(op, 4, 4, {0, 0, 0, 0}, &pads, error)) {
          return false;
        }
      } else if (!Pads(op, 3, 4, xs, {ws[2], ws[3]}, strides, dilations, &pads,
                       error)) {
        return false;
      }
      if (!input(0) || !input(1) || !input(2)) return false;
      node.type = transpose ? OpType::kConv2DTranspose : OpType::kConv2D;
      node.ints = {pads[0],      pads[1],      pads[2], pads[3], strides[0],
                   strides[1],   dilations[0], dilations[1], group, act};
      break;
    }
    case NNADAPTER_ADD:
    case NNADAPTER_SUB:
    case NNADAPTER_MUL:
    case NNADAPTER_DIV: {
      int32_t act;
      if (!need_inputs(3, 0) || !Activation(op, 2, &act, error) || !input(0) ||
          !input(1)) {
        return false;
      }
      node.type = op.type == NNADAPTER_ADD   ? OpType::kAdd
                  : op.type == NNADAPTER_SUB ? OpType::kSub
                  : op.type == NNADAPTER_MUL ? OpType::kMul
                                             : OpType::kDiv;
      node.ints = {act};
      break;
    }
    case NNADAPTER_RELU:
    case NNADAPTER_RELU6:
    case NNADAPTER_SIGMOID:
      if (!need_inputs(1, 0) || !input(0)) return false;
      node.type = op.type == NNADAPTER_RELU    ? OpType::kRelu
                  : op.type == NNADAPTER_RELU6 ? OpType::kRelu6
                                               : OpType::kSigmoid;
      break;
    case NNADAPTER_HARD_SWISH:
    case NNADAPTER_HARD_SIGMOID: {
      float alpha, beta;
      if (!need_inputs(3, 0) || !Float(op, 1, &alpha, error) ||
          !Float(op, 2, &beta, error) || !input(0)) {
        return false;
      }
      node.type = op.type == NNADAPTER_HARD_SWISH ? OpType::kHardSwish
                                                  : OpType::kHardSigmoid;
      node.floats = {alpha, beta};
      break;
    }
    case NNADAPTER_AVERAGE_POOL_2D:
    case NNADAPTER_MAX_POOL_2D: {
      const bool is_max = op.type == NNADAPTER_MAX_POOL_2D;
      if (!need_inputs(is_max ? 9 : 8, 0)) return false;
      std::vector<int32_t> xs, kernel, strides, pads;
      int32_t act;
      bool count_include_pad = false;
      if (!FloatShape(in[0], &xs, error) || xs.size() != 4) {
        if (error->empty()) *error = "input must be 4-D";
        return false;
      }
      if (!Ints(op, 3, 2, {}, &kernel, error) ||
          !Ints(op, 4, 2, {}, &strides, error) ||
          !Pads(op, 1, 2, xs, kernel, strides, {1, 1}, &pads, error) ||
          !Activation(op, is_max ? 8 : 7, &act, error)) {
        return false;
      }
      if (is_max) {
        bool return_indices = false;
        if (!Bool(op, 6, &return_indices, error)) return false;
        if (return_indices) {
          *error = "return_indices is not supported";
          return false;
        }
      } else if (!Bool(op, 6, &count_include_pad, error)) {
        return false;
      }
      if (!input(0)) return false;
      node.type = is_max ? OpType::kMaxPool2D : OpType::kAvgPool2D;
      node.ints = {kernel[0], kernel[1], pads[0],    pads[1],
                   pads[2],   pads[3],   strides[0], strides[1],
                   count_include_pad ? 1 : 0, act};
      break;
    }
    case NNADAPTER_CONCAT: {
      if (in.size() < 2) {
        *error = "CONCAT needs at least one input and an axis";
        return false;
      }
      int32_t axis;
      if (!Int(op, in.size() - 1, &axis, error)) return false;
      for (size_t i = 0; i + 1 < in.size(); i++) {
        if (!input(i)) return false;
      }
      if (!FloatShape(op.output_operands[0], &shape, error)) return false;
      node.type = OpType::kConcat;
      node.ints = {NormalizeAxis(axis, shape.size())};
      break;
    }
    case NNADAPTER_RESHAPE:
      if (!need_inputs(2, 0) || !input(0)) return false;
      node.type = OpType::kReshape;
      break;
    case NNADAPTER_TRANSPOSE: {
      if (!need_inputs(2, 0)) return false;
      std::vector<int32_t> perm;
      if (!Ints(op, 1, 0, {}, &perm, error) || !input(0)) return false;
      node.type = OpType::kTranspose;
      node.ints = perm;
      break;
    }
    case NNADAPTER_SOFTMAX: {
      int32_t axis;
      if (!need_inputs(2, 0) || !Int(op, 1, &axis, error) || !input(0) ||
          !FloatShape(in[0], &shape, error)) {
        return false;
      }
      node.type = OpType::kSoftmax;
      node.ints = {NormalizeAxis(axis, shape.size())};
      break;
    }
    case NNADAPTER_RESIZE_NEAREST: {
      bool align_corners = false;
      if (!need_inputs(4, 0) || !Bool(op, 3, &align_corners, error) ||
          !input(0)) {
        return false;
      }
      node.type = OpType::kResizeNearest;
      node.ints = {align_corners ? 1 : 0};
      break;
    }
    case NNADAPTER_BATCH_NORMALIZATION: {
      float epsilon;
      if (!need_inputs(6, 0) || !Float(op, 5, &epsilon, error)) return false;
      for (size_t i = 0; i < 5; i++) {
        if (!input(i)) return false;
      }
      node.type = OpType::kBatchNorm;
      node.floats = {epsilon};
      break;
    }
    case NNADAPTER_MAT_MUL: {
      bool tx = false, ty = false;
      if (!need_inputs(4, 0) || !Bool(op, 2, &tx, error) ||
          !Bool(op, 3, &ty, error) || !input(0) || !input(1)) {
        return false;
      }
      node.type = OpType::kMatMul;
      node.ints = {tx ? 1 : 0, ty ? 1 : 0};
      break;
    }
    case NNADAPTER_FULLY_CONNECTED: {
      int32_t act;
      if (!need_inputs(4, 0) || !Activation(op, 3, &act, error) ||
          !input(0) || !input(1) || !input(2)) {
        return false;
      }
      node.type = OpType::kFullyConnected;
      node.ints = {act};
      break;
    }
    default:
      *error = "not implemented by fake_ddk";
      return false;
  }
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
