// See quant_per_tensor.h. Rounding ties away from zero without libm:
// floor(|v| + 0.49999997f) carries the sign back; adding the largest float
// below 0.5 never rounds a fraction below one half up to the next integer
// (the sum's rounding error is 2^-25, below half an ulp of any value >= 1),
// so the result equals std::round for every float.
#include "lite/operators/tensor/quant_per_tensor.h"

#include <immintrin.h>

#include <algorithm>
#include <cmath>

namespace paddle {
namespace lite {
namespace operators {
namespace {

constexpr float kHalfBelow = 0.49999997f;  // nextafter(0.5f, 0.f)

inline float QuantScalar(float x, float s, float m, float bin, int round_type) {
  if (round_type == 0) {
    // quant.cc: nearbyint(bin * (x * inv_s)); here m = inv_s.
    return std::min(std::max(std::nearbyint(bin * (x * m)), -bin - 1.f), bin);
  }
  return std::round(m * std::min(std::max(x, -s), s));  // m = bin * inv_s
}

__attribute__((target("avx2"))) int64_t QuantAvx2(const float* x, float* out, int64_t n,
                                                  float s, float m, float bin, int round_type,
                                                  bool dequant) {
  const __m256 vs = _mm256_set1_ps(s), vneg_s = _mm256_set1_ps(-s), vm = _mm256_set1_ps(m);
  const __m256 vbin = _mm256_set1_ps(bin), vlo = _mm256_set1_ps(-bin - 1.f);
  const __m256 sign = _mm256_set1_ps(-0.f), half = _mm256_set1_ps(kHalfBelow);
  const int64_t full = n / 8 * 8;
  for (int64_t i = 0; i < full; i += 8) {
    __m256 v = _mm256_loadu_ps(x + i), q;
    if (round_type == 0) {
      q = _mm256_round_ps(_mm256_mul_ps(vbin, _mm256_mul_ps(v, vm)),
                          _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
      q = _mm256_min_ps(_mm256_max_ps(q, vlo), vbin);
    } else {
      v = _mm256_mul_ps(vm, _mm256_min_ps(_mm256_max_ps(v, vneg_s), vs));
      const __m256 a = _mm256_andnot_ps(sign, v);
      q = _mm256_floor_ps(_mm256_add_ps(a, half));
      q = _mm256_or_ps(q, _mm256_and_ps(sign, v));
    }
    if (dequant) q = _mm256_div_ps(_mm256_mul_ps(q, vs), vbin);
    _mm256_storeu_ps(out + i, q);
  }
  return full;
}

void QuantRange(const float* x, float* out, int64_t n, float s, float m, float bin,
                int round_type, bool dequant) {
  static const bool avx2 = __builtin_cpu_supports("avx2");
  const int64_t done = avx2 ? QuantAvx2(x, out, n, s, m, bin, round_type, dequant) : 0;
  for (int64_t i = done; i < n; ++i) {
    const float q = QuantScalar(x[i], s, m, bin, round_type);
    out[i] = dequant ? q * s / bin : q;
  }
}

}  // namespace

void QuantPerTensor(const float* x, float* out, int64_t n, float s, float inv_s, float bin,
                    int round_type, bool dequant, int threads) {
  const float m = round_type == 0 ? inv_s : bin * inv_s;
  constexpr int64_t kChunk = 1 << 14;
  const int64_t chunks = (n + kChunk - 1) / kChunk;
#pragma omp parallel for num_threads(threads) schedule(static) if (chunks > 4 && threads > 1)
  for (int64_t c = 0; c < chunks; ++c) {
    const int64_t b = c * kChunk, len = std::min(kChunk, n - b);
    QuantRange(x + b, out + b, len, s, m, bin, round_type, dequant);
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
