// Convolutions, poolings, fully connected / matmul and bilinear resize.
// Inputs and outputs are NHWC; the layout pass (converter.h) has packed the
// filters into the layouts XNNPACK expects:
//   CONV_2D            [Cout, Cin/g, kh, kw] -> OHWI [Cout, kh, kw, Cin/g]
//   depthwise CONV_2D  [C*m, 1, kh, kw]      -> [1, kh, kw, C*m]
//   CONV_2D_TRANSPOSE  [Cin, Cout/g, kh, kw] -> [Cout, kh, kw, Cin/g]
#include <cmath>
#include <cstring>
#include <limits>

#include "attributes.h"
#include "converter.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter {
namespace google_xnnpack {

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

bool ConstFloat(const core::Operand* o, size_t rank, std::vector<float>* data,
                std::vector<int32_t>* dims) {
  if (!o || !IsConstantOperand(o) || o->type.precision != NNADAPTER_FLOAT32 ||
      o->type.dimensions.count != rank || !o->buffer) {
    return false;
  }
  int64_t n = GetElementCount(o->type.dimensions);
  if (n <= 0 || o->length != n * sizeof(float)) return false;
  data->resize(static_cast<size_t>(n));
  std::memcpy(data->data(), o->buffer, o->length);
  dims->assign(o->type.dimensions.data, o->type.dimensions.data + rank);
  return true;
}

}  // namespace

bool ActivationNhwc(const core::Operand* o, int32_t dims[4], std::string* error,
                    bool int8_ok) {
  if (!o || IsConstantOperand(o) || o->type.dimensions.count != 4 ||
      !(o->type.precision == NNADAPTER_FLOAT32 ||
        (int8_ok && o->type.precision == NNADAPTER_QUANT_INT8_SYMM_PER_LAYER))) {
    *error = "input 0 must be a FLOAT32 rank-4 tensor";
    return false;
  }
  if (o->type.layout != NNADAPTER_NHWC) {
    *error = "input 0 is not NHWC (the layout pass kept this operation in NCHW)";
    return false;
  }
  static const int kStored[4] = {0, 3, 1, 2};  // N, C, H, W in NHWC
  for (int i = 0; i < 4; i++) {
    dims[i] = o->type.dimensions.data[kStored[i]];
    if (dims[i] <= 0) {
      *error = "input 0 dimensions must be known";
      return false;
    }
  }
  return true;
}

bool NhwcConvFilter(const core::Operation& op, const int32_t x[4],
                    std::vector<int32_t>* filter_dims, std::vector<size_t>* xnn_dims,
                    bool* depthwise, std::string* error) {
  const core::Operand* w = kit::InputOperand(op, 1);
  int32_t group = 1;
  if (!w || !IsConstantOperand(w) || w->type.dimensions.count != 4 ||
      w->type.layout != NNADAPTER_NHWC || !HasKnownDimensions(w->type.dimensions)) {
    *error = "input 1 (filter) must be a constant rank-4 filter the layout pass packed";
    return false;
  }
  if (!kit::ReadInt32(op, 6, &group, error)) return false;
  const int32_t* p = w->type.dimensions.data;
  *depthwise = group != 1 && x[1] == group;
  *filter_dims = *depthwise ? std::vector<int32_t>{p[3], 1, p[1], p[2]}
                            : std::vector<int32_t>{p[0], p[3], p[1], p[2]};
  xnn_dims->assign(p, p + 4);
  return true;
}

int64_t ConvOutput(int64_t in, int64_t pad0, int64_t pad1, int64_t k,
                   int64_t stride, int64_t dilation) {
  return (in + pad0 + pad1 - (dilation * (k - 1) + 1)) / stride + 1;
}

bool OutputHw(const core::Operand* out, int64_t expected_h, int64_t expected_w,
              std::string* error) {
  const auto& d = out->type.dimensions;
  if (d.count != 4 || d.data[1] != expected_h || d.data[2] != expected_w) {
    *error = "output spatial size differs from what XNNPACK computes (" +
             std::to_string(expected_h) + "x" + std::to_string(expected_w) +
             ")";
    return false;
  }
  return true;
}

