// Fake quantization ops of quantization-aware-trained models, executed in
// float (Paddle semantics; symmetric, bin_cnt = 2^(bit_length-1) - 1):
//   quant(x, s)   = round_type 1 (ties away from zero; the default of the
//                     fake_* ops, quant_round_type.h):
//                     round(bin_cnt / s * clip(x, -s, s))
//                   round_type 0 (ties to even; the default of
//                     quantize_linear / dequantize_linear):
//                     clip(rint(bin_cnt * (x / s)), -bin_cnt - 1, bin_cnt)
//   dequant(q, s) = q * s / bin_cnt
// 1/s is 1/(s + 1e-6) when s <= 1e-30.
// fake_quantize_dequantize_moving_average_abs_max: Out = dequant(quant(X, s)),
//   s = InScale (inference: the stored moving average is used as is);
//   OutScale = s; OutState / OutAccum (if present) copy InState / InAccum.
// fake_quantize_dequantize_abs_max: the same with s = max|X| (OutScale = s).
// fake_quantize_abs_max: Out = quant(X, max|X|); OutScale = max|X|.
// fake_quantize_moving_average_abs_max: Out = quant(X, InScale).
// fake_channel_wise_quantize_dequantize_abs_max / fake_channel_wise_quantize_abs_max:
//   s[c] = max |X| over every axis but quant_axis (0 or 1); OutScale = s.
// fake_dequantize_max_abs: Out = X * Scale / max_range.
// fake_channel_wise_dequantize_max_abs: Scales = [s1] (per channel along
//   quant_axis): Out = X * s1[c] / (2^(quant_bits[0]-1) - 1); Scales = [s1, s2]:
//   Out = X * s1[c] * s2[0] / (range0 * range1), c along x_num_col_dims.
// quantize_linear / dequantize_linear: quant / dequant with Scale (one value
//   when quant_axis < 0, else one per channel along quant_axis); ZeroPoint is
//   accepted and, as in Paddle, not used (symmetric).
#include <algorithm>
#include <cmath>

#include "lite/core/registry.h"
#include "lite/operators/tensor/quant_per_tensor.h"
#include "lite/operators/tensor/quant_round_type.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

enum class QuantKind {
  kQDqMovingAverage,  // fake_quantize_dequantize_moving_average_abs_max
  kQDqAbsMax,         // fake_quantize_dequantize_abs_max
  kQAbsMax,           // fake_quantize_abs_max
  kQMovingAverage,    // fake_quantize_moving_average_abs_max
  kQDqChannel,        // fake_channel_wise_quantize_dequantize_abs_max
  kQChannel,          // fake_channel_wise_quantize_abs_max
  kDqMaxAbs,          // fake_dequantize_max_abs
  kDqChannel,         // fake_channel_wise_dequantize_max_abs
  kQLinear,           // quantize_linear
  kDqLinear,          // dequantize_linear
};

struct QuantParam {
  QuantKind kind{QuantKind::kQDqMovingAverage};
  std::string op;
  const Tensor* x{nullptr};
  const Tensor* in_scale{nullptr};
  std::vector<Tensor*> scales;  // fake_channel_wise_dequantize_max_abs
  const Tensor* in_state{nullptr};
  const Tensor* in_accum{nullptr};
  // quantize_linear / dequantize_linear: symmetric only (all zeros).
  const Tensor* zero_point{nullptr};
  Tensor* out{nullptr};
  Tensor* out_scale{nullptr};
  Tensor* out_state{nullptr};
  Tensor* out_accum{nullptr};
  int bit_length{8};
  int round_type{1};
  int quant_axis{0};
  int x_num_col_dims{1};
  float max_range{127.f};
  std::vector<int> quant_bits;
};

inline float Inverse(float s) { return s <= 1e-30f ? 1.f / (s + 1e-6f) : 1.f / s; }

inline float Quant(float x, float s, float bin, int round_type) {
  const float inv_s = Inverse(s);
  if (round_type == 0) {
    float q = std::nearbyint(bin * (x * inv_s));
    return std::min(std::max(q, -bin - 1.f), bin);
  }
  const float xc = std::min(std::max(x, -s), s);
  return std::round(bin * inv_s * xc);
}

