// FusedActivation on 8 lanes of AVX2 registers: the activations whose
// scalar loops (FusedActivation::ApplySerial) are a clamp, a select or a
// short chain of multiplies and adds, then the post affine, with the
// operations of those loops in the same order, so every lane rounds as the
// scalar loop does. Used by ApplySerial itself (one pass over the data
// instead of one per step) and by kernels that hold outputs in registers
// (the depthwise tiles).
#pragma once
#include <immintrin.h>

#include <limits>
#include <type_traits>

#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct VecAct {
  // kOther: not expressible here (sigmoid, swish, gelu, ...): ApplySerial.
  enum Kind { kNone, kClamp, kLeaky, kHardSwish, kHardSigmoid, kOther } kind = kNone;
  float lo = 0.f, hi = 0.f, a = 0.f, b = 0.f;  // per kind, see Avx2Act
  bool scale = false, shift = false;            // post affine steps to do
  float post_scale = 1.f, post_shift = 0.f;

  static VecAct From(const FusedActivation& act) {
    const ActParam& p = act.params;
    VecAct t;
    switch (act.kind) {
      case FusedActivation::kNone: break;
      case FusedActivation::kRelu:
        t.kind = kClamp;
        t.hi = std::numeric_limits<float>::infinity();
        break;
      case FusedActivation::kRelu6:
        t.kind = kClamp;
        t.hi = p.relu6_threshold;
        break;
      case FusedActivation::kLeakyRelu:
        t.kind = kLeaky;
        t.a = p.leaky_relu_alpha;
        break;
      case FusedActivation::kHardSwish:
        t.kind = kHardSwish;
        t.hi = p.hard_swish_threshold;
        t.a = p.hard_swish_offset;
        t.b = p.hard_swish_scale;
        break;
      case FusedActivation::kHardSigmoid:
        t.kind = kHardSigmoid;
        t.hi = 1.f;
        t.a = p.hard_sigmoid_slope;
        t.b = p.hard_sigmoid_offset;
        break;
      default: t.kind = kOther;
    }
    t.scale = act.post_scale != 1.f;
    t.shift = act.post_shift != 0.f;
    t.post_scale = act.post_scale;
    t.post_shift = act.post_shift;
    return t;
  }
  // Avx2Act computes the whole FusedActivation.
  bool InRegisters() const { return kind != kOther; }
  bool Identity() const { return kind == kNone && !scale && !shift; }
};

// min(max(x, lo), hi) as ClampNum (NaN -> lo: max_ps returns its second
// operand when either is NaN; +-0 -> lo = +0 likewise).
__attribute__((target("avx2,fma"))) inline __m256 Avx2Clamp(__m256 x, __m256 lo, __m256 hi) {
  return _mm256_min_ps(_mm256_max_ps(x, lo), hi);
}

// `v` as a rounded product: GCC contracts a multiply and a following add
// into one FMA even when they are intrinsics (-ffp-contract=fast, its
// default for GNU C++), which rounds once instead of twice.
__attribute__((target("avx2,fma"))) inline __m256 Avx2Rounded(__m256 v) {
  __asm__("" : "+x"(v));
  return v;
}

// act(x) for activation K with its constants broadcast (lo, hi, a, b as
// VecAct holds them).
template <VecAct::Kind K>
__attribute__((target("avx2,fma"))) inline __m256 Avx2ActK(__m256 x, __m256 lo, __m256 hi,
                                                          __m256 a, __m256 b) {
  switch (K) {
    case VecAct::kClamp: return Avx2Clamp(x, lo, hi);
    case VecAct::kLeaky:
      return _mm256_blendv_ps(_mm256_mul_ps(x, a), x,
                              _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_GT_OQ));
    case VecAct::kHardSwish:
      return _mm256_div_ps(_mm256_mul_ps(x, Avx2Clamp(_mm256_add_ps(x, a), lo, hi)), b);
    case VecAct::kHardSigmoid:
      return Avx2Clamp(_mm256_add_ps(Avx2Rounded(_mm256_mul_ps(x, a)), b), lo, hi);
    default: return x;
  }
}

