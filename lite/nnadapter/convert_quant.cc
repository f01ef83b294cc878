// conv2d / depthwise_conv2d carrying int8 scales (set by
// quant_dequant_fold_pass / quant_int8_weight_pass: enable_int8,
// Input0_scale, Filter0_scale, Output0_scale, an int8 Filter weight) become
// NNAdapter operations on QUANT_INT8 operands:
//
//   x (float) ─QUANTIZE(Input0_scale)─► QUANT_INT8_SYMM_PER_LAYER
//     ─CONV_2D(filter QUANT_INT8_SYMM_PER_CHANNEL (Filter0_scale, channel 0),
//              bias QUANT_INT32_SYMM_PER_CHANNEL (Input0_scale * Filter0_scale[c]),
//              relu/relu6 as fuse_code)─► QUANT_INT8_SYMM_PER_LAYER (Output0_scale)
//     ─DEQUANTIZE─► float [─ other fused activation in float ─] ► output
//
// The subgraph keeps float tensors at its boundaries and between ops (the
// other converters are float); a device runs the convolution in int8.
// Without Output0_scale (the conv's output does not feed an int8 op, so QAT
// recorded no range for it) the conv is converted in float with the
// dequantized filter (q * Filter0_scale[c]): the same numbers as the CPU
// int8 kernel up to input quantization, never an invented output range.
// (Rounding the input to its int8 grid first, QUANTIZE + DEQUANTIZE, was
// measured: it moved the QAT detector's map further from the CPU int8
// kernels' (mean |diff| 0.00357 vs 0.00316), so it is not done.)
#include <algorithm>
#include <cmath>
#include <cstring>

#include "lite/nnadapter/converters.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

namespace {
float PositiveScale(const cpp::OpDesc& op, const std::string& attr) {
  auto v = op.GetAttr<std::vector<float>>(attr);
  LITE_ENFORCE(v.size() == 1 && v[0] > 0.f && std::isfinite(v[0]), "op '", op.Type(),
               "': attribute '", attr, "' must be one positive scale");
  return v[0];
}

// Attribute `attr`: one positive scale per output channel (`count` of them,
// `per` says what a channel is in messages), or one for all, expanded.
// With `allow_zero`, a 0 is kept: a channel whose weights all quantized to
// 0 (PaddleSlim writes scale 0 for it; PP-OCR v2.0's slim recognizer has
// such channels).
std::vector<float> ChannelScales(const cpp::OpDesc& op, const std::string& attr, int64_t count,
                                 const char* per, bool allow_zero = false) {
  std::vector<float> scales = op.GetAttr<std::vector<float>>(attr);
  if (scales.size() == 1) scales.assign(count, scales[0]);
  LITE_ENFORCE(static_cast<int64_t>(scales.size()) == count, "op '", op.Type(), "': attribute '",
               attr, "' has ", scales.size(), " values; expected ", count, " (one per ", per,
               ")");
  for (float v : scales) {
    LITE_ENFORCE((v > 0.f || (allow_zero && v == 0.f)) && std::isfinite(v), "op '", op.Type(),
                 "': attribute '", attr, "' values must be positive",
                 allow_zero ? " or 0" : "");
  }
  return scales;
}

// The QUANT_INT32_SYMM_PER_CHANNEL bias of a quantized conv / fc: scale
// in_scale * wscale[m], values round(bias[m] / scale) saturated to int32
// (zeros without a bias).
NNAdapterOperand* Int32Bias(Converter& c, const Tensor* bias, float in_scale,
                            const std::vector<float>& wscale) {
  const int64_t n = static_cast<int64_t>(wscale.size());
  std::vector<float> bscale(n);
  std::vector<int32_t> bq(n, 0);
  for (int64_t m = 0; m < n; ++m) {
    bscale[m] = in_scale * wscale[m];
    if (bias) {
      const double v = std::round(static_cast<double>(bias->data<float>()[m]) / bscale[m]);
      bq[m] = static_cast<int32_t>(std::max(-2147483647.0, std::min(2147483647.0, v)));
    }
  }
  return c.Quant(NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL, {n}, bscale, 0, bq.data(),
                 bq.size() * sizeof(int32_t));
}
}  // namespace

bool IsInt8Conv(Converter& c, const cpp::OpDesc& op) {
  if (!op.GetAttr<bool>("enable_int8", false)) return false;
  const Tensor* f = c.Weight(One(op, "Filter"));
  return f && f->dtype() == DataType::kInt8;
}

