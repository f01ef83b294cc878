// The driver optimizer toolkit (after Paddle Lite's NNAdapter optimizer):
// graph passes a driver may run on its own copy of a model (an OwnedModel,
// e.g. from ExtractSubModel) before converting it. Each keeps the model's
// meaning and its input and output operands (their dims and order); new
// constants live in the OwnedModel's storage, and a constant the caller
// gave by reference is never written. Each returns how much it changed.
// Tests: utility/optimizer_*_test.cc (structure, and numerics on
// builtin_device through the C API).
//
// A suggested order: FoldConstantOperations, RemoveIdentityOperations, the
// three conv fusions, then ConvertDataLayoutNchwToNhwc and (for a device
// that wants uint8) ConvertQuantizationSymmToAsymm.
#ifndef NNADAPTER_UTILITY_OPTIMIZER_H_
#define NNADAPTER_UTILITY_OPTIMIZER_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "nnadapter/hal/types.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter {

// Removes operations that copy their input unchanged: ASSIGN, and RESHAPE /
// FLATTEN / SQUEEZE / UNSQUEEZE whose output has the input's precision and
// (known) dimensions. Consumers read the input instead; the output operand
// is erased. An identity whose output is a model output (the model's
// outputs stay the operands it was given) or whose input is a constant (its
// consumers keep a tensor operand) is kept. Returns how many operations
// were removed.
size_t RemoveIdentityOperations(core::Model* model);

// The layout facts of the NCHW -> NHWC conversion below, also for drivers
// that keep rank-4 tensors NHWC on their own (google_xnnpack runs the pass
// itself, with the NHWC boundary). A permutation p means
// out.dims[i] = in.dims[p[i]], as NNAdapter's TRANSPOSE.
// NCHW -> NHWC: {0, 2, 3, 1}.
std::vector<int32_t> NchwToNhwcPermutation();
// A CONV_2D filter [Cout, Cin/group, kh, kw] for an NHWC convolution:
// [Cout, kh, kw, Cin/group] ({0, 2, 3, 1}), or [1, kh, kw, Cout] when
// depthwise ({1, 2, 3, 0}).
std::vector<int32_t> NhwcConvFilterPermutation(bool depthwise);
// `data` (`dims`, elements of `element_size` bytes) transposed by `perm`;
// empty if `perm` is not a permutation of dims' axes or a dim is negative.
std::vector<uint8_t> PermuteBytes(const void* data, size_t element_size,
                                  const std::vector<int32_t>& dims,
                                  const std::vector<int32_t>& perm);

// NCHW -> NHWC. Every operand gets the order it is stored in; CONV_2D,
// CONV_2D_TRANSPOSE, AVERAGE/MAX_POOL_2D, ADAPTIVE_AVERAGE/MAX_POOL_2D,
// BATCH_NORMALIZATION, PRELU (a [C] or [1] slope) and RESIZE_NEAREST/LINEAR
// work in NHWC (their rank-4 input and output have layout NNADAPTER_NHWC
// and NHWC dims; a CONV_2D filter becomes [Cout, kh, kw, Cin/group], or
// [1, kh, kw, Cout] when depthwise, a per-channel filter's channel_dim
// following; a CONV_2D_TRANSPOSE filter [Cin, Cout/group, kh, kw] becomes
// [Cout, kh, kw, Cin/group], group by group); element-wise unary
// operations, ASSIGN, DEQUANTIZE and a per-layer QUANTIZE keep their input's
// order; binary ones (ADD, SUB, MUL, DIV, MAX, MIN, POW) and SUM align
// their inputs (a lower-rank constant is expanded and permuted, a
// lower-rank tensor gets leading 1s by a RESHAPE first); SOFTMAX,
// LOG_SOFTMAX and CONCAT get their axis renumbered, PAD its pads permuted,
// REDUCE_MAX / MEAN / SUM their axes renumbered (without keepdim the output
// keeps the stored order of the remaining axes: a reduction over H and W
// gives [N, C]). Any other operation reads NCHW: a TRANSPOSE is inserted
// before it. A change of order that moves only 1-sized dims (e.g. a pooled
// [N, 1, 1, C] back to NCHW) is a RESHAPE instead of a TRANSPOSE.
//
// The boundary: with kNchw, model inputs and outputs keep their NCHW dims
// (a model output stored in NHWC gets a final TRANSPOSE). With kNhwc, the
// rank-4 model inputs and outputs are stored NHWC: their dims are permuted
// and their layout is NNADAPTER_NHWC (the caller reorders the data at the
// boundary, as google_xnnpack does); other ranks stay as they are.
// Returns the number of TRANSPOSE operations inserted.
enum class BoundaryLayout { kNchw, kNhwc };
size_t ConvertDataLayoutNchwToNhwc(OwnedModel* model,
                                   BoundaryLayout boundary = BoundaryLayout::kNchw);

// Evaluates every operation whose inputs are all constants once, on
// builtin_device through the public C API (the reference kernels), and
// replaces its outputs by constants (repeatedly, in topological order, so
// chains fold). An operation writing a model output, or that builtin_device
// refuses, is kept. Needs libnnadapter (see utility/api_model.h).
// Returns the number of operations folded.
size_t FoldConstantOperations(OwnedModel* model);

// Float NCHW CONV_2D (constant filter, no fused activation) whose output
// only feeds the next operation:
//  - FuseConv2dBatchNorm: a BATCH_NORMALIZATION with constant parameters
//    folds into the filter and bias (w * s / sqrt(v + eps),
//    (b - mean) * s / sqrt(v + eps) + beta);
//  - FuseConv2dAdd: an ADD of a constant that is per output channel or a
//    scalar folds into the bias (the ADD's fuse code moves to the conv);
//  - FuseConv2dActivation: a RELU / RELU6 becomes the conv's fuse code.
// Each returns the number of operations removed.
size_t FuseConv2dBatchNorm(OwnedModel* model);
size_t FuseConv2dAdd(OwnedModel* model);
size_t FuseConv2dActivation(OwnedModel* model);

// Every QUANT_INT8_SYMM_PER_LAYER operand becomes QUANT_UINT8_ASYMM_PER_LAYER
// with the same scale and zero point 128 (constants: q + 128), as Paddle
// Lite's pass does for devices that only take uint8. Per-channel and int32
// operands are unchanged. Model inputs and outputs change type too: the
// driver adds (subtracts) 128 to their bytes at execution. Returns the
// number of operands converted.
size_t ConvertQuantizationSymmToAsymm(OwnedModel* model);

}  // namespace nnadapter

#endif  // NNADAPTER_UTILITY_OPTIMIZER_H_
