// conv2d/depthwise_conv2d/conv2d_transpose → an affine op with constant
// operands ⇒ the conv with new Filter and Bias. The affine op is
//   elementwise_mul / elementwise_add with a constant X or Y (ONNX exporters
//   write Mul(constant, x) as often as Mul(x, constant)) that is a scalar or
//   one value per output channel, or
//   scale (Paddle's affine: s·x + b, or s·(x + b) when bias_after_scale is
//   false) without a ScaleTensor input;
// a multiply by s[c] scales Filter and Bias of channel c, an add of b[c] adds
// to Bias. Repeated while the conv's sole reader is such an op (PP-OCRv4's
// learnable affine blocks: conv → Mul → Add). The results differ from the
// unfused program by float rounding only (s·Σwx vs Σ(s·w)x).
#include <vector>

#include "lite/graph/passes/pattern_util.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {

// y = scale[c] * x + shift[c] per output channel.
struct ChannelAffine {
  std::vector<float> scale, shift;
};

// The affine map of `op` (which reads the conv's output `out`), or false.
bool AffineOf(const Node* op, const Node* out, const Scope* weights, int64_t cout,
              ChannelAffine* a) {
  const std::string& t = op->op.Type();
  if (op->op.HasAttr("act_type")) return false;
  if (t == "scale") {
    if (InputArg(op, "X") != out || InputArg(op, "ScaleTensor")) return false;
    const float s = op->op.GetAttr<float>("scale", 1.f);
    const float b = op->op.GetAttr<float>("bias", 0.f);
    const bool after = op->op.GetAttr<bool>("bias_after_scale", true);
    a->scale.assign(cout, s);
    a->shift.assign(cout, after ? b : s * b);
    return true;
  }
  if (t != "elementwise_mul" && t != "elementwise_add") return false;
  const Node* x = InputArg(op, "X");
  const Node* y = InputArg(op, "Y");
  if (x == y || (x != out && y != out)) return false;
  const Tensor* c = FloatWeight(x == out ? y : x, weights);
  std::vector<float> v;
  if (!c || !PerChannelConstant(*c, op->op.GetAttr<int32_t>("axis", -1), cout, &v)) return false;
  const bool mul = t == "elementwise_mul";
  a->scale = mul ? v : std::vector<float>(cout, 1.f);
  a->shift = mul ? std::vector<float>(cout, 0.f) : v;
  return true;
}

// Folds the conv's sole reader into it when it is a constant affine op.
bool FoldAffineReader(SSAGraph* graph, Scope* weights, Node* conv) {
  Node* out = OutputArg(conv, "Output");
  Node* op = SoleConsumer(out);
  Node* filter_arg = InputArg(conv, "Filter");
  const Tensor* filter = FloatWeight(filter_arg, weights);
  if (!op || !filter || filter->dims().size() != 4) return false;
  const int64_t cout = ConvOutputChannels(conv, *filter);
  Node* old_bias_arg = InputArg(conv, "Bias");
  const Tensor* old_bias = FloatWeight(old_bias_arg, weights);
  if (old_bias_arg && (!old_bias || old_bias->numel() != cout)) return false;
  ChannelAffine a;
  Node* op_out = OutputArg(op, "Out");
  if (!op_out || !AffineOf(op, out, weights, cout, &a)) return false;
  std::string bname;
  Tensor* bias = NewWeight(weights, filter_arg->var_name + "@affine_bias", {cout}, &bname);
  float* b = bias->mutable_data<float>();
  bool scales = false;
  for (int64_t c = 0; c < cout; ++c) {
    b[c] = (old_bias ? old_bias->data<float>()[c] : 0.f) * a.scale[c] + a.shift[c];
    scales = scales || a.scale[c] != 1.f;
  }
  if (scales) {
    std::string fname;
    Tensor* f = NewWeight(weights, filter_arg->var_name + "@affine", filter->dims(), &fname);
    ScaleFilterPerOutputChannel(conv, *filter, a.scale, f->mutable_data<float>());
    SSAGraph::ReplaceInput(conv, filter_arg, graph->NewArg(fname, true));
  }
  SetConvBias(graph, conv, old_bias_arg, bname);
  SSAGraph::ReplaceOutput(conv, out, op_out);
  SSAGraph::Unlink(op, op_out);
  graph->RemoveNodes({op, out});
  return true;
}

}  // namespace

int ConvAffineFusePass::Apply(SSAGraph* graph, const PassContext& ctx) {
  int n = 0;
  for (Node* conv : graph->StmtTopologicalOrder()) {
    if (conv->removed || !IsConvOrTranspose(conv) || conv->op.HasAttr("act_type")) continue;
    while (FoldAffineReader(graph, ctx.weights, conv)) ++n;
  }
  RemoveOrphanWeights(graph);
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
