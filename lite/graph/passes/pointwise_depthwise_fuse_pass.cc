// conv2d 1x1 (x -> mid) -> depthwise conv reading only mid
// => the depthwise op with Input = x, PointwiseFilter / PointwiseBias = the
// 1x1 conv's Filter / Bias and pointwise_act_type = its fused activation
// (conv2d.cc; the kernel is pointwise_depthwise_nchw.h).
//
// MobileNetV3's expansion convs write a widened map that only the next
// depthwise conv reads; on PP-OCR's detectors (8 -> 32 channels at
// 320x320: 13 MB) both convs were bound by that map's trip to memory and
// back. Fused, the map never leaves L2. Conditions: the 1x1 conv is float,
// unpadded, stride 1, one group, at most 64 input channels (where our 1x1
// kernel runs, PointwiseNchwApplies), with no activation or one whose
// parameters are Paddle's defaults (relu, hard_swish: the op carries only
// its name, pointwise_act_type); its
// output feeds only the depthwise conv (one filter per channel, undilated,
// strides <= 4) and is no model output; neither is int8. On CPUs where the
// hand-written kernels are off (no AVX2, or oneDNN on AVX-512) the pass does
// nothing: there the pair was not measured. Runs after the NNAdapter
// subgraph pass (only ops left on the CPU change; converters never see
// PointwiseFilter) and after the int8 passes.
#include "lite/graph/passes/pattern_util.h"
#include "lite/operators/math/activation_funcs.h"
#include "lite/operators/nn/depthwise_conv_nchw.h"
#include "lite/operators/nn/pointwise_conv_nchw.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {

// The 1x1 conv's Filter when it can be folded into a depthwise conv.
const Tensor* PointwiseFilter(const Node* pw, const Scope* weights) {
  if (!PlainFloatConv(pw) || pw->op.GetAttr<int32_t>("groups", 1) != 1) return nullptr;
  const Tensor* f = FloatWeight(InputArg(pw, "Filter"), weights);
  if (!f || f->dims().size() != 4) return nullptr;
  const DDim& fd = f->dims();
  const std::vector<int> strides = pw->op.GetAttr<std::vector<int>>("strides", {1, 1});
  const std::vector<int> pads = operators::ReadPaddings4(pw->op);
  const Node* bias = InputArg(pw, "Bias");
  if (!operators::PointwiseNchwApplies(1, {fd[0], fd[1], fd[2], fd[3]}, strides, pads,
                                       1 << 20) ||
      !operators::HasDefaultParams(operators::ParseFusedActivation(pw->op).params) ||
      (bias && !FloatWeight(bias, weights))) {
    return nullptr;
  }
  return f;
}

// True when `dw` is a depthwise conv with one filter per channel of `m`.
bool DepthwiseOf(const Node* dw, const Scope* weights, int64_t m) {
  if (!PlainFloatConv(dw)) return false;
  const Tensor* f = FloatWeight(InputArg(dw, "Filter"), weights);
  const int groups = dw->op.GetAttr<int32_t>("groups", 1);
  return f && f->dims().size() == 4 && f->dims()[0] == m && groups == m &&
         operators::DepthwiseNchwApplies(groups, m, f->dims()[1],
                                         dw->op.GetAttr<std::vector<int>>("dilations", {1, 1}),
                                         dw->op.GetAttr<std::vector<int>>("strides", {1, 1}));
}

}  // namespace

int PointwiseDepthwiseFusePass::Apply(SSAGraph* graph, const PassContext& ctx) {
  if (!operators::PointwiseKernelsAvailable()) return 0;
  int n = 0;
  for (Node* pw : graph->StmtTopologicalOrder()) {
    if (pw->removed) continue;
    const Tensor* f = PointwiseFilter(pw, ctx.weights);
    Node* mid = f ? OutputArg(pw, "Output") : nullptr;
    Node* dw = mid ? SoleConsumer(mid) : nullptr;
    if (!dw || mid->Observed() || !OtherOutputsUnused(pw, mid) || InputArg(dw, "Input") != mid ||
        !DepthwiseOf(dw, ctx.weights, f->dims()[0])) {
      continue;
    }
    Node* x = InputArg(pw, "Input");
    SSAGraph::ReplaceInput(dw, mid, x);
    dw->op.SetInput("PointwiseFilter", pw->op.Input("Filter"));
    SSAGraph::Link(InputArg(pw, "Filter"), dw);
    if (Node* bias = InputArg(pw, "Bias")) {
      dw->op.SetInput("PointwiseBias", pw->op.Input("Bias"));
      SSAGraph::Link(bias, dw);
    }
    dw->op.SetAttr("pointwise_act_type", operators::FusedActName(pw->op));
    const operators::FusedActivation act = operators::ParseFusedActivation(pw->op);
    if (act.post_scale != 1.f) dw->op.SetAttr("pointwise_post_act_scale", act.post_scale);
    if (act.post_shift != 0.f) dw->op.SetAttr("pointwise_post_act_shift", act.post_shift);
    graph->RemoveNodes({pw, mid});
    ++n;
  }
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
