// Converters of elementwise ops, activations and scale, and the fused
// activation helpers shared by all converters.
#include <map>

#include "lite/nnadapter/converters.h"
#include "lite/operators/math/activation_funcs.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

namespace {
using operators::ActParam;
using operators::ActType;

// The NNA_FN mappings of activations.inc: `p` holds the activation's
// attributes, `op` names the Paddle op in errors.
void AddRelu6(Converter& c, const cpp::OpDesc&, const ActParam& p, NNAdapterOperand* in,
              NNAdapterOperand* out) {
  if (p.relu6_threshold == 6.f) {
    c.AddOperation(NNADAPTER_RELU6, {in}, {out});
  } else {
    c.AddOperation(NNADAPTER_CLIP, {in, c.Float32(0.f), c.Float32(p.relu6_threshold)}, {out});
  }
}

void AddLeakyRelu(Converter& c, const cpp::OpDesc&, const ActParam& p, NNAdapterOperand* in,
                  NNAdapterOperand* out) {
  c.AddOperation(NNADAPTER_LEAKY_RELU, {in, c.Float32(p.leaky_relu_alpha)}, {out});
}

void AddHardSwish(Converter& c, const cpp::OpDesc&, const ActParam& p, NNAdapterOperand* in,
                  NNAdapterOperand* out) {
  const float threshold = p.hard_swish_threshold;
  // Paddle: x * min(max(x + offset, 0), threshold) / scale
  //      == x * clip(x / threshold + offset / threshold, 0, 1) * threshold / scale,
  // which is HARD_SWISH when threshold == scale; otherwise composed.
  if (threshold == p.hard_swish_scale) {
    c.AddOperation(NNADAPTER_HARD_SWISH,
                   {in, c.Float32(1.f / threshold), c.Float32(p.hard_swish_offset / threshold)},
                   {out});
    return;
  }
  const int32_t none = NNADAPTER_FUSED_NONE;
  NNAdapterOperand* shifted = c.Temporary();
  NNAdapterOperand* clipped = c.Temporary();
  NNAdapterOperand* product = c.Temporary();
  c.AddOperation(NNADAPTER_ADD, {in, c.Float32(p.hard_swish_offset), c.Int32(none)}, {shifted});
  c.AddOperation(NNADAPTER_CLIP, {shifted, c.Float32(0.f), c.Float32(threshold)}, {clipped});
  c.AddOperation(NNADAPTER_MUL, {in, clipped, c.Int32(none)}, {product});
  c.AddOperation(NNADAPTER_DIV, {product, c.Float32(p.hard_swish_scale), c.Int32(none)}, {out});
}
void AddHardSigmoid(Converter& c, const cpp::OpDesc&, const ActParam& p, NNAdapterOperand* in,
                    NNAdapterOperand* out) {
  c.AddOperation(NNADAPTER_HARD_SIGMOID,
                 {in, c.Float32(p.hard_sigmoid_slope), c.Float32(p.hard_sigmoid_offset)}, {out});
}

void AddSwish(Converter& c, const cpp::OpDesc&, const ActParam& p, NNAdapterOperand* in,
              NNAdapterOperand* out) {
  if (p.swish_beta == 1.f) {
    c.AddOperation(NNADAPTER_SWISH, {in}, {out});
    return;
  }
  // x * sigmoid(beta * x)
  const int32_t none = NNADAPTER_FUSED_NONE;
  NNAdapterOperand* scaled = c.Temporary();
  NNAdapterOperand* gate = c.Temporary();
  c.AddOperation(NNADAPTER_MUL, {in, c.Float32(p.swish_beta), c.Int32(none)}, {scaled});
  c.AddOperation(NNADAPTER_SIGMOID, {scaled}, {gate});
  c.AddOperation(NNADAPTER_MUL, {in, gate, c.Int32(none)}, {out});
}
void AddGelu(Converter& c, const cpp::OpDesc&, const ActParam& p, NNAdapterOperand* in,
             NNAdapterOperand* out) {
  c.AddOperation(NNADAPTER_GELU, {in, c.Bool(p.gelu_approximate)}, {out});
}

// No standard operation: x / (1 + |x|) as DIV(x, ADD(ABS(x), 1)).
void AddSoftsign(Converter& c, const cpp::OpDesc&, const ActParam&, NNAdapterOperand* in,
                 NNAdapterOperand* out) {
  const int32_t none = NNADAPTER_FUSED_NONE;
  NNAdapterOperand* abs = c.Temporary();
  c.AddOperation(NNADAPTER_ABS, {in}, {abs});
  NNAdapterOperand* denominator = c.Temporary();
  c.AddOperation(NNADAPTER_ADD, {abs, c.Float32(1.f), c.Int32(none)}, {denominator});
  c.AddOperation(NNADAPTER_DIV, {in, denominator, c.Int32(none)}, {out});
}
void AddSqrt(Converter& c, const cpp::OpDesc&, const ActParam&, NNAdapterOperand* in,
             NNAdapterOperand* out) {
  c.AddOperation(NNADAPTER_POW, {in, c.Float32(0.5f), c.Int32(NNADAPTER_FUSED_NONE)}, {out});
}
void AddPow(Converter& c, const cpp::OpDesc& op, const ActParam& p, NNAdapterOperand* in,
            NNAdapterOperand* out) {
  LITE_ENFORCE(!op.HasInput("FactorTensor") || op.Input("FactorTensor").empty(), "op '",
               op.Type(), "': input 'FactorTensor' (a run-time tensor) is not converted");
  c.AddOperation(NNADAPTER_POW, {in, c.Float32(p.pow_factor), c.Int32(NNADAPTER_FUSED_NONE)},
                 {out});
}
void AddSoftplus(Converter& c, const cpp::OpDesc&, const ActParam& p, NNAdapterOperand* in,
                 NNAdapterOperand* out) {
  c.AddOperation(NNADAPTER_SOFTPLUS,
                 {in, c.Float32(p.softplus_beta), c.Float32(p.softplus_threshold)}, {out});
}
// No standard operation: max(x, 0) + alpha * (exp(min(x, 0)) - 1).
void AddElu(Converter& c, const cpp::OpDesc&, const ActParam& p, NNAdapterOperand* in,
            NNAdapterOperand* out) {
  const int32_t none = NNADAPTER_FUSED_NONE;
  NNAdapterOperand* neg = c.Temporary();
  NNAdapterOperand* e = c.Temporary();
  NNAdapterOperand* em1 = c.Temporary();
  NNAdapterOperand* scaled = c.Temporary();
  NNAdapterOperand* pos = c.Temporary();
  c.AddOperation(NNADAPTER_MIN, {in, c.Float32(0.f), c.Int32(none)}, {neg});
  c.AddOperation(NNADAPTER_EXP, {neg}, {e});
  c.AddOperation(NNADAPTER_SUB, {e, c.Float32(1.f), c.Int32(none)}, {em1});
  c.AddOperation(NNADAPTER_MUL, {em1, c.Float32(p.elu_alpha), c.Int32(none)}, {scaled});
  c.AddOperation(NNADAPTER_MAX, {in, c.Float32(0.f), c.Int32(none)}, {pos});
  c.AddOperation(NNADAPTER_ADD, {pos, scaled, c.Int32(none)}, {out});
}
// No standard operation: 1 / x as DIV.
void AddReciprocal(Converter& c, const cpp::OpDesc&, const ActParam&, NNAdapterOperand* in,
                   NNAdapterOperand* out) {
  c.AddOperation(NNADAPTER_DIV, {c.Float32(1.f), in, c.Int32(NNADAPTER_FUSED_NONE)}, {out});
}
// No standard operation: ceil(x) == -floor(-x), exactly.
void AddCeil(Converter& c, const cpp::OpDesc&, const ActParam&, NNAdapterOperand* in,
             NNAdapterOperand* out) {
  const int32_t none = NNADAPTER_FUSED_NONE;
  NNAdapterOperand* neg = c.Temporary();
  NNAdapterOperand* fl = c.Temporary();
  c.AddOperation(NNADAPTER_MUL, {in, c.Float32(-1.f), c.Int32(none)}, {neg});
  c.AddOperation(NNADAPTER_FLOOR, {neg}, {fl});
  c.AddOperation(NNADAPTER_MUL, {fl, c.Float32(-1.f), c.Int32(none)}, {out});
}
// No standard operation: sign(x) == float(x > 0) - float(x < 0), exactly
// (0 for zeros and NaN, as the CPU kernel).
void AddSign(Converter& c, const cpp::OpDesc& op, const ActParam&, NNAdapterOperand* in,
             NNAdapterOperand* out) {
  LITE_ENFORCE(c.DType(One(op, "X")) == DataType::kFloat32, "op '", op.Type(),
               "': only float X is converted");
  auto indicator = [&](NNAdapterOperationType compare) {
    NNAdapterOperand* flag = c.Temporary(NNADAPTER_BOOL8);
    NNAdapterOperand* value = c.Temporary();
    c.AddOperation(compare, {in, c.Float32(0.f)}, {flag});
    c.AddOperation(NNADAPTER_CAST, {flag, c.Int32(NNADAPTER_FLOAT32)}, {value});
    return value;
  };
  c.AddOperation(NNADAPTER_SUB,
                 {indicator(NNADAPTER_GREATER), indicator(NNADAPTER_LESS),
                  c.Int32(NNADAPTER_FUSED_NONE)},
                 {out});
}

// No standard operation: std::round (half away from zero) as
// sign(x) * (t + float(|x| - t >= 0.5)) with t = floor(|x|). |x| - t is
// exact, unlike floor(|x| + 0.5), which rounds 0.49999997 up.
void AddRound(Converter& c, const cpp::OpDesc& op, const ActParam& p, NNAdapterOperand* in,
              NNAdapterOperand* out) {
  const int32_t none = NNADAPTER_FUSED_NONE;
  NNAdapterOperand* abs = c.Temporary();
  NNAdapterOperand* whole = c.Temporary();
  NNAdapterOperand* frac = c.Temporary();
  NNAdapterOperand* up = c.Temporary(NNADAPTER_BOOL8);
  NNAdapterOperand* carry = c.Temporary();
  NNAdapterOperand* rounded = c.Temporary();
  NNAdapterOperand* sign = c.Temporary();
  c.AddOperation(NNADAPTER_ABS, {in}, {abs});
  c.AddOperation(NNADAPTER_FLOOR, {abs}, {whole});
  c.AddOperation(NNADAPTER_SUB, {abs, whole, c.Int32(none)}, {frac});
  c.AddOperation(NNADAPTER_GREATER_EQUAL, {frac, c.Float32(0.5f)}, {up});
  c.AddOperation(NNADAPTER_CAST, {up, c.Int32(NNADAPTER_FLOAT32)}, {carry});
  c.AddOperation(NNADAPTER_ADD, {whole, carry, c.Int32(none)}, {rounded});
  AddSign(c, op, p, in, sign);
  c.AddOperation(NNADAPTER_MUL, {sign, rounded, c.Int32(none)}, {out});
}
// No standard operation: log(1 + x) as LOG(ADD(x, 1)).
void AddLog1p(Converter& c, const cpp::OpDesc&, const ActParam&, NNAdapterOperand* in,
              NNAdapterOperand* out) {
  NNAdapterOperand* shifted = c.Temporary();
  c.AddOperation(NNADAPTER_ADD, {in, c.Float32(1.f), c.Int32(NNADAPTER_FUSED_NONE)}, {shifted});
  c.AddOperation(NNADAPTER_LOG, {shifted}, {out});
}
// No standard operation: x * tanh(sp) with Paddle's three-branch softplus
// sp = WHERE(x < -threshold, EXP(x), SOFTPLUS(x, 1, threshold)).
void AddMish(Converter& c, const cpp::OpDesc&, const ActParam& p, NNAdapterOperand* in,
             NNAdapterOperand* out) {
  const float t = p.mish_threshold;
  NNAdapterOperand* soft = c.Temporary();
  NNAdapterOperand* low = c.Temporary(NNADAPTER_BOOL8);
  NNAdapterOperand* e = c.Temporary();
  NNAdapterOperand* sp = c.Temporary();
  NNAdapterOperand* gate = c.Temporary();
  c.AddOperation(NNADAPTER_SOFTPLUS, {in, c.Float32(1.f), c.Float32(t)}, {soft});
  c.AddOperation(NNADAPTER_LESS, {in, c.Float32(-t)}, {low});
  c.AddOperation(NNADAPTER_EXP, {in}, {e});
  c.AddOperation(NNADAPTER_WHERE, {low, e, soft}, {sp});
  c.AddOperation(NNADAPTER_TANH, {sp}, {gate});
  c.AddOperation(NNADAPTER_MUL, {in, gate, c.Int32(NNADAPTER_FUSED_NONE)}, {out});
}
// No standard operation: WHERE(x > threshold, x, value) (a NaN gives value,
// as on the CPU; x * float(x > threshold) would give NaN).
void AddThresholdedRelu(Converter& c, const cpp::OpDesc&, const ActParam& p,
                        NNAdapterOperand* in, NNAdapterOperand* out) {
  NNAdapterOperand* flag = c.Temporary(NNADAPTER_BOOL8);
  c.AddOperation(NNADAPTER_GREATER, {in, c.Float32(p.thresholded_relu_threshold)}, {flag});
  c.AddOperation(NNADAPTER_WHERE, {flag, in, c.Float32(p.thresholded_relu_value)}, {out});
}
// CLIP(x, 0, coef).
void AddReluClipped(Converter& c, const cpp::OpDesc&, const ActParam& p, NNAdapterOperand* in,
                    NNAdapterOperand* out) {
  c.AddOperation(NNADAPTER_CLIP, {in, c.Float32(0.f), c.Float32(p.relu_clipped_coef)}, {out});
}
// -x as MUL(x, -1), exact.
void AddNegative(Converter& c, const cpp::OpDesc&, const ActParam&, NNAdapterOperand* in,
                 NNAdapterOperand* out) {
  c.AddOperation(NNADAPTER_MUL, {in, c.Float32(-1.f), c.Int32(NNADAPTER_FUSED_NONE)}, {out});
}
}  // namespace

