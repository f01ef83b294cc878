// Converter infrastructure (values) and the
// element-wise, activation and shape operations. Convolutions, poolings,
// matrix products and resizing are in converter_spatial.cc.
#include "converter.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "attributes.h"
#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/modeling.h"
#include "nnadapter/utility/operation_list.h"
#include "nnadapter/utility/operator_info.h"
#include "nnadapter/utility/optimizer.h"
#include "nnadapter/utility/precision.h"

namespace nnadapter {
namespace google_xnnpack {

// The fact is google_xnnpack.ini's: input0.dtype or output0.dtype of the
// operation's section lists QUANT_INT8_SYMM_PER_LAYER (QUANTIZE: output).
bool AcceptsInt8Activations(NNAdapterOperationType type) {
  std::string error;
  const OperatorInfo* info = SharedOperatorInfo(
      embedded::kOperatorInfoText, embedded::kOperatorInfoName, &error);
  if (!info) return false;  // validate_program reports the file's error
  auto op = info->operators.find(type);
  if (op == info->operators.end()) return false;
  for (const auto* rules : {&op->second.inputs, &op->second.outputs}) {
    auto rule = rules->find(0);
    if (rule == rules->end()) continue;
    const auto& dtypes = rule->second.dtypes;
    if (std::find(dtypes.begin(), dtypes.end(),
                  NNADAPTER_QUANT_INT8_SYMM_PER_LAYER) != dtypes.end()) {
      return true;
    }
  }
  return false;
}

OwnedModel SingleOperationModel(const core::Operation& op) {
  std::vector<const core::Operand*> inputs, outputs;
  for (const auto* o : op.input_operands) {
    if (o && !IsConstantOperand(o) &&
        std::find(inputs.begin(), inputs.end(), o) == inputs.end()) {
      inputs.push_back(o);
    }
  }
  for (const auto* o : op.output_operands) {
    if (o) outputs.push_back(o);
  }
  OwnedModel single;
  ExtractSubModel({&op}, inputs, outputs, false, &single, nullptr);
  return single;
}

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

bool PlainDims(const core::Operand* o, std::vector<size_t>* dims) {
  const auto& d = o->type.dimensions;
  if (d.count > XNN_MAX_TENSOR_DIMS) return false;
  dims->clear();
  for (uint32_t i = 0; i < d.count; i++) {
    if (d.data[i] <= 0) return false;
    dims->push_back(static_cast<size_t>(d.data[i]));
  }
  return true;
}

}  // namespace

bool XnnDims(const core::Operand* operand, std::vector<size_t>* dims) {
  return PlainDims(operand, dims);
}

void Converter::SetExternal(const core::Operand* operand, uint32_t external_id,
                            bool is_input) {
  (is_input ? external_inputs_ : external_outputs_)[operand] = external_id;
}

uint32_t Converter::ValueOf(const core::Operand* operand) const {
  auto it = values_.find(operand);
  return it == values_.end() ? XNN_INVALID_VALUE_ID : it->second;
}

bool Converter::Check(xnn_status status, const char* what, std::string* error) {
  if (status == xnn_status_success) return true;
  *error = std::string("XNNPACK rejected ") + what + " (xnn_status " +
           std::to_string(static_cast<int>(status)) + ")";
  return false;
}

bool Converter::DefineValue(const NNAdapterOperandType& type,
                            const std::vector<size_t>& dims, const void* data,
                            size_t channel_dim, uint32_t external,
                            uint32_t flags, uint32_t* id, std::string* error) {
  xnn_status s;
  switch (type.precision) {
    case NNADAPTER_FLOAT32:
      s = xnn_define_tensor_value(subgraph_, xnn_datatype_fp32, dims.size(),
                                  dims.data(), data, external, flags, id);
      break;
    case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
    case NNADAPTER_QUANT_INT32_SYMM_PER_LAYER:
      s = xnn_define_quantized_tensor_value(
          subgraph_,
          type.precision == NNADAPTER_QUANT_INT8_SYMM_PER_LAYER
              ? xnn_datatype_qint8
              : xnn_datatype_qint32,
          0, type.symm_per_layer_params.scale, dims.size(), dims.data(), data,
          external, flags, id);
      break;
    case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL:
    case NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL:
      if (!type.symm_per_channel_params.scales ||
          channel_dim >= dims.size() ||
          type.symm_per_channel_params.scale_count != dims[channel_dim]) {
        *error = "per-channel scales do not match the channel axis";
        return false;
      }
      s = xnn_define_channelwise_quantized_tensor_value(
          subgraph_,
          type.precision == NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL
              ? xnn_datatype_qcint8
              : xnn_datatype_qcint32,
          type.symm_per_channel_params.scales, dims.size(), channel_dim,
          dims.data(), data, external, flags, id);
      break;
    default:
      *error = "unsupported precision " + OperandPrecisionName(type.precision);
      return false;
  }
  return Check(s, "a tensor value", error);
}

bool Converter::Internal(const std::vector<size_t>& dims, uint32_t* id,
                         std::string* error, const NNAdapterOperandType* like) {
  NNAdapterOperandType fp32{};
  fp32.precision = NNADAPTER_FLOAT32;
  return DefineValue(like ? *like : fp32, dims, nullptr, 0,
                     XNN_INVALID_VALUE_ID, 0, id, error);
}

bool Converter::StaticBytes(const NNAdapterOperandType& type,
                            const std::vector<size_t>& dims,
                            std::vector<uint8_t> bytes, size_t channel_dim,
                            uint32_t* id, std::string* error) {
  storage_->push_back(std::move(bytes));
  return DefineValue(type, dims, storage_->back().data(), channel_dim,
                     XNN_INVALID_VALUE_ID, 0, id, error);
}

bool Converter::Static(const std::vector<size_t>& dims, std::vector<float> data,
                       uint32_t* id, std::string* error) {
  std::vector<uint8_t> bytes(data.size() * sizeof(float));
  std::memcpy(bytes.data(), data.data(), bytes.size());
  NNAdapterOperandType fp32{};
  fp32.precision = NNADAPTER_FLOAT32;
  return StaticBytes(fp32, dims, std::move(bytes), 0, id, error);
}

static bool FloatData(const core::Operand* o, std::vector<float>* data,
                      std::string* error) {
  int64_t n = GetElementCount(o->type.dimensions);
  if (!o->buffer || n < 0 || o->length != n * sizeof(float)) {
    *error = "constant has no or wrong-sized data";
    return false;
  }
  data->resize(static_cast<size_t>(n));
  std::memcpy(data->data(), o->buffer, o->length);
  return true;
}

// Bytes per element of an activation-like precision this converter accepts.
static size_t ActivationElementSize(NNAdapterOperandPrecision p, bool int8_ok) {
  const bool accepted = p == NNADAPTER_FLOAT32 ||
                        (int8_ok && p == NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
  return accepted ? PrecisionByteSize(p) : 0;
}

bool Converter::Input(const core::Operand* o, uint32_t* id,
                      std::string* error) {
  if (!o) {
    *error = "missing operand";
    return false;
  }
  auto it = values_.find(o);
  if (it != values_.end()) {
    *id = it->second;
    return true;
  }
  const size_t es = ActivationElementSize(o->type.precision, int8_ok_);
  if (!es) {
    *error = std::string("only FLOAT32") +
             (int8_ok_ ? " and QUANT_INT8_SYMM_PER_LAYER" : "") +
             " tensors are supported, got " +
             OperandPrecisionName(o->type.precision);
    return false;
  }
  std::vector<size_t> plain;
  if (!PlainDims(o, &plain)) {
    *error = "dimensions must be known, positive and at most rank " +
             std::to_string(XNN_MAX_TENSOR_DIMS) + ", got " +
             DimensionsToString(o->type.dimensions);
    return false;
  }
  if (IsConstantOperand(o)) {
    int64_t n = GetElementCount(o->type.dimensions);
    if (!o->buffer || n < 0 || o->length != static_cast<uint64_t>(n) * es) {
      *error = "constant has no or wrong-sized data";
      return false;
    }
    const uint8_t* src = static_cast<const uint8_t*>(o->buffer);
    std::vector<uint8_t> data(src, src + o->length);
    std::vector<size_t> dims = plain;
    if (dims.empty()) dims = {1};
    if (!StaticBytes(o->type, dims, std::move(data), 0, id, error)) return false;
    values_[o] = *id;
    return true;
  }
  uint32_t external = XNN_INVALID_VALUE_ID;
  auto ext = external_inputs_.find(o);
  if (ext != external_inputs_.end()) {
    external = ext->second;
  } else if (standalone_) {
    external = next_external_++;
    external_inputs_[o] = external;
  } else {
    *error = "operand is used before it is produced";
    return false;
  }
  std::vector<size_t> dims = plain;
  if (dims.empty()) dims = {1};
  if (!DefineValue(o->type, dims, nullptr, 0, external,
                   XNN_VALUE_FLAG_EXTERNAL_INPUT, id, error)) {
    return false;
  }
  values_[o] = *id;
  return true;
}

bool Converter::Output(const core::Operand* o, uint32_t* id,
                       std::string* error) {
  if (!o) {
    *error = "missing output operand";
    return false;
  }
  if (values_.count(o)) {
    *error = "output is produced twice";
    return false;
  }
  std::vector<size_t> dims;
  if (!ActivationElementSize(o->type.precision, int8_ok_) ||
      !XnnDims(o, &dims)) {
    *error = "output must be FLOAT32 with known dimensions, got " +
             OperandPrecisionName(o->type.precision) + " " +
             DimensionsToString(o->type.dimensions);
    return false;
  }
  if (dims.empty()) dims = {1};
  uint32_t external = XNN_INVALID_VALUE_ID, flags = 0;
  auto ext = external_outputs_.find(o);
  if (ext != external_outputs_.end()) {
    external = ext->second;
    flags = XNN_VALUE_FLAG_EXTERNAL_OUTPUT;
  } else if (standalone_) {
    external = next_external_++;
    external_outputs_[o] = external;
    flags = XNN_VALUE_FLAG_EXTERNAL_OUTPUT;
  }
  if (!DefineValue(o->type, dims, nullptr, 0, external, flags, id, error)) {
    return false;
  }
  values_[o] = *id;
  return true;
}

bool Converter::Clamped(const core::Operand* out, float lo, float hi,
                        uint32_t* node_output, uint32_t* final_output,
                        std::string* error) {
  if (!Output(out, final_output, error)) return false;
  if (lo == -kInf && hi == kInf) {
    *node_output = *final_output;
    return true;
  }
  std::vector<size_t> dims;
  XnnDims(out, &dims);
  if (dims.empty()) dims = {1};
  return Internal(dims, node_output, error, &out->type);
}

bool Converter::Convert(const core::Operation& op, std::string* error) {
  if (op.output_operands.empty() || !op.output_operands[0]) {
    *error = "missing output";
    return false;
  }
  for (size_t i = 1; i < op.output_operands.size(); i++) {
    if (op.output_operands[i]) {
      *error = "only the first output is supported";
      return false;
    }
  }
  int8_ok_ = AcceptsInt8Activations(op.type);
  switch (op.type) {
#define GOOGLE_XNNPACK_OPERATION(name, convert) \
  case NNADAPTER_##name:                        \
    return convert(op, error);
#include "operations.inc"
#undef GOOGLE_XNNPACK_OPERATION
    case NNADAPTER_TRANSPOSE:
      *error = "this XNNPACK has no transpose node (the layout pass needs one "
               "where an operation reads NCHW next to NHWC ones on a tensor "
               "with C > 1 and H * W > 1)";
      return false;
    default:
      *error = "no XNNPACK equivalent in this XNNPACK version";
      return false;
  }
}

bool Converter::ConvertBinary(const core::Operation& op, std::string* error) {
  float lo, hi;
  if (op.input_operands.size() != 3 || !AttrFuse(op, 2, &lo, &hi, error)) {
    if (error->empty()) *error = "expected 3 inputs";
    return false;
  }
  const core::Operand* a = op.input_operands[0];
  const core::Operand* b = op.input_operands[1];
  const core::Operand* out = op.output_operands[0];
  if (!a || !b || (IsConstantOperand(a) && IsConstantOperand(b))) {
    *error = "at least one of input 0 and input 1 must be a tensor";
    return false;
  }
  const size_t out_rank = out->type.dimensions.count;
  if (out_rank != std::max(a->type.dimensions.count, b->type.dimensions.count)) {
    *error = "output rank differs from the broadcast rank";
    return false;
  }
  uint32_t x, y, node_out, final_out;
  if (!Input(a, &x, error) || !Input(b, &y, error)) return false;
  const bool clamp_after = op.type == NNADAPTER_MAX || op.type == NNADAPTER_MIN;
  xnn_status s;
  if (clamp_after) {
    if (!Clamped(out, lo, hi, &node_out, &final_out, error)) return false;
    s = op.type == NNADAPTER_MAX
            ? xnn_define_maximum2(subgraph_, x, y, node_out, 0)
            : xnn_define_minimum2(subgraph_, x, y, node_out, 0);
    if (!Check(s, "the element-wise node", error)) return false;
    if (node_out == final_out) return true;
    return Check(xnn_define_clamp(subgraph_, lo, hi, node_out, final_out, 0),
                 "the fused activation", error);
  }
  if (!Output(out, &final_out, error)) return false;
  switch (op.type) {
    case NNADAPTER_ADD: s = xnn_define_add2(subgraph_, lo, hi, x, y, final_out, 0); break;
    case NNADAPTER_SUB: s = xnn_define_subtract(subgraph_, lo, hi, x, y, final_out, 0); break;
    case NNADAPTER_MUL: s = xnn_define_multiply2(subgraph_, lo, hi, x, y, final_out, 0); break;
    default: s = xnn_define_divide(subgraph_, lo, hi, x, y, final_out, 0); break;
  }
  return Check(s, "the element-wise node", error);
}

bool Converter::ConvertUnary(const core::Operation& op, std::string* error) {
  const size_t expected_inputs =
      op.type == NNADAPTER_CLIP || op.type == NNADAPTER_HARD_SWISH ||
              op.type == NNADAPTER_HARD_SIGMOID
          ? 3
      : op.type == NNADAPTER_LEAKY_RELU ? 2
                                        : 1;
  if (op.input_operands.size() != expected_inputs) {
    *error = "expected " + std::to_string(expected_inputs) + " inputs";
    return false;
  }
  const core::Operand* in = op.input_operands[0];
  if (!in || IsConstantOperand(in)) {
    *error = "input 0 must be a tensor";
    return false;
  }
  float p1 = 0, p2 = 0;
  if (op.type == NNADAPTER_CLIP &&
      in->type.precision == NNADAPTER_QUANT_INT8_SYMM_PER_LAYER) {
    // min/max are QUANT_INT8 scalars like the input.
    for (int i = 1; i <= 2; i++) {
      const core::Operand* o = op.input_operands[i];
      if (!o || !IsConstantOperand(o) || !o->buffer || o->length != 1 ||
          o->type.precision != NNADAPTER_QUANT_INT8_SYMM_PER_LAYER) {
        *error = "input " + std::to_string(i) +
                 " must be a constant QUANT_INT8_SYMM_PER_LAYER scalar";
        return false;
      }
      (i == 1 ? p1 : p2) = *static_cast<const int8_t*>(o->buffer) *
                           o->type.symm_per_layer_params.scale;
    }
  } else {
    if (expected_inputs >= 2 && !kit::ReadFloat(op, 1, &p1, error)) return false;
    if (expected_inputs == 3 && !kit::ReadFloat(op, 2, &p2, error)) return false;
  }
  if (op.type == NNADAPTER_HARD_SWISH &&
      (std::fabs(p1 - 1.0f / 6.0f) > 1e-6f || std::fabs(p2 - 0.5f) > 1e-6f)) {
    *error = "XNNPACK's HardSwish needs alpha = 1/6 and beta = 0.5";
    return false;
  }
  if (op.type == NNADAPTER_CLIP && !(p1 <= p2)) {
    *error = "CLIP needs min <= max";
    return false;
  }
  uint32_t x, y;
  if (!Input(in, &x, error) || !Output(op.output_operands[0], &y, error)) {
    return false;
  }
  std::vector<size_t> dims;
  XnnDims(op.output_operands[0], &dims);
  if (dims.empty()) dims = {1};
  xnn_status s;
  uint32_t t, one;
  switch (op.type) {
    case NNADAPTER_RELU: s = xnn_define_clamp(subgraph_, 0.0f, kInf, x, y, 0); break;
    case NNADAPTER_RELU6: s = xnn_define_clamp(subgraph_, 0.0f, 6.0f, x, y, 0); break;
    case NNADAPTER_CLIP: s = xnn_define_clamp(subgraph_, p1, p2, x, y, 0); break;
    case NNADAPTER_HARD_SWISH: s = xnn_define_hardswish(subgraph_, x, y, 0); break;
    case NNADAPTER_SIGMOID: s = xnn_define_sigmoid(subgraph_, x, y, 0); break;
    case NNADAPTER_LEAKY_RELU: s = xnn_define_leaky_relu(subgraph_, p1, x, y, 0); break;
    case NNADAPTER_ABS: s = xnn_define_abs(subgraph_, x, y, 0); break;
    case NNADAPTER_FLOOR: s = xnn_define_floor(subgraph_, x, y, 0); break;
    case NNADAPTER_SQUARE: s = xnn_define_square(subgraph_, x, y, 0); break;
    case NNADAPTER_SWISH:  // x * sigmoid(x)
      if (!Internal(dims, &t, error) ||
          !Check(xnn_define_sigmoid(subgraph_, x, t, 0), "sigmoid", error)) {
        return false;
      }
      s = xnn_define_multiply2(subgraph_, -kInf, kInf, x, t, y, 0);
      break;
    case NNADAPTER_RSQRT:  // 1 / sqrt(x)
      if (!Internal(dims, &t, error) || !Static({1}, {1.0f}, &one, error) ||
          !Check(xnn_define_square_root(subgraph_, x, t, 0), "sqrt", error)) {
        return false;
      }
      s = xnn_define_divide(subgraph_, -kInf, kInf, one, t, y, 0);
      break;
    case NNADAPTER_HARD_SIGMOID: {  // clamp(alpha * x + beta, 0, 1)
      uint32_t alpha, beta;
      if (!Internal(dims, &t, error) || !Static({1}, {p1}, &alpha, error) ||
          !Static({1}, {p2}, &beta, error) ||
          !Check(xnn_define_multiply2(subgraph_, -kInf, kInf, x, alpha, t, 0),
                 "multiply", error)) {
        return false;
      }
      s = xnn_define_add2(subgraph_, 0.0f, 1.0f, t, beta, y, 0);
      break;
    }
    default:
      *error = "no XNNPACK equivalent";
      return false;
  }
  return Check(s, OperationTypeName(op.type).c_str(), error);
}

bool Converter::ConvertPrelu(const core::Operation& op, std::string* error) {
  const core::Operand* in = kit::InputOperand(op, 0);
  const core::Operand* alpha = kit::InputOperand(op, 1);
  int32_t x4[4];
  if (op.input_operands.size() != 2 || !alpha || !IsConstantOperand(alpha) ||
      alpha->type.precision != NNADAPTER_FLOAT32) {
    *error = "XNNPACK PReLU needs a constant FLOAT32 slope";
    return false;
  }
  if (!ActivationNhwc(in, x4, error, false)) return false;
  const size_t C = static_cast<size_t>(x4[1]);
  std::vector<float> slope;
  if (!FloatData(alpha, &slope, error)) return false;
  if (slope.size() == 1) slope.assign(C, slope[0]);
  if (slope.size() != C) {
    *error = "input 1: slope must have 1 or C elements";
    return false;
  }
  uint32_t x, s, y;
  return Input(in, &x, error) && Static({C}, std::move(slope), &s, error) &&
         Output(op.output_operands[0], &y, error) &&
         Check(xnn_define_prelu(subgraph_, x, s, y, 0), "PReLU", error);
}

bool Converter::ConvertSoftmax(const core::Operation& op, std::string* error) {
  const core::Operand* in = kit::InputOperand(op, 0);
  int32_t axis;
  if (op.input_operands.size() != 2 || !in || !kit::ReadInt32(op, 1, &axis, error)) {
    if (error->empty()) *error = "expected input and axis";
    return false;
  }
  const int32_t rank = static_cast<int32_t>(in->type.dimensions.count);
  if (axis < 0) axis += rank;
  if (axis != rank - 1) {  // an NHWC tensor's C is innermost
    *error = "XNNPACK softmax normalizes the innermost axis only (axis " +
             std::to_string(axis) + " of rank " + std::to_string(rank) + ")";
    return false;
  }
  uint32_t x, y;
  return Input(in, &x, error) && Output(op.output_operands[0], &y, error) &&
         Check(xnn_define_softmax(subgraph_, x, y, 0), "softmax", error);
}

bool Converter::ConvertPad(const core::Operation& op, std::string* error) {
  const core::Operand* in = kit::InputOperand(op, 0);
  std::vector<int32_t> pads;
  int32_t mode = NNADAPTER_PAD_MODE_CONSTANT;
  float value = 0.0f;
  if (!in || op.input_operands.size() < 2) {
    *error = "expected input and pads";
    return false;
  }
  const size_t rank = in->type.dimensions.count;
  if (!AttrInts(op, 1, 2 * rank, {}, &pads, error)) return false;
  if (kit::InputOperand(op, 2) && !kit::ReadInt32(op, 2, &mode, error)) return false;
  if (kit::InputOperand(op, 3) && !kit::ReadFloat(op, 3, &value, error)) return false;
  if (mode != NNADAPTER_PAD_MODE_CONSTANT && mode != NNADAPTER_PAD_MODE_NONE) {
    *error = "XNNPACK pads with a constant only";
    return false;
  }
  std::vector<size_t> pre(rank), post(rank);
  for (size_t i = 0; i < rank; i++) {
    if (pads[2 * i] < 0 || pads[2 * i + 1] < 0) {
      *error = "negative padding";
      return false;
    }
    pre[i] = static_cast<size_t>(pads[2 * i]);
    post[i] = static_cast<size_t>(pads[2 * i + 1]);
  }
  uint32_t x, y;
  return Input(in, &x, error) && Output(op.output_operands[0], &y, error) &&
         Check(xnn_define_static_constant_pad(subgraph_, pre.data(),
                                              post.data(), value, x, y, 0),
               "constant pad", error);
}

bool Converter::ConvertReshape(const core::Operation& op, std::string* error) {
  const core::Operand* in = kit::InputOperand(op, 0);
  const core::Operand* out = op.output_operands[0];
  if (!in) {
    *error = "missing input 0";
    return false;
  }
  for (size_t i = 1; i < op.input_operands.size(); i++) {
    if (op.input_operands[i] && !IsConstantOperand(op.input_operands[i])) {
      *error = "input " + std::to_string(i) + " must be a constant";
      return false;
    }
  }
  std::vector<size_t> in_plain, out_dims;
  if (!PlainDims(in, &in_plain) || !PlainDims(out, &out_dims)) {
    *error = "dimensions must be known and positive";
    return false;
  }
  // The layout pass gives this operation NCHW input, or inserted it to
  // move only 1-sized dims: either way a copy of the bytes.
  uint32_t x, y;
  if (!Input(in, &x, error) || !Output(out, &y, error)) return false;
  if (out_dims.empty()) out_dims = {1};
  return Check(xnn_define_static_reshape(subgraph_, out_dims.size(),
                                         out_dims.data(), x, y, 0),
               "static reshape", error);
}

bool Converter::ConvertBatchNorm(const core::Operation& op, std::string* error) {
  const core::Operand* in = kit::InputOperand(op, 0);
  float epsilon;
  if (op.input_operands.size() != 6 || !in || !kit::ReadFloat(op, 5, &epsilon, error)) {
    if (error->empty()) *error = "expected 6 inputs";
    return false;
  }
  const size_t rank = in->type.dimensions.count;
  int32_t x4[4];
  if (rank == 4 && !ActivationNhwc(in, x4, error, false)) return false;
  if (rank != 4 && rank != 2) {
    *error = "the channel axis is innermost only for rank 2 and rank 4 (NHWC)";
    return false;
  }
  const size_t C = static_cast<size_t>(std::max(rank == 4 ? x4[1] : in->type.dimensions.data[1], 0));
  std::vector<float> p[4];
  for (int i = 0; i < 4; i++) {
    const core::Operand* o = op.input_operands[1 + i];
    if (!o || !IsConstantOperand(o) || o->type.precision != NNADAPTER_FLOAT32 ||
        !FloatData(o, &p[i], error) || p[i].size() != C) {
      *error = "input " + std::to_string(1 + i) +
               " must be a constant FLOAT32 [C] tensor";
      return false;
    }
  }
  std::vector<float> scale(C), shift(C);
  for (size_t c = 0; c < C; c++) {
    scale[c] = p[0][c] / std::sqrt(p[3][c] + epsilon);
    shift[c] = p[1][c] - p[2][c] * scale[c];
  }
  std::vector<size_t> dims;
  uint32_t x, s, b, t, y;
  if (!Input(in, &x, error) || !XnnDims(op.output_operands[0], &dims) ||
      !Static({C}, std::move(scale), &s, error) ||
      !Static({C}, std::move(shift), &b, error) || !Internal(dims, &t, error) ||
      !Output(op.output_operands[0], &y, error)) {
    if (error->empty()) *error = "output dimensions unknown";
    return false;
  }
  return Check(xnn_define_multiply2(subgraph_, -kInf, kInf, x, s, t, 0),
               "multiply", error) &&
         Check(xnn_define_add2(subgraph_, -kInf, kInf, t, b, y, 0), "add",
               error);
}

// This XNNPACK has no concatenation node: each input is zero-padded to the
// output shape at its offset along the axis, and the padded tensors are
// summed (x + 0 is exact).
// A CONCAT on the channel axis of NHWC rank-4 tensors whose only consumer is a
// group-1 CONV_2D (input 0) and that is not a sub-model output.
bool Converter::DeferConcat(const core::Operation& op) {
  if (!model_ || standalone_ || external_outputs_.count(op.output_operands[0]) ||
      op.output_operands[0]->type.precision != NNADAPTER_FLOAT32) {
    return false;
  }
  const size_t n = op.input_operands.size();
  int32_t axis;
  std::string ignored;
  if (n < 3 || !kit::ReadInt32(op, n - 1, &axis, &ignored) ||
      op.output_operands[0]->type.dimensions.count != 4 ||
      op.output_operands[0]->type.layout != NNADAPTER_NHWC ||
      (axis != 3 && axis != -1)) {
    return false;
  }
  for (size_t i = 0; i + 1 < n; i++) {
    if (!op.input_operands[i] || IsConstantOperand(op.input_operands[i])) {
      return false;
    }
  }
  auto consumers = GetOperandConsumers(model_, op.output_operands[0]);
  if (consumers.size() != 1 || consumers[0]->type != NNADAPTER_CONV_2D ||
      consumers[0]->input_operands.size() != 9 ||
      consumers[0]->input_operands[0] != op.output_operands[0]) {
    return false;
  }
  for (size_t i = 1; i < 9; i++) {
    if (consumers[0]->input_operands[i] == op.output_operands[0]) return false;
  }
  int32_t group;
  if (!kit::ReadInt32(*consumers[0], 6, &group, &ignored) || group != 1) return false;
  deferred_concats_[op.output_operands[0]] = &op;
  return true;
}

bool Converter::ConvertConcat(const core::Operation& op, std::string* error) {
  if (DeferConcat(op)) return true;
  const size_t n = op.input_operands.size();
  int32_t axis;
  if (n < 2 || !kit::ReadInt32(op, n - 1, &axis, error)) {
    if (error->empty()) *error = "expected inputs and an axis";
    return false;
  }
  const core::Operand* out = op.output_operands[0];
  std::vector<size_t> out_plain;
  if (!PlainDims(out, &out_plain) || out_plain.empty()) {
    *error = "output dimensions must be known";
    return false;
  }
  const int32_t rank = static_cast<int32_t>(out_plain.size());
  if (axis < 0) axis += rank;
  if (axis < 0 || axis >= rank) {
    *error = "axis out of range";
    return false;
  }
  const size_t xaxis = static_cast<size_t>(axis);
  const std::vector<size_t>& out_dims = out_plain;
  std::vector<uint32_t> padded;
  size_t offset = 0;
  for (size_t i = 0; i + 1 < n; i++) {
    const core::Operand* in = op.input_operands[i];
    std::vector<size_t> plain;
    if (!in || !PlainDims(in, &plain) ||
        plain.size() != out_plain.size()) {
      *error = "input " + std::to_string(i) + " must have the output's rank";
      return false;
    }
    const std::vector<size_t>& dims = plain;
    std::vector<size_t> pre(dims.size(), 0), post(dims.size(), 0);
    pre[xaxis] = offset;
    offset += dims[xaxis];
    if (offset > out_dims[xaxis]) {
      *error = "inputs exceed the output along the axis";
      return false;
    }
    post[xaxis] = out_dims[xaxis] - offset;
    uint32_t x, y;
    if (!Input(in, &x, error) || !Internal(out_dims, &y, error) ||
        !Check(xnn_define_static_constant_pad(subgraph_, pre.data(),
                                              post.data(), 0.0f, x, y, 0),
               "concat pad", error)) {
      return false;
    }
    padded.push_back(y);
  }
  if (offset != out_dims[xaxis]) {
    *error = "inputs do not fill the output along the axis";
    return false;
  }
  uint32_t result;
  if (!Output(out, &result, error)) return false;
  if (padded.size() == 1) {
    return Check(xnn_define_clamp(subgraph_, -kInf, kInf, padded[0], result, 0),
                 "copy", error);
  }
  uint32_t acc = padded[0];
  for (size_t i = 1; i < padded.size(); i++) {
    uint32_t sum = result;
    if (i + 1 < padded.size() && !Internal(out_dims, &sum, error)) return false;
    if (!Check(xnn_define_add2(subgraph_, -kInf, kInf, acc, padded[i], sum, 0),
               "concat add", error)) {
      return false;
    }
    acc = sum;
  }
  return true;
}

}  // namespace google_xnnpack
}  // namespace nnadapter
