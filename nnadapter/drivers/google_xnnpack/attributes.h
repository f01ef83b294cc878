// google_xnnpack's rules on top of the kit's constant-attribute readers
// (nnadapter/utility/attributes.h): INT64 vectors are accepted, fuse codes
// become XNNPACK output ranges, and window attributes are bounded.
#ifndef NNADAPTER_DRIVERS_GOOGLE_XNNPACK_ATTRIBUTES_H_
#define NNADAPTER_DRIVERS_GOOGLE_XNNPACK_ATTRIBUTES_H_

#include <limits>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"
#include "nnadapter/utility/attributes.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter {
namespace google_xnnpack {

// Strides, dilations, kernel sizes and pads stay far below int32 overflow.
constexpr int32_t kMaxWindowAttribute = 1 << 20;

// A constant INT32 (or INT64 with values in int32 range) vector of `count`
// elements (0: any); an absent operand gives `fallback` when it is not
// empty.
inline bool AttrInts(const core::Operation& op, size_t i, size_t count,
                     const std::vector<int32_t>& fallback,
                     std::vector<int32_t>* v, std::string* error) {
  if (!fallback.empty()) {
    return kit::ReadOptionalInt32s(op, i, count, fallback, v, error,
                                   kit::IntVector::kInt32OrInt64);
  }
  return kit::ReadInt32s(op, i, count, v, error, kit::IntVector::kInt32OrInt64);
}

// fuse_code -> [output_min, output_max].
inline bool AttrFuse(const core::Operation& op, size_t i, float* lo, float* hi,
                     std::string* error) {
  int32_t code;
  if (!kit::ReadFuseCode(op, i, &code, error)) return false;
  const float inf = std::numeric_limits<float>::infinity();
  switch (code) {
    case NNADAPTER_FUSED_RELU: *lo = 0.0f; *hi = inf; return true;
    case NNADAPTER_FUSED_RELU1: *lo = -1.0f; *hi = 1.0f; return true;
    case NNADAPTER_FUSED_RELU6: *lo = 0.0f; *hi = 6.0f; return true;
    default: *lo = -inf; *hi = inf; return true;
  }
}

inline bool AttrPadsBounded(const std::vector<int32_t>& pads,
                            std::string* error) {
  for (int32_t p : pads) {
    if (p < 0 || p > kMaxWindowAttribute) {
      *error = "pads must be in [0, " + std::to_string(kMaxWindowAttribute) + "]";
      return false;
    }
  }
  return true;
}

// kit::ReadPads, bounded.
inline bool AttrPads(const core::Operation& op, size_t auto_pad_index,
                     size_t pads_index, const int32_t in[2],
                     const int32_t kernel[2], const int32_t strides[2],
                     const int32_t dilations[2], std::vector<int32_t>* pads,
                     std::string* error) {
  return kit::ReadPads(op, auto_pad_index, pads_index, in, kernel, strides,
                       dilations, pads, error) &&
         AttrPadsBounded(*pads, error);
}

// Strides, dilations and kernel sizes in [1, kMaxWindowAttribute].
inline bool WindowValues(const std::vector<int32_t>& values, const char* what,
                         std::string* error) {
  for (int32_t v : values) {
    if (v < 1 || v > kMaxWindowAttribute) {
      *error = std::string(what) + " must be in [1, " +
               std::to_string(kMaxWindowAttribute) + "]";
      return false;
    }
  }
  return true;
}

}  // namespace google_xnnpack
}  // namespace nnadapter

#endif  // NNADAPTER_DRIVERS_GOOGLE_XNNPACK_ATTRIBUTES_H_
