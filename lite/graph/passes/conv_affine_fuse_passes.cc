// Constant affine ops around convs folded into the conv's Filter and Bias.
//
// conv_affine_fuse_pass: conv2d/depthwise_conv2d/conv2d_transpose → an
// affine op ⇒ the conv with new Filter and Bias. The affine op is
//   elementwise_mul / elementwise_add with a constant X or Y (ONNX exporters
//   write Mul(constant, x) as often as Mul(x, constant)) that is a scalar or
//   one value per output channel, or
//   scale (Paddle's affine: s·x + b, or s·(x + b) when bias_after_scale is
//   false) without a ScaleTensor input;
// a multiply by s[c] scales Filter and Bias of channel c, an add of b[c] adds
// to Bias. Repeated while the conv's sole reader is such an op (PP-OCRv4's
// learnable affine blocks: conv → Mul → Add). The results differ from the
// unfused program by float rounding only (s·Σwx vs Σ(s·w)x).
//
// conv_input_affine_fuse_pass: the same affine ops (per input channel) whose
// sole reader is a conv2d/depthwise_conv2d's Input ⇒ Filter'[o, c, ..] =
// Filter[o, c, ..]·s[c] and Bias'[o] = Bias[o] + Σ Filter[o, c, ..]·b[c]. A
// shift folds only into an unpadded conv (the zero padding of s·x + b is not
// b); a pure scale folds into any, also from behind a shift (s·x + b =
// s·(x + b/s): the add stays, with b/s). PP-OCRv4's affine after each
// activation (hard_swish → Mul → Add → next conv) goes this way.
#include <algorithm>
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