FusedAct ReadFusedAct(const cpp::OpDesc& op, const std::string& attr) {
  FusedAct act;
  act.type = operators::FusedActName(op, attr);
  if (act.type == "identity") act.type.clear();
  if (act.type == "relu") {
    act.fuse_code = NNADAPTER_FUSED_RELU;
  } else if (act.type == "relu6" &&
             operators::ReadActAttrs(ActType::kRelu6, op, operators::ActAttrNames::kFused)
                     .relu6_threshold == 6.f) {
    act.fuse_code = NNADAPTER_FUSED_RELU6;
  }
  return act;
}

void AddActivation(Converter& c, const cpp::OpDesc& op, const std::string& t, bool fused,
                   NNAdapterOperand* in, NNAdapterOperand* out) {
  ActType type = ActType::kNone;
  if (operators::ActTypeFromName(t, &type) && type != ActType::kNone) {
    // Attribute names: the activation op's own, or the fused names.
    const ActParam p = operators::ReadActAttrs(
        type, op, fused ? operators::ActAttrNames::kFused : operators::ActAttrNames::kPlain);
    switch (type) {
#define LITE_ACT(op_type__, type__, impl__, precision__, fusion__, nnadapter__) \
  case ActType::type__:                                                         \
    LITE_ACT_NNA_##nnadapter__;                                                 \
    break;
#define LITE_ACT_NNA_NNA_OP(operation__) return c.AddOperation(operation__, {in}, {out})
#define LITE_ACT_NNA_NNA_FN(fn__) return fn__(c, op, p, in, out)
#define LITE_ACT_NNA_NNA_NONE (void)p
#include "lite/operators/math/activations.inc"
#undef LITE_ACT_NNA_NNA_OP
#undef LITE_ACT_NNA_NNA_FN
#undef LITE_ACT_NNA_NNA_NONE
      default:
        break;
    }
  }
  ThrowError("op '", op.Type(), "': activation '", t, "' has no NNAdapter conversion");
}