inline float Dequant(float q, float s, float bin) { return q * s / bin; }

class QuantOp : public OperatorBase<QuantParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    LITE_ENFORCE(p.x->dtype() == DataType::kFloat32 ||
                     ((p.kind == QuantKind::kDqLinear || p.kind == QuantKind::kDqChannel ||
                       p.kind == QuantKind::kDqMaxAbs) &&
                      (p.x->dtype() == DataType::kInt8 || p.x->dtype() == DataType::kInt32)),
                 "op '", p.op, "': input X has unsupported type ", DataTypeName(p.x->dtype()));
    const DDim& d = p.x->dims();
    if (IsChannelWise()) {
      const int axis = ChannelAxis();
      LITE_ENFORCE(axis >= 0 && axis < static_cast<int>(d.size()), "op '", p.op,
                   "': quant axis ", axis, " is out of range for input X dims ",
                   DimsToString(d));
    }
    p.out->Resize(d);
    p.out->set_dtype(DataType::kFloat32);
    if (p.out_scale) {
      if (p.kind == QuantKind::kQDqChannel || p.kind == QuantKind::kQChannel) {
        p.out_scale->Resize({d[p.quant_axis]});
      } else {
        p.out_scale->Resize({1});
      }
      p.out_scale->set_dtype(DataType::kFloat32);
    }
    if (p.out_state && p.in_state) p.out_state->Resize(p.in_state->dims());
    if (p.out_accum && p.in_accum) p.out_accum->Resize(p.in_accum->dims());
  }

  bool IsChannelWise() const {
    const auto& p = param_;
    return p.kind == QuantKind::kQDqChannel || p.kind == QuantKind::kQChannel ||
           p.kind == QuantKind::kDqChannel ||
           ((p.kind == QuantKind::kQLinear || p.kind == QuantKind::kDqLinear) &&
            p.quant_axis >= 0 && p.in_scale->numel() > 1);
  }
  int ChannelAxis() const {
    const auto& p = param_;
    if (p.kind == QuantKind::kDqChannel && p.scales.size() == 2) return p.x_num_col_dims;
    return p.quant_axis;
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op = desc.Type();
    static const std::pair<const char*, QuantKind> kinds[] = {
        {"fake_quantize_dequantize_moving_average_abs_max", QuantKind::kQDqMovingAverage},
        {"fake_quantize_dequantize_abs_max", QuantKind::kQDqAbsMax},
        {"fake_quantize_abs_max", QuantKind::kQAbsMax},
        {"fake_quantize_moving_average_abs_max", QuantKind::kQMovingAverage},
        {"fake_channel_wise_quantize_dequantize_abs_max", QuantKind::kQDqChannel},
        {"fake_channel_wise_quantize_abs_max", QuantKind::kQChannel},
        {"fake_dequantize_max_abs", QuantKind::kDqMaxAbs},
        {"fake_channel_wise_dequantize_max_abs", QuantKind::kDqChannel},
        {"quantize_linear", QuantKind::kQLinear},
        {"dequantize_linear", QuantKind::kDqLinear},
    };
    for (auto& k : kinds) {
      if (p.op == k.first) p.kind = k.second;
    }
    p.x = GetInput(desc, scope, "X");
    const bool linear = p.kind == QuantKind::kQLinear || p.kind == QuantKind::kDqLinear;
    p.out = GetOutput(desc, scope, linear ? "Y" : "Out");
    p.out_scale = GetOptionalOutput(desc, scope, "OutScale");
    p.bit_length = desc.GetAttr<int32_t>("bit_length", 8);
    LITE_ENFORCE(p.bit_length >= 2 && p.bit_length <= 16, "op '", p.op,
                 "': attribute 'bit_length' = ", p.bit_length, " must be in [2, 16]");
    p.round_type = RoundTypeOf(desc);
    LITE_ENFORCE(p.round_type == 0 || p.round_type == 1, "op '", p.op,
                 "': attribute 'round_type' = ", p.round_type,
                 " (expected 0 = ties to even, 1 = ties away from zero)");
    p.quant_axis = desc.GetAttr<int32_t>("quant_axis", linear ? -1 : 0);
    switch (p.kind) {
      case QuantKind::kQDqMovingAverage:
      case QuantKind::kQMovingAverage:
        p.in_scale = GetInput(desc, scope, "InScale");
        p.in_state = GetOptionalInput(desc, scope, "InState");
        p.in_accum = GetOptionalInput(desc, scope, "InAccum");
        p.out_state = GetOptionalOutput(desc, scope, "OutState");
        p.out_accum = GetOptionalOutput(desc, scope, "OutAccum");
        break;
      case QuantKind::kQDqChannel:
      case QuantKind::kQChannel:
        LITE_ENFORCE(p.quant_axis == 0 || p.quant_axis == 1, "op '", p.op,
                     "': attribute 'quant_axis' = ", p.quant_axis, " (expected 0 or 1)");
        break;
      case QuantKind::kDqMaxAbs:
        p.in_scale = GetInput(desc, scope, "Scale");
        p.max_range = desc.GetAttr<float>("max_range");
        break;
      case QuantKind::kDqChannel: {
        p.scales = GetInputList(desc, scope, "Scales");
        LITE_ENFORCE(p.scales.size() == 1 || p.scales.size() == 2, "op '", p.op,
                     "': input 'Scales' must hold 1 or 2 tensors, got ", p.scales.size());
        p.quant_bits = desc.GetAttr<std::vector<int32_t>>("quant_bits", {8});
        LITE_ENFORCE(p.quant_bits.size() >= p.scales.size(), "op '", p.op,
                     "': attribute 'quant_bits' needs one entry per Scales tensor");
        p.x_num_col_dims = desc.GetAttr<int32_t>("x_num_col_dims", 1);
        break;
      }
      case QuantKind::kQLinear:
      case QuantKind::kDqLinear:
        p.in_scale = GetInput(desc, scope, "Scale");
        p.zero_point = GetOptionalInput(desc, scope, "ZeroPoint");
        // The moving-average state of quantize_linear in training.
        p.in_state = GetOptionalInput(desc, scope, "InState");
        p.in_accum = GetOptionalInput(desc, scope, "InAccum");
        break;
      default:
        break;
    }
  }
};