bool ReadConvWindow(const core::Operation& op, const int32_t x[4],
                    const std::vector<int32_t>& filter_dims, ConvWindow* c,
                    std::string* error) {
  const int32_t Cout = filter_dims[0], Cig = filter_dims[1],
                kh = filter_dims[2], kw = filter_dims[3];
  if (!AttrInts(op, 5, 2, {}, &c->strides, error) ||
      !kit::ReadInt32(op, 6, &c->group, error) ||
      !AttrInts(op, 7, 2, {1, 1}, &c->dilations, error) ||
      !AttrFuse(op, 8, &c->lo, &c->hi, error)) {
    return false;
  }
  if (!WindowValues(c->strides, "strides", error) ||
      !WindowValues(c->dilations, "dilations", error) ||
      !WindowValues({kh, kw}, "filter size", error)) {
    return false;
  }
  if (c->group <= 0 || int64_t(x[1]) != int64_t(c->group) * Cig ||
      Cout % c->group != 0) {
    *error = "inconsistent channels/group";
    return false;
  }
  const int32_t k[2] = {kh, kw};
  if (!AttrPads(op, 3, 4, x + 2, k, c->strides.data(), c->dilations.data(),
                &c->pads, error)) {
    return false;
  }
  c->depthwise = c->group > 1 && Cig == 1;
  const auto& p = c->pads;
  return OutputHw(op.output_operands[0],
                  ConvOutput(x[2], p[0], p[1], kh, c->strides[0],
                             c->dilations[0]),
                  ConvOutput(x[3], p[2], p[3], kw, c->strides[1],
                             c->dilations[1]),
                  error);
}

bool Converter::DefineConv(const ConvWindow& c,
                           const std::vector<int32_t>& filter_dims,
                           uint32_t in, uint32_t f, uint32_t b, uint32_t y,
                           const char* what, std::string* error) {
  const int32_t Cout = filter_dims[0], Cig = filter_dims[1],
                kh = filter_dims[2], kw = filter_dims[3];
  const auto& p = c.pads;
  xnn_status s;
  if (c.depthwise) {
    s = xnn_define_depthwise_convolution_2d(
        subgraph_, p[0], p[3], p[1], p[2], kh, kw, c.strides[0], c.strides[1],
        c.dilations[0], c.dilations[1], Cout / c.group, c.group, c.lo, c.hi,
        in, f, b, y, 0);
  } else {
    s = xnn_define_convolution_2d(
        subgraph_, p[0], p[3], p[1], p[2], kh, kw, c.strides[0], c.strides[1],
        c.dilations[0], c.dilations[1], c.group, Cig, Cout / c.group, c.lo,
        c.hi, in, f, b, y, 0);
  }
  return Check(s, what, error);
}

bool Converter::ConvertConv(const core::Operation& op, std::string* error) {
  int32_t x[4];
  std::vector<float> w, bias;
  std::vector<int32_t> wd, bd;
  ConvWindow c;
  if (op.input_operands.size() != 9) {
    *error = "expected 9 inputs";
    return false;
  }
  if (op.input_operands[0] &&
      op.input_operands[0]->type.precision == NNADAPTER_QUANT_INT8_SYMM_PER_LAYER) {
    return ConvertConvInt8(op, error);
  }
  std::vector<int32_t> packed;
  std::vector<size_t> fdims;
  bool depthwise = false;
  if (!ActivationNhwc(op.input_operands[0], x, error, false) ||
      !NhwcConvFilter(op, x, &wd, &fdims, &depthwise, error)) {
    return false;
  }
  if (!ConstFloat(op.input_operands[1], 4, &w, &packed)) {
    *error = "input 1 (filter) must be a constant FLOAT32 rank-4 tensor";
    return false;
  }
  const int32_t Cout = wd[0], Cig = wd[1], kh = wd[2], kw = wd[3];
  if (op.input_operands[2] && !ConstFloat(op.input_operands[2], 1, &bias, &bd)) {
    *error = "input 2 (bias) must be a constant FLOAT32 [Cout] tensor";
    return false;
  }
  if (bias.empty()) bias.assign(static_cast<size_t>(Cout), 0.0f);
  if (bias.size() != static_cast<size_t>(Cout)) {
    *error = "inconsistent channels/group";
    return false;
  }
  if (!ReadConvWindow(op, x, wd, &c, error)) return false;
  auto deferred = deferred_concats_.find(op.input_operands[0]);
  if (deferred != deferred_concats_.end() && c.group == 1) {
    return ConvertConvOverConcat(op, *deferred->second, w, Cout, Cig, kh, kw,
                                 std::move(bias), c.pads, c.strides,
                                 c.dilations, c.lo, c.hi, error);
  }
  uint32_t in, f, b, y;
  if (!Input(op.input_operands[0], &in, error) ||
      !Static(fdims, std::move(w), &f, error) ||
      !Static({size_t(Cout)}, std::move(bias), &b, error) ||
      !Output(op.output_operands[0], &y, error)) {
    return false;
  }
  return DefineConv(c, wd, in, f, b, y,
                    c.depthwise ? "depthwise convolution" : "convolution",
                    error);
}