void AddWithActivation(Converter& c, const cpp::OpDesc& op, NNAdapterOperationType type,
                       std::vector<NNAdapterOperand*> inputs, const std::string& out,
                       const FusedAct& act) {
  if (act.type.empty() || act.fuse_code != NNADAPTER_FUSED_NONE) {
    c.AddOperation(type, inputs, {c.Output(out)});
    return;
  }
  NNAdapterOperand* tmp = c.Temporary();
  c.AddOperation(type, inputs, {tmp});
  AddActivation(c, op, act.type, true, tmp, c.Output(out));
}

void ConvertActivation(Converter& c, const cpp::OpDesc& op) {
  AddActivation(c, op, op.Type(), false, c.Input(One(op, "X")), c.Output(One(op, "Out", false)));
}

namespace {
constexpr auto kComposedMod = static_cast<NNAdapterOperationType>(-2);

// Paddle's mod takes the sign of y (Python's %): x - floor(x / y) * y, which
// FLOOR_DIV gives for integers exactly. For floats floor(x / y) rounds x / y
// first, so a quotient within one rounding of an integer can land on the
// other side of it (a result off by y where fmod is exact).
void AddMod(Converter& c, NNAdapterOperand* x, NNAdapterOperand* y, NNAdapterOperand* out) {
  const int32_t none = NNADAPTER_FUSED_NONE;
  NNAdapterOperand* q = c.Temporary();
  NNAdapterOperand* qy = c.Temporary();
  c.AddOperation(NNADAPTER_FLOOR_DIV, {x, y, c.Int32(none)}, {q});
  c.AddOperation(NNADAPTER_MUL, {q, y, c.Int32(none)}, {qy});
  c.AddOperation(NNADAPTER_SUB, {x, qy, c.Int32(none)}, {out});
}
}  // namespace

