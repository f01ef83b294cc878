#include "lite/operators/math/activation_funcs.h"

#include <cmath>
#include <map>

#include <Eigen/Core>

#include "lite/core/error.h"

namespace paddle {
namespace lite {
namespace operators {

bool ActTypeFromName(const std::string& name, ActType* type) {
  static const std::map<std::string, ActType> kNames = {
      {"", ActType::kNone},
      {"identity", ActType::kNone},
      {"relu", ActType::kRelu},
      {"relu6", ActType::kRelu6},
      {"leaky_relu", ActType::kLeakyRelu},
      {"sigmoid", ActType::kSigmoid},
      {"tanh", ActType::kTanh},
      {"hard_sigmoid", ActType::kHardSigmoid},
      {"hard_swish", ActType::kHardSwish},
      {"swish", ActType::kSwish},
      {"gelu", ActType::kGelu},
      {"exp", ActType::kExp},
      {"log", ActType::kLog},
      {"sqrt", ActType::kSqrt},
      {"rsqrt", ActType::kRsqrt},
      {"pow", ActType::kPow},
      {"abs", ActType::kAbs},
      {"square", ActType::kSquare},
      {"softplus", ActType::kSoftplus},
      {"elu", ActType::kElu},
      {"floor", ActType::kFloor},
      {"ceil", ActType::kCeil},
      {"round", ActType::kRound},
      {"sign", ActType::kSign},
  };
  auto it = kNames.find(name);
  if (it == kNames.end()) return false;
  *type = it->second;
  return true;
}

ActParam ReadActParam(ActType type, const cpp::OpDesc& desc) {
  ActParam p;
  p.type = type;
  switch (type) {
    case ActType::kRelu6:
      p.threshold = desc.GetAttr<float>("threshold", 6.f);
      break;
    case ActType::kLeakyRelu:
      p.alpha = desc.GetAttr<float>("alpha", 0.02f);
      break;
    case ActType::kHardSigmoid:
      p.slope = desc.GetAttr<float>("slope", 0.2f);
      p.offset = desc.GetAttr<float>("offset", 0.5f);
      break;
    case ActType::kHardSwish:
      p.threshold = desc.GetAttr<float>("threshold", 6.f);
      p.scale = desc.GetAttr<float>("scale", 6.f);
      p.offset = desc.GetAttr<float>("offset", 3.f);
      LITE_ENFORCE(p.scale != 0.f, "op '", desc.Type(),
                   "': attribute 'scale' of hard_swish must not be 0");
      break;
    case ActType::kSwish:
      p.beta = desc.GetAttr<float>("beta", 1.f);
      break;
    case ActType::kGelu:
      p.approximate = desc.GetAttr<bool>("approximate", false);
      break;
    case ActType::kPow:
      p.factor = desc.GetAttr<float>("factor", 1.f);
      break;
    case ActType::kSoftplus:
      p.beta = desc.GetAttr<float>("beta", 1.f);
      p.threshold = desc.GetAttr<float>("threshold", 20.f);
      LITE_ENFORCE(p.beta != 0.f, "op '", desc.Type(),
                   "': attribute 'beta' of softplus must not be 0");
      break;
    case ActType::kElu:
      p.alpha = desc.GetAttr<float>("alpha", 1.f);
      break;
    default:
      break;
  }
  return p;
}

ActParam ReadFusedActParam(const cpp::OpDesc& desc) {
  std::string name = desc.GetAttr<std::string>("act_type", std::string());
  ActType type;
  LITE_ENFORCE(ActTypeFromName(name, &type), "op '", desc.Type(),
               "': unknown fused activation act_type '", name, "'");
  ActParam p = ReadActParam(type, desc);
  // Paddle Lite's fused-attribute names (what lite/graph's activation fusion
  // passes write) take precedence over the plain activation names.
  auto over = [&desc](const char* name, float* v) {
    if (desc.HasAttr(name)) *v = desc.GetAttr<float>(name);
  };
  switch (type) {
    case ActType::kRelu6: over("fuse_brelu_threshold", &p.threshold); break;
    case ActType::kLeakyRelu: over("leaky_relu_alpha", &p.alpha); break;
    case ActType::kHardSwish:
      over("hard_swish_threshold", &p.threshold);
      over("hard_swish_scale", &p.scale);
      over("hard_swish_offset", &p.offset);
      LITE_ENFORCE(p.scale != 0.f, "op '", desc.Type(),
                   "': attribute 'hard_swish_scale' must not be 0");
      break;
    case ActType::kHardSigmoid:
      over("hard_sigmoid_slope", &p.slope);
      over("hard_sigmoid_offset", &p.offset);
      break;
    case ActType::kSwish: over("swish_beta", &p.beta); break;
    default: break;
  }
  return p;
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
      const float t = p.threshold;
      for (int64_t i = 0; i < n; ++i) {
        float v = x[i] > 0.f ? x[i] : 0.f;
        y[i] = v < t ? v : t;
      }
      break;
    }
    case ActType::kLeakyRelu: {
      const float a = p.alpha;
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
      const float s = p.slope, o = p.offset;
      for (int64_t i = 0; i < n; ++i) {
        float v = s * x[i] + o;
        v = v > 0.f ? v : 0.f;
        y[i] = v < 1.f ? v : 1.f;
      }
      break;
    }
    case ActType::kHardSwish: {
      const float t = p.threshold, s = p.scale, o = p.offset;
      for (int64_t i = 0; i < n; ++i) {
        float v = x[i] + o;
        v = v > 0.f ? v : 0.f;
        v = v < t ? v : t;
        y[i] = x[i] * v / s;
      }
      break;
    }
    case ActType::kSwish:
      ya = xa * (xa * p.beta).logistic();
      break;
    case ActType::kGelu:
      if (p.approximate) {
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
      ya = xa.sqrt();
      break;
    case ActType::kRsqrt:
      ya = xa.rsqrt();
      break;
    case ActType::kPow:
      if (p.factor == 2.f) {
        ya = xa.square();
      } else {
        for (int64_t i = 0; i < n; ++i) y[i] = std::pow(x[i], p.factor);
      }
      break;
    case ActType::kAbs:
      ya = xa.abs();
      break;
    case ActType::kSquare:
      ya = xa.square();
      break;
    case ActType::kSoftplus: {
      const float b = p.beta, t = p.threshold;
      for (int64_t i = 0; i < n; ++i) {
        float bx = b * x[i];
        y[i] = bx > t ? x[i] : std::log1p(std::exp(bx)) / b;
      }
      break;
    }
    case ActType::kElu: {
      const float a = p.alpha;
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
