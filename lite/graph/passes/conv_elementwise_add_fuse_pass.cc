// conv2d/depthwise_conv2d/conv2d_transpose → elementwise_add(Y = per-output-
// channel weight) ⇒ the conv with Bias (added to an existing Bias).
#include "lite/graph/passes/pattern_util.h"

namespace paddle {
namespace lite {
namespace graph {

int ConvElementwiseAddFusePass::Apply(SSAGraph* graph, const PassContext& ctx) {
  Scope* weights = ctx.weights;
  int n = 0;
  for (Node* conv : graph->StmtTopologicalOrder()) {
    if (conv->removed) continue;
    Node* out = nullptr;
    Node* add = ConvFeeding(conv, "elementwise_add", &out);
    if (!add || add->op.HasAttr("act_type")) continue;
    Node* y_arg = InputArg(add, "Y");
    const Tensor* y = FloatWeight(y_arg, weights);
    const Tensor* filter = FloatWeight(InputArg(conv, "Filter"), weights);
    if (!y || !filter || filter->dims().size() != 4) continue;
    const int64_t cout = ConvOutputChannels(conv, *filter);
    const int axis = add->op.GetAttr<int32_t>("axis", -1);
    const DDim& yd = y->dims();
    bool per_channel = (axis == 1 && y->numel() == cout) ||
                       (axis == -1 && yd.size() == 3 && yd[0] == cout && yd[1] == 1 && yd[2] == 1);
    if (!per_channel) continue;
    Node* old_bias_arg = InputArg(conv, "Bias");
    const Tensor* old_bias = FloatWeight(old_bias_arg, weights);
    if (old_bias_arg && (!old_bias || old_bias->numel() != cout)) continue;
    Node* add_out = OutputArg(add, "Out");
    if (!add_out) continue;
    std::string bname;
    Tensor* bias = NewWeight(weights, y_arg->var_name + "@conv_bias", {cout}, &bname);
    float* b = bias->mutable_data<float>();
    for (int64_t c = 0; c < cout; ++c) {
      b[c] = y->data<float>()[c] + (old_bias ? old_bias->data<float>()[c] : 0.f);
    }
    SetConvBias(graph, conv, old_bias_arg, bname);
    SSAGraph::ReplaceOutput(conv, out, add_out);
    SSAGraph::Unlink(add, add_out);
    graph->RemoveNodes({add, out});
    ++n;
  }
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
