// Reading constant attribute operands of an NNAdapter operation, with error
// messages that name the input index and what was expected.
#ifndef NNADAPTER_DRIVERS_GOOGLE_XNNPACK_ATTRIBUTES_H_
#define NNADAPTER_DRIVERS_GOOGLE_XNNPACK_ATTRIBUTES_H_

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter {
namespace google_xnnpack {

constexpr int32_t kMaxWindowAttribute = 1 << 20;

inline const core::Operand* InputAt(const core::Operation& op, size_t i) {
  return i < op.input_operands.size() ? op.input_operands[i] : nullptr;
}

inline bool AttrInt(const core::Operation& op, size_t i, int32_t* v,
                    std::string* error) {
  const core::Operand* o = InputAt(op, i);
  if (!o || o->type.precision != NNADAPTER_INT32 || !GetConstantInt32(o, v)) {
    *error = "input " + std::to_string(i) + " must be a constant INT32 scalar";
    return false;
  }
  return true;
}

inline bool AttrFloat(const core::Operation& op, size_t i, float* v,
                      std::string* error) {
  const core::Operand* o = InputAt(op, i);
  if (!o || o->type.precision != NNADAPTER_FLOAT32 || !GetConstantFloat(o, v)) {
    *error = "input " + std::to_string(i) + " must be a constant FLOAT32 scalar";
    return false;
  }
  return true;
}

// An absent optional bool operand gives `fallback`.
inline bool AttrBool(const core::Operation& op, size_t i, bool fallback,
                     bool* v, std::string* error) {
  const core::Operand* o = InputAt(op, i);
  if (!o) {
    *v = fallback;
    return true;
  }
  if (o->type.precision != NNADAPTER_BOOL8 || !GetConstantBool(o, v)) {
    *error = "input " + std::to_string(i) + " must be a constant BOOL8 scalar";
    return false;
  }
  return true;
}

// A constant INT32 (or INT64 with values in int32 range) array; `count` 0
// accepts any length. An absent optional operand gives `fallback` when it
// is not empty.
inline bool AttrInts(const core::Operation& op, size_t i, size_t count,
                     const std::vector<int32_t>& fallback,
                     std::vector<int32_t>* v, std::string* error) {
  const core::Operand* o = InputAt(op, i);
  if (!o && !fallback.empty()) {
    *v = fallback;
    return true;
  }
  const std::string expected =
      "input " + std::to_string(i) + " must be a constant INT32 array" +
      (count ? " of " + std::to_string(count) + " elements" : "");
  if (!o || !IsConstantOperand(o) || !o->buffer) {
    *error = expected;
    return false;
  }
  if (o->type.precision == NNADAPTER_INT32 && o->length % 4 == 0) {
    v->resize(o->length / 4);
    std::memcpy(v->data(), o->buffer, o->length);
  } else if (o->type.precision == NNADAPTER_INT64 && o->length % 8 == 0) {
    std::vector<int64_t> w(o->length / 8);
    std::memcpy(w.data(), o->buffer, o->length);
    v->clear();
    for (int64_t x : w) {
      if (x < std::numeric_limits<int32_t>::min() ||
          x > std::numeric_limits<int32_t>::max()) {
        *error = expected;
        return false;
      }
      v->push_back(static_cast<int32_t>(x));
    }
  } else {
    *error = expected;
    return false;
  }
  if (count && v->size() != count) {
    *error = expected;
    return false;
  }
  return true;
}

// fuse_code -> [output_min, output_max].
inline bool AttrFuse(const core::Operation& op, size_t i, float* lo, float* hi,
                     std::string* error) {
  int32_t code;
  if (!AttrInt(op, i, &code, error)) return false;
  const float inf = std::numeric_limits<float>::infinity();
  switch (code) {
    case NNADAPTER_FUSED_NONE: *lo = -inf; *hi = inf; return true;
    case NNADAPTER_FUSED_RELU: *lo = 0.0f; *hi = inf; return true;
    case NNADAPTER_FUSED_RELU1: *lo = -1.0f; *hi = 1.0f; return true;
    case NNADAPTER_FUSED_RELU6: *lo = 0.0f; *hi = 6.0f; return true;
    default:
      *error = "input " + std::to_string(i) + ": unknown fuse_code " +
               std::to_string(code);
      return false;
  }
}

// Explicit pads {top, bottom, left, right} for auto_pad (SAME: output =
// ceil(input / stride), the extra padding at the end), as builtin_device.
inline bool AttrPads(const core::Operation& op, size_t auto_pad_index,
                     size_t pads_index, const int32_t in[2],
                     const int32_t kernel[2], const int32_t strides[2],
                     const int32_t dilations[2], std::vector<int32_t>* pads,
                     std::string* error) {
  int32_t auto_pad;
  if (!AttrInt(op, auto_pad_index, &auto_pad, error)) return false;
  if (auto_pad == NNADAPTER_AUTO_PAD_NONE) {
    if (!AttrInts(op, pads_index, 4, {0, 0, 0, 0}, pads, error)) return false;
  } else if (auto_pad == NNADAPTER_AUTO_PAD_VALID) {
    *pads = {0, 0, 0, 0};
  } else if (auto_pad == NNADAPTER_AUTO_PAD_SAME) {
    pads->assign(4, 0);
    for (int d = 0; d < 2; d++) {
      const int64_t out = (int64_t(in[d]) + strides[d] - 1) / strides[d];
      const int64_t total = std::max<int64_t>(
          (out - 1) * strides[d] + int64_t(kernel[d] - 1) * dilations[d] + 1 -
              in[d],
          0);
      (*pads)[2 * d] = static_cast<int32_t>(total / 2);
      (*pads)[2 * d + 1] = static_cast<int32_t>(total - total / 2);
    }
  } else {
    *error = "input " + std::to_string(auto_pad_index) + ": unknown auto_pad " +
             std::to_string(auto_pad);
    return false;
  }
  for (int32_t p : *pads) {
    if (p < 0 || p > kMaxWindowAttribute) {
      *error = "pads must be in [0, " + std::to_string(kMaxWindowAttribute) + "]";
      return false;
    }
  }
  return true;
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

// Strides, dilations and kernel sizes in [1, kMaxWindowAttribute] (keeps the
// window arithmetic far from overflow).
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
