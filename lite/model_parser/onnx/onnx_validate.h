// Checks on the raw ModelProto that must hold before ONNX's version
// converter, checker and shape inference see it: they divide by strides,
// index by axes and trust the IR version, opsets and dims (a stride of 0
// raised SIGFPE inside libonnx). Each failure names the model, the node or
// value and the attribute, and what was expected.
#pragma once
#include <string>

#include <onnx/onnx_pb.h>

namespace paddle {
namespace lite {
namespace onnx_import {

void ValidateModelProto(const onnx::ModelProto& model, const std::string& label);

// The opset of a domain entry, range-checked (an int64 field read as int).
int CheckedOpset(const onnx::OperatorSetIdProto& o, const std::string& label);

}  // namespace onnx_import
}  // namespace lite
}  // namespace paddle
