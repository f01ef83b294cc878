// ONNX models in: an ONNX ModelProto (libonnx-dev's proto, checker, shape
// inference and version converter) becomes a cpp::ProgramDesc of ordinary
// Paddle ops plus its weights, so every pass, kernel, converter and the .nb
// writer apply unchanged; nothing downstream knows the program came from
// ONNX. See docs/onnx-import.md for the mapping and the claimed operators.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {

// Opsets of the default ("" / "ai.onnx") domain the importer accepts.
constexpr int kOnnxMinOpset = 9;
constexpr int kOnnxMaxOpset = 17;

// True when `path` names an ONNX model by its extension (".onnx").
bool IsOnnxModelFile(const std::string& path);
// True when serialized bytes start like an ONNX ModelProto (field 1,
// ir_version, a varint: byte 0x08). A Paddle ProgramDesc starts with its
// blocks (field 1, length-delimited: 0x0A), so the two never collide.
bool LooksLikeOnnxModel(const char* data, size_t size);
// The same for the first byte of a file (false when it cannot be read).
bool FileLooksLikeOnnxModel(const std::string& path);

// Imports the ONNX model in `model_file`. Initializers stored as external
// data are read relative to the model's directory. Throws
// paddle::lite_api::Error naming the file and, for an unsupported or
// malformed node, the node, its operator and the opset. On error neither
// `program` nor `weights` is modified.
void ImportOnnxModel(const std::string& model_file, cpp::ProgramDesc* program, Scope* weights);

// The same from serialized bytes; `label` names the source in messages and
// external data is looked up in `external_data_dir`.
void ImportOnnxModelFromBuffer(const std::string& bytes, const std::string& label,
                               const std::string& external_data_dir, cpp::ProgramDesc* program,
                               Scope* weights);

// The ONNX operators (default domain) the importer claims, sorted: the one
// table onnx_ops.inc, read by the importer, the docs and the conformance run.
std::vector<std::string> ClaimedOnnxOperators();

}  // namespace lite
}  // namespace paddle