// The affine map of `op` applied to `out` (one of its operands) of
// [N, channels, H, W], or false.
bool AffineOf(const Node* op, const Node* out, const Scope* weights, int64_t channels,
              ChannelAffine* a) {
  const std::string& t = op->op.Type();
  if (op->op.HasAttr("act_type")) return false;
  if (t == "scale") {
    if (InputArg(op, "X") != out || InputArg(op, "ScaleTensor")) return false;
    const float s = op->op.GetAttr<float>("scale", 1.f);
    const float b = op->op.GetAttr<float>("bias", 0.f);
    const bool after = op->op.GetAttr<bool>("bias_after_scale", true);
    a->scale.assign(channels, s);
    a->shift.assign(channels, after ? b : s * b);
    return true;
  }
  if (t != "elementwise_mul" && t != "elementwise_add") return false;
  const Node* x = InputArg(op, "X");
  const Node* y = InputArg(op, "Y");
  if (x == y || (x != out && y != out)) return false;
  const Tensor* c = FloatWeight(x == out ? y : x, weights);
  std::vector<float> v;
  if (!c || !PerChannelConstant(*c, op->op.GetAttr<int32_t>("axis", -1), channels, &v)) {
    return false;
  }
  const bool mul = t == "elementwise_mul";
  a->scale = mul ? v : std::vector<float>(channels, 1.f);
  a->shift = mul ? std::vector<float>(channels, 0.f) : v;
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

// A conv with int8 weight scales (quant_dequant_fold_pass): its Filter
// must stay as quantized.
bool Int8(const Node* conv) { return conv->op.GetAttr<bool>("enable_int8", false); }

bool Unpadded(const Node* conv) {
  const std::string alg = conv->op.GetAttr<std::string>("padding_algorithm", "EXPLICIT");
  if (alg == "VALID") return true;
  const auto pads = conv->op.GetAttr<std::vector<int>>("paddings", {});
  return alg != "SAME" && std::all_of(pads.begin(), pads.end(), [](int p) { return p == 0; });
}

// The non-constant operand of an affine op and its map per input channel.
struct InputAffine {
  Node* op{nullptr};
  Node* x{nullptr};
  ChannelAffine a;
};

// The affine op producing `v` when `reader` alone reads v; false otherwise.
bool AffineProducer(const Node* v, const Node* reader, const Scope* weights, int64_t channels,
                    InputAffine* r) {
  r->op = v ? v->Producer() : nullptr;
  if (!r->op || SoleConsumer(v) != reader || OutputArg(r->op, "Out") != v) return false;
  r->x = nullptr;
  for (const char* slot : {"X", "Y"}) {
    Node* in = InputArg(r->op, slot);
    if (in && !in->is_weight) r->x = in;
  }
  return r->x && AffineOf(r->op, r->x, weights, channels, &r->a);
}

// conv(s·x + b) ⇒ conv with Filter·s per input channel and Bias + Σ Filter·b.
void FoldIntoFilter(SSAGraph* graph, Scope* weights, Node* conv, const ChannelAffine& a) {
  Node* filter_arg = InputArg(conv, "Filter");
  const Tensor* filter = FloatWeight(filter_arg, weights);
  Node* old_bias_arg = InputArg(conv, "Bias");
  const Tensor* old_bias = FloatWeight(old_bias_arg, weights);
  const DDim& fd = filter->dims();
  const int64_t groups = conv->op.GetAttr<int32_t>("groups", 1);
  const int64_t cout = fd[0], k = fd[2] * fd[3], per_group = cout / groups;
  std::string fname, bname;
  Tensor* f = NewWeight(weights, filter_arg->var_name + "@in_affine", fd, &fname);
  Tensor* bias = NewWeight(weights, filter_arg->var_name + "@in_affine_bias", {cout}, &bname);
  const float* w = filter->data<float>();
  float* fw = f->mutable_data<float>();
  float* b = bias->mutable_data<float>();
  for (int64_t o = 0; o < cout; ++o) b[o] = old_bias ? old_bias->data<float>()[o] : 0.f;
  for (int64_t i = 0; i < filter->numel(); ++i) {
    // Element i of [M, C/g, KH, KW] reads input channel group(o) * C/g + (i / k) % (C/g).
    const int64_t o = i / (fd[1] * k);
    const int64_t c = o / per_group * fd[1] + (i / k) % fd[1];
    fw[i] = w[i] * a.scale[c];
    b[o] += w[i] * a.shift[c];
  }
  SSAGraph::ReplaceInput(conv, filter_arg, graph->NewArg(fname, true));
  SetConvBias(graph, conv, old_bias_arg, bname);
}

// A padded conv reading add(mul(x, s), b): s·x + b = s·(x + b/s), so the
// scale folds into the conv and the add reads x with b/s (s != 0).
bool FoldScaleBehindShift(SSAGraph* graph, Scope* weights, Node* conv, const InputAffine& add,
                          int64_t cin) {
  InputAffine mul;
  const bool pure_shift = std::all_of(add.a.scale.begin(), add.a.scale.end(),
                                      [](float s) { return s == 1.f; });
  if (!pure_shift || add.op->op.Type() != "elementwise_add" ||
      !AffineProducer(add.x, add.op, weights, cin, &mul) ||
      std::any_of(mul.a.shift.begin(), mul.a.shift.end(), [](float b) { return b != 0.f; }) ||
      std::any_of(mul.a.scale.begin(), mul.a.scale.end(), [](float s) { return s == 0.f; })) {
    return false;
  }
  Node* const_arg = InputArg(add.op, "X") == add.x ? InputArg(add.op, "Y") : InputArg(add.op, "X");
  std::string name;
  Tensor* t = NewWeight(weights, const_arg->var_name + "@unscaled", {1, cin, 1, 1}, &name);
  for (int64_t c = 0; c < cin; ++c) t->mutable_data<float>()[c] = add.a.shift[c] / mul.a.scale[c];
  add.op->op.SetAttr("axis", -1);
  SSAGraph::ReplaceInput(add.op, const_arg, graph->NewArg(name, true));
  SSAGraph::ReplaceInput(add.op, add.x, mul.x);
  graph->RemoveNodes({mul.op, add.x});
  ChannelAffine scale{mul.a.scale, std::vector<float>(cin, 0.f)};
  FoldIntoFilter(graph, weights, conv, scale);
  return true;
}

// Folds the producer of the conv's Input into it when it is a constant
// affine op read by the conv alone.
bool FoldAffineProducer(SSAGraph* graph, Scope* weights, Node* conv) {
  Node* in = InputArg(conv, "Input");
  const Tensor* filter = FloatWeight(InputArg(conv, "Filter"), weights);
  if (!in || !filter || filter->dims().size() != 4) return false;
  const DDim& fd = filter->dims();
  const int64_t groups = conv->op.GetAttr<int32_t>("groups", 1);
  const int64_t cin = fd[1] * groups, cout = fd[0];
  if (groups < 1 || cout % groups != 0) return false;
  Node* old_bias_arg = InputArg(conv, "Bias");
  const Tensor* old_bias = FloatWeight(old_bias_arg, weights);
  if (old_bias_arg && (!old_bias || old_bias->numel() != cout)) return false;
  InputAffine r;
  if (!AffineProducer(in, conv, weights, cin, &r)) return false;
  const bool shifts = std::any_of(r.a.shift.begin(), r.a.shift.end(), [](float b) { return b != 0.f; });
  if (shifts && !Unpadded(conv)) return FoldScaleBehindShift(graph, weights, conv, r, cin);
  FoldIntoFilter(graph, weights, conv, r.a);
  SSAGraph::ReplaceInput(conv, in, r.x);
  graph->RemoveNodes({r.op, in});
  return true;
}

}  // namespace

int ConvInputAffineFusePass::Apply(SSAGraph* graph, const PassContext& ctx) {
  int n = 0;
  for (Node* conv : graph->StmtTopologicalOrder()) {
    if (conv->removed || !IsConv(conv) || Int8(conv)) continue;
    while (FoldAffineProducer(graph, ctx.weights, conv)) ++n;
  }
  RemoveOrphanWeights(graph);
  return n;
}

int ConvAffineFusePass::Apply(SSAGraph* graph, const PassContext& ctx) {
  int n = 0;
  for (Node* conv : graph->StmtTopologicalOrder()) {
    if (conv->removed || !IsConvOrTranspose(conv) || conv->op.HasAttr("act_type") || Int8(conv)) {
      continue;
    }
    while (FoldAffineReader(graph, ctx.weights, conv)) ++n;
  }
  RemoveOrphanWeights(graph);
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
