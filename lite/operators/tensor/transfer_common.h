// What the transfer ops Paddle Lite's optimizer inserts (calib*, layout*)
// need to know about the program around them: Paddle Lite does not write
// their direction into an attribute; it picks a kernel whose alias names it
// ("fp32_to_int8", "nchw2nhwc") and records that kernel in the op's
// `__@kernel_type_attr@__` ("op_type/alias/target/precision/layout",
// lite/core/program.cc AddOpDescFromOpInfo), and it records every
// variable's element type and dims in the program's VarDescs.
#pragma once
#include <string>

#include "lite/core/op.h"

namespace paddle {
namespace lite {
namespace operators {

constexpr const char* kPaddleLiteKernelAttr = "__@kernel_type_attr@__";

// The alias of the kernel Paddle Lite recorded for `desc` ("" when the op
// has no such attribute). Throws Error naming the op and attribute when the
// attribute is not of the "op_type/alias/target/precision/layout" form.
inline std::string RecordedKernelAlias(const cpp::OpDesc& desc) {
  if (!desc.HasAttr(kPaddleLiteKernelAttr)) return "";
  const std::string s = desc.GetAttr<std::string>(kPaddleLiteKernelAttr);
  const size_t a = s.find('/');
  const size_t b = a == std::string::npos ? a : s.find('/', a + 1);
  LITE_ENFORCE(b != std::string::npos && s.compare(0, a, desc.Type()) == 0, "op '", desc.Type(),
               "': attribute '", kPaddleLiteKernelAttr, "' is '", s, "', expected '",
               desc.Type(), "/<alias>/<target>/<precision>/<layout>'");
  return s.substr(a + 1, b - a - 1);
}

// The VarDesc of `name` in any block of `program` (Paddle gives a
// program's variables unique names), or nullptr.
inline const cpp::VarDesc* FindVarDesc(const cpp::ProgramDesc* program, const std::string& name) {
  for (size_t b = 0; program && b < program->blocks.size(); ++b) {
    if (const cpp::VarDesc* v = program->blocks[b].FindVar(name)) return v;
  }
  return nullptr;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