// conv(concat(x_1..x_k), W) + b = sum_i conv(x_i, W_i) + b, W_i the filter's
// input-channel slice of x_i: no concatenated tensor is materialized.
bool Converter::ConvertConvOverConcat(
    const core::Operation& op, const core::Operation& concat,
    const std::vector<float>& w, int32_t Cout, int32_t Cin, int32_t kh,
    int32_t kw, std::vector<float> bias, const std::vector<int32_t>& pads,
    const std::vector<int32_t>& strides, const std::vector<int32_t>& dilations,
    float lo, float hi, std::string* error) {
  const size_t parts = concat.input_operands.size() - 1;
  const size_t khw = static_cast<size_t>(kh) * kw;
  std::vector<size_t> out_dims;
  XnnDims(op.output_operands[0], &out_dims);
  uint32_t acc = XNN_INVALID_VALUE_ID, result;
  if (!Output(op.output_operands[0], &result, error)) return false;
  size_t c0 = 0;
  for (size_t p = 0; p < parts; p++) {
    const core::Operand* part = concat.input_operands[p];
    if (part->type.dimensions.count != 4 || part->type.dimensions.data[3] <= 0) {
      *error = "concat input dims unknown";
      return false;
    }
    const size_t ci = static_cast<size_t>(part->type.dimensions.data[3]);  // NHWC
    if (c0 + ci > static_cast<size_t>(Cin)) {
      *error = "concat channels exceed the filter";
      return false;
    }
    std::vector<float> filter(static_cast<size_t>(Cout) * khw * ci);
    for (size_t o = 0; o < static_cast<size_t>(Cout); o++)
      for (size_t i = 0; i < ci; i++)
        for (size_t s = 0; s < khw; s++)
          filter[(o * khw + s) * ci + i] = w[(o * khw + s) * Cin + c0 + i];
    c0 += ci;
    uint32_t in, f, b, y;
    if (!Input(part, &in, error) ||
        !Static({size_t(Cout), size_t(kh), size_t(kw), ci}, std::move(filter),
                &f, error) ||
        !Static({size_t(Cout)},
                p == 0 ? std::move(bias) : std::vector<float>(Cout, 0.0f), &b,
                error) ||
        !Internal(out_dims, &y, error) ||
        !Check(xnn_define_convolution_2d(
                   subgraph_, pads[0], pads[3], pads[1], pads[2], kh, kw,
                   strides[0], strides[1], dilations[0], dilations[1], 1, ci,
                   Cout, -kInf, kInf, in, f, b, y, 0),
               "convolution over a concat part", error)) {
      return false;
    }
    if (p == 0) {
      acc = y;
      continue;
    }
    uint32_t sum = result;
    const bool last = p + 1 == parts;
    if (!last && !Internal(out_dims, &sum, error)) return false;
    if (!Check(xnn_define_add2(subgraph_, last ? lo : -kInf, last ? hi : kInf,
                               acc, y, sum, 0),
               "sum of convolutions", error)) {
      return false;
    }
    acc = sum;
  }
  if (c0 != static_cast<size_t>(Cin)) {
    *error = "concat channels differ from the filter's";
    return false;
  }
  return true;
}

