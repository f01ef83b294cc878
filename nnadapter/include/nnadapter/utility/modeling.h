// Helpers for building and inspecting core::Model (used by the runtime and
// by drivers).
#ifndef NNADAPTER_UTILITY_MODELING_H_
#define NNADAPTER_UTILITY_MODELING_H_

#include <cstddef>
#include <cstdint>
#include <list>
#include <map>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"

namespace nnadapter {

// Bytes per element of a precision; 0 for NNADAPTER_UNKNOWN_PRECISION or an
// invalid code.
uint32_t GetOperandPrecisionDataLength(NNAdapterOperandPrecision precision);
// True for the NNADAPTER_QUANT_* precisions.
bool IsQuantizedPrecision(NNAdapterOperandPrecision precision);
bool IsPerChannelQuantizedPrecision(NNAdapterOperandPrecision precision);
// True if `precision` is one of NNAdapterOperandPrecisionCode.
bool IsValidPrecision(NNAdapterOperandPrecision precision);

// Number of elements (1 for a scalar); -1 if a dimension is unknown or
// negative, or the product overflows int64.
int64_t GetElementCount(const NNAdapterOperandDimensionType& dims);
int64_t GetElementCount(const int32_t* dims, uint32_t count);
// Bytes of a buffer of this type; -1 when unknown (see GetElementCount) or
// the precision is invalid.
int64_t GetOperandTypeBufferLength(const NNAdapterOperandType& type);
// True if every dimension is known (>= 0).
bool HasKnownDimensions(const NNAdapterOperandDimensionType& dims);

inline bool IsConstantOperand(const core::Operand* operand) {
  return operand->type.lifetime == NNADAPTER_CONSTANT_COPY ||
         operand->type.lifetime == NNADAPTER_CONSTANT_REFERENCE;
}
inline bool IsModelInputOperand(const core::Operand* operand) {
  return operand->type.lifetime == NNADAPTER_MODEL_INPUT;
}
inline bool IsModelOutputOperand(const core::Operand* operand) {
  return operand->type.lifetime == NNADAPTER_MODEL_OUTPUT;
}

// Reads a scalar constant operand (returns false if `operand` is not a
// constant of the given size).
bool GetConstantInt32(const core::Operand* operand, int32_t* value);
bool GetConstantFloat(const core::Operand* operand, float* value);
bool GetConstantBool(const core::Operand* operand, bool* value);

// Operations in a topological order (producers before consumers). Ties are
// broken by the order of model->operations, so the result is deterministic.
// Returns false (and an empty list) if the graph has a cycle.
bool SortOperationsInTopologicalOrder(
    const core::Model* model, std::vector<const core::Operation*>* operations);
std::vector<core::Operation*> SortOperationsInTopologicalOrder(
    core::Model* model);

// The operation that produces `operand` (nullptr for inputs/constants), and
// the operations that consume it, in model order.
core::Operation* GetOperandProducer(core::Model* model,
                                    const core::Operand* operand);
std::vector<core::Operation*> GetOperandConsumers(
    core::Model* model, const core::Operand* operand);

// Deep-copies the per-channel quantization arrays of `type` into `storage`
// and points `type` at the copies (no-op for other precisions).
void CopyQuantParams(NNAdapterOperandType* type,
                     std::list<std::vector<uint8_t>>* storage);

// A core::Model together with the memory its constants and per-channel
// quantization arrays point to. Movable, not copyable.
struct OwnedModel {
  core::Model model;
  std::list<std::vector<uint8_t>> storage;
  OwnedModel() = default;
  OwnedModel(const OwnedModel&) = delete;
  OwnedModel& operator=(const OwnedModel&) = delete;
  // std::list nodes do not move: operand pointers stay valid.
  OwnedModel(OwnedModel&&) = default;
  OwnedModel& operator=(OwnedModel&&) = default;
  // Copies `length` bytes and returns the copy (owned by this model).
  void* Own(const void* data, size_t length);
};

// Copies the subset `operations` of `model` into `out`: the operands they
// touch are copied (constant values are copied too when `copy_constants`,
// otherwise referenced); `inputs`/`outputs` become the sub-model's
// input/output operands (lifetime set to MODEL_INPUT/MODEL_OUTPUT).
// `mapping` (optional) receives original operand -> copied operand.
void ExtractSubModel(const std::vector<const core::Operation*>& operations,
                     const std::vector<const core::Operand*>& inputs,
                     const std::vector<const core::Operand*>& outputs,
                     bool copy_constants, OwnedModel* out,
                     std::map<const core::Operand*, core::Operand*>* mapping);

}  // namespace nnadapter

#endif  // NNADAPTER_UTILITY_MODELING_H_
