// The operand layout of every standard operation as constexpr data (C++17),
// generated from operation_types.inc: the validators (nnadapter/operation),
// drivers and tests read operand names, kinds and positions from here instead
// of typing them.
#ifndef NNADAPTER_OPERATION_LAYOUT_H_
#define NNADAPTER_OPERATION_LAYOUT_H_

#include <cstddef>
#include <cstdint>

#include "nnadapter/nnadapter.h"

namespace nnadapter {

enum class OperandKind : uint8_t {
  kRequired,  // present and not null
  kOptional,  // present, may be null
  kTrailing,  // may be null or omitted from the end
  kVariadic,  // one or more operands "<name>0", "<name>1", ...
};

struct OperandInfo {
  const char* name;
  OperandKind kind;
};

// Output count not fixed by the layout (SPLIT, MESHGRID).
inline constexpr int32_t kVariableOutputs = -1;

namespace layout_internal {
constexpr bool SameName(const char* a, const char* b) {
  while (*a && *a == *b) {
    a++;
    b++;
  }
  return *a == *b;
}
}  // namespace layout_internal

struct OperationLayout {
  NNAdapterOperationType type;
  const char* name;  // without the NNADAPTER_ prefix
  const OperandInfo* inputs;
  uint32_t input_count;  // entries of `inputs`; a variadic one counts once
  int32_t min_outputs;   // kVariableOutputs if not fixed
  int32_t max_outputs;

  // Position of the input called `operand` (-1 if none). Positions after a
  // variadic entry depend on the operand count: do not use them.
  constexpr int InputIndex(const char* operand) const {
    for (uint32_t i = 0; i < input_count; i++) {
      if (layout_internal::SameName(inputs[i].name, operand)) {
        return static_cast<int>(i);
      }
    }
    return -1;
  }
  // Operands before the first trailing one: fewer is never valid.
  constexpr uint32_t min_inputs() const {
    uint32_t n = 0;
    while (n < input_count && inputs[n].kind != OperandKind::kTrailing) n++;
    return n;
  }
  constexpr bool variadic() const {
    for (uint32_t i = 0; i < input_count; i++) {
      if (inputs[i].kind == OperandKind::kVariadic) return true;
    }
    return false;
  }
  constexpr int fuse_code_index() const { return InputIndex("fuse_code"); }
  constexpr int auto_pad_index() const { return InputIndex("auto_pad"); }
};

namespace layout_internal {
#define REQ(n) OperandInfo{#n, OperandKind::kRequired}
#define OPT(n) OperandInfo{#n, OperandKind::kOptional}
#define TRAIL(n) OperandInfo{#n, OperandKind::kTrailing}
#define VAR(n) OperandInfo{#n, OperandKind::kVariadic}
#define NNADAPTER_OPERATION(name, code)
#define NNADAPTER_OPERANDS(name, min_outputs, max_outputs, ...)  \
  inline constexpr OperandInfo k##name##Inputs[] = {__VA_ARGS__}; \
  inline constexpr int32_t k##name##Outputs[2] = {min_outputs, max_outputs};
#include "nnadapter/operation_types.inc"
#undef REQ
#undef OPT
#undef TRAIL
#undef VAR
}  // namespace layout_internal

// One entry per standard operation, in operation_types.inc order (a missing
// NNADAPTER_OPERANDS row is a compile error here).
inline constexpr OperationLayout kOperationLayouts[] = {
#define NNADAPTER_OPERATION(name, code)                                     \
  {code,                                                                    \
   #name,                                                                   \
   layout_internal::k##name##Inputs,                                        \
   static_cast<uint32_t>(sizeof(layout_internal::k##name##Inputs) /         \
                         sizeof(OperandInfo)),                              \
   layout_internal::k##name##Outputs[0],                                    \
   layout_internal::k##name##Outputs[1]},
#include "nnadapter/operation_types.inc"
};

// The number of standard operations.
inline constexpr int kOperationCount =
    static_cast<int>(sizeof(kOperationLayouts) / sizeof(OperationLayout));

// nullptr for an unknown type.
constexpr const OperationLayout* FindOperationLayout(
    NNAdapterOperationType type) {
  for (const OperationLayout& layout : kOperationLayouts) {
    if (layout.type == type) return &layout;
  }
  return nullptr;
}

// The enum in nnadapter_operations.h agrees with the table, and the codes
// are 1..kOperationCount in table order (so a code is its entry's index + 1).
#define NNADAPTER_OPERATION(name, code) \
  static_assert(NNADAPTER_##name == (code), \
                "the enum and operation_types.inc disagree: " #name);
#include "nnadapter/operation_types.inc"
namespace layout_internal {
constexpr bool CodesAreDense() {
  for (int i = 0; i < kOperationCount; i++) {
    if (kOperationLayouts[i].type != i + 1) return false;
  }
  return true;
}
static_assert(CodesAreDense(),
              "operation codes must be 1..kOperationCount in table order");
}  // namespace layout_internal

}  // namespace nnadapter

#endif  // NNADAPTER_OPERATION_LAYOUT_H_
