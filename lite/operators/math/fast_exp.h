// exp for non-positive arguments, branch-free so that loops over it
// vectorize (LITE_CPU_CLONES): the logistic family of fused activations
// (nn_common.cc) and softmax (softmax.cc, whose x - max is <= 0).
#pragma once
#include <cstdint>
#include <cstring>

namespace paddle {
namespace lite {
namespace operators {

// exp(x) for x <= 0: 2^n * p(r) with r = x - n ln2 in [-ln2/2, ln2/2],
// degree-6 polynomial, < 2 ulp. Inputs below -87 give exp(-87) ~ 1.6e-38
// (std::exp: a denormal or 0); NaN gives exp(-87) too (callers that must
// propagate NaN blend it back).
inline float ExpNonPositive(float x) {
  x = x > -87.f ? x : -87.f;
  // round to nearest by the 1.5 * 2^23 trick (vectorizes without SSE4.1)
  const float n = (x * 1.44269504088896341f + 12582912.f) - 12582912.f;
  float r = x - n * 0.693359375f;
  r -= n * -2.12194440e-4f;
  float p = 1.9875691500e-4f;
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  p = p * r * r + r + 1.f;
  const int32_t bits = (static_cast<int32_t>(n) + 127) << 23;
  float scale;
  std::memcpy(&scale, &bits, sizeof(scale));
  return p * scale;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
