#include "nnadapter/utility/attributes.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter {
namespace kit {

namespace {

// "<TYPE> input <index>: expected <expected>, got <what the operand is>".
bool Reject(const core::Operation& op, size_t index, const std::string& expected,
            std::string* error) {
  const core::Operand* o = InputOperand(op, index);
  std::string got;
  if (index >= op.input_operands.size()) {
    got = "no such input (the operation has " +
          std::to_string(op.input_operands.size()) + ")";
  } else if (!o) {
    got = "an absent operand";
  } else {
    got = OperandTypeToString(o->type);
    if (IsConstantOperand(o)) got += " of " + std::to_string(o->length) + " bytes";
  }
  *error = OperationTypeName(op.type) + " input " + std::to_string(index) +
           ": expected " + expected + ", got " + got;
  return false;
}

// The constant operand at `index` of `precision` whose value has a whole
// number of `element_size` elements, or null.
const core::Operand* Constant(const core::Operation& op, size_t index,
                              NNAdapterOperandPrecision precision,
                              size_t element_size) {
  const core::Operand* o = InputOperand(op, index);
  if (!o || !IsConstantOperand(o) || o->type.precision != precision ||
      !o->buffer || o->length % element_size != 0) {
    return nullptr;
  }
  return o;
}

template <typename T>
bool ReadScalar(const core::Operation& op, size_t index,
                NNAdapterOperandPrecision precision, const char* expected,
                T* value, std::string* error) {
  const core::Operand* o = Constant(op, index, precision, sizeof(T));
  if (!o || o->length != sizeof(T)) return Reject(op, index, expected, error);
  std::memcpy(value, o->buffer, sizeof(T));
  return true;
}

}  // namespace

const core::Operand* InputOperand(const core::Operation& op, size_t index) {
  return index < op.input_operands.size() ? op.input_operands[index] : nullptr;
}

bool ReadInt32(const core::Operation& op, size_t index, int32_t* value,
               std::string* error) {
  return ReadScalar(op, index, NNADAPTER_INT32, "a constant INT32 scalar",
                    value, error);
}

bool ReadFloat(const core::Operation& op, size_t index, float* value,
               std::string* error) {
  return ReadScalar(op, index, NNADAPTER_FLOAT32, "a constant FLOAT32 scalar",
                    value, error);
}

bool ReadBool(const core::Operation& op, size_t index, bool* value,
              std::string* error) {
  int8_t v = 0;
  if (!ReadScalar(op, index, NNADAPTER_BOOL8, "a constant BOOL8 scalar", &v,
                  error)) {
    return false;
  }
  *value = v != 0;
  return true;
}

bool ReadOptionalBool(const core::Operation& op, size_t index, bool fallback,
                      bool* value, std::string* error) {
  if (!InputOperand(op, index)) {
    *value = fallback;
    return true;
  }
  return ReadBool(op, index, value, error);
}

bool ReadInt32s(const core::Operation& op, size_t index, size_t count,
                std::vector<int32_t>* values, std::string* error,
                IntVector accepted) {
  std::string expected = accepted == IntVector::kInt32
                             ? "a constant INT32 vector"
                             : "a constant INT32 (or INT64 in int32 range) vector";
  if (count) expected += " of " + std::to_string(count) + " elements";
  if (const core::Operand* o = Constant(op, index, NNADAPTER_INT32, 4)) {
    values->resize(o->length / 4);
    if (o->length) std::memcpy(values->data(), o->buffer, o->length);
  } else if (const core::Operand* o =
                 accepted == IntVector::kInt32OrInt64
                     ? Constant(op, index, NNADAPTER_INT64, 8)
                     : nullptr) {
    std::vector<int64_t> wide(o->length / 8);
    if (o->length) std::memcpy(wide.data(), o->buffer, o->length);
    values->clear();
    for (int64_t x : wide) {
      if (x < std::numeric_limits<int32_t>::min() ||
          x > std::numeric_limits<int32_t>::max()) {
        return Reject(op, index, expected + " (value " + std::to_string(x) +
                                     " is out of range)", error);
      }
      values->push_back(static_cast<int32_t>(x));
    }
  } else {
    return Reject(op, index, expected, error);
  }
  if (count && values->size() != count) {
    return Reject(op, index, expected, error);
  }
  return true;
}

bool ReadOptionalInt32s(const core::Operation& op, size_t index, size_t count,
                        const std::vector<int32_t>& fallback,
                        std::vector<int32_t>* values, std::string* error,
                        IntVector accepted) {
  if (!InputOperand(op, index)) {
    *values = fallback;
    return true;
  }
  return ReadInt32s(op, index, count, values, error, accepted);
}

bool ReadFuseCode(const core::Operation& op, size_t index, int32_t* code,
                  std::string* error) {
  if (!ReadInt32(op, index, code, error)) return false;
  if (*code < NNADAPTER_FUSED_NONE || *code > NNADAPTER_FUSED_RELU6) {
    *error = OperationTypeName(op.type) + " input " + std::to_string(index) +
             ": expected a fuse_code in [" +
             std::to_string(NNADAPTER_FUSED_NONE) + ", " +
             std::to_string(NNADAPTER_FUSED_RELU6) + "], got " +
             std::to_string(*code);
    return false;
  }
  return true;
}

bool ReadPads(const core::Operation& op, size_t auto_pad_index,
              size_t pads_index, const int32_t input_hw[2],
              const int32_t kernel[2], const int32_t strides[2],
              const int32_t dilations[2], std::vector<int32_t>* pads,
              std::string* error) {
  int32_t auto_pad;
  if (!ReadInt32(op, auto_pad_index, &auto_pad, error)) return false;
  switch (auto_pad) {
    case NNADAPTER_AUTO_PAD_NONE:
      return ReadOptionalInt32s(op, pads_index, 4, {0, 0, 0, 0}, pads, error);
    case NNADAPTER_AUTO_PAD_VALID:
      *pads = {0, 0, 0, 0};
      return true;
    case NNADAPTER_AUTO_PAD_SAME:
      pads->assign(4, 0);
      for (int d = 0; d < 2; d++) {
        if (strides[d] < 1) {
          *error = OperationTypeName(op.type) +
                   ": AUTO_PAD_SAME needs strides >= 1, got " +
                   std::to_string(strides[d]);
          return false;
        }
        const int64_t effective = int64_t(dilations[d]) * (kernel[d] - 1) + 1;
        const int64_t out = (int64_t(input_hw[d]) + strides[d] - 1) / strides[d];
        const int64_t total = std::max<int64_t>(
            (out - 1) * strides[d] + effective - input_hw[d], 0);
        (*pads)[2 * d] = static_cast<int32_t>(total / 2);
        (*pads)[2 * d + 1] = static_cast<int32_t>(total - total / 2);
      }
      return true;
    default:
      *error = OperationTypeName(op.type) + " input " +
               std::to_string(auto_pad_index) +
               ": expected an auto_pad in [0, 2], got " +
               std::to_string(auto_pad);
      return false;
  }
}

}  // namespace kit
}  // namespace nnadapter
