// Shape inference for the importer: ONNX's own (with data propagation)
// plus the Reshape outputs it leaves without a shape in opset 9-12 exports.
#pragma once
#include <onnx/onnx_pb.h>

#include <cstdint>

namespace paddle {
namespace lite {
namespace onnx_import {

// The most axes the importer believes a tensor can have: a declared length
// of a shape-like input (Reshape's shape, Slice's starts) is untrusted and
// sizes a vector, so a longer one is refused or ignored instead of
// allocating (fuzzing found 2^31 and 2^63 - 1).
constexpr int64_t kMaxTensorRank = 64;

// Runs ONNX shape inference on `model` and writes the result into its
// value_info. ONNX 1.12 propagates shape values (Shape → Slice → Concat →
// Reshape) only through the opset 13+ forms of those operators, so an
// opset-9 export such as paddle2onnx's PP-OCRv4 recognizer leaves every
// Reshape to a run-time shape (and everything after it) without a rank.
// This folds those shape-value chains from the shapes already known, gives
// each such Reshape output its rank and the dims it can tell, and reruns
// inference until nothing more is learned. Inference is an aid: a failure
// leaves what was learned so far.
void InferShapesAndReshapeRanks(onnx::ModelProto* model);

}  // namespace onnx_import
}  // namespace lite
}  // namespace paddle
