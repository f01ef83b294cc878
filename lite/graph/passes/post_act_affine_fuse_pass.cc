// conv (with a fused activation) -> elementwise_mul by a scalar constant
// -> elementwise_add of a scalar constant (either or both, in this order)
// => the conv with attributes post_act_scale / post_act_shift: Output =
// act(conv) * scale + shift (FusedActivation in nn_common.h).
//
// PP-LCNetV3 (PP-OCRv4's recognizer and detector) ends every conv with a
// "learnable affine block", s * hard_swish(conv) + b with learned scalars;
// conv_affine_fuse_pass folds affines before the activation into the
// weights, but these come after it. The recognizer ran 20 such adds and 7
// multiplies over its feature maps (0.9 ms of ~21 ms); fused, the kernel
// applies them to each piece of output while it is in cache. The multiply
// and the add are the same float operations as the separate ops (an
// identity one is skipped), so the result is bit-identical. Only constants
// of one value fold (one element of rank <= 4, or [1, C, 1, 1] all alike),
// a multiply only before an add,
// and neither onto an int8 conv. Runs after the NNAdapter subgraph pass:
// only ops left on the CPU change, and NNAdapter converters never see the
// attributes.
#include "lite/graph/passes/pattern_util.h"
#include "lite/operators/math/activation_funcs.h"

#include <algorithm>

namespace paddle {
namespace lite {
namespace graph {

namespace {

// The constant operand of a plain elementwise `type` reading `v`, in
// *value, when it holds one value: a single element (rank <= 4), or
// [1, channels, 1, 1] all alike (conv_input_affine_fuse_pass leaves b / s
// of a scalar affine so); false otherwise.
bool UniformOperand(const Node* op, const Node* v, const std::string& type, const Scope* weights,
                    int64_t channels, float* value) {
  if (op->op.Type() != type || op->op.HasAttr("act_type") || op->op.HasAttr("plus_x")) {
    return false;
  }
  const Node* c = OtherOperand(op, v);
  const Tensor* t = c && c != v ? FloatWeight(c, weights) : nullptr;
  if (!t || t->numel() < 1) return false;
  const DDim& d = t->dims();
  const bool scalar = t->numel() == 1 && d.size() <= 4;
  const bool per_channel = d == DDim{1, channels, 1, 1};
  const float* x = t->data<float>();
  if ((!scalar && !per_channel) ||
      !std::all_of(x, x + t->numel(), [&](float e) { return e == x[0]; })) {
    return false;
  }
  *value = x[0];
  return true;
}

}  // namespace

int PostActAffineFusePass::Apply(SSAGraph* graph, const PassContext& ctx) {
  int n = 0;
  for (Node* conv : graph->StmtTopologicalOrder()) {
    if (conv->removed || !IsConvOrTranspose(conv) ||
        operators::FusedActName(conv->op).empty() ||
        conv->op.GetAttr<bool>("enable_int8", false) || conv->op.HasAttr("post_act_scale") ||
        conv->op.HasAttr("post_act_shift")) {
      continue;
    }
    Node* out = OutputArg(conv, "Output");
    const Tensor* filter = FloatWeight(InputArg(conv, "Filter"), ctx.weights);
    if (!filter || filter->dims().size() != 4) continue;
    const int64_t channels = ConvOutputChannels(conv, *filter);
    float scale = 1.f, shift = 0.f;
    // At most a multiply, then at most an add; each step moves Output on.
    for (const char* type : {"elementwise_mul", "elementwise_add"}) {
      Node* op = out && !out->Observed() && OtherOutputsUnused(conv, out) ? SoleConsumer(out)
                                                                          : nullptr;
      float c = 0.f;
      const bool mul = std::string(type) == "elementwise_mul";
      // x * 1 and x + 0 stay (the kernel skips identities; x + 0 turns -0 to +0)
      if (!op || !UniformOperand(op, out, type, ctx.weights, channels, &c) ||
          c == (mul ? 1.f : 0.f)) {
        continue;
      }
      Node* op_out = OutputArg(op, "Out");
      if (!op_out) continue;
      (mul ? scale : shift) = c;
      SSAGraph::ReplaceOutput(conv, out, op_out);
      SSAGraph::Unlink(op, op_out);
      graph->RemoveNodes({op, out});
      out = op_out;
      ++n;
    }
    if (scale != 1.f) conv->op.SetAttr("post_act_scale", scale);
    if (shift != 0.f) conv->op.SetAttr("post_act_shift", shift);
  }
  RemoveOrphanWeights(graph);
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
