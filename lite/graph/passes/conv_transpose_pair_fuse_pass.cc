// conv2d_transpose A (x -> mid) -> conv2d_transpose B reading only mid,
// both one-tap (kernel == stride, no padding, dilation, output_padding or
// output_size; one group; NCHW)
// => B with Input = x, PreFilter / PreBias = A's Filter / Bias and
// pre_act_type = A's fused activation (conv2d_transpose.cc; the kernel is
// conv_transpose_pair_nchw.h).
//
// PP-OCR's DB head ends with two such ops (24 -> 24 x2 with relu, then
// 24 -> 1 x2 with sigmoid): A's 9.8 MB output on a 640x640 page only went
// to memory for B to read it back. Conditions: both float with float
// weights (persistable), A's activation none or one with Paddle's default
// parameters and no post affine, A's output read by B alone and no model
// output, B at most 4 output channels (the pair keeps B's outputs of 16
// pixels in a buffer: measured with 1). After the NNAdapter subgraph pass
// (converters never see PreFilter).
#include <glog/logging.h>

#include <algorithm>

#include "lite/graph/passes/pattern_util.h"
#include "lite/operators/math/activation_funcs.h"
#include "lite/operators/nn/nn_common.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {

constexpr int64_t kMaxSecondChannels = 4;

// The Filter of `s` when it is a float one-tap conv2d_transpose (the rules
// above); nullptr otherwise.
const Tensor* OneTapFilter(const Node* s, const Scope* weights) {
  if (!s || s->op.Type() != "conv2d_transpose") return nullptr;
  const cpp::OpDesc& d = s->op;
  const Tensor* f = FloatWeight(InputArg(s, "Filter"), weights);
  if (!f || f->dims().size() != 4) return nullptr;
  const Node* bias = InputArg(s, "Bias");
  const std::string algo = d.GetAttr<std::string>("padding_algorithm", "EXPLICIT");
  const std::string format = d.GetAttr<std::string>("data_format", "NCHW");
  const std::vector<int> strides = d.GetAttr<std::vector<int>>("strides", {1, 1});
  const std::vector<int> pads = operators::ReadPaddings4(d);
  const std::vector<int> out_pad = d.GetAttr<std::vector<int>>("output_padding", {});
  const bool one_tap =
      d.GetAttr<int32_t>("groups", 1) == 1 && (format == "NCHW" || format == "AnyLayout") &&
      strides == std::vector<int>{static_cast<int>(f->dims()[2]), static_cast<int>(f->dims()[3])} &&
      d.GetAttr<std::vector<int>>("dilations", {1, 1}) == std::vector<int>{1, 1} &&
      pads == std::vector<int>{0, 0, 0, 0} && (algo == "EXPLICIT" || algo == "VALID") &&
      std::all_of(out_pad.begin(), out_pad.end(), [](int v) { return v == 0; }) &&
      d.GetAttr<std::vector<int>>("output_size", {}).empty() && !d.HasInput("PreFilter");
  return one_tap && (!bias || FloatWeight(bias, weights)) ? f : nullptr;
}

}  // namespace

int ConvTransposePairFusePass::Apply(SSAGraph* graph, const PassContext& ctx) {
  int n = 0;
  for (Node* a : graph->StmtTopologicalOrder()) {
    if (a->removed) continue;
    const Tensor* fa = OneTapFilter(a, ctx.weights);
    Node* mid = fa ? OutputArg(a, "Output") : nullptr;
    Node* b = mid ? SoleConsumer(mid) : nullptr;
    const Tensor* fb = b ? OneTapFilter(b, ctx.weights) : nullptr;
    if (!fb || mid->Observed() || !OtherOutputsUnused(a, mid) || InputArg(b, "Input") != mid ||
        fb->dims()[0] != fa->dims()[1] || fb->dims()[1] > kMaxSecondChannels) {
      continue;
    }
    const operators::FusedActivation act = operators::ParseFusedActivation(a->op);
    if (!operators::HasDefaultParams(act.params) || act.HasPostAffine()) continue;
    SSAGraph::ReplaceInput(b, mid, InputArg(a, "Input"));
    b->op.SetInput("PreFilter", a->op.Input("Filter"));
    SSAGraph::Link(InputArg(a, "Filter"), b);
    if (Node* bias = InputArg(a, "Bias")) {
      b->op.SetInput("PreBias", a->op.Input("Bias"));
      SSAGraph::Link(bias, b);
    }
    b->op.SetAttr("pre_act_type", operators::FusedActName(a->op));
    VLOG(2) << "conv_transpose_pair_fuse_pass: " << a->op.Repr() << " joins " << b->op.Repr();
    graph->RemoveNodes({a, mid});
    ++n;
  }
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
