// The passes of passes.inc and the pattern helpers they share.
#pragma once
#include <string>

#include "lite/graph/pass.h"

namespace paddle {
namespace lite {
namespace graph {

#define LITE_DECLARE_PASS(class__)                          \
  class class__ : public Pass {                             \
   public:                                                  \
    int Apply(SSAGraph* graph, const PassContext& ctx) override;    \
  };
LITE_DECLARE_PASS(ConvNhwcToNchwPass)
LITE_DECLARE_PASS(IdentityDropoutEliminatePass)
LITE_DECLARE_PASS(IdentityScaleEliminatePass)
LITE_DECLARE_PASS(ConvElementwiseAddFusePass)
LITE_DECLARE_PASS(ConvBnFusePass)
LITE_DECLARE_PASS(ConvAffineFusePass)
LITE_DECLARE_PASS(ConvInputAffineFusePass)
LITE_DECLARE_PASS(LayerNormFusePass)
LITE_DECLARE_PASS(SwishFusePass)
LITE_DECLARE_PASS(GeluFusePass)
LITE_DECLARE_PASS(MishFusePass)
LITE_DECLARE_PASS(ConvActivationFusePass)
LITE_DECLARE_PASS(FcFusePass)
LITE_DECLARE_PASS(ElementwiseActivationFusePass)
LITE_DECLARE_PASS(ConstantFoldPass)
LITE_DECLARE_PASS(QuantDequantFoldPass)
LITE_DECLARE_PASS(QuantInt8WeightPass)
LITE_DECLARE_PASS(MemoryOptimizePass)
LITE_DECLARE_PASS(NNAdapterSubgraphPass)
LITE_DECLARE_PASS(Int8NhwcChainPass)
LITE_DECLARE_PASS(MulPlusXFusePass)
LITE_DECLARE_PASS(NearestInterpAddFusePass)
LITE_DECLARE_PASS(InterpAddendScaleFusePass)
LITE_DECLARE_PASS(UpsampleConcatFusePass)
LITE_DECLARE_PASS(PointwiseDepthwiseFusePass)
LITE_DECLARE_PASS(PostActAffineFusePass)
LITE_DECLARE_PASS(ConvBlockedChainPass)
LITE_DECLARE_PASS(ConvTransposePairFusePass)
#undef LITE_DECLARE_PASS

// The argument node bound to the first variable of a slot (nullptr if none).
Node* InputArg(const Node* stmt, const std::string& slot);
Node* OutputArg(const Node* stmt, const std::string& slot);
// The one statement that consumes `arg`, or nullptr when it has several
// consumers, none, or is a model output.
Node* SoleConsumer(const Node* arg);
// True when `arg` is a weight present in `weights` with float data.
const Tensor* FloatWeight(const Node* arg, const Scope* weights);
// A new weight name derived from `base` that `weights` does not hold yet.
std::string FreshWeightName(const Scope& weights, const std::string& base);
// Removes an identity statement (in → out): consumers of `out` read `in`.
// When `out` is a model output, the producer of `in` writes `out` instead
// (if `in` has no other use); returns false (graph unchanged) otherwise.
bool RemoveIdentityStmt(SSAGraph* graph, Node* stmt, Node* in, Node* out);
// conv2d or depthwise_conv2d.
bool IsConv(const Node* stmt);
// IsConv on float NCHW data as the program wrote it: not int8, no NHWC or
// blocked data attribute (int8_nhwc_chain_pass, conv_blocked_chain_pass),
// no folded 1x1 conv (PointwiseFilter), data_format not NHWC.
bool PlainFloatConv(const Node* stmt);
// IsConv or conv2d_transpose (whose Filter is [C, M/groups, KH, KW]).
bool IsConvOrTranspose(const Node* stmt);
// Output channels of a conv (Filter dim 0) or conv2d_transpose (Filter
// dim 1 x groups); `filter` is its 4-D Filter.
int64_t ConvOutputChannels(const Node* stmt, const Tensor& filter);

}  // namespace graph
}  // namespace lite
}  // namespace paddle