bool Converter::ConvertConvTranspose(const core::Operation& op,
                                     std::string* error) {
  int32_t x[4], group, auto_pad;
  std::vector<float> w, bias;
  std::vector<int32_t> wd, bd, strides, dilations, pads;
  float lo, hi;
  if (op.input_operands.size() != 11) {
    *error = "expected 11 inputs";
    return false;
  }
  if (!ActivationNhwc(op.input_operands[0], x, error, false)) return false;
  if (!ConstFloat(op.input_operands[1], 4, &w, &wd) ||
      op.input_operands[1]->type.layout != NNADAPTER_NHWC) {
    *error = "input 1 (filter) must be a constant FLOAT32 rank-4 tensor the "
             "layout pass packed ([Cout, kh, kw, Cin/group])";
    return false;
  }
  if (!kit::ReadInt32(op, 3, &auto_pad, error) ||
      !AttrInts(op, 5, 2, {}, &strides, error) ||
      !kit::ReadInt32(op, 6, &group, error) ||
      !AttrInts(op, 7, 2, {1, 1}, &dilations, error) ||
      !AttrFuse(op, 10, &lo, &hi, error)) {
    return false;
  }
  if (auto_pad == NNADAPTER_AUTO_PAD_VALID) {
    pads = {0, 0, 0, 0};
  } else if (auto_pad != NNADAPTER_AUTO_PAD_NONE) {
    *error = "CONV_2D_TRANSPOSE: only explicit or VALID padding";
    return false;
  } else if (!AttrInts(op, 4, 4, {0, 0, 0, 0}, &pads, error)) {
    return false;
  }
  const int32_t Cout = wd[0], kh = wd[1], kw = wd[2], Cig = wd[3];
  if (!WindowValues(strides, "strides", error) ||
      !WindowValues(dilations, "dilations", error) ||
      !WindowValues({kh, kw}, "filter size", error) ||
      !AttrPadsBounded(pads, error)) {
    return false;
  }
  if (group <= 0 || int64_t(Cig) * group != x[1] || Cout % group != 0) {
    *error = "inconsistent channels/group";
    return false;
  }
  const int32_t Cog = Cout / group;
  if (op.input_operands[2] &&
      (!ConstFloat(op.input_operands[2], 1, &bias, &bd) ||
       bias.size() != static_cast<size_t>(Cout))) {
    *error = "input 2 (bias) must be a constant FLOAT32 [Cout] tensor";
    return false;
  }
  const auto& od = op.output_operands[0]->type.dimensions;  // NHWC
  if (od.count != 4 || od.data[3] != Cout) {
    *error = "output must be rank 4 with Cout channels";
    return false;
  }
  int32_t adj[2];
  for (int d = 0; d < 2; d++) {
    const int64_t base = int64_t(x[2 + d] - 1) * strides[d] - pads[2 * d] -
                         pads[2 * d + 1] +
                         int64_t(dilations[d]) * (wd[1 + d] - 1) + 1;
    const int64_t a = od.data[1 + d] - base;
    adj[d] = static_cast<int32_t>(a);
    if (a < 0 || a >= strides[d]) {
      *error = "output size needs an output padding XNNPACK cannot express";
      return false;
    }
  }
  uint32_t in, f, b = XNN_INVALID_VALUE_ID, y;
  if (!Input(op.input_operands[0], &in, error) ||
      !Static({size_t(Cout), size_t(kh), size_t(kw), size_t(Cig)},
              std::move(w), &f, error) ||
      (!bias.empty() && !Static({size_t(Cout)}, std::move(bias), &b, error)) ||
      !Output(op.output_operands[0], &y, error)) {
    return false;
  }
  return Check(xnn_define_deconvolution_2d(
                   subgraph_, pads[0], pads[3], pads[1], pads[2], adj[0],
                   adj[1], kh, kw, strides[0], strides[1], dilations[0],
                   dilations[1], group, Cig, Cog, lo, hi, in, f, b, y, 0),
               "deconvolution", error);
}

