#include "lite/operators/nn/nn_common.h"

#include <immintrin.h>
#include "lite/operators/nn/act_avx2.h"
#include "lite/operators/nn/cpu_clones.h"
#include "lite/operators/math/fast_exp.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace paddle {
namespace lite {
namespace operators {

FusedActivation::Kind FusedActivation::KindFromName(const std::string& op,
                                                    const std::string& name,
                                                    const std::string& attr) {
  if (name.empty() || name == "identity" || name == "none") return kNone;
  std::string expected = "''";
  for (const ActInfo& a : Activations()) {
    if (a.fusion == ActFusion::kNo) continue;
    if (name == a.op_type) return a.type;
    expected += std::string(", ") + a.op_type;
  }
  ThrowError("op '", op, "': attribute '", attr, "' is '", name, "'; expected one of ", expected);
}

FusedActivation FusedActivation::DefaultNamed(const cpp::OpDesc& desc, const std::string& attr) {
  FusedActivation a;
  a.kind = KindFromName(desc.Type(), desc.GetAttr<std::string>(attr, ""), attr);
  a.params.type = a.kind;
  return a;
}

float FusedActivation::Apply(float x) const {
  float y = ApplyActivationOnly(x);
  if (post_scale != 1.f) y *= post_scale;
  if (post_shift != 0.f) y += post_shift;
  return y;
}

float FusedActivation::ApplyActivationOnly(float x) const {
  const ActParam& p = params;
  switch (kind) {
    case kNone: return x;
    case kRelu: return x > 0.f ? x : 0.f;
    case kRelu6: return ClampNum(x, 0.f, p.relu6_threshold);
    case kLeakyRelu: return x > 0.f ? x : x * p.leaky_relu_alpha;
    case kHardSwish:
      return x * ClampNum(x + p.hard_swish_offset, 0.f, p.hard_swish_threshold) /
             p.hard_swish_scale;
    case kHardSigmoid:
      return ClampNum(x * p.hard_sigmoid_slope + p.hard_sigmoid_offset, 0.f, 1.f);
    case kSigmoid: return 1.f / (1.f + std::exp(-x));
    case kTanh: return std::tanh(x);
    case kSwish: return x / (1.f + std::exp(-p.swish_beta * x));
    default: {
      // The activations conv kernels do not take: the activation ops' formula.
      ActParam other = p;
      other.type = kind;
      float y;
      ApplyAct(other, &x, &y, 1);
      return y;
    }
  }
}

bool FusedActivation::AppendPostOps(dnnl::post_ops* ops) const {
  using A = dnnl::algorithm;
  const ActParam& p = params;
  if (HasPostAffine()) return false;
  switch (kind) {
    case kNone: return true;
    // clip(0, inf), not eltwise_relu: oneDNN's relu keeps NaN (it blends
    // with alpha * x) while its clip takes maxNum, the rule of ClampNum.
    case kRelu:
      ops->append_eltwise(1.f, A::eltwise_clip, 0.f, std::numeric_limits<float>::infinity());
      return true;
    case kRelu6: ops->append_eltwise(1.f, A::eltwise_clip, 0.f, p.relu6_threshold); return true;
    case kLeakyRelu:
      ops->append_eltwise(1.f, A::eltwise_relu, p.leaky_relu_alpha, 0.f);
      return true;
    case kHardSwish:
      // oneDNN 2.6 hardswish is fixed at x * relu6(x + 3) / 6.
      if (p.hard_swish_threshold == 6.f && p.hard_swish_scale == 6.f &&
          p.hard_swish_offset == 3.f) {
        ops->append_eltwise(1.f, A::eltwise_hardswish, 0.f, 0.f);
        return true;
      }
      return false;
    case kHardSigmoid:
      ops->append_eltwise(1.f, A::eltwise_linear, p.hard_sigmoid_slope, p.hard_sigmoid_offset);
      ops->append_eltwise(1.f, A::eltwise_clip, 0.f, 1.f);
      return true;
    case kSigmoid: ops->append_eltwise(1.f, A::eltwise_logistic, 0.f, 0.f); return true;
    case kTanh: ops->append_eltwise(1.f, A::eltwise_tanh, 0.f, 0.f); return true;
    case kSwish: ops->append_eltwise(1.f, A::eltwise_swish, p.swish_beta, 0.f); return true;
    case kGelu:
      ops->append_eltwise(1.f, p.gelu_approximate ? A::eltwise_gelu_tanh : A::eltwise_gelu_erf,
                          0.f, 0.f);
      return true;
    case kMish:
      // oneDNN's mish is x * tanh(log1p(exp(x))) for every x; Paddle's
      // threshold 20 changes nothing a float can show (tanh rounds to 1
      // above 9; below -20 log1p(exp(x)) and exp(x) are the same float).
      if (p.mish_threshold != 20.f) return false;
      ops->append_eltwise(1.f, A::eltwise_mish, 0.f, 0.f);
      return true;
    default: return false;
  }
}

namespace {

// Branch-free loops the compiler vectorizes; LITE_CPU_CLONES builds AVX-512,
// AVX2 and baseline versions and picks one at load time (the tree is built
// without -march). NaN handling matches Apply(): clamps send NaN to their
// lower bound (ClampNum), as oneDNN's post-ops do.
LITE_CPU_CLONES
void ClampScaleLoop(float* d, int64_t n, float lo, float hi) {
  for (int64_t i = 0; i < n; ++i) d[i] = ClampNum(d[i], lo, hi);
}

LITE_CPU_CLONES
void ScaleLoop(float* d, int64_t n, float s) {
  for (int64_t i = 0; i < n; ++i) d[i] *= s;
}

LITE_CPU_CLONES
void ShiftLoop(float* d, int64_t n, float b) {
  for (int64_t i = 0; i < n; ++i) d[i] += b;
}

LITE_CPU_CLONES
void LeakyLoop(float* d, int64_t n, float alpha) {
  for (int64_t i = 0; i < n; ++i) d[i] = d[i] > 0.f ? d[i] : d[i] * alpha;
}

LITE_CPU_CLONES
void HardSwishLoop(float* d, int64_t n, float offset, float threshold, float scale) {
  for (int64_t i = 0; i < n; ++i) {
    float x = d[i];
    d[i] = x * ClampNum(x + offset, 0.f, threshold) / scale;
  }
}

LITE_CPU_CLONES
void HardSigmoidLoop(float* d, int64_t n, float slope, float offset) {
  for (int64_t i = 0; i < n; ++i) d[i] = ClampNum(d[i] * slope + offset, 0.f, 1.f);
}

// y = 1 / (1 + e^-beta x) * (swish ? x : 1), computed as e = exp(-|beta x|),
// s = 1/(1+e) for x >= 0 and e/(1+e) otherwise (no overflow).
// The same steps on 8 lanes (the exp as intrinsics: GCC's vectorization of
// the scalar form runs ~5 cycles per element); returns the first index left.
__attribute__((target("avx2,fma"))) int64_t LogisticAvx2(float* d, int64_t n, float beta,
                                                          float swish) {
  const __m256 bv = _mm256_set1_ps(beta), sw = _mm256_set1_ps(swish);
  const __m256 keep = _mm256_set1_ps(1.f - swish), one = _mm256_set1_ps(1.f);
  const __m256 zero = _mm256_setzero_ps();
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256 x = _mm256_loadu_ps(d + i);
    const __m256 z = _mm256_mul_ps(bv, x);
    const __m256 neg = _mm256_cmp_ps(z, zero, _CMP_GT_OQ);
    const __m256 e = ExpNonPositiveAvx2(_mm256_blendv_ps(z, _mm256_sub_ps(zero, z), neg));
    const __m256 inv = _mm256_div_ps(one, _mm256_add_ps(one, e));
    const __m256 s = _mm256_blendv_ps(_mm256_mul_ps(e, inv), inv,
                                      _mm256_cmp_ps(z, zero, _CMP_GE_OQ));
    _mm256_storeu_ps(d + i, _mm256_mul_ps(s, _mm256_fmadd_ps(sw, x, keep)));
  }
  return i;
}

LITE_CPU_CLONES
void LogisticLoop(float* d, int64_t n, float beta, float swish) {
  // swish = 1: y = x * s; swish = 0: y = s (a multiply keeps the loop free
  // of control flow).
  const int64_t start = Avx2FmaAvailable() ? LogisticAvx2(d, n, beta, swish) : 0;
  for (int64_t i = start; i < n; ++i) {
    const float x = d[i];
    const float z = beta * x;
    const float e = ExpNonPositive(z > 0.f ? -z : z);
    const float inv = 1.f / (1.f + e);
    const float s = z >= 0.f ? inv : e * inv;
    d[i] = s * (swish * x + (1.f - swish));
  }
}

}  // namespace

bool FusedActivation::Vectorized() const {
  return kind == kRelu || kind == kRelu6 || kind == kLeakyRelu || kind == kHardSwish ||
         kind == kHardSigmoid || kind == kSigmoid || kind == kSwish;
}

void FusedActivation::ApplyInPlace(float* data, int64_t n, int threads) const {
  if (Identity()) return;
  // Chunks of 16K floats (64 KB) per task keep each piece in L2.
  constexpr int64_t kChunk = 16384;
  const int64_t chunks = (n + kChunk - 1) / kChunk;
  if (chunks <= 4 || threads <= 1) {
    ApplySerial(data, n);
    return;
  }
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int64_t c = 0; c < chunks; ++c) {
    ApplySerial(data + c * kChunk, std::min(kChunk, n - c * kChunk));
  }
}

