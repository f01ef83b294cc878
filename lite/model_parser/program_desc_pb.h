// Paddle ProgramDesc (protobuf, framework.proto) <-> protobuf-free
// cpp::ProgramDesc. Only this folder includes the generated protobuf code.
#pragma once
#include <cstddef>
#include <string>

#include "lite/core/program_desc.h"

namespace paddle {
namespace lite {

// Parses a serialized Paddle ProgramDesc (`__model__`, `*.pdmodel`) into
// `out`. `source_name` names the file (or "model buffer") in error messages.
// Throws paddle::lite_api::Error when the bytes are not a protobuf, are
// truncated, miss required fields (op type, variable name/type, block idx),
// use an unknown variable/attribute/data type code, or refer to blocks that do
// not exist. `out` is only assigned when parsing succeeded.
void ParseProgramDesc(const std::string& bytes, const std::string& source_name,
                      cpp::ProgramDesc* out);
void ParseProgramDesc(const char* data, size_t size,
                      const std::string& source_name, cpp::ProgramDesc* out);

// The inverse: a Paddle-compatible serialized ProgramDesc. Attributes, slots
// and op_version_map entries come out in name order (cpp::ProgramDesc keeps
// them in maps); VarDesc fields that cpp::VarDesc does not keep
// (is_parameter, stop_gradient, attrs) are not written. Throws Error when an
// attribute's stored value does not match its declared type.
std::string SerializeProgramDesc(const cpp::ProgramDesc& program);

}  // namespace lite
}  // namespace paddle