bool Converter::FullyConnectedInput(const core::Operand* in,
                                    int32_t input_size, uint32_t* x,
                                    std::string* error) {
  const auto& id = in->type.dimensions;
  const int64_t count = GetElementCount(id);
  if (count <= 0 || count % input_size != 0) {
    *error = "input cannot be flattened to [batch, input_size]";
    return false;
  }
  if (id.count == 4 && in->type.layout == NNADAPTER_NHWC) {
    *error = "flattens NCHW but the layout pass left its input NHWC";
    return false;
  }
  const std::vector<size_t> flat = {size_t(count / input_size),
                                    size_t(input_size)};
  uint32_t xf;
  if (!Input(in, x, error)) return false;
  if (id.count == 2) return true;
  const NNAdapterOperandType* like =
      in->type.precision == NNADAPTER_FLOAT32 ? nullptr : &in->type;
  if (!Internal(flat, &xf, error, like) ||
      !Check(xnn_define_static_reshape(subgraph_, 2, flat.data(), *x, xf, 0),
             "flatten", error)) {
    return false;
  }
  *x = xf;
  return true;
}

bool Converter::ConvertFullyConnected(const core::Operation& op,
                                      std::string* error) {
  std::vector<float> w, bias;
  std::vector<int32_t> wd, bd;
  float lo, hi;
  const core::Operand* in = kit::InputOperand(op, 0);
  const core::Operand* out = op.output_operands[0];
  if (in && in->type.precision == NNADAPTER_QUANT_INT8_SYMM_PER_LAYER) {
    return ConvertFullyConnectedInt8(op, error);
  }
  if (op.input_operands.size() != 4 || !in || IsConstantOperand(in) ||
      !AttrFuse(op, 3, &lo, &hi, error)) {
    if (error->empty()) *error = "expected a tensor input and 4 inputs";
    return false;
  }
  if (!ConstFloat(op.input_operands[1], 2, &w, &wd)) {
    *error = "input 1 (weight) must be a constant FLOAT32 rank-2 tensor";
    return false;
  }
  if (op.input_operands[2] &&
      (!ConstFloat(op.input_operands[2], 1, &bias, &bd) ||
       bias.size() != static_cast<size_t>(wd[0]))) {
    *error = "input 2 (bias) must be a constant FLOAT32 [num_units] tensor";
    return false;
  }
  if (out->type.dimensions.count != 2) {
    *error = "input cannot be flattened to [batch, input_size]";
    return false;
  }
  uint32_t x, f, b = XNN_INVALID_VALUE_ID, y;
  if (!FullyConnectedInput(in, wd[1], &x, error)) return false;
  if (!Static({size_t(wd[0]), size_t(wd[1])}, std::move(w), &f, error) ||
      (!bias.empty() && !Static({size_t(wd[0])}, std::move(bias), &b, error)) ||
      !Output(out, &y, error)) {
    return false;
  }
  return Check(xnn_define_fully_connected(subgraph_, lo, hi, x, f, b, y, 0),
               "fully connected", error);
}

bool Converter::ConvertMatMul(const core::Operation& op, std::string* error) {
  std::vector<float> w;
  std::vector<int32_t> wd;
  bool tx, ty;
  const core::Operand* in = kit::InputOperand(op, 0);
  if (op.input_operands.size() != 4 || !in || IsConstantOperand(in) ||
      in->type.dimensions.count != 2 || !kit::ReadOptionalBool(op, 2, false, &tx, error) ||
      !kit::ReadOptionalBool(op, 3, false, &ty, error)) {
    if (error->empty()) *error = "x must be a rank-2 tensor";
    return false;
  }
  if (in->type.precision == NNADAPTER_QUANT_INT8_SYMM_PER_LAYER && !tx) {
    return ConvertMatMulInt8(op, ty, error);
  }
  if (tx || !ConstFloat(op.input_operands[1], 2, &w, &wd)) {
    *error = "needs transpose_x = false and a constant FLOAT32 rank-2 y";
    return false;
  }
  uint32_t x, f, y;
  return Input(in, &x, error) &&
         Static({size_t(wd[0]), size_t(wd[1])}, std::move(w), &f, error) &&
         Output(op.output_operands[0], &y, error) &&
         Check(xnn_define_fully_connected(
                   subgraph_, -kInf, kInf, x, f, XNN_INVALID_VALUE_ID, y,
                   ty ? 0 : XNN_FLAG_TRANSPOSE_WEIGHTS),
               "fully connected", error);
}