void FusedActivation::ApplySerial(float* d, int64_t m) const {
  if (Avx2FmaAvailable()) {
    const VecAct t = VecAct::From(*this);
    if (t.InRegisters()) {  // the activation and the post affine in one pass
      const int64_t done = Avx2ActLoop(t, d, m);
      d += done;
      m -= done;
    }
  }
  const ActParam& p = params;
  switch (kind) {
    case kNone: break;
    case kRelu: ClampScaleLoop(d, m, 0.f, std::numeric_limits<float>::infinity()); break;
    case kRelu6: ClampScaleLoop(d, m, 0.f, p.relu6_threshold); break;
    case kLeakyRelu: LeakyLoop(d, m, p.leaky_relu_alpha); break;
    case kHardSwish:
      HardSwishLoop(d, m, p.hard_swish_offset, p.hard_swish_threshold, p.hard_swish_scale);
      break;
    case kHardSigmoid: HardSigmoidLoop(d, m, p.hard_sigmoid_slope, p.hard_sigmoid_offset); break;
    case kSigmoid: LogisticLoop(d, m, 1.f, 0.f); break;
    case kSwish: LogisticLoop(d, m, p.swish_beta, 1.f); break;
    default:
      for (int64_t i = 0; i < m; ++i) d[i] = ApplyActivationOnly(d[i]);
  }
  if (post_scale != 1.f) ScaleLoop(d, m, post_scale);
  if (post_shift != 0.f) ShiftLoop(d, m, post_shift);
}