class QuantKernel : public KernelBase<QuantParam> {
 public:
  void Run(const RunContext& ctx) override {
    auto& p = param();
    const int64_t n = p.x->numel();
    std::vector<float> xf;
    const float* x = nullptr;
    if (p.x->dtype() == DataType::kFloat32) {
      x = p.x->data<float>();
    } else {
      xf = ReadFloats(*p.x, "op '" + p.op + "': input X");
      x = xf.data();
    }
    if (p.zero_point) {
      for (float z : ReadFloats(*p.zero_point, "op '" + p.op + "': input ZeroPoint")) {
        LITE_ENFORCE(z == 0.f, "op '", p.op, "': input 'ZeroPoint' holds ", z,
                     "; only symmetric quantization (zero points 0) is supported");
      }
    }
    float* out = p.out->mutable_data<float>();
    const float bin = static_cast<float>((1 << (p.bit_length - 1)) - 1);
    const DDim& d = p.x->dims();
    switch (p.kind) {
      case QuantKind::kQDqMovingAverage:
      case QuantKind::kQMovingAverage:
      case QuantKind::kQDqAbsMax:
      case QuantKind::kQAbsMax: {
        float s = 0;
        if (p.in_scale) {
          s = ScalarScale(*p.in_scale, "InScale");
        } else {
          for (int64_t i = 0; i < n; ++i) s = std::max(s, std::fabs(x[i]));
        }
        const bool dq = p.kind == QuantKind::kQDqMovingAverage || p.kind == QuantKind::kQDqAbsMax;
        QuantPerTensor(x, out, n, s, Inverse(s), bin, p.round_type, dq, ctx.threads);
        if (p.out_scale) p.out_scale->mutable_data<float>()[0] = s;
        if (p.out_state && p.in_state) p.out_state->CopyFrom(*p.in_state);
        if (p.out_accum && p.in_accum) p.out_accum->CopyFrom(*p.in_accum);
        break;
      }
      case QuantKind::kQDqChannel:
      case QuantKind::kQChannel: {
        const int axis = p.quant_axis;
        const int64_t outer = DimsProduct(d, 0, axis), C = d[axis];
        const int64_t inner = DimsProduct(d, axis + 1, d.size());
        std::vector<float> s(C, 0.f);
        for (int64_t o = 0; o < outer; ++o)
          for (int64_t c = 0; c < C; ++c)
            for (int64_t i = 0; i < inner; ++i)
              s[c] = std::max(s[c], std::fabs(x[(o * C + c) * inner + i]));
        const bool dq = p.kind == QuantKind::kQDqChannel;
        for (int64_t o = 0; o < outer; ++o)
          for (int64_t c = 0; c < C; ++c)
            for (int64_t i = 0; i < inner; ++i) {
              const int64_t k = (o * C + c) * inner + i;
              float q = Quant(x[k], s[c], bin, p.round_type);
              out[k] = dq ? Dequant(q, s[c], bin) : q;
            }
        if (p.out_scale) {
          float* os = p.out_scale->mutable_data<float>();
          std::copy(s.begin(), s.end(), os);
        }
        break;
      }
      case QuantKind::kDqMaxAbs: {
        const float s = ScalarScale(*p.in_scale, "Scale");
        for (int64_t i = 0; i < n; ++i) out[i] = x[i] * s / p.max_range;
        break;
      }
      case QuantKind::kDqChannel: {
        const int axis = p.scales.size() == 2 ? p.x_num_col_dims : p.quant_axis;
        auto s1 = ChannelScales(*p.scales[0], d, axis, "Scales[0]");
        const float r0 = static_cast<float>((1 << (p.quant_bits[0] - 1)) - 1);
        float s2 = 1.f, r1 = 1.f;
        if (p.scales.size() == 2) {
          s2 = ScalarScale(*p.scales[1], "Scales[1]");
          r1 = static_cast<float>((1 << (p.quant_bits[1] - 1)) - 1);
        }
        ForChannels(d, axis, [&](int64_t k, int64_t c) {
          out[k] = p.scales.size() == 2 ? x[k] * s1[c] * s2 / (r0 * r1) : x[k] * s1[c] / r0;
        });
        break;
      }
      case QuantKind::kQLinear:
      case QuantKind::kDqLinear: {
        const bool q = p.kind == QuantKind::kQLinear;
        if (p.quant_axis >= 0 && p.in_scale->numel() > 1) {
          auto s = ChannelScales(*p.in_scale, d, p.quant_axis, "Scale");
          ForChannels(d, p.quant_axis, [&](int64_t k, int64_t c) {
            out[k] = q ? Quant(x[k], s[c], bin, p.round_type) : Dequant(x[k], s[c], bin);
          });
        } else {
          const float s = ScalarScale(*p.in_scale, "Scale");
          for (int64_t i = 0; i < n; ++i) {
            out[i] = q ? Quant(x[i], s, bin, p.round_type) : Dequant(x[i], s, bin);
          }
        }
        break;
      }
    }
  }

