// Node patterns the importer rewrites before conversion, because exporters
// spell one Paddle op as several ONNX nodes: paddle2onnx writes hard_swish as
// x * Clip(x + 3, 0, 6) / 6, which as four Paddle ops costs four passes over
// the tensor and keeps clip (no NNAdapter operation) between device ops.
#pragma once
#include <vector>

#include <onnx/onnx_pb.h>

namespace paddle {
namespace lite {
namespace onnx_import {

// The graph's nodes with every x * Clip(x + 3, 0, 6) / 6 (or * 1/6) whose
// intermediate values have no other reader replaced by one HardSwish node
// (named and producing like the final Div/Mul). `count` receives how many.
std::vector<onnx::NodeProto> FuseHardSwish(const onnx::GraphProto& g, int opset, int* count);

}  // namespace onnx_import
}  // namespace lite
}  // namespace paddle
