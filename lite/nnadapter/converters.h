// Declarations of the converter functions of converters.inc and helpers.
#pragma once
#include "lite/nnadapter/converter.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

#define LITE_NNADAPTER_CONVERTER(op_type__, fn__) void fn__(Converter& c, const cpp::OpDesc& op);
#include "lite/nnadapter/converters.inc"
#undef LITE_NNADAPTER_CONVERTER

// The fused activation of an op (attributes written by the fusion passes:
// act_type / activation_type and their parameters): relu and relu6 (threshold
// 6) become a fuse_code; other activations are appended as their own
// operation by AddWithActivation.
struct FusedAct {
  std::string type;
  int32_t fuse_code{NNADAPTER_FUSED_NONE};
};
FusedAct ReadFusedAct(const cpp::OpDesc& op, const std::string& attr = "act_type");
// Adds `type(inputs) -> out` where `out` is the Paddle output var; if the op
// has a fused activation that is not a fuse_code, the main operation writes
// a temporary operand and the activation writes `out`.
void AddWithActivation(Converter& c, const cpp::OpDesc& op, NNAdapterOperationType type,
                       std::vector<NNAdapterOperand*> inputs, const std::string& out,
                       const FusedAct& act);
// Appends activation `act_type` (Paddle name) reading `in`, writing `out`,
// as lite/operators/math/activations.inc maps it; its attributes are read
// from `op` under their plain names, or their fused names when `fused`.
// Throws naming the op when the activation has no mapping.
void AddActivation(Converter& c, const cpp::OpDesc& op, const std::string& act_type,
                   bool fused, NNAdapterOperand* in, NNAdapterOperand* out);

// The converters of the other tables (convert_math.cc, convert_shape.cc,
// convert_nn.cc, convert_detection.cc) are declared by converters.inc above.

// int8 convs (convert_quant.cc): true when the op has enable_int8 and an
// int8 Filter weight; ConvertConv2dInt8 emits QUANT_INT8 operands.
bool IsInt8Conv(Converter& c, const cpp::OpDesc& op);
void ConvertConv2dInt8(Converter& c, const cpp::OpDesc& op);
// fc / mul with enable_int8 and an int8 weight (convert_quant.cc).
bool IsInt8Fc(Converter& c, const cpp::OpDesc& op);
void ConvertFcInt8(Converter& c, const cpp::OpDesc& op);

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