void ConvertElementwise(Converter& c, const cpp::OpDesc& op) {
  // The nnadapter column of lite/operators/math/elementwise_ops.inc (rows
  // without an operation have no converter, so their -1 is never read).
  static const std::map<std::string, NNAdapterOperationType> kTypes = {
#define NNA_OP(operation__) operation__
#define NNA_NONE static_cast<NNAdapterOperationType>(-1)
#define NNA_MOD kComposedMod
#define LITE_ELEMENTWISE(name__, kind__, fusion__, nnadapter__) \
  {"elementwise_" #name__, nnadapter__},                         \
      {"fusion_elementwise_" #name__ "_activation", nnadapter__},
#include "lite/operators/math/elementwise_ops.inc"
#undef LITE_ELEMENTWISE
#undef NNA_OP
#undef NNA_NONE
#undef NNA_MOD
  };
  const std::string& x = One(op, "X");
  const std::string& y = One(op, "Y");
  const DDim xd = c.Dims(x), yd = c.Dims(y);
  const int axis = op.GetAttr<int32_t>("axis", -1);
  NNAdapterOperand* y_operand = nullptr;
  const int xr = static_cast<int>(xd.size()), yr = static_cast<int>(yd.size());
  if (axis == -1 || axis == xr - yr || yr > xr) {
    y_operand = c.Input(y);  // numpy broadcasting
  } else {
    // Paddle aligns Y at `axis`: append ones so numpy broadcasting matches.
    const Tensor* w = c.Weight(y);
    LITE_ENFORCE(w != nullptr, "op '", op.Type(), "': axis ", axis,
                 " broadcasting of a non-constant Y is not converted");
    // Paddle trims Y's trailing 1s first (Y [6625, 1] at axis 2 of a rank-3
    // X: PP-OCR v2.0's CTC bias in Paddle Lite's files).
    DDim dims = yd;
    while (!dims.empty() && dims.back() == 1) dims.pop_back();
    while (static_cast<int>(dims.size()) < xr - axis) dims.push_back(1);
    LITE_ENFORCE(axis >= 0 && static_cast<int>(dims.size()) == xr - axis, "op '", op.Type(),
                 "': axis ", axis, " does not fit X dims ", DimsToString(xd), " and Y dims ",
                 DimsToString(yd));
    y_operand = c.ConstantTensor(*w, dims);
  }
  const NNAdapterOperationType type = kTypes.at(op.Type());
  if (type == kComposedMod) {
    AddMod(c, c.Input(x), y_operand, c.Output(One(op, "Out", false)));
    return;
  }
  FusedAct act = ReadFusedAct(op);
  AddWithActivation(c, op, type, {c.Input(x), y_operand, c.Int32(act.fuse_code)},
                    One(op, "Out", false), act);
}

void ConvertScale(Converter& c, const cpp::OpDesc& op) {
  LITE_ENFORCE(!op.HasInput("ScaleTensor"), "op 'scale': ScaleTensor input is not converted");
  const float scale = op.GetAttr<float>("scale", 1.f);
  const float bias = op.GetAttr<float>("bias", 0.f);
  const bool after = op.GetAttr<bool>("bias_after_scale", true);
  // scale * x + bias, or scale * (x + bias) == scale * x + scale * bias.
  const float b = after ? bias : scale * bias;
  NNAdapterOperand* x = c.Input(One(op, "X"));
  NNAdapterOperand* out = c.Output(One(op, "Out", false));
  const int32_t none = NNADAPTER_FUSED_NONE;
  if (b == 0.f) {
    c.AddOperation(NNADAPTER_MUL, {x, c.Float32(scale), c.Int32(none)}, {out});
  } else if (scale == 1.f) {
    c.AddOperation(NNADAPTER_ADD, {x, c.Float32(b), c.Int32(none)}, {out});
  } else {
    NNAdapterOperand* tmp = c.Temporary();
    c.AddOperation(NNADAPTER_MUL, {x, c.Float32(scale), c.Int32(none)}, {tmp});
    c.AddOperation(NNADAPTER_ADD, {tmp, c.Float32(b), c.Int32(none)}, {out});
  }
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
