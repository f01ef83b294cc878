// Execution-time shape inference for drivers and the runtime.
//
// ValidateAndInferOperation (operation.h) runs when a model is built: it
// validates an operation and infers its outputs, keeping any output extent
// the caller already knew where inference alone can only say "unknown".
// The functions below run the SAME validation and inference code but start
// from the operands' current input types, ignoring what the outputs held
// before: a driver sets the actual input dimensions (for example from
// NNAdapterExecution's access callbacks) and re-infers every output.
#ifndef NNADAPTER_OPERATION_SHAPE_INFERENCE_H_
#define NNADAPTER_OPERATION_SHAPE_INFERENCE_H_

#include <string>

#include "nnadapter/hal/types.h"

namespace nnadapter {
namespace operation {

// Re-infers the outputs of one operation from its inputs' current types.
// Returns NNADAPTER_NO_ERROR, NNADAPTER_INVALID_PARAMETER (message as for
// ValidateAndInferOperation) or NNADAPTER_FEATURE_NOT_SUPPORTED.
int InferOperationOutputs(core::Operation* op, std::string* message);

// Re-infers every operation of `model` in topological order after the
// caller updated the dimensions of model->input_operands. On failure the
// message is prefixed with the index of the operation (topological order).
int InferModelOutputs(core::Model* model, std::string* message);

// True if `type` is a standard operation with a definition here (used by
// the tests that iterate operation_types.inc).
bool HasOperationDefinition(NNAdapterOperationType type);

}  // namespace operation
}  // namespace nnadapter

#endif  // NNADAPTER_OPERATION_SHAPE_INFERENCE_H_
