// QUANTIZE / DEQUANTIZE (XNNPACK convert nodes), ASSIGN, SUM and the
// spatial REDUCE_MEAN (a global average pooling).
#include <algorithm>
#include <cstring>
#include <limits>

#include "attributes.h"
#include "converter.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter {
namespace google_xnnpack {

namespace {
constexpr float kInf = std::numeric_limits<float>::infinity();

bool ConstantScalarFloat(const core::Operand* o, float* v) {
  return o && IsConstantOperand(o) && o->type.precision == NNADAPTER_FLOAT32 &&
         o->buffer && o->length == sizeof(float) &&
         (std::memcpy(v, o->buffer, sizeof(float)), true);
}
}  // namespace

// QUANTIZE to QUANT_INT8_SYMM_PER_LAYER with a single scale equal to the
// output's and a zero point of 0. XNNPACK rounds half to even, builtin_device
// half away from zero: ties may differ by one step.
bool Converter::ConvertQuantize(const core::Operation& op, std::string* error) {
  const core::Operand* in = kit::InputOperand(op, 0);
  const core::Operand* out = op.output_operands[0];
  float scale = 0, zero_point = 0;
  if (op.input_operands.size() != 4 || !in || IsConstantOperand(in) ||
      in->type.precision != NNADAPTER_FLOAT32 ||
      out->type.precision != NNADAPTER_QUANT_INT8_SYMM_PER_LAYER) {
    *error = "QUANTIZE: FLOAT32 tensor to QUANT_INT8_SYMM_PER_LAYER only";
    return false;
  }
  if (!ConstantScalarFloat(kit::InputOperand(op, 2), &scale) ||
      scale != out->type.symm_per_layer_params.scale ||
      (kit::InputOperand(op, 3) && (!ConstantScalarFloat(kit::InputOperand(op, 3), &zero_point) ||
                          zero_point != 0.0f))) {
    *error = "QUANTIZE: one scale equal to the output's and zero point 0";
    return false;
  }
  uint32_t x, y;
  return Input(in, &x, error) && Output(out, &y, error) &&
         Check(xnn_define_convert(subgraph_, x, y, 0), "quantize", error);
}

// DEQUANTIZE (int8 -> float convert) and ASSIGN (a copy).
bool Converter::ConvertCopyLike(const core::Operation& op, std::string* error) {
  const core::Operand* in = kit::InputOperand(op, 0);
  const core::Operand* out = op.output_operands[0];
  if (op.input_operands.size() != 1 || !in || IsConstantOperand(in)) {
    *error = "input 0 must be a tensor";
    return false;
  }
  const bool dequantize = op.type == NNADAPTER_DEQUANTIZE;
  if (dequantize && (in->type.precision != NNADAPTER_QUANT_INT8_SYMM_PER_LAYER ||
                     out->type.precision != NNADAPTER_FLOAT32)) {
    *error = "DEQUANTIZE: QUANT_INT8_SYMM_PER_LAYER to FLOAT32 only";
    return false;
  }
  uint32_t x, y;
  if (!Input(in, &x, error) || !Output(out, &y, error)) return false;
  return dequantize
             ? Check(xnn_define_convert(subgraph_, x, y, 0), "dequantize", error)
             : Check(xnn_define_clamp(subgraph_, -kInf, kInf, x, y, 0), "copy",
                     error);
}

// SUM of n inputs: a chain of broadcasting additions.
bool Converter::ConvertSum(const core::Operation& op, std::string* error) {
  const core::Operand* out = op.output_operands[0];
  const size_t n = op.input_operands.size();
  if (n < 2) {
    *error = "SUM needs at least two inputs";
    return false;
  }
  size_t rank = 0;
  bool any_tensor = false;
  for (const auto* in : op.input_operands) {
    if (!in) {
      *error = "missing input";
      return false;
    }
    rank = std::max<size_t>(rank, in->type.dimensions.count);
    any_tensor = any_tensor || !IsConstantOperand(in);
  }
  if (!any_tensor || rank != out->type.dimensions.count) {
    *error = "SUM needs a tensor input and the broadcast rank as output rank";
    return false;
  }
  std::vector<size_t> dims;
  XnnDims(out, &dims);
  uint32_t acc, result;
  if (!Input(op.input_operands[0], &acc, error) ||
      !Output(out, &result, error)) {
    return false;
  }
  for (size_t i = 1; i < n; i++) {
    uint32_t next, sum = result;
    if (!Input(op.input_operands[i], &next, error) ||
        (i + 1 < n && !Internal(dims, &sum, error, &out->type)) ||
        !Check(xnn_define_add2(subgraph_, -kInf, kInf, acc, next, sum, 0),
               "sum", error)) {
      return false;
    }
    acc = sum;
  }
  return true;
}

// REDUCE_MEAN over H and W of an NHWC tensor (axes 1 and 2 as the layout
// pass renumbered them) = global average pooling.
bool Converter::ConvertReduceMean(const core::Operation& op,
                                  std::string* error) {
  int32_t x[4];
  std::vector<int32_t> axes;
  bool keepdim = true;
  if (op.input_operands.size() != 3 ||
      !ActivationNhwc(op.input_operands[0], x, error, true) ||
      !AttrInts(op, 1, 0, {}, &axes, error) ||
      !kit::ReadOptionalBool(op, 2, true, &keepdim, error)) {
    if (error->empty()) *error = "expected input, axes, keepdim";
    return false;
  }
  for (auto& a : axes) a = a < 0 ? a + 4 : a;
  std::sort(axes.begin(), axes.end());
  if (axes != std::vector<int32_t>{1, 2}) {
    *error = "only the mean over H and W (NCHW axes 2, 3) of a rank-4 tensor";
    return false;
  }
  const core::Operand* out = op.output_operands[0];
  uint32_t in, y, pooled;
  if (!Input(op.input_operands[0], &in, error) || !Output(out, &y, error)) {
    return false;
  }
  if (keepdim) {
    return Check(xnn_define_global_average_pooling_2d(subgraph_, -kInf, kInf, in,
                                                      y, 0),
                 "global average pooling", error);
  }
  const std::vector<size_t> pooled_dims = {size_t(x[0]), 1, 1, size_t(x[1])};
  const std::vector<size_t> flat = {size_t(x[0]), size_t(x[1])};
  return Internal(pooled_dims, &pooled, error, &out->type) &&
         Check(xnn_define_global_average_pooling_2d(subgraph_, -kInf, kInf, in,
                                                    pooled, 0),
               "global average pooling", error) &&
         Check(xnn_define_static_reshape(subgraph_, 2, flat.data(), pooled, y, 0),
               "reshape", error);
}

}  // namespace google_xnnpack
}  // namespace nnadapter
