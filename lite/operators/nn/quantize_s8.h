// Symmetric int8 quantization shared by the int8 conv2d and fc kernels:
// q in [-127, 127], x ~= q * scale.
#pragma once
#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace paddle {
namespace lite {
namespace operators {

// Activations: q = clamp(round_half_even(x * inv), -127, 127); the
// 1.5 * 2^23 trick rounds exactly for |v| <= 127 in the default rounding
// mode, as cvtps2dq does in the vectorized paths.
inline int8_t QuantizeS8(float x, float inv) {
  float v = std::min(127.f, std::max(-127.f, x * inv));
  v = (v + 12582912.f) - 12582912.f;
  return static_cast<int8_t>(static_cast<int32_t>(v));
}

// Eight floats -> eight s8 in the low bytes (QuantizeS8's values:
// cvtps2dq rounds half to even in the default rounding mode).
__attribute__((target("avx2"))) inline __m128i Quant8(__m256 x, __m256 inv, __m256 lo,
                                                      __m256 hi) {
  const __m256 v = _mm256_min_ps(hi, _mm256_max_ps(lo, _mm256_mul_ps(x, inv)));
  const __m256i q32 = _mm256_cvtps_epi32(v);
  const __m128i q16 =
      _mm_packs_epi32(_mm256_castsi256_si128(q32), _mm256_extracti128_si256(q32, 1));
  return _mm_packs_epi16(q16, q16);
}

// Elements [b, e) of x (+ y, when not null) -> q with QuantizeS8, 8 at a
// time; returns where it stopped (fewer than 8 left).
__attribute__((target("avx2"))) inline int64_t QuantizeS8RangeAvx2(const float* x, int8_t* q,
                                                                   int64_t b, int64_t e,
                                                                   float inv,
                                                                   const float* y = nullptr) {
  const __m256 vinv = _mm256_set1_ps(inv), lo = _mm256_set1_ps(-127.f),
               hi = _mm256_set1_ps(127.f);
  for (; b + 8 <= e; b += 8) {
    __m256 v = _mm256_loadu_ps(x + b);
    if (y) v = _mm256_add_ps(v, _mm256_loadu_ps(y + b));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(q + b), Quant8(v, vinv, lo, hi));
  }
  return b;
}

// The same 16 at a time with AVX-512 (one saturating narrowing store
// instead of two packs per 8): the int8 detector quantizes ~10 MB of float
// activations per run, 0.9 ms with AVX2 on Zen 5.
__attribute__((target("avx512f"))) inline int64_t QuantizeS8RangeAvx512(
    const float* x, int8_t* q, int64_t b, int64_t e, float inv, const float* y = nullptr) {
  // (The maskz forms with every lane set: GCC 12 warns about the plain
  // ones' undefined pass-through operand, bug 105593.)
  const __m512 vinv = _mm512_set1_ps(inv), lo = _mm512_set1_ps(-127.f),
               hi = _mm512_set1_ps(127.f);
  const __mmask16 all = 0xFFFF;
  for (; b + 16 <= e; b += 16) {
    __m512 v = _mm512_loadu_ps(x + b);
    if (y) v = _mm512_maskz_add_ps(all, v, _mm512_loadu_ps(y + b));
    v = _mm512_maskz_mul_ps(all, v, vinv);
    v = _mm512_maskz_min_ps(all, hi, _mm512_maskz_max_ps(all, lo, v));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(q + b),
                     _mm512_maskz_cvtsepi32_epi8(all, _mm512_maskz_cvtps_epi32(all, v)));
  }
  return b;
}

// Elements [0, n) (+ y) with the widest of the two above this CPU has;
// returns where they stopped (fewer than 8 left).
inline int64_t QuantizeS8RangeSimd(const float* x, int8_t* q, int64_t n, float inv,
                                   const float* y) {
  static const bool avx512 = __builtin_cpu_supports("avx512f");
  static const bool avx2 = __builtin_cpu_supports("avx2");
  int64_t i = avx512 ? QuantizeS8RangeAvx512(x, q, 0, n, inv, y) : 0;
  return avx2 ? QuantizeS8RangeAvx2(x, q, i, n, inv, y) : i;
}

// q[i] = QuantizeS8(x[i], inv) for i < n, on the calling thread.
inline void QuantizeS8Array(const float* x, int8_t* q, int64_t n, float inv) {
  for (int64_t i = QuantizeS8RangeSimd(x, q, n, inv, nullptr); i < n; ++i) {
    q[i] = QuantizeS8(x[i], inv);
  }
}

// q[i] = QuantizeS8(x[i] + y[i], inv) for i < n (the float sum rounded
// first, as an add op then a quantizing reader do), on the calling thread.
inline void QuantizeSumS8Array(const float* x, const float* y, int8_t* q, int64_t n,
                               float inv) {
  for (int64_t i = QuantizeS8RangeSimd(x, q, n, inv, y); i < n; ++i) {
    q[i] = QuantizeS8(x[i] + y[i], inv);
  }
}

// Weights: an already scaled value rounded (current rounding mode) and
// clamped to [-127, 127].
inline int8_t SaturateS8(float scaled) {
  return static_cast<int8_t>(std::min(127.f, std::max(-127.f, std::nearbyint(scaled))));
}

// The weight scale of output channel `i`: one value for all, or one each.
inline float ScaleAt(const std::vector<float>& scales, int64_t i) {
  return scales.size() == 1 ? scales[0] : scales[i];
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
