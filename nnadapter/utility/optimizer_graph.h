// Graph edits shared by the optimizer toolkit's passes (utility/optimizer.h):
// adding operands, constants and operations to an OwnedModel, removing what
// no longer has a reader, and permutations of dims and constant buffers.
// Internal to nnadapter/utility.
#ifndef NNADAPTER_UTILITY_OPTIMIZER_GRAPH_H_
#define NNADAPTER_UTILITY_OPTIMIZER_GRAPH_H_

#include <cstdint>
#include <vector>

#include "nnadapter/hal/types.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter {
namespace optimizer {

// A permutation in NNAdapter TRANSPOSE's meaning: out.dims[i] = in.dims[p[i]].
using Permutation = std::vector<int32_t>;

Permutation IdentityPermutation(uint32_t rank);
bool IsIdentity(const Permutation& p);
Permutation Inverse(const Permutation& p);
// The TRANSPOSE turning a tensor stored with `from` into one stored with
// `to` (both relative to the same original order).
Permutation Between(const Permutation& from, const Permutation& to);
// dims permuted by `p` (also the alternative shapes).
void PermuteDimensions(NNAdapterOperandDimensionType* dims, const Permutation& p);

// A new TEMPORARY_VARIABLE operand of `type` (quantization arrays shared
// with `type`'s owner).
core::Operand* AddOperand(OwnedModel* model, const NNAdapterOperandType& type);
// A new CONSTANT_COPY operand of `type` holding a copy of `bytes`.
core::Operand* AddConstant(OwnedModel* model, NNAdapterOperandType type,
                           const void* bytes, size_t length);
core::Operand* AddInt32Constant(OwnedModel* model,
                                const std::vector<int32_t>& values, bool scalar);
core::Operation* AddOperation(core::Model* model, NNAdapterOperationType type,
                              std::vector<core::Operand*> inputs,
                              std::vector<core::Operand*> outputs);
// A constant holding `constant` permuted by `p` (its dims and bytes; the
// per-channel axis follows its dimension). Null if the buffer does not
// match the type.
core::Operand* PermutedConstant(OwnedModel* model, const core::Operand* constant,
                                const Permutation& p);
// Replaces `from` by `to` among the inputs of every operation.
void ReplaceInput(core::Model* model, const core::Operand* from, core::Operand* to);
// Removes `op` from the model (its operands stay).
void RemoveOperation(core::Model* model, const core::Operation* op);
// Erases operands that no operation reads or writes and that are not model
// inputs or outputs.
void RemoveUnusedOperands(core::Model* model);
// The single consumer of `operand`, or null (none, several, or a model
// output).
core::Operation* OnlyConsumer(core::Model* model, const core::Operand* operand);
// A float32 constant's values (false if it is not one of `count` elements).
bool ReadFloats(const core::Operand* operand, int64_t count,
                std::vector<float>* values);

// Whether ConvertDataLayoutNchwToNhwc runs `type` in NHWC (its table's rule
// for that operation).
bool RunsInNhwc(NNAdapterOperationType type);

}  // namespace optimizer
}  // namespace nnadapter

#endif  // NNADAPTER_UTILITY_OPTIMIZER_GRAPH_H_
