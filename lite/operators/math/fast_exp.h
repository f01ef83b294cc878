// exp for non-positive arguments, branch-free so that loops over it
// vectorize (LITE_CPU_CLONES): the logistic family of fused activations
// (nn_common.cc) and softmax (softmax.cc, whose x - max is <= 0). The same
// steps on 8 lanes with AVX2/FMA intrinsics (ExpNonPositiveAvx2) for rows
// where GCC's vectorization of the scalar form runs ~5 cycles per element.
#pragma once
#include <immintrin.h>

#include <cstdint>
#include <cstring>

namespace paddle {
namespace lite {
namespace operators {

// The constants of both forms: exp(x) for x <= 0 is 2^n * p(r) with
// r = x - n ln2 in [-ln2/2, ln2/2] (ln2 split in two for exactness) and a
// degree-6 polynomial p, < 2 ulp.
struct ExpConstants {
  static constexpr float kLowest = -87.f;  // exp(-87) ~ 1.6e-38, still normal
  static constexpr float kLog2e = 1.44269504088896341f;
  static constexpr float kRound = 12582912.f;  // 1.5 * 2^23: round to nearest
  static constexpr float kLn2Hi = 0.693359375f;
  static constexpr float kLn2Lo = -2.12194440e-4f;
  static constexpr float kPoly[6] = {1.9875691500e-4f, 1.3981999507e-3f, 8.3334519073e-3f,
                                     4.1665795894e-2f, 1.6666665459e-1f, 5.0000001201e-1f};
};

// exp(x) for x <= 0. Inputs below -87 give exp(-87) (std::exp: a denormal
// or 0); NaN gives exp(-87) too (callers that must propagate NaN blend it
// back).
inline float ExpNonPositive(float x) {
  using C = ExpConstants;
  x = x > C::kLowest ? x : C::kLowest;
  // round to nearest by the 1.5 * 2^23 trick (vectorizes without SSE4.1)
  const float n = (x * C::kLog2e + C::kRound) - C::kRound;
  float r = x - n * C::kLn2Hi;
  r -= n * C::kLn2Lo;
  float p = C::kPoly[0];
  for (int i = 1; i < 6; ++i) p = p * r + C::kPoly[i];
  p = p * r * r + r + 1.f;
  const int32_t bits = (static_cast<int32_t>(n) + 127) << 23;
  float scale;
  std::memcpy(&scale, &bits, sizeof(scale));
  return p * scale;
}

// The same on 8 lanes (FMA contractions: within 1 ulp of the scalar form).
// Call only on CPUs with AVX2 and FMA.
__attribute__((target("avx2,fma"))) inline __m256 ExpNonPositiveAvx2(__m256 x) {
  using C = ExpConstants;
  x = _mm256_max_ps(x, _mm256_set1_ps(C::kLowest));  // NaN -> -87 as above
  const __m256 round = _mm256_set1_ps(C::kRound);
  const __m256 n = _mm256_sub_ps(_mm256_fmadd_ps(x, _mm256_set1_ps(C::kLog2e), round), round);
  __m256 r = _mm256_fnmadd_ps(n, _mm256_set1_ps(C::kLn2Hi), x);
  r = _mm256_fnmadd_ps(n, _mm256_set1_ps(C::kLn2Lo), r);
  __m256 p = _mm256_set1_ps(C::kPoly[0]);
  for (int i = 1; i < 6; ++i) p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(C::kPoly[i]));
  p = _mm256_fmadd_ps(_mm256_mul_ps(p, r), r, _mm256_add_ps(r, _mm256_set1_ps(1.f)));
  const __m256i bits =
      _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvttps_epi32(n), _mm256_set1_epi32(127)), 23);
  return _mm256_mul_ps(p, _mm256_castsi256_ps(bits));
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
