// conv2d/depthwise_conv2d/conv2d_transpose (+ Bias) → batch_norm  ⇒  the
// conv with folded Filter' = Filter · γ/√(σ²+ε) per output channel and
// Bias' = (Bias − μ) · γ/√(σ²+ε) + β. New weights get new names; the
// originals are never modified.
#include <cmath>
#include <vector>

#include "lite/graph/passes/pattern_util.h"

namespace paddle {
namespace lite {
namespace graph {

int ConvBnFusePass::Apply(SSAGraph* graph, const PassContext& ctx) {
  Scope* weights = ctx.weights;
  int n = 0;
  for (Node* conv : graph->StmtTopologicalOrder()) {
    if (conv->removed) continue;
    Node* out = nullptr;
    Node* bn = ConvFeeding(conv, "batch_norm", &out);
    if (!bn) continue;
    const Tensor* filter = FloatWeight(InputArg(conv, "Filter"), weights);
    const Tensor* scale = FloatWeight(InputArg(bn, "Scale"), weights);
    const Tensor* shift = FloatWeight(InputArg(bn, "Bias"), weights);
    const Tensor* mean = FloatWeight(InputArg(bn, "Mean"), weights);
    const Tensor* var = FloatWeight(InputArg(bn, "Variance"), weights);
    Node* old_bias_arg = InputArg(conv, "Bias");
    const Tensor* old_bias = FloatWeight(old_bias_arg, weights);
    if (!filter || !scale || !shift || !mean || !var || filter->dims().size() != 4) continue;
    if (old_bias_arg && !old_bias) continue;
    const int64_t cout = ConvOutputChannels(conv, *filter);
    if (scale->numel() != cout || shift->numel() != cout || mean->numel() != cout ||
        var->numel() != cout || (old_bias && old_bias->numel() != cout)) {
      continue;
    }
    // The BN's other outputs (MeanOut, SavedMean, …) must be unused.
    Node* y = OutputArg(bn, "Y");
    if (!y || !OtherOutputsUnused(bn, y)) continue;

    const float eps = bn->op.GetAttr<float>("epsilon", 1e-5f);
    std::string fname, bname;
    Tensor* new_filter = NewWeight(weights, InputArg(conv, "Filter")->var_name + "@bn_fold",
                                   filter->dims(), &fname);
    Tensor* new_bias = NewWeight(weights, fname + "_bias", {cout}, &bname);
    float* fb = new_bias->mutable_data<float>();
    std::vector<float> alpha(cout);
    for (int64_t c = 0; c < cout; ++c) {
      alpha[c] = scale->data<float>()[c] / std::sqrt(var->data<float>()[c] + eps);
      const float b = old_bias ? old_bias->data<float>()[c] : 0.f;
      fb[c] = (b - mean->data<float>()[c]) * alpha[c] + shift->data<float>()[c];
    }
    ScaleFilterPerOutputChannel(conv, *filter, alpha, new_filter->mutable_data<float>());
    SSAGraph::ReplaceInput(conv, InputArg(conv, "Filter"), graph->NewArg(fname, true));
    SetConvBias(graph, conv, old_bias_arg, bname);
    // conv now writes Y; the BN, its parameters' links and outputs go.
    std::set<Node*> dead = {bn, out};
    for (Node* o : bn->outlinks) dead.insert(o);
    dead.erase(y);
    SSAGraph::ReplaceOutput(conv, out, y);
    SSAGraph::Unlink(bn, y);
    graph->RemoveNodes(dead);
    ++n;
  }
  RemoveOrphanWeights(graph);
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
