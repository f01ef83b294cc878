// Post-training weight quantization, as Paddle Lite's `opt --quant_model`
// (post_quant_dynamic) does it: the weights of the ops below are stored as
// int8 or int16 with one abs-max scale per channel, and dequantized to fp32
// when a model is loaded. The op attributes are Paddle Lite's (and
// PaddleSlim's quant_post_dynamic's), so models quantized by either load:
//   quantization_type = "post_weight_channel_wise_abs_max"
//                       (or "post_weight_abs_max": one scale per tensor)
//   quantize_weight_bits = 8 | 16
//   <weight name>_quant_scale = {scale per channel}   (w = scale * q)
#pragma once
#include <cstddef>
#include <memory>
#include <string>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {

struct WeightQuantStats {
  int weights{0};           // weight tensors quantized
  size_t float_bytes{0};    // their size before
  size_t quantized_bytes{0};  // and after
};

// Quantizes in `weights`, per channel, the fp32 weights read by conv2d
// (Filter; channel axis 0), mul and fc (Y / W; axis 1, the output column),
// in every block, to `bits` (8 or 16), and marks the ops with the attributes
// above: Paddle Lite's default op set (conv2d, mul; fc is our fused mul). Ops already running int8 kernels
// (enable_int8) and weights that are not fp32 are left as they are.
// `weights` must not be shared with a running predictor.
WeightQuantStats QuantizeWeights(int bits, cpp::ProgramDesc* program, Scope* weights);

// The weights kernels read: `weights` itself when no op carries quantized
// weights, else a child scope holding every quantized weight dequantized to
// fp32 under its own name. Throws Error naming the op and weight when the
// scales do not fit the tensor.
std::shared_ptr<const Scope> DequantizedWeights(const cpp::ProgramDesc& program,
                                                std::shared_ptr<const Scope> weights);

// DequantizedWeights in place, for a freshly loaded Paddle model (PaddleSlim's
// quant_post_dynamic output, or our own protobuf output of opt --quant_model).
void DequantizeWeightsInPlace(const cpp::ProgramDesc& program, Scope* weights);

}  // namespace lite
}  // namespace paddle