bool Converter::ConvertPool(const core::Operation& op, std::string* error) {
  const bool is_max = op.type == NNADAPTER_MAX_POOL_2D;
  int32_t x[4];
  std::vector<int32_t> kernel, strides, pads;
  bool ceil_mode, flag;
  float lo, hi;
  if (op.input_operands.size() != (is_max ? 9u : 8u)) {
    *error = "expected " + std::to_string(is_max ? 9 : 8) + " inputs";
    return false;
  }
  if (!ActivationNhwc(op.input_operands[0], x, error, true) ||
      !AttrInts(op, 3, 2, {}, &kernel, error) ||
      !AttrInts(op, 4, 2, {1, 1}, &strides, error) ||
      !kit::ReadOptionalBool(op, 5, false, &ceil_mode, error) ||
      !kit::ReadOptionalBool(op, 6, false, &flag, error) ||
      !AttrFuse(op, is_max ? 8 : 7, &lo, &hi, error)) {
    return false;
  }
  if (!WindowValues(kernel, "kernel_shape", error) ||
      !WindowValues(strides, "strides", error)) {
    return false;
  }
  const int32_t one[2] = {1, 1};
  if (!AttrPads(op, 1, 2, x + 2, kernel.data(), strides.data(), one, &pads,
                error)) {
    return false;
  }
  if (is_max && flag) {
    *error = "return_indices is not supported";
    return false;
  }
  const auto& od = op.output_operands[0]->type.dimensions;
  if (od.count != 4 || od.data[1] <= 0 || od.data[2] <= 0) {
    *error = "output must be rank 4 with known dims";
    return false;
  }
  // ceil_mode: extend the end padding so that XNNPACK's floor division gives
  // the output size; padded positions never count (max, or the average
  // excluding padding).
  for (int d = 0; d < 2; d++) {
    // A last window that starts inside the end padding: Paddle/the standard
    // formula keep it, PyTorch/ONNX (and builtin_device) drop it.
    if (int64_t(od.data[1 + d] - 1) * strides[d] >= int64_t(x[2 + d]) + pads[2 * d]) {
      *error = "the last window lies entirely in the padding (ceil_mode "
               "conventions differ)";
      return false;
    }
    const int64_t need = int64_t(od.data[1 + d] - 1) * strides[d] + kernel[d] -
                         (int64_t(x[2 + d]) + pads[2 * d] + pads[2 * d + 1]);
    if (need > kMaxWindowAttribute) {
      *error = "output size inconsistent with the window";
      return false;
    }
    if (need > 0) {
      if (!ceil_mode) {
        *error = "output size inconsistent with the window";
        return false;
      }
      pads[2 * d + 1] += static_cast<int32_t>(need);
    }
  }
  const bool extended = pads[0] || pads[1] || pads[2] || pads[3];
  if (!is_max && flag && extended) {
    *error = "XNNPACK averages exclude padding (count_include_pad = true)";
    return false;
  }
  if (!OutputHw(op.output_operands[0],
                ConvOutput(x[2], pads[0], pads[1], kernel[0], strides[0], 1),
                ConvOutput(x[3], pads[2], pads[3], kernel[1], strides[1], 1),
                error)) {
    return false;
  }
  uint32_t in, y;
  if (!Input(op.input_operands[0], &in, error) ||
      !Output(op.output_operands[0], &y, error)) {
    return false;
  }
  if (kernel[0] * kernel[1] == 1) {  // XNNPACK rejects 1x1 pooling
    if (strides[0] != 1 || strides[1] != 1 || extended) {
      *error = "1x1 pooling with strides or padding";
      return false;
    }
    return Check(xnn_define_clamp(subgraph_, lo, hi, in, y, 0), "copy", error);
  }
  if (!is_max && !extended && kernel[0] == x[2] && kernel[1] == x[3]) {
    return Check(xnn_define_global_average_pooling_2d(subgraph_, lo, hi, in, y,
                                                      0),
                 "global average pooling", error);
  }
  xnn_status s =
      is_max ? xnn_define_max_pooling_2d(subgraph_, pads[0], pads[3], pads[1],
                                         pads[2], kernel[0], kernel[1],
                                         strides[0], strides[1], 1, 1, lo, hi,
                                         in, y, 0)
             : xnn_define_average_pooling_2d(
                   subgraph_, pads[0], pads[3], pads[1], pads[2], kernel[0],
                   kernel[1], strides[0], strides[1], lo, hi, in, y, 0);
  return Check(s, is_max ? "max pooling" : "average pooling", error);
}

