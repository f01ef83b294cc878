// IEEE 754 binary16 <-> float, for the ops that convert to and from fp16
// tensors (stored as uint16_t bits).
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

namespace paddle {
namespace lite {
namespace operators {

// Exact: every half is a float.
inline float HalfToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1fu;
  const uint32_t man = h & 0x3ffu;
  if (exp == 0) {  // zero or subnormal: man * 2^-24
    const float v = std::ldexp(static_cast<float>(man), -24);
    return sign ? -v : v;
  }
  // Normal: rebias the exponent (15 -> 127); Inf/NaN keep an all-ones one.
  const uint32_t bits = sign | (exp == 31 ? 0x7f800000u | man << 13 : ((exp + 112) << 23 | man << 13));
  float f;
  std::memcpy(&f, &bits, sizeof(f));
  return f;
}

// Rounds to nearest, ties to even; beyond the largest half (65504) rounds to
// Inf as IEEE does; NaN stays a (quiet) NaN.
inline uint16_t FloatToHalf(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof(bits));
  const uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
  const uint32_t mag = bits & 0x7fffffffu;
  if (mag > 0x7f800000u) return sign | 0x7e00u;  // NaN
  if (mag >= 0x477ff000u) return sign | 0x7c00u;  // >= 65520: Inf
  if (mag < 0x38800000u) {                         // below 2^-14: subnormal half
    const float scaled = std::nearbyint(std::fabs(f) * 16777216.f);  // exact * 2^24
    return sign | static_cast<uint16_t>(scaled);
  }
  // Normal: drop 13 mantissa bits with round-to-nearest-even, rebias.
  const uint32_t r = mag - 0x38000000u;
  return sign | static_cast<uint16_t>((r + 0xfffu + ((r >> 13) & 1u)) >> 13);
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
