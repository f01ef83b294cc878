// conv2d/depthwise_conv2d/conv2d_transpose (+ Bias) → batch_norm  ⇒  the
// conv with folded Filter' = Filter · γ/√(σ²+ε) per output channel and
// Bias' = (Bias − μ) · γ/√(σ²+ε) + β. New weights get new names; the
// originals are never modified.
#include <cmath>
#include <vector>

#include "lite/graph/passes/passes.h"

namespace paddle {
namespace lite {
namespace graph {

int ConvBnFusePass::Apply(SSAGraph* graph, const PassContext& ctx) {
  Scope* weights = ctx.weights;
  int n = 0;
  for (Node* conv : graph->StmtTopologicalOrder()) {
    if (conv->removed) continue;
    if (!IsConvOrTranspose(conv) || conv->op.HasAttr("act_type")) continue;
    Node* out = OutputArg(conv, "Output");
    Node* bn = SoleConsumer(out);
    if (!bn || bn->op.Type() != "batch_norm" || InputArg(bn, "X") != out) continue;
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
    bool others_used = false;
    for (Node* o : bn->outlinks) {
      if (o != y && (!o->outlinks.empty() || o->is_fetch)) others_used = true;
    }
    if (!y || others_used) continue;

    const float eps = bn->op.GetAttr<float>("epsilon", 1e-5f);
    // Output channel of filter element i: conv2d [M, C/g, KH, KW] -> i / (numel/M);
    // conv2d_transpose [C, M/g, KH, KW] -> group of row i/(rows*k) times M/g
    // plus the column (i / k) % (M/g).
    const bool transpose = conv->op.Type() == "conv2d_transpose";
    const DDim& fd = filter->dims();
    const int64_t k = fd[2] * fd[3];
    const int64_t groups = transpose ? cout / fd[1] : 1;
    const int64_t rows_per_group = transpose ? fd[0] / groups : 0;
    auto out_channel = [&](int64_t i) {
      if (!transpose) return i / (fd[1] * k);
      const int64_t row = i / (fd[1] * k);
      return (row / rows_per_group) * fd[1] + (i / k) % fd[1];
    };
    std::string fname = FreshWeightName(*weights, InputArg(conv, "Filter")->var_name + "@bn_fold");
    std::string bname = FreshWeightName(*weights, fname + "_bias");
    Tensor* new_filter = weights->Var(fname);
    new_filter->Resize(filter->dims());
    new_filter->set_persistable(true);
    Tensor* new_bias = weights->Var(bname);
    new_bias->Resize({cout});
    new_bias->set_persistable(true);
    float* fw = new_filter->mutable_data<float>();
    float* fb = new_bias->mutable_data<float>();
    const float* w = filter->data<float>();
    std::vector<float> alpha(cout);
    for (int64_t c = 0; c < cout; ++c) {
      alpha[c] = scale->data<float>()[c] / std::sqrt(var->data<float>()[c] + eps);
      const float b = old_bias ? old_bias->data<float>()[c] : 0.f;
      fb[c] = (b - mean->data<float>()[c]) * alpha[c] + shift->data<float>()[c];
    }
    for (int64_t i = 0; i < filter->numel(); ++i) fw[i] = w[i] * alpha[out_channel(i)];
    Node* filter_arg = graph->NewArg(fname, true);
    Node* bias_arg = graph->NewArg(bname, true);
    SSAGraph::ReplaceInput(conv, InputArg(conv, "Filter"), filter_arg);
    if (old_bias_arg) {
      SSAGraph::ReplaceInput(conv, old_bias_arg, bias_arg);
    } else {
      conv->op.SetInput("Bias", {bname});
      SSAGraph::Link(bias_arg, conv);
    }
    // conv now writes Y; the BN, its parameters' links and outputs go.
    std::set<Node*> dead = {bn, out};
    for (Node* o : bn->outlinks) dead.insert(o);
    dead.erase(y);
    SSAGraph::ReplaceOutput(conv, out, y);
    SSAGraph::Unlink(bn, y);
    graph->RemoveNodes(dead);
    ++n;
  }
  // Weight args nobody reads any more are dropped from the graph.
  std::set<Node*> orphans;
  for (Node* a : graph->Args()) {
    if (a->is_weight && a->outlinks.empty() && !a->is_fetch) orphans.insert(a);
  }
  graph->RemoveNodes(orphans);
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
