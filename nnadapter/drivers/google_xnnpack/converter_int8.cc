// The int8 paths of CONV_2D and FULLY_CONNECTED: QUANT_INT8_SYMM_PER_LAYER
// activations (XNNPACK qint8, zero point 0), QUANT_INT8 filters per layer
// (qint8, XNNPACK's qs8 operators) or per output channel (qcint8, XNNPACK's
// qc8 convolution), QUANT_INT32 biases per layer / per channel (qint32 /
// qcint32, bias scale = input scale x filter scale as NNAdapter requires).
// XNNPACK requantizes in fp32 with round-to-nearest-even; the results may
// differ from builtin_device by one quantization step.
#include <limits>

#include "attributes.h"
#include "converter.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter {
namespace google_xnnpack {

namespace {

bool ConstInt(const core::Operand* o, size_t rank, size_t element_size,
              std::vector<uint8_t>* bytes, std::vector<int32_t>* dims) {
  if (!o || !IsConstantOperand(o) || o->type.dimensions.count != rank ||
      !o->buffer) {
    return false;
  }
  int64_t n = GetElementCount(o->type.dimensions);
  if (n <= 0 || o->length != static_cast<uint64_t>(n) * element_size) return false;
  const uint8_t* p = static_cast<const uint8_t*>(o->buffer);
  bytes->assign(p, p + o->length);
  dims->assign(o->type.dimensions.data, o->type.dimensions.data + rank);
  return true;
}

// Per-layer, or per-channel along axis `axis` with `channels` scales.
bool QuantKind(const core::Operand* o, NNAdapterOperandPrecision per_layer,
               NNAdapterOperandPrecision per_channel, uint32_t axis,
               int32_t channels, bool* is_per_channel) {
  if (o->type.precision == per_layer) {
    *is_per_channel = false;
    return o->type.symm_per_layer_params.scale > 0;
  }
  *is_per_channel = true;
  return o->type.precision == per_channel &&
         o->type.symm_per_channel_params.channel_dim == axis &&
         o->type.symm_per_channel_params.scale_count ==
             static_cast<uint32_t>(channels) &&
         o->type.symm_per_channel_params.scales;
}

}  // namespace

bool Converter::ConvertConvInt8(const core::Operation& op, std::string* error) {
  int32_t x[4];
  std::vector<uint8_t> w, bias;
  std::vector<int32_t> wd, bd;
  ConvWindow c;
  bool filter_pc = false, bias_pc = false, depthwise = false;
  std::vector<int32_t> packed;
  std::vector<size_t> fdims;
  if (op.input_operands.size() != 9 ||
      !ActivationNhwc(op.input_operands[0], x, error, true) ||
      !NhwcConvFilter(op, x, &wd, &fdims, &depthwise, error)) {
    if (error->empty()) *error = "expected 9 inputs";
    return false;
  }
  const core::Operand* filter_op = op.input_operands[1];
  const core::Operand* bias_op = op.input_operands[2];
  // The output channels are the packed filter's axis 0, or 3 when depthwise.
  const uint32_t channel_dim = depthwise ? 3 : 0;
  if (!ConstInt(filter_op, 4, 1, &w, &packed) ||
      !QuantKind(filter_op, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER,
                 NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, channel_dim, wd[0],
                 &filter_pc)) {
    *error = "input 1 (filter) must be a constant QUANT_INT8 symmetric rank-4 "
             "tensor (per layer, or per output channel)";
    return false;
  }
  const int32_t Cout = wd[0];
  if (!ConstInt(bias_op, 1, 4, &bias, &bd) || bd[0] != Cout ||
      !QuantKind(bias_op, NNADAPTER_QUANT_INT32_SYMM_PER_LAYER,
                 NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL, 0, Cout, &bias_pc) ||
      bias_pc != filter_pc) {
    *error = "input 2 (bias) must be a constant QUANT_INT32 [Cout] tensor "
             "quantized like the filter";
    return false;
  }
  if (op.output_operands[0]->type.precision != NNADAPTER_QUANT_INT8_SYMM_PER_LAYER) {
    *error = "output must be QUANT_INT8_SYMM_PER_LAYER";
    return false;
  }
  if (!ReadConvWindow(op, x, wd, &c, error)) return false;
  uint32_t in, f, b, y;
  if (!Input(op.input_operands[0], &in, error) ||
      !StaticBytes(filter_op->type, fdims, std::move(w), channel_dim, &f, error) ||
      !StaticBytes(bias_op->type, {size_t(Cout)}, std::move(bias), 0, &b,
                   error) ||
      !Output(op.output_operands[0], &y, error)) {
    return false;
  }
  return DefineConv(c, wd, in, f, b, y, "int8 convolution", error);
}

bool Converter::ConvertFullyConnectedInt8(const core::Operation& op,
                                          std::string* error) {
  std::vector<uint8_t> w, bias;
  std::vector<int32_t> wd, bd;
  float lo, hi;
  const core::Operand* in = kit::InputOperand(op, 0);
  const core::Operand* out = op.output_operands[0];
  if (op.input_operands.size() != 4 || !in || IsConstantOperand(in) ||
      !AttrFuse(op, 3, &lo, &hi, error)) {
    if (error->empty()) *error = "expected a tensor input and 4 inputs";
    return false;
  }
  const core::Operand* weight_op = op.input_operands[1];
  const core::Operand* bias_op = op.input_operands[2];
  if (!ConstInt(weight_op, 2, 1, &w, &wd) ||
      weight_op->type.precision != NNADAPTER_QUANT_INT8_SYMM_PER_LAYER) {
    *error = "input 1 (weight) must be a constant QUANT_INT8_SYMM_PER_LAYER "
             "rank-2 tensor (this XNNPACK has no per-channel int8 fully "
             "connected)";
    return false;
  }
  if (bias_op && (!ConstInt(bias_op, 1, 4, &bias, &bd) || bd[0] != wd[0] ||
                  bias_op->type.precision != NNADAPTER_QUANT_INT32_SYMM_PER_LAYER)) {
    *error = "input 2 (bias) must be a constant QUANT_INT32_SYMM_PER_LAYER "
             "[num_units] tensor";
    return false;
  }
  if (out->type.precision != NNADAPTER_QUANT_INT8_SYMM_PER_LAYER ||
      out->type.dimensions.count != 2) {
    *error = "output must be a rank-2 QUANT_INT8_SYMM_PER_LAYER tensor";
    return false;
  }
  uint32_t x, f, b = XNN_INVALID_VALUE_ID, y;
  if (!FullyConnectedInput(in, wd[1], &x, error)) return false;
  if (!StaticBytes(weight_op->type, {size_t(wd[0]), size_t(wd[1])},
                   std::move(w), 0, &f, error) ||
      (!bias.empty() && !StaticBytes(bias_op->type, {size_t(wd[0])},
                                     std::move(bias), 0, &b, error)) ||
      !Output(out, &y, error)) {
    return false;
  }
  return Check(xnn_define_fully_connected(subgraph_, lo, hi, x, f, b, y, 0),
               "int8 fully connected", error);
}

// MAT_MUL x [M, K] (int8 tensor) by a constant per-layer int8 y: an int8
// fully connected with y as [N, K] weights (transposed here when
// transpose_y is false), no bias.
bool Converter::ConvertMatMulInt8(const core::Operation& op, bool transpose_y,
                                  std::string* error) {
  std::vector<uint8_t> w;
  std::vector<int32_t> wd;
  const core::Operand* y_op = op.input_operands[1];
  if (!ConstInt(y_op, 2, 1, &w, &wd) ||
      y_op->type.precision != NNADAPTER_QUANT_INT8_SYMM_PER_LAYER ||
      op.output_operands[0]->type.precision !=
          NNADAPTER_QUANT_INT8_SYMM_PER_LAYER) {
    *error = "int8 MAT_MUL needs a constant QUANT_INT8_SYMM_PER_LAYER rank-2 y "
             "and a QUANT_INT8_SYMM_PER_LAYER output";
    return false;
  }
  size_t n = size_t(wd[1]), k = size_t(wd[0]);
  if (!transpose_y) {  // [K, N] -> [N, K]
    std::vector<uint8_t> t(w.size());
    for (size_t i = 0; i < k; i++)
      for (size_t j = 0; j < n; j++) t[j * k + i] = w[i * n + j];
    w.swap(t);
  } else {
    std::swap(n, k);
  }
  uint32_t x, f, y;
  return Input(op.input_operands[0], &x, error) &&
         StaticBytes(y_op->type, {n, k}, std::move(w), 0, &f, error) &&
         Output(op.output_operands[0], &y, error) &&
         Check(xnn_define_fully_connected(
                   subgraph_, -std::numeric_limits<float>::infinity(),
                   std::numeric_limits<float>::infinity(), x, f,
                   XNN_INVALID_VALUE_ID, y, 0),
               "int8 matmul", error);
}

}  // namespace google_xnnpack
}  // namespace nnadapter