 private:
  float ScalarScale(const Tensor& t, const char* slot) {
    auto v = ReadFloats(t, "op '" + param().op + "': input '" + slot + "'");
    LITE_ENFORCE(v.size() == 1, "op '", param().op, "': input '", slot,
                 "' must hold one value, got dims ", DimsToString(t.dims()));
    return v[0];
  }
  std::vector<float> ChannelScales(const Tensor& t, const DDim& d, int axis, const char* slot) {
    auto v = ReadFloats(t, "op '" + param().op + "': input '" + slot + "'");
    LITE_ENFORCE(static_cast<int64_t>(v.size()) == d[axis], "op '", param().op,
                 "': input '", slot, "' has ", v.size(), " scales but input X (dims ",
                 DimsToString(d), ") has ", d[axis], " channels along axis ", axis);
    return v;
  }
  template <typename F>
  static void ForChannels(const DDim& d, int axis, F&& f) {
    const int64_t outer = DimsProduct(d, 0, axis), C = d[axis];
    const int64_t inner = DimsProduct(d, axis + 1, d.size());
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t c = 0; c < C; ++c)
        for (int64_t i = 0; i < inner; ++i) f((o * C + c) * inner + i, c);
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(QuantOp)
LITE_KERNEL_CLASS(QuantKernel)