void ConvertConv2dInt8(Converter& c, const cpp::OpDesc& op) {
  LITE_ENFORCE(op.GetAttr<std::string>("data_format", "NCHW") != "NHWC",
               "op '", op.Type(), "': NHWC data_format is not converted");
  const Tensor* filter = c.Weight(One(op, "Filter"));
  LITE_ENFORCE(filter && filter->dims().size() == 4 && filter->dtype() == DataType::kInt8,
               "op '", op.Type(), "': an int8 conv needs a 4-D int8 Filter weight");
  const int64_t cout = filter->dims()[0], per = filter->numel() / cout;
  std::vector<float> wscale = ChannelScales(op, "Filter0_scale", cout, "output channel", true);
  const float in_scale = PositiveScale(op, "Input0_scale");
  const bool quant_out = op.HasAttr("Output0_scale");
  const std::string& out_name = One(op, "Output", false);
  const Tensor* bias = op.HasInput("Bias") ? c.Weight(One(op, "Bias")) : nullptr;
  LITE_ENFORCE(!op.HasInput("Bias") || (bias && bias->numel() == cout &&
                                        bias->dtype() == DataType::kFloat32),
               "op '", op.Type(), "': Bias must be a float weight with ", cout, " values");
  FusedAct act = ReadFusedAct(op);
  const std::vector<NNAdapterOperand*> attrs = ConvAttributeOperands(c, op, act.fuse_code);

  if (!quant_out) {
    // Float CONV_2D on the dequantized filter.
    Tensor wf;
    wf.Resize(filter->dims());
    float* d = wf.mutable_data<float>();
    const int8_t* q = filter->data<int8_t>();
    for (int64_t m = 0; m < cout; ++m) {
      for (int64_t i = 0; i < per; ++i) d[m * per + i] = q[m * per + i] * wscale[m];
    }
    Tensor b;
    b.Resize({cout});
    float* bd = b.mutable_data<float>();
    for (int64_t m = 0; m < cout; ++m) bd[m] = bias ? bias->data<float>()[m] : 0.f;
    std::vector<NNAdapterOperand*> in = {c.Input(One(op, "Input")),
                                         c.ConstantTensor(wf, wf.dims()),
                                         c.ConstantTensor(b, b.dims())};
    in.insert(in.end(), attrs.begin(), attrs.end());
    AddWithActivation(c, op, NNADAPTER_CONV_2D, in, out_name, act);
    return;
  }
  const float out_scale = PositiveScale(op, "Output0_scale");
  // QUANTIZE the float input with the input scale.
  NNAdapterOperand* x = c.Input(One(op, "Input"));
  NNAdapterOperand* xq = c.Quant(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, DDim(4, -1), {in_scale});
  const float zero = 0.f;
  c.AddOperation(NNADAPTER_QUANTIZE, {x, c.Int32(1), c.Float32(in_scale), c.Float32(zero)}, {xq});
  // Filter per output channel; bias int32 with scale in_scale * w_scale[c].
  // A channel of scale 0 computes 0 * q: NNAdapter's scales are positive, so
  // it gets scale 1 and zero weights.
  std::vector<int8_t> q(filter->data<int8_t>(), filter->data<int8_t>() + filter->numel());
  for (int64_t m = 0; m < cout; ++m) {
    if (wscale[m] != 0.f) continue;
    wscale[m] = 1.f;
    std::fill(q.begin() + m * per, q.begin() + (m + 1) * per, int8_t{0});
  }
  NNAdapterOperand* w = c.Quant(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, filter->dims(), wscale, 0,
                                q.data(), q.size());
  NNAdapterOperand* b = Int32Bias(c, bias, in_scale, wscale);
  NNAdapterOperand* yq = c.Quant(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, DDim(4, -1), {out_scale});
  std::vector<NNAdapterOperand*> in = {xq, w, b};
  in.insert(in.end(), attrs.begin(), attrs.end());
  c.AddOperation(NNADAPTER_CONV_2D, in, {yq});
  // Back to float; activations that are no fuse_code run in float after.
  if (act.type.empty() || act.fuse_code != NNADAPTER_FUSED_NONE) {
    c.AddOperation(NNADAPTER_DEQUANTIZE, {yq}, {c.Output(out_name)});
    return;
  }
  NNAdapterOperand* yf = c.Temporary();
  c.AddOperation(NNADAPTER_DEQUANTIZE, {yq}, {yf});
  AddActivation(c, op, act.type, true, yf, c.Output(out_name));
}

bool IsInt8Fc(Converter& c, const cpp::OpDesc& op) {
  if (!op.GetAttr<bool>("enable_int8", false)) return false;
  const Tensor* w = c.Weight(One(op, op.Type() == "fc" ? "W" : "Y"));
  return w && w->dtype() == DataType::kInt8;
}

