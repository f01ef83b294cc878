// Readers of the constant attribute operands of an operation (part of the
// driver kit, see driver_kit.h).
//
// Each reader takes the operation and the input index of the operand. On
// failure it returns false and `error` names the operation, the operand and
// what was expected, e.g.
//   "CONV_2D input 6: expected a constant INT32 scalar, got
//    FLOAT32[] NCHW CONSTANT_COPY".
// "Optional" readers give `fallback` when the operand is absent (index past
// the inputs or a null operand); the others fail.
#ifndef NNADAPTER_UTILITY_ATTRIBUTES_H_
#define NNADAPTER_UTILITY_ATTRIBUTES_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"

namespace nnadapter {
namespace kit {

// The operand at `index`, or null when absent.
const core::Operand* InputOperand(const core::Operation& op, size_t index);

bool ReadInt32(const core::Operation& op, size_t index, int32_t* value,
               std::string* error);
bool ReadFloat(const core::Operation& op, size_t index, float* value,
               std::string* error);
bool ReadBool(const core::Operation& op, size_t index, bool* value,
              std::string* error);
bool ReadOptionalBool(const core::Operation& op, size_t index, bool fallback,
                      bool* value, std::string* error);

// Element types an INT32 vector reader accepts.
enum class IntVector {
  kInt32,         // INT32 only
  kInt32OrInt64,  // INT64 too, when every value fits in int32
};

// A constant vector of `count` elements (0: any count, including a
// scalar's one element).
bool ReadInt32s(const core::Operation& op, size_t index, size_t count,
                std::vector<int32_t>* values, std::string* error,
                IntVector accepted = IntVector::kInt32);
bool ReadOptionalInt32s(const core::Operation& op, size_t index, size_t count,
                        const std::vector<int32_t>& fallback,
                        std::vector<int32_t>* values, std::string* error,
                        IntVector accepted = IntVector::kInt32);

// A fuse_code operand: one of NNADAPTER_FUSED_NONE .. NNADAPTER_FUSED_RELU6.
bool ReadFuseCode(const core::Operation& op, size_t index, int32_t* code,
                  std::string* error);

// The explicit pads {top, bottom, left, right} of a 2-D window operation
// from its auto_pad operand and (for AUTO_PAD_NONE) its optional pads
// operand. AUTO_PAD_SAME gives output = ceil(input / stride) with the extra
// padding at the end. `input_hw`, `kernel`, `strides` and `dilations` hold
// {height, width}.
bool ReadPads(const core::Operation& op, size_t auto_pad_index,
              size_t pads_index, const int32_t input_hw[2],
              const int32_t kernel[2], const int32_t strides[2],
              const int32_t dilations[2], std::vector<int32_t>* pads,
              std::string* error);

}  // namespace kit
}  // namespace nnadapter

#endif  // NNADAPTER_UTILITY_ATTRIBUTES_H_