FusedActivation ParseFusedActivation(const cpp::OpDesc& desc,
                                     const std::string& type_attr) {
  FusedActivation act;
  act.kind = FusedActivation::KindFromName(desc.Type(), FusedActName(desc, type_attr), type_attr);
  act.params = ReadActAttrs(act.kind, desc, ActAttrNames::kFused);
  act.post_scale = desc.GetAttr<float>("post_act_scale", 1.f);
  act.post_shift = desc.GetAttr<float>("post_act_shift", 0.f);
  return act;
}

std::vector<int> ReadPaddings4(const cpp::OpDesc& desc) {
  auto p = desc.GetAttr<std::vector<int>>("paddings", std::vector<int>{0, 0});
  if (p.size() == 2) return {p[0], p[0], p[1], p[1]};
  LITE_ENFORCE(p.size() == 4, "op '", desc.Type(),
               "': attribute 'paddings' must have 2 or 4 values, got ", p.size());
  return p;
}

std::vector<int> ReadPaddings6(const cpp::OpDesc& desc) {
  auto p = desc.GetAttr<std::vector<int>>("paddings", std::vector<int>{0, 0, 0});
  if (p.size() == 3) return {p[0], p[0], p[1], p[1], p[2], p[2]};
  LITE_ENFORCE(p.size() == 6, "op '", desc.Type(),
               "': attribute 'paddings' must have 3 or 6 values, got ", p.size());
  return p;
}

