// Symmetric int8 quantization shared by the int8 conv2d and fc kernels:
// q in [-127, 127], x ~= q * scale.
#pragma once
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
