// Converters of the fake quantize / dequantize ops of quantization-aware
// trained models on the float path (their semantics: lite/operators/tensor/
// quant.cc; bin = 2^(bit_length-1) - 1, s the stored scale).
//
//   quant-dequant with a stored scale s (moving average, quantize_linear):
//     x ─CLIP(-s, s)─► QUANTIZE(scale s/bin) ─► QUANT_INT8 ─DEQUANTIZE─► float
//   Paddle clips to [-s, s] before rounding half away from zero, so the
//   integer lands in [-bin, bin] as QUANTIZE computes it; quant-only ops
//   (their output is the integer as a float) multiply by bin/s after.
//   dequant-only ops: x * factor (MUL by a constant, per layer or per
//   channel along the quant axis).
//
// Ops whose scale is max|X| of their input (the *_abs_max family) only
// reach a converter when X is not constant (constant_fold_pass folds them on
// weights): the scale would be computed at run time, which QUANTIZE cannot
// take, so they have no converter (docs/offload-debugging.md).
#include <cmath>

#include "lite/nnadapter/converters.h"
#include "lite/operators/tensor/quant_round_type.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

namespace {
// The stored scale tensor(s) of `slot`, from the weights.
std::vector<float> StoredScales(Converter& c, const cpp::OpDesc& op, const std::string& slot,
                                const std::string& var) {
  const Tensor* t = c.Weight(var);
  LITE_ENFORCE(t && t->dtype() == DataType::kFloat32 && t->numel() >= 1, "op '", op.Type(),
               "': input '", slot, "' must be a float weight to be converted");
  std::vector<float> v(t->data<float>(), t->data<float>() + t->numel());
  for (float s : v) {
    LITE_ENFORCE(s > 1e-30f && std::isfinite(s), "op '", op.Type(), "': input '", slot,
                 "' holds a scale <= 1e-30 or not finite; not converted");
  }
  return v;
}

const std::string& FloatX(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  LITE_ENFORCE(c.DType(x) == DataType::kFloat32, "op '", op.Type(),
               "': only a float input X is converted");
  return x;
}

float Bin(const cpp::OpDesc& op) {
  const int bits = op.GetAttr<int32_t>("bit_length", 8);
  LITE_ENFORCE(bits >= 2 && bits <= 8, "op '", op.Type(), "': attribute 'bit_length' = ", bits,
               " is not converted (QUANTIZE produces 8-bit integers)");
  return static_cast<float>((1 << (bits - 1)) - 1);
}

// out = x * factors, factors one value or one per channel of axis `axis`.
void MulBy(Converter& c, const cpp::OpDesc& op, const std::string& x,
           const std::vector<float>& factors, int axis, NNAdapterOperand* out) {
  NNAdapterOperand* k = nullptr;
  if (factors.size() == 1) {
    k = c.Float32s(factors);
  } else {
    const DDim xd = c.Dims(x);
    LITE_ENFORCE(axis >= 0 && axis < static_cast<int>(xd.size()), "op '", op.Type(),
                 "': quant axis ", axis, " is out of range for X of rank ", xd.size());
    DDim kd(xd.size() - axis, 1);
    kd[0] = static_cast<int64_t>(factors.size());
    Tensor t;
    t.Resize(kd);
    std::copy(factors.begin(), factors.end(), t.mutable_data<float>());
    k = c.ConstantTensor(t, kd);
  }
  c.AddOperation(NNADAPTER_MUL, {c.Input(x), k, c.Int32(NNADAPTER_FUSED_NONE)}, {out});
}

// x ─CLIP─► QUANTIZE ─► DEQUANTIZE: Paddle's dequant(quant(x, s)) with one
// stored scale s. When `integers`, the output is quant(x, s) as a float.
void QuantDequant(Converter& c, const cpp::OpDesc& op, const std::string& scale_slot,
                  bool integers, const std::string& out_slot) {
  LITE_ENFORCE(RoundTypeOf(op) == 1, "op '", op.Type(),
               "': round_type 0 (ties to even; the attribute or, for the linear ops, Paddle's "
               "default) is not converted (QUANTIZE rounds half away from zero)");
  const float bin = Bin(op);
  const std::string& x = FloatX(c, op);
  std::vector<float> s = StoredScales(c, op, scale_slot, One(op, scale_slot));
  LITE_ENFORCE(s.size() == 1, "op '", op.Type(), "': input '", scale_slot, "' has ", s.size(),
               " scales; only one (per tensor) is converted on a non-constant X");
  const float step = s[0] / bin;
  const size_t rank = c.Dims(x).size();
  NNAdapterOperand* clipped = c.Temporary();
  c.AddOperation(NNADAPTER_CLIP, {c.Input(x), c.Float32(-s[0]), c.Float32(s[0])}, {clipped});
  NNAdapterOperand* q = c.Quant(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, DDim(rank, -1), {step});
  c.AddOperation(NNADAPTER_QUANTIZE, {clipped, c.Int32(0), c.Float32(step), c.Float32(0.f)}, {q});
  NNAdapterOperand* out = c.Output(One(op, out_slot, false));
  if (!integers) {
    c.AddOperation(NNADAPTER_DEQUANTIZE, {q}, {out});
    return;
  }
  NNAdapterOperand* dq = c.Temporary();
  c.AddOperation(NNADAPTER_DEQUANTIZE, {q}, {dq});
  c.AddOperation(NNADAPTER_MUL, {dq, c.Float32s({bin / s[0]}), c.Int32(NNADAPTER_FUSED_NONE)},
                 {out});
}
}  // namespace