// act(x) * post_scale + post_shift for InRegisters() activations; separate
// multiplies and adds (no FMA), as the scalar loops.
__attribute__((target("avx2,fma"))) inline __m256 Avx2Act(const VecAct& t, __m256 x) {
  const __m256 lo = _mm256_set1_ps(t.lo), hi = _mm256_set1_ps(t.hi);
  const __m256 a = _mm256_set1_ps(t.a), b = _mm256_set1_ps(t.b);
  switch (t.kind) {
    case VecAct::kClamp: x = Avx2ActK<VecAct::kClamp>(x, lo, hi, a, b); break;
    case VecAct::kLeaky: x = Avx2ActK<VecAct::kLeaky>(x, lo, hi, a, b); break;
    case VecAct::kHardSwish: x = Avx2ActK<VecAct::kHardSwish>(x, lo, hi, a, b); break;
    case VecAct::kHardSigmoid: x = Avx2ActK<VecAct::kHardSigmoid>(x, lo, hi, a, b); break;
    default: break;
  }
  if (t.scale) x = Avx2Rounded(_mm256_mul_ps(x, _mm256_set1_ps(t.post_scale)));
  if (t.shift) x = _mm256_add_ps(x, _mm256_set1_ps(t.post_shift));
  return x;
}

// Avx2Act for activation K with the constants broadcast once (for loops and
// kernels that apply it to many vectors).
template <VecAct::Kind K>
struct Avx2ActOf {
  __m256 lo, hi, a, b, scale, shift;
  bool do_scale, do_shift;
  __attribute__((target("avx2,fma"))) explicit Avx2ActOf(const VecAct& t)
      : lo(_mm256_set1_ps(t.lo)),
        hi(_mm256_set1_ps(t.hi)),
        a(_mm256_set1_ps(t.a)),
        b(_mm256_set1_ps(t.b)),
        scale(_mm256_set1_ps(t.post_scale)),
        shift(_mm256_set1_ps(t.post_shift)),
        do_scale(t.scale),
        do_shift(t.shift) {}
  __attribute__((target("avx2,fma"))) __m256 operator()(__m256 x) const {
    x = Avx2ActK<K>(x, lo, hi, a, b);
    if (do_scale) x = Avx2Rounded(_mm256_mul_ps(x, scale));
    if (do_shift) x = _mm256_add_ps(x, shift);
    return x;
  }
};

// f(std::integral_constant<VecAct::Kind, K>{}) for the kind of `t` when
// InRegisters(); false (f not called) otherwise. One switch for every
// caller that instantiates per activation.
template <typename F>
bool WithVecActKind(const VecAct& t, F&& f) {
  switch (t.kind) {
    case VecAct::kNone: f(std::integral_constant<VecAct::Kind, VecAct::kNone>{}); return true;
    case VecAct::kClamp: f(std::integral_constant<VecAct::Kind, VecAct::kClamp>{}); return true;
    case VecAct::kLeaky: f(std::integral_constant<VecAct::Kind, VecAct::kLeaky>{}); return true;
    case VecAct::kHardSwish:
      f(std::integral_constant<VecAct::Kind, VecAct::kHardSwish>{});
      return true;
    case VecAct::kHardSigmoid:
      f(std::integral_constant<VecAct::Kind, VecAct::kHardSigmoid>{});
      return true;
    default: return false;
  }
}

// Avx2Act over d[0, m) in whole vectors, the constants broadcast once;
// returns the first index left.
template <VecAct::Kind K>
__attribute__((target("avx2,fma"))) int64_t Avx2ActLoop(const VecAct& t, float* d, int64_t m) {
  const Avx2ActOf<K> act(t);
  int64_t i = 0;
  for (; i + 8 <= m; i += 8) _mm256_storeu_ps(d + i, act(_mm256_loadu_ps(d + i)));
  return i;
}

inline int64_t Avx2ActLoop(const VecAct& t, float* d, int64_t m) {
  int64_t done = 0;
  WithVecActKind(t, [&](auto kind) { done = Avx2ActLoop<decltype(kind)::value>(t, d, m); });
  return done;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
