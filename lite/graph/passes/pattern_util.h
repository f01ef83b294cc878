// Helpers the fusion and folding passes share (conv_bn_fuse,
// conv_elementwise_add_fuse, fc_fuse, constant_fold, quant_dequant_fold):
// two-op patterns and new weights. The basic slot / weight lookups are
// declared in passes.h.
#pragma once
#include <functional>
#include <string>
#include <vector>

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

// The values, one per output channel, of a constant operand `c` of an
// elementwise op applied to a conv's [N, cout, H, W] output (`axis` is the
// op's attribute; `c` may be either operand): a single element (of rank
// <= 4) repeated, or [cout] with axis 1, or [cout, 1, 1] /
// [1, cout, 1, 1] with axis -1. False when `c` broadcasts otherwise.
bool PerChannelConstant(const Tensor& c, int axis, int64_t cout, std::vector<float>* values);

// out[i] = filter[i] * alpha[output channel of element i] for a conv2d /
// depthwise_conv2d ([M, C/g, KH, KW]) or conv2d_transpose ([C, M/g, KH, KW])
// Filter; alpha has ConvOutputChannels values.
void ScaleFilterPerOutputChannel(const Node* conv, const Tensor& filter,
                                 const std::vector<float>& alpha, float* out);

// Folds elementwise_adds into the producer of one operand: for each plain
// add (no fused activation) of two distinct inputs, `fold(add, operand,
// other)` is asked with operand = Y, then X, where the operand's producer
// writes it only for this add; when it returns true (it has rewritten the
// producer to compute the sum), the producer takes over the add's output
// and the add leaves the graph. Returns the number of folds.
int FoldAddsIntoOperand(SSAGraph* graph,
                        const std::function<bool(Node* add, Node* operand, Node* other)>& fold);

// The operand (X or Y) of the binary `s` other than `v`; nullptr when `v`
// is neither.
Node* OtherOperand(const Node* s, const Node* v);

// elementwise_add / elementwise_mul, plain or with a fused activation.
bool IsAdd(const Node* s);
bool IsMul(const Node* s);
// An activation op (activations.inc).
bool IsActivation(const Node* s);
// A whole-plane average pooling: [N, C, H, W] -> [N, C, 1, 1], the same in
// either layout.
bool IsPlanePool(const Node* s);
// An [N, C, 1, 1] value: a plane pooling's output and what the
// squeeze-excitation branch computes from it (unpadded convs, bias adds,
// activations). A multiply reading it checks the dims at run time.
bool PlaneVector(const Node* v, int depth = 0);

}  // namespace graph
}  // namespace lite
}  // namespace paddle