void ConvertFakeQuantDequant(Converter& c, const cpp::OpDesc& op) {
  QuantDequant(c, op, "InScale", false, "Out");
}

void ConvertFakeQuant(Converter& c, const cpp::OpDesc& op) {
  QuantDequant(c, op, "InScale", true, "Out");
}

void ConvertQuantizeLinear(Converter& c, const cpp::OpDesc& op) {
  QuantDequant(c, op, "Scale", true, "Y");
}

void ConvertDequantizeLinear(Converter& c, const cpp::OpDesc& op) {
  const float bin = Bin(op);
  const std::string& x = FloatX(c, op);
  std::vector<float> f = StoredScales(c, op, "Scale", One(op, "Scale"));
  for (float& v : f) v /= bin;
  MulBy(c, op, x, f, op.GetAttr<int32_t>("quant_axis", -1), c.Output(One(op, "Y", false)));
}

void ConvertFakeDequantMaxAbs(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = FloatX(c, op);
  std::vector<float> f = StoredScales(c, op, "Scale", One(op, "Scale"));
  LITE_ENFORCE(f.size() == 1, "op '", op.Type(), "': input 'Scale' must hold one value");
  const float range = op.GetAttr<float>("max_range");
  LITE_ENFORCE(range > 0.f, "op '", op.Type(), "': attribute 'max_range' must be positive");
  MulBy(c, op, x, {f[0] / range}, 0, c.Output(One(op, "Out", false)));
}

void ConvertFakeChannelDequant(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = FloatX(c, op);
  const auto& scales = op.Input("Scales");
  LITE_ENFORCE(scales.size() == 1 || scales.size() == 2, "op '", op.Type(),
               "': input 'Scales' must hold 1 or 2 tensors");
  auto bits = op.GetAttr<std::vector<int32_t>>("quant_bits", {8});
  LITE_ENFORCE(bits.size() >= scales.size(), "op '", op.Type(),
               "': attribute 'quant_bits' needs one entry per Scales tensor");
  std::vector<float> f = StoredScales(c, op, "Scales", scales[0]);
  float divisor = static_cast<float>((1 << (bits[0] - 1)) - 1);
  float second = 1.f;
  if (scales.size() == 2) {
    auto s2 = StoredScales(c, op, "Scales", scales[1]);
    LITE_ENFORCE(s2.size() == 1, "op '", op.Type(), "': input 'Scales'[1] must hold one value");
    second = s2[0];
    divisor *= static_cast<float>((1 << (bits[1] - 1)) - 1);
  }
  for (float& v : f) v = v * second / divisor;
  const int axis = scales.size() == 2 ? op.GetAttr<int32_t>("x_num_col_dims", 1)
                                      : op.GetAttr<int32_t>("quant_axis", 0);
  MulBy(c, op, x, f, axis, c.Output(One(op, "Out", false)));
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
