#include "lite/operators/math/activation_funcs.h"

#include <cmath>
#include <map>

#include <Eigen/Core>

#include "lite/core/error.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {

const std::vector<ActAttrInfo>& AttrTable() {
  static const std::vector<ActAttrInfo> table = {
#define LITE_ACT_FLOAT(type__, field__, plain__, fused__, default__) \
  {ActType::type__, plain__, fused__, &ActParam::field__, nullptr, false},
#define LITE_ACT_DIVISOR(type__, field__, plain__, fused__, default__) \
  {ActType::type__, plain__, fused__, &ActParam::field__, nullptr, true},
#define LITE_ACT_BOOL(type__, field__, plain__, default__) \
  {ActType::type__, plain__, "", nullptr, &ActParam::field__, false},
#include "lite/operators/math/activations.inc"
  };
  return table;
}

}  // namespace

const std::vector<ActInfo>& Activations() {
  static const std::vector<ActInfo> table = {
#define LITE_ACT(op_type__, type__, impl__, precision__, fusion__, nnadapter__) \
  {#op_type__, ActType::type__, PRECISION(precision__), ActFusion::fusion__},
#include "lite/operators/math/activations.inc"
  };
  return table;
}

const ActInfo& ActivationInfo(ActType type) {
  for (const ActInfo& a : Activations()) {
    if (a.type == type) return a;
  }
  ThrowError("ActType ", static_cast<int>(type), " has no row in activations.inc");
}

std::vector<ActAttrInfo> ActivationAttrs(ActType type) {
  std::vector<ActAttrInfo> r;
  for (const ActAttrInfo& a : AttrTable()) {
    if (a.type == type) r.push_back(a);
  }
  return r;
}

bool ActTypeFromName(const std::string& name, ActType* type) {
  if (name.empty() || name == "identity") {
    *type = ActType::kNone;
    return true;
  }
  static const std::map<std::string, ActType> kNames = [] {
    std::map<std::string, ActType> m;
    for (const ActInfo& a : Activations()) m[a.op_type] = a.type;
    return m;
  }();
  auto it = kNames.find(name);
  if (it == kNames.end()) return false;
  *type = it->second;
  return true;
}

ActParam ReadActAttrs(ActType type, const cpp::OpDesc& desc, ActAttrNames names) {
  ActParam p;
  p.type = type;
  for (const ActAttrInfo& a : ActivationAttrs(type)) {
    const bool has_fused = a.fused[0] != '\0';
    const bool fused =
        has_fused && (names == ActAttrNames::kFused ||
                      (names == ActAttrNames::kFusedOrPlain && desc.HasAttr(a.fused)));
    const std::string name = fused ? a.fused : a.plain;
    if (a.b) {
      p.*a.b = desc.GetAttr<bool>(name, p.*a.b);
      continue;
    }
    p.*a.f = desc.GetAttr<float>(name, p.*a.f);
    LITE_ENFORCE(!a.divisor || p.*a.f != 0.f, "op '", desc.Type(), "': attribute '", name,
                 "' of ", ActivationInfo(type).op_type, " must not be 0");
  }
  return p;
}

bool HasDefaultParams(const ActParam& p) {
  const ActParam defaults;
  for (const ActAttrInfo& a : ActivationAttrs(p.type)) {
    if (a.b ? p.*a.b != defaults.*a.b : p.*a.f != defaults.*a.f) return false;
  }
  return true;
}

std::string FusedActName(const cpp::OpDesc& desc, const std::string& type_attr) {
  std::string name = desc.GetAttr<std::string>(type_attr, std::string());
  if (desc.HasAttr("with_act") && !desc.GetAttr<bool>("with_act")) name.clear();
  if (name.empty() && desc.GetAttr<bool>("fuse_relu", false)) name = "relu";
  return name;
}

ActParam ReadFusedActParam(const cpp::OpDesc& desc) {
  std::string name = desc.GetAttr<std::string>("act_type", std::string());
  ActType type;
  LITE_ENFORCE(ActTypeFromName(name, &type), "op '", desc.Type(),
               "': unknown fused activation act_type '", name, "'");
  return ReadActAttrs(type, desc, ActAttrNames::kFusedOrPlain);
}

bool IsFusibleActivation(const std::string& op_type, ActType* type) {
  ActType t;
  if (!ActTypeFromName(op_type, &t) || t == ActType::kNone ||
      ActivationInfo(t).fusion != ActFusion::kPass) {
    return false;
  }
  if (type) *type = t;
  return true;
}

bool FuseActivationAttrs(const cpp::OpDesc& act, cpp::OpDesc* into) {
  ActType type;
  if (!IsFusibleActivation(act.Type(), &type)) return false;
  into->SetAttr("act_type", act.Type());
  // Paddle Lite's with_act = false would switch the activation off again.
  if (into->HasAttr("with_act")) into->SetAttr("with_act", true);
  for (const ActAttrInfo& a : ActivationAttrs(type)) {
    if (!act.HasAttr(a.plain)) continue;
    // Fusible activations' float attributes have a fused name; booleans keep
    // the plain one (checked by activation_table_test).
    if (a.b) {
      into->SetAttr(a.plain, act.GetAttr<bool>(a.plain));
    } else {
      into->SetAttr(a.fused, act.GetAttr<float>(a.plain));
    }
  }
  return true;
}

namespace {
using ArrayMap = Eigen::Map<Eigen::ArrayXf>;
using ConstArrayMap = Eigen::Map<const Eigen::ArrayXf>;
}  // namespace

void ApplyAct(const ActParam& p, const float* x, float* y, int64_t n) {
  ConstArrayMap xa(x, n);
  ArrayMap ya(y, n);
  switch (p.type) {
    case ActType::kNone:
      if (x != y) ya = xa;
      break;
    case ActType::kRelu:
      for (int64_t i = 0; i < n; ++i) y[i] = x[i] > 0.f ? x[i] : 0.f;
      break;
    case ActType::kRelu6: {
      const float t = p.relu6_threshold;
      for (int64_t i = 0; i < n; ++i) {
        float v = x[i] > 0.f ? x[i] : 0.f;
        y[i] = v < t ? v : t;
      }
      break;
    }
    case ActType::kLeakyRelu: {
      const float a = p.leaky_relu_alpha;
      // max/min form vectorizes (a ternary choosing x or a*x compiles to a
      // mispredicting branch); exact since one term is +-0; NaN propagates.
      for (int64_t i = 0; i < n; ++i) {
        float v = x[i];
        y[i] = (v < 0.f ? 0.f : v) + a * (0.f < v ? 0.f : v);
      }
      break;
    }
    case ActType::kSigmoid:
      ya = xa.logistic();
      break;
    case ActType::kTanh:
      ya = xa.tanh();
      break;
    case ActType::kHardSigmoid: {
      const float s = p.hard_sigmoid_slope, o = p.hard_sigmoid_offset;
      for (int64_t i = 0; i < n; ++i) {
        float v = s * x[i] + o;
        v = v > 0.f ? v : 0.f;
        y[i] = v < 1.f ? v : 1.f;
      }
      break;
    }
    case ActType::kHardSwish: {
      const float t = p.hard_swish_threshold, s = p.hard_swish_scale, o = p.hard_swish_offset;
      for (int64_t i = 0; i < n; ++i) {
        float v = x[i] + o;
        v = v > 0.f ? v : 0.f;
        v = v < t ? v : t;
        y[i] = x[i] * v / s;
      }
      break;
    }
    case ActType::kSwish:
      ya = xa * (xa * p.swish_beta).logistic();
      break;
    case ActType::kGelu:
      if (p.gelu_approximate) {
        const float k = 0.7978845608028654f;  // sqrt(2 / pi)
        ya = 0.5f * xa * (1.f + (k * (xa + 0.044715f * xa * xa * xa)).tanh());
      } else {
        for (int64_t i = 0; i < n; ++i)
          y[i] = 0.5f * x[i] * (1.f + std::erf(x[i] * 0.70710678118654752f));
      }
      break;
    case ActType::kExp:
      ya = xa.exp();
      break;
    case ActType::kLog:
      ya = xa.log();
      break;
    case ActType::kSqrt:
      // std::sqrt keeps sqrt(+Inf) = +Inf (Eigen's fast path gives NaN).
      for (int64_t i = 0; i < n; ++i) y[i] = std::sqrt(x[i]);
      break;
    case ActType::kRsqrt:
      ya = xa.rsqrt();
      break;
    case ActType::kReciprocal:
      ya = xa.inverse();
      break;
    case ActType::kPow:
      if (p.pow_factor == 2.f) {
        ya = xa.square();
      } else {
        for (int64_t i = 0; i < n; ++i) y[i] = std::pow(x[i], p.pow_factor);
      }
      break;
    case ActType::kAbs:
      ya = xa.abs();
      break;
    case ActType::kSquare:
      ya = xa.square();
      break;
    case ActType::kSoftplus: {
      const float b = p.softplus_beta, t = p.softplus_threshold;
      for (int64_t i = 0; i < n; ++i) {
        float bx = b * x[i];
        y[i] = bx > t ? x[i] : std::log1p(std::exp(bx)) / b;
      }
      break;
    }
    case ActType::kElu: {
      const float a = p.elu_alpha;
      for (int64_t i = 0; i < n; ++i)
        y[i] = x[i] > 0.f ? x[i] : a * std::expm1(x[i]);
      break;
    }
    case ActType::kFloor:
      ya = xa.floor();
      break;
    case ActType::kCeil:
      ya = xa.ceil();
      break;
    case ActType::kRound:
      for (int64_t i = 0; i < n; ++i) y[i] = std::round(x[i]);
      break;
    case ActType::kSign:
      for (int64_t i = 0; i < n; ++i)
        y[i] = x[i] > 0.f ? 1.f : (x[i] < 0.f ? -1.f : 0.f);
      break;
    case ActType::kSoftsign:
      ya = xa / (1.f + xa.abs());
      break;
    case ActType::kSin:
      for (int64_t i = 0; i < n; ++i) y[i] = std::sin(x[i]);
      break;
    case ActType::kCos:
      for (int64_t i = 0; i < n; ++i) y[i] = std::cos(x[i]);
      break;
    case ActType::kErf:
      for (int64_t i = 0; i < n; ++i) y[i] = std::erf(x[i]);
      break;
    case ActType::kLog1p:
      for (int64_t i = 0; i < n; ++i) y[i] = std::log1p(x[i]);
      break;
    case ActType::kSilu:
      ya = xa * xa.logistic();
      break;
    case ActType::kMish: {
      const float t = p.mish_threshold;
      for (int64_t i = 0; i < n; ++i) {
        const float v = x[i];
        const float sp = v > t ? v : (v < -t ? std::exp(v) : std::log1p(std::exp(v)));
        y[i] = v * std::tanh(sp);
      }
      break;
    }
    case ActType::kThresholdedRelu: {
      const float t = p.thresholded_relu_threshold, v = p.thresholded_relu_value;
      for (int64_t i = 0; i < n; ++i) y[i] = x[i] > t ? x[i] : v;
      break;
    }
    case ActType::kReluClipped:
      for (int64_t i = 0; i < n; ++i) y[i] = ClampNum(x[i], 0.f, p.relu_clipped_coef);
      break;
    case ActType::kNegative:
      ya = -xa;
      break;
  }
}

void ApplyActParallel(const ActParam& p, const float* x, float* y, int64_t n,
                      int threads) {
  const int64_t kChunk = 8192;
  const int64_t chunks = (n + kChunk - 1) / kChunk;
#pragma omp parallel for num_threads(threads) schedule(static) if (chunks > 4 && threads > 1)
  for (int64_t c = 0; c < chunks; ++c) {
    int64_t b = c * kChunk;
    int64_t len = n - b < kChunk ? n - b : kChunk;
    ApplyAct(p, x + b, y + b, len);
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
