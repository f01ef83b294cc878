// TEMPORARY, used only while nnadapter/operation/ provides no sources (see
// nnadapter/CMakeLists.txt): accepts every standard operation and leaves
// the output operand types exactly as the caller created them (no shape
// inference). Replaced automatically by the real implementation.
#include "nnadapter/nnadapter.h"
#include "operation/operation.h"

namespace nnadapter {
namespace operation {

int ValidateAndInferOperation(core::Operation* op, std::string* message) {
  if (NNAdapterOperationTypeName(op->type) == nullptr) {
    *message = "unknown operation type " + std::to_string(op->type);
    return NNADAPTER_FEATURE_NOT_SUPPORTED;
  }
  return NNADAPTER_NO_ERROR;
}

}  // namespace operation
}  // namespace nnadapter
