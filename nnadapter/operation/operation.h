// Interface between the runtime and the standard-operation definitions.
// The runtime (nnadapter/runtime) calls these; nnadapter/operation/
// implements them, one file group per operation family.
#ifndef NNADAPTER_OPERATION_OPERATION_H_
#define NNADAPTER_OPERATION_OPERATION_H_

#include <string>

#include "nnadapter/hal/types.h"

namespace nnadapter {
namespace operation {

// Validates `op` (operand count, precisions, ranks, constant attribute
// operands and their values, quantization parameters) and infers its output
// operands: writes precision, layout, dimensions (NNADAPTER_UNKNOWN where not
// computable, e.g. a non-constant shape operand) and quantization params into
// op->output_operands[i]->type. Lifetimes must not be changed.
// Called from NNAdapterModel_addOperation; on failure returns
// NNADAPTER_INVALID_PARAMETER (or NNADAPTER_FEATURE_NOT_SUPPORTED for an
// unknown op type) and stores a message naming the operation, the operand
// index/name and what was expected, e.g.
//   "CONV_2D: input 1 (filter): expected rank 4, got [3,3]".
// On failure the output operand types may have been partially written; the
// runtime restores them. Must not throw (the runtime catches anyway).
// Input operands documented "optional" may be nullptr.
int ValidateAndInferOperation(core::Operation* op, std::string* message);

}  // namespace operation
}  // namespace nnadapter

#endif  // NNADAPTER_OPERATION_OPERATION_H_