bool Converter::ConvertResize(const core::Operation& op, std::string* error) {
  int32_t x[4];
  bool align_corners;
  int32_t align_mode = 1;
  std::vector<int32_t> shape;
  if (op.input_operands.size() < 4 ||
      !ActivationNhwc(op.input_operands[0], x, error, false) ||
      !kit::ReadOptionalBool(op, 3, false, &align_corners, error)) {
    if (error->empty()) *error = "expected input, shape, scales, align_corners";
    return false;
  }
  if (kit::InputOperand(op, 4) && !kit::ReadInt32(op, 4, &align_mode, error)) return false;
  if (align_mode != 0 && align_mode != 1) {
    *error = "input 4: align_mode must be 0 or 1";
    return false;
  }
  const auto& od = op.output_operands[0]->type.dimensions;
  if (od.count != 4 || od.data[1] <= 0 || od.data[2] <= 0) {
    *error = "output must be rank 4 with known dims";
    return false;
  }
  const core::Operand* shape_op = kit::InputOperand(op, 1);
  const core::Operand* scales_op = kit::InputOperand(op, 2);
  if (shape_op && !AttrInts(op, 1, 2, {}, &shape, error)) return false;
  if (!shape_op && scales_op && !align_corners) {
    // builtin/Paddle sample with ratio 1 / scale; XNNPACK with in / out.
    if (!IsConstantOperand(scales_op) ||
        scales_op->type.precision != NNADAPTER_FLOAT32 ||
        scales_op->length != 2 * sizeof(float)) {
      *error = "input 2 (scales) must be a constant FLOAT32 [2] tensor";
      return false;
    }
    const float* sc = static_cast<const float*>(scales_op->buffer);
    for (int d = 0; d < 2; d++) {
      double ratio = static_cast<double>(x[2 + d]) / od.data[1 + d];
      if (std::fabs(1.0 / sc[d] - ratio) > 1e-6 * ratio) {
        *error = "scales whose inverse differs from input/output size";
        return false;
      }
    }
  }
  const uint32_t flags = align_corners     ? XNN_FLAG_ALIGN_CORNERS
                         : align_mode == 1 ? XNN_FLAG_TENSORFLOW_LEGACY_MODE
                                           : 0;
  uint32_t in, y;
  return Input(op.input_operands[0], &in, error) &&
         Output(op.output_operands[0], &y, error) &&
         Check(xnn_define_static_resize_bilinear_2d(
                   subgraph_, size_t(od.data[1]), size_t(od.data[2]), in, y,
                   flags),
               "bilinear resize", error);
}

// Adaptive pooling whose windows are uniform (H % OH == 0, W % OW == 0):
// a pooling with kernel = stride = H / OH (global for a 1x1 output).
bool Converter::ConvertAdaptivePool(const core::Operation& op,
                                    std::string* error) {
  const bool is_max = op.type == NNADAPTER_ADAPTIVE_MAX_POOL_2D;
  int32_t x[4];
  std::vector<int32_t> os;
  bool return_indices = false;
  if (op.input_operands.size() != (is_max ? 4u : 2u) ||
      !ActivationNhwc(op.input_operands[0], x, error, false) ||
      !AttrInts(op, 1, 2, {}, &os, error) ||
      (is_max && !kit::ReadOptionalBool(op, 2, false, &return_indices, error))) {
    if (error->empty()) *error = "unexpected inputs";
    return false;
  }
  if (return_indices) {
    *error = "return_indices is not supported";
    return false;
  }
  if (os[0] <= 0 || os[1] <= 0 || x[2] % os[0] || x[3] % os[1]) {
    *error = "only uniform windows (input size a multiple of output size)";
    return false;
  }
  if (!OutputHw(op.output_operands[0], os[0], os[1], error)) return false;
  const uint32_t kh = x[2] / os[0], kw = x[3] / os[1];
  uint32_t in, y;
  if (!Input(op.input_operands[0], &in, error) ||
      !Output(op.output_operands[0], &y, error)) {
    return false;
  }
  if (kh * kw == 1) {
    return Check(xnn_define_clamp(subgraph_, -kInf, kInf, in, y, 0), "copy",
                 error);
  }
  if (!is_max && os[0] == 1 && os[1] == 1) {
    return Check(xnn_define_global_average_pooling_2d(subgraph_, -kInf, kInf,
                                                      in, y, 0),
                 "global average pooling", error);
  }
  xnn_status s =
      is_max ? xnn_define_max_pooling_2d(subgraph_, 0, 0, 0, 0, kh, kw, kh, kw,
                                         1, 1, -kInf, kInf, in, y, 0)
             : xnn_define_average_pooling_2d(subgraph_, 0, 0, 0, 0, kh, kw, kh,
                                             kw, -kInf, kInf, in, y, 0);
  return Check(s, "adaptive pooling", error);
}

