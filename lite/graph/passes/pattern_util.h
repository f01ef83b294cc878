// Helpers the fusion and folding passes share (conv_bn_fuse,
// conv_elementwise_add_fuse, fc_fuse, constant_fold, quant_dequant_fold):
// two-op patterns and new weights. The basic slot / weight lookups are
// declared in passes.h.
#pragma once
#include <string>

#include "lite/graph/passes/passes.h"

namespace paddle {
namespace lite {
namespace graph {

// A new persistable weight of `dims` in `weights`, named after `base`
// (FreshWeightName); its name goes to *name.
Tensor* NewWeight(Scope* weights, const std::string& base, const DDim& dims, std::string* name);

// Removes the weight arguments nobody reads any more.
void RemoveOrphanWeights(SSAGraph* graph);

// True when no output of `stmt` other than `keep` is read or fetched.
bool OtherOutputsUnused(const Node* stmt, const Node* keep);

// The `type` op that alone reads the `slot` output of `stmt`, as its X (and
// that output arg in *out); nullptr otherwise.
Node* SoleXReader(Node* stmt, const std::string& slot, const std::string& type, Node** out);

// SoleXReader of a conv2d / depthwise_conv2d / conv2d_transpose's Output
// when the conv has no fused activation; nullptr otherwise.
Node* ConvFeeding(Node* conv, const std::string& type, Node** out);

// Makes the weight `name` the conv's Bias, replacing `old_bias_arg` (its
// current Bias argument) or adding the slot when it had none.
void SetConvBias(SSAGraph* graph, Node* conv, Node* old_bias_arg, const std::string& name);

}  // namespace graph
}  // namespace lite
}  // namespace paddle