// fc / mul with int8 scales (Input0_scale/W0_scale or X0_scale/Y0_scale and
// an int8 [K, N] weight) -> FULLY_CONNECTED with the weight transposed to
// [N, K], QUANT_INT8_SYMM_PER_CHANNEL along dim 0, int32 bias; the same
// QUANTIZE / DEQUANTIZE framing and output-scale rule as the convs, with
// Out0_scale; without it a float FULLY_CONNECTED on the dequantized weight.
void ConvertFcInt8(Converter& c, const cpp::OpDesc& op) {
  const bool fc = op.Type() == "fc";
  const Tensor* w = c.Weight(One(op, fc ? "W" : "Y"));
  LITE_ENFORCE(w && w->dims().size() == 2 && w->dtype() == DataType::kInt8, "op '", op.Type(),
               "': an int8 ", op.Type(), " needs a 2-D int8 weight");
  if (fc) {
    LITE_ENFORCE(op.GetAttr<int32_t>("in_num_col_dims", 1) == 1 &&
                     !op.GetAttr<bool>("padding_weights", false),
                 "op 'fc': only in_num_col_dims == 1 without padding_weights is converted");
  } else {
    LITE_ENFORCE(op.GetAttr<int32_t>("x_num_col_dims", 1) == 1 &&
                     op.GetAttr<int32_t>("y_num_col_dims", 1) == 1,
                 "op 'mul': only x_num_col_dims == y_num_col_dims == 1 is converted");
  }
  const int64_t K = w->dims()[0], N = w->dims()[1];
  const std::string w_attr = fc ? "W0_scale" : "Y0_scale";
  const std::vector<float> wscale = ChannelScales(op, w_attr, N, "column");
  const float in_scale = PositiveScale(op, fc ? "Input0_scale" : "X0_scale");
  const Tensor* bias = fc && op.HasInput("Bias") ? c.Weight(One(op, "Bias")) : nullptr;
  LITE_ENFORCE(!(fc && op.HasInput("Bias")) ||
                   (bias && bias->numel() == N && bias->dtype() == DataType::kFloat32),
               "op 'fc': Bias must be a float weight with ", N, " values");
  FusedAct act = fc ? ReadFusedAct(op, "activation_type") : FusedAct{};
  const bool act_in_op = act.type.empty() || act.fuse_code != NNADAPTER_FUSED_NONE;
  const float out_scale =
      act_in_op && op.HasAttr("Out0_scale") ? PositiveScale(op, "Out0_scale") : 0.f;
  const std::string& x_name = One(op, fc ? "Input" : "X");
  const std::string& out_name = One(op, "Out", false);
  const int8_t* q = w->data<int8_t>();
  if (out_scale <= 0.f) {
    Tensor wt, b;
    wt.Resize({N, K});
    float* d = wt.mutable_data<float>();
    for (int64_t k = 0; k < K; ++k)
      for (int64_t n = 0; n < N; ++n) d[n * K + k] = q[k * N + n] * wscale[n];
    b.Resize({N});
    for (int64_t n = 0; n < N; ++n) b.mutable_data<float>()[n] = bias ? bias->data<float>()[n] : 0.f;
    AddWithActivation(c, op, NNADAPTER_FULLY_CONNECTED,
                      {c.Input(x_name), c.ConstantTensor(wt, wt.dims()),
                       c.ConstantTensor(b, b.dims()), c.Int32(act.fuse_code)},
                      out_name, act);
    return;
  }
  std::vector<int8_t> qt(N * K);
  for (int64_t k = 0; k < K; ++k)
    for (int64_t n = 0; n < N; ++n) qt[n * K + k] = q[k * N + n];
  NNAdapterOperand* xq = c.Quant(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, DDim(c.Dims(x_name).size(), -1),
                                 {in_scale});
  c.AddOperation(NNADAPTER_QUANTIZE,
                 {c.Input(x_name), c.Int32(0), c.Float32(in_scale), c.Float32(0.f)}, {xq});
  NNAdapterOperand* wq = c.Quant(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, {N, K}, wscale, 0,
                                 qt.data(), qt.size());
  NNAdapterOperand* bqo = Int32Bias(c, bias, in_scale, wscale);
  NNAdapterOperand* yq = c.Quant(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, DDim(2, -1), {out_scale});
  c.AddOperation(NNADAPTER_FULLY_CONNECTED, {xq, wq, bqo, c.Int32(act.fuse_code)}, {yq});
  c.AddOperation(NNADAPTER_DEQUANTIZE, {yq}, {c.Output(out_name)});
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
