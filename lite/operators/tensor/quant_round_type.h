// The `round_type` a fake/linear quantization op uses when its desc has none:
// one rule read by the CPU op (quant.cc), the fold pass and the NNAdapter
// converter, so they never disagree (docs/op-attribute-audit.md, quant rows).
//
// quantize_linear / dequantize_linear: Paddle's OpMaker default is 0 (ties to
// even). The fake_* ops: Paddle 2.4/2.5's OpMakers said 0 but wrote the
// attribute into every saved program; the programs that lack it come from
// before 2.4 (whose kernels rounded half away from zero) or from Paddle 2.6+,
// whose phi definitions default to 1. So 1 (ties away from zero) for them.
#pragma once
#include <string>

#include "lite/core/program_desc.h"

namespace paddle {
namespace lite {

inline int PaddleDefaultRoundType(const std::string& op_type) {
  return op_type == "quantize_linear" || op_type == "dequantize_linear" ? 0 : 1;
}

inline int RoundTypeOf(const cpp::OpDesc& op) {
  return op.GetAttr<int32_t>("round_type", PaddleDefaultRoundType(op.Type()));
}

}  // namespace lite
}  // namespace paddle
