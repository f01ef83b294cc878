// Operand dimensions of a (sub-)model for given input dimensions.
//
// XNNPACK fixes every shape when a subgraph is defined, while NNAdapter
// models (e.g. from Paddle models with a dynamic input) may carry unknown
// dims. The driver infers the dims of every operand for the actual input
// dims by rebuilding the model through the public NNAdapter C API, whose
// NNAdapterModel_addOperation runs the standard shape inference: the
// driver and the runtime can therefore never disagree on a shape.
#ifndef NNADAPTER_DRIVERS_GOOGLE_XNNPACK_SHAPE_INFERENCE_H_
#define NNADAPTER_DRIVERS_GOOGLE_XNNPACK_SHAPE_INFERENCE_H_

#include <map>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"

namespace nnadapter {
namespace google_xnnpack {

// `operations` in topological order. `known` gives the dims of some
// non-constant operands (at least every operand no operation produces);
// on success `dims` holds the inferred dims of every operation output.
bool InferDimensions(
    const std::vector<const core::Operation*>& operations,
    const std::map<const core::Operand*, std::vector<int32_t>>& known,
    std::map<const core::Operand*, std::vector<int32_t>>* dims,
    std::string* error);

// True if every dim of every operand of `op` is known.
bool OperationHasKnownDimensions(const core::Operation& op);

}  // namespace google_xnnpack
}  // namespace nnadapter

#endif  // NNADAPTER_DRIVERS_GOOGLE_XNNPACK_SHAPE_INFERENCE_H_