// Nearest upsampling by integer factors (sh, sw) without align_corners:
// src = floor(dst / s). This XNNPACK has no nearest resize node; in NHWC
// the result is the input [N,H,1,W,1,C] broadcast-multiplied by ones
// [1,1,sh,1,sw,1] (exact), whose [N,H,sh,W,sw,C] result is in memory the
// [N,H*sh,W*sw,C] output: the multiply writes the 4-D output value directly
// (this XNNPACK sizes a binary node's output by its element count; a version
// that checks the rank rejects the node and the operation is reported as
// unsupported). Static reshapes are copies in this XNNPACK, so this saves a
// pass over the output.
bool Converter::ConvertResizeNearest(const core::Operation& op,
                                     std::string* error) {
  int32_t x[4];
  bool align_corners;
  if (op.input_operands.size() != 4 ||
      !ActivationNhwc(op.input_operands[0], x, error, false) ||
      !kit::ReadOptionalBool(op, 3, false, &align_corners, error)) {
    if (error->empty()) *error = "expected input, shape, scales, align_corners";
    return false;
  }
  const auto& od = op.output_operands[0]->type.dimensions;
  if (od.count != 4 || od.data[1] <= 0 || od.data[2] <= 0) {
    *error = "output must be rank 4 with known dims";
    return false;
  }
  const int32_t oh = od.data[1], ow = od.data[2];
  if (oh % x[2] || ow % x[3]) {
    *error = "only integer upsampling factors";
    return false;
  }
  const size_t sh = static_cast<size_t>(oh / x[2]);
  const size_t sw = static_cast<size_t>(ow / x[3]);
  if (sh * sw > 4096) {
    *error = "upsampling factors above 4096 in total";
    return false;
  }
  const core::Operand* scales = kit::InputOperand(op, 2);
  if (!kit::InputOperand(op, 1) && scales) {
    if (!IsConstantOperand(scales) || scales->type.precision != NNADAPTER_FLOAT32 ||
        scales->length != 2 * sizeof(float)) {
      *error = "input 2 (scales) must be a constant FLOAT32 [2] tensor";
      return false;
    }
    const float* sc = static_cast<const float*>(scales->buffer);
    if (sc[0] != static_cast<float>(sh) || sc[1] != static_cast<float>(sw)) {
      *error = "scales must be the integer factors";
      return false;
    }
  }
  if (align_corners && (sh > 1 || sw > 1)) {
    *error = "align_corners is not supported";
    return false;
  }
  const size_t N = x[0], C = x[1], H = x[2], W = x[3];
  uint32_t in, y;
  if (!Input(op.input_operands[0], &in, error) ||
      !Output(op.output_operands[0], &y, error)) {
    return false;
  }
  if (sh == 1 && sw == 1) {
    return Check(xnn_define_clamp(subgraph_, -kInf, kInf, in, y, 0), "copy",
                 error);
  }
  const std::vector<size_t> in6 = {N, H, 1, W, 1, C};
  const std::vector<size_t> out6 = {N, H, sh, W, sw, C};
  const std::vector<size_t> out4 = {N, H * sh, W * sw, C};
  uint32_t r, ones;
  return Internal(in6, &r, error) &&
         Check(xnn_define_static_reshape(subgraph_, 6, in6.data(), in, r, 0),
               "reshape", error) &&
         Static({1, 1, sh, 1, sw, 1}, std::vector<float>(sh * sw, 1.0f), &ones,
                error) &&
         Check(xnn_define_multiply2(subgraph_, -kInf, kInf, r, ones, y, 0),
               "broadcast", error);
}

}  // namespace google_xnnpack
}  // namespace nnadapter