std::vector<int> ReadIntList(const cpp::OpDesc& desc, const std::string& name,
                             size_t n, const std::vector<int>& fallback) {
  auto v = desc.GetAttr<std::vector<int>>(name, fallback);
  LITE_ENFORCE(v.size() == n, "op '", desc.Type(), "': attribute '", name,
               "' must have ", n, " values, got ", v.size());
  return v;
}

void ReadPoolWindow(const cpp::OpDesc& desc, int rank, PoolWindowParam* p) {
  const std::string& op = desc.Type();
  const std::string type = desc.GetAttr<std::string>("pooling_type", std::string("max"));
  LITE_ENFORCE(type == "max" || type == "avg", "op '", op, "': attribute 'pooling_type' is '",
               type, "'; expected 'max' or 'avg'");
  p->is_max = type == "max";
  const std::vector<int> ones(rank, 1);
  p->ksize = ReadIntList(desc, "ksize", rank, ones);
  p->strides = ReadIntList(desc, "strides", rank, ones);
  p->paddings = rank == 2 ? ReadPaddings4(desc) : ReadPaddings6(desc);
  p->global_pooling = desc.GetAttr<bool>("global_pooling", false);
  p->ceil_mode = desc.GetAttr<bool>("ceil_mode", false);
  p->exclusive = desc.GetAttr<bool>("exclusive", true);
  p->padding_algorithm = desc.GetAttr<std::string>("padding_algorithm", std::string("EXPLICIT"));
  for (int i = 0; i < rank; ++i) {
    LITE_ENFORCE(p->global_pooling || p->ksize[i] >= 1, "op '", op,
                 "': attribute 'ksize' values must be >= 1 (got ", p->ksize[i],
                 ") unless global_pooling is set");
    LITE_ENFORCE(p->strides[i] >= 1, "op '", op, "': attribute 'strides' values must be >= 1");
  }
  for (int v : p->paddings) {
    LITE_ENFORCE(v >= 0, "op '", op, "': attribute 'paddings' must be >= 0");
  }
}

void ApplyPaddingAlgorithm(const std::string& op, const std::string& algorithm,
                           const std::vector<int64_t>& in,
                           const std::vector<int>& ksize,
                           const std::vector<int>& strides, std::vector<int>* pads,
                           std::vector<int>* dilations) {
  if (algorithm == "SAME") {
    for (size_t i = 0; i < in.size(); ++i) {
      int64_t out = (in[i] + strides[i] - 1) / strides[i];
      int64_t sum = std::max<int64_t>((out - 1) * strides[i] + ksize[i] - in[i], 0);
      (*pads)[2 * i] = static_cast<int>(sum / 2);
      (*pads)[2 * i + 1] = static_cast<int>(sum - sum / 2);
    }
    if (dilations) {
      for (auto& d : *dilations) d = 1;
    }
  } else if (algorithm == "VALID") {
    for (auto& p : *pads) p = 0;
  } else {
    LITE_ENFORCE(algorithm == "EXPLICIT" || algorithm.empty(), "op '", op,
                 "': attribute 'padding_algorithm' is '", algorithm,
                 "'; expected EXPLICIT, SAME or VALID");
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
