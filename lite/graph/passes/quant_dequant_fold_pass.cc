// QAT models (PaddleSlim quantization-aware training) carry fake
// quant-dequant ops around fp32 weights. Two passes turn them into int8
// scales on the ops that consume them (Paddle Lite's attribute names), when
// int8 is requested (PassOptions::int8, i.e. a valid place with
// PRECISION(kInt8)); without it both passes do nothing and the fake ops
// execute in float (constant_fold folds the weights' ones).
//
// quant_dequant_fold_pass (before constant_fold and the fusions):
//   x → fake_quantize_dequantize_moving_average_abs_max(InScale) → op
//   W → fake_channel_wise_quantize_dequantize_abs_max → op's weight
// for op = conv2d / depthwise_conv2d (Filter, quant_axis 0), mul (Y 2-D,
// quant_axis 1) or fc (W, quant_axis 1) becomes op(x, W') with W' = the fake
// op's own output (a new float weight: the fusions that follow —
// batch_norm, bias, activation, mul+add → fc — keep working on float
// weights) and the attributes enable_int8, bit_length and
//   conv: Input0_scale = {InScale / bin}, Filter0_scale (per output channel)
//   mul:  X0_scale, Y0_scale (per column);  fc: Input0_scale, W0_scale
// with weight scales max|W[c]| / bin, bin = 2^(bit_length-1) - 1 = 127
// (only 8-bit fake ops are folded; others stay float). An
// activation fake op is folded only when every consumer of its output is
// such an op with a channel-wise quantized weight; otherwise it stays
// (float). matmul/matmul_v2 are not folded (no int8 kernel).
//
// quant_int8_weight_pass (after the fusions, before the NNAdapter subgraph
// pass): each enable_int8 op gets its float weight requantized per channel
// into a new int8 weight with fresh scales max|W'[c]| / bin. A folded
// batch_norm multiplied channel c by alpha_c, so W'[c] = alpha_c * q[c] *
// s[c] and the per-channel abs max is |alpha_c| * bin * s[c]: the
// requantization recovers exactly the trained integers (sign-flipped where
// alpha_c < 0) on the rescaled grid. Output0_scale (conv) / Out0_scale
// (mul, fc) is set when the output feeds int8 ops (their input scale). For the CPU int8 conv kernel
// (lite/operators/nn/conv2d_int8.cc) the conv scales are also written as
// `input_scale` / `weight_scale`.
#include <glog/logging.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "lite/graph/passes/pattern_util.h"
#include "lite/nnadapter/partition_config.h"
#include "lite/operators/tensor/quant_round_type.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {
const char kActQuant[] = "fake_quantize_dequantize_moving_average_abs_max";
const char kFilterQuant[] = "fake_channel_wise_quantize_dequantize_abs_max";

float Bin(int bit_length) { return static_cast<float>((1 << (bit_length - 1)) - 1); }

// Paddle's quant (round_type 1: ties away from zero, input clipped to ±s;
// round_type 0: ties to even, clipped to [-bin-1, bin]).
float Quant(float x, float s, float bin, int round_type) {
  const float inv = s <= 1e-30f ? 1.f / (s + 1e-6f) : 1.f / s;
  if (round_type == 0) {
    return std::min(std::max(std::nearbyint(bin * (x * inv)), -bin - 1.f), bin);
  }
  return std::round(bin * inv * std::min(std::max(x, -s), s));
}

// The ops that get int8 scales: their input and weight slots, Paddle Lite's
// scale attribute names, the weight's rank and its quantization axis (the
// output channels / columns).
struct QuantSlots {
  const char *in, *w, *in_attr, *w_attr;
  size_t rank;
  int axis;
};
const QuantSlots* SlotsOf(const Node* s) {
  static const QuantSlots kConv{"Input", "Filter", "Input0_scale", "Filter0_scale", 4, 0};
  static const QuantSlots kMul{"X", "Y", "X0_scale", "Y0_scale", 2, 1};
  static const QuantSlots kFc{"Input", "W", "Input0_scale", "W0_scale", 2, 1};
  if (IsConv(s)) return &kConv;
  if (s->op.Type() == "mul") {
    return s->op.GetAttr<int32_t>("y_num_col_dims", 1) == 1 ? &kMul : nullptr;
  }
  if (s->op.Type() == "fc") return s->op.GetAttr<bool>("padding_weights", false) ? nullptr : &kFc;
  return nullptr;
}

bool IsQuantConsumer(const Node* s, const Node* act_out) {
  const QuantSlots* slots = SlotsOf(s);
  return slots && InputArg(s, slots->in) == act_out;
}

// The channel-wise fake op producing an op's weight from a float weight.
Node* FilterQuantOp(const Node* op, const Scope* weights) {
  const QuantSlots* slots = SlotsOf(op);
  Node* f = slots ? InputArg(op, slots->w) : nullptr;
  Node* q = f ? f->Producer() : nullptr;
  if (!q || q->op.Type() != kFilterQuant || OutputArg(q, "Out") != f) return nullptr;
  const Tensor* w = FloatWeight(InputArg(q, "X"), weights);
  if (!w || w->dims().size() != slots->rank ||
      q->op.GetAttr<int32_t>("quant_axis", 0) != slots->axis) {
    return nullptr;
  }
  // 8 bits only: the int8 kernels and QUANT_INT8 operands clamp to ±127.
  if (q->op.GetAttr<int32_t>("bit_length", 8) != 8) return nullptr;
  return q;
}

// The per-tensor scale of an activation fake op (InScale / bin), or 0.
float ActScale(const Node* q, const Scope* weights) {
  const Tensor* in_scale = FloatWeight(InputArg(q, "InScale"), weights);
  if (!in_scale || in_scale->numel() != 1 || q->op.GetAttr<int32_t>("bit_length", 8) != 8) {
    return 0.f;  // 8 bits only, as for the weights
  }
  const float s = in_scale->data<float>()[0];
  return (s > 0.f && std::isfinite(s)) ? s / Bin(8) : 0.f;
}

// A float tensor seen as [outer, C, inner] around the quantization axis.
struct AxisView {
  int64_t outer, c, inner;
  AxisView(const DDim& d, int axis)
      : outer(DimsProduct(d, 0, axis)), c(d[axis]), inner(DimsProduct(d, axis + 1, d.size())) {}
  int64_t Index(int64_t o, int64_t ch, int64_t i) const { return (o * c + ch) * inner + i; }
};

// Per-channel abs max along `axis`.
std::vector<float> ChannelAbsMax(const Tensor& w, int axis) {
  const AxisView v(w.dims(), axis);
  std::vector<float> s(v.c, 0.f);
  const float* d = w.data<float>();
  for (int64_t o = 0; o < v.outer; ++o)
    for (int64_t c = 0; c < v.c; ++c)
      for (int64_t i = 0; i < v.inner; ++i) s[c] = std::max(s[c], std::fabs(d[v.Index(o, c, i)]));
  return s;
}

// Replaces the filter fake op's output by its value (a new float weight,
// computed as the op computes it); returns the new weight's node and the
// per-channel scales (abs max / bin).
Node* FoldFilter(SSAGraph* graph, Scope* weights, Node* q, std::vector<float>* scales) {
  const Tensor* w = FloatWeight(InputArg(q, "X"), weights);
  const int bits = q->op.GetAttr<int32_t>("bit_length", 8);
  const int round_type = RoundTypeOf(q->op);
  const int axis = q->op.GetAttr<int32_t>("quant_axis", 0);
  const float bin = Bin(bits);
  const std::vector<float> s = ChannelAbsMax(*w, axis);
  const AxisView v(w->dims(), axis);
  std::string name;
  Tensor* t = NewWeight(weights, InputArg(q, "X")->var_name + "@quant_dequant", w->dims(), &name);
  float* out = t->mutable_data<float>();
  const float* x = w->data<float>();
  for (int64_t o = 0; o < v.outer; ++o)
    for (int64_t c = 0; c < v.c; ++c)
      for (int64_t i = 0; i < v.inner; ++i) {
        const int64_t k = v.Index(o, c, i);
        out[k] = Quant(x[k], s[c], bin, round_type) * s[c] / bin;
      }
  scales->resize(v.c);
  for (int64_t c = 0; c < v.c; ++c) (*scales)[c] = s[c] / bin;
  return graph->NewArg(name, true);
}

// Removes a fake op whose outputs other than `keep` are unused.
bool OnlyOutUsed(const Node* q, const Node* keep) {
  return OtherOutputsUnused(q, keep) && !keep->Observed();
}
// The ops the mixed precision config keeps in float; rules that match no op
// are reported with their line.
std::set<const Node*> MixedPrecisionFloatOps(SSAGraph* graph, const PassOptions& options) {
  std::set<const Node*> out;
  if (options.mixed_precision_config.empty()) return out;
  auto rules = nnadapter_bridge::ParsePartitionConfig(options.mixed_precision_config,
                                                      options.mixed_precision_source);
  std::vector<int> hits(rules.size(), 0);
  for (Node* s : graph->StmtTopologicalOrder()) {
    for (size_t i = 0; i < rules.size(); ++i) {
      if (nnadapter_bridge::RuleMatches(rules[i], s->op)) {
        out.insert(s);
        ++hits[i];
      }
    }
  }
  for (size_t i = 0; i < rules.size(); ++i) {
    if (hits[i] == 0) {
      LOG(WARNING) << options.mixed_precision_source << ":" << rules[i].line << ": '"
                   << rules[i].text << "' matched no op of the model";
    }
  }
  return out;
}
}  // namespace

int QuantDequantFoldPass::Apply(SSAGraph* graph, const PassContext& ctx) {
  if (!ctx.options || !ctx.options->int8 || !ctx.weights) return 0;
  Scope* weights = ctx.weights;
  const std::set<const Node*> keep_float = MixedPrecisionFloatOps(graph, *ctx.options);
  int n = 0;
  for (Node* q : graph->StmtTopologicalOrder()) {
    if (q->removed || q->op.Type() != kActQuant) continue;
    Node* x = InputArg(q, "X");
    Node* out = OutputArg(q, "Out");
    const float scale = ActScale(q, weights);
    if (!x || !out || scale <= 0.f || !OnlyOutUsed(q, out) || out->outlinks.empty()) continue;
    std::vector<Node*> consumers = out->outlinks;
    bool ok = true;
    for (Node* c : consumers) {
      Node* fq = IsQuantConsumer(c, out) ? FilterQuantOp(c, weights) : nullptr;
      ok = ok && fq && OnlyOutUsed(fq, InputArg(c, SlotsOf(c)->w)) && !keep_float.count(c);
    }
    if (!ok) {
      VLOG(3) << "quant_dequant_fold_pass: keeping " << q->op.Repr()
              << " (a consumer is not a conv/mul/fc with a channel-wise quantized weight, or "
                 "the mixed precision config keeps it in float)";
      continue;
    }
    std::set<Node*> dead = {q};
    for (Node* o : q->outlinks) dead.insert(o);
    for (Node* consumer : consumers) {
      const QuantSlots* slots = SlotsOf(consumer);
      Node* fq = FilterQuantOp(consumer, weights);
      Node* f_out = InputArg(consumer, slots->w);
      std::vector<float> fscales;
      Node* folded = FoldFilter(graph, weights, fq, &fscales);
      SSAGraph::ReplaceInput(consumer, f_out, folded);
      if (f_out->outlinks.empty()) {
        dead.insert(fq);
        for (Node* o : fq->outlinks) dead.insert(o);
      }
      SSAGraph::ReplaceInput(consumer, out, x);
      cpp::OpDesc& op = consumer->op;
      op.SetAttr("enable_int8", true);
      op.SetAttr("bit_length", 8);
      op.SetAttr(slots->in_attr, std::vector<float>{scale});
      op.SetAttr(slots->w_attr, fscales);
      if (IsConv(consumer)) {  // the names conv2d_int8.cc reads
        op.SetAttr("input_scale", scale);
        op.SetAttr("weight_scale", fscales);
      }
    }
    graph->RemoveNodes(dead);
    ++n;
  }
  RemoveOrphanWeights(graph);
  return n;
}

int QuantInt8WeightPass::Apply(SSAGraph* graph, const PassContext& ctx) {
  if (!ctx.options || !ctx.options->int8 || !ctx.weights) return 0;
  Scope* weights = ctx.weights;
  int n = 0;
  for (Node* op : graph->StmtTopologicalOrder()) {
    if (op->removed || !op->op.GetAttr<bool>("enable_int8", false)) continue;
    const QuantSlots* slots = SlotsOf(op);
    if (!slots) continue;
    Node* f = InputArg(op, slots->w);
    const Tensor* w = FloatWeight(f, weights);
    if (!w || w->dims().size() != slots->rank || w->numel() == 0) continue;
    const float bin = Bin(op->op.GetAttr<int32_t>("bit_length", 8));
    std::vector<float> s = ChannelAbsMax(*w, slots->axis);
    for (float& v : s) v = v > 0.f ? v / bin : 1.f;  // an all-zero channel stays 0
    const AxisView v(w->dims(), slots->axis);
    std::string name;
    Tensor* t = NewWeight(weights, f->var_name + "@int8", w->dims(), &name);
    int8_t* q = t->mutable_data<int8_t>();
    const float* x = w->data<float>();
    for (int64_t o = 0; o < v.outer; ++o)
      for (int64_t c = 0; c < v.c; ++c)
        for (int64_t i = 0; i < v.inner; ++i) {
          const int64_t k = v.Index(o, c, i);
          q[k] = static_cast<int8_t>(std::min(bin, std::max(-bin, std::round(x[k] / s[c]))));
        }
    SSAGraph::ReplaceInput(op, f, graph->NewArg(name, true));
    op->op.SetAttr(slots->w_attr, s);
    if (IsConv(op)) op->op.SetAttr("weight_scale", s);
    ++n;
  }
  // Output scales (conv: Output0_scale, mul/fc: Out0_scale): the input
  // scale of an int8 consumer of the output.
  for (Node* op : graph->StmtTopologicalOrder()) {
    if (op->removed || !op->op.GetAttr<bool>("enable_int8", false) || !SlotsOf(op)) continue;
    const bool conv = IsConv(op);
    Node* out = OutputArg(op, conv ? "Output" : "Out");
    if (!out) continue;
    for (Node* c : out->outlinks) {
      const QuantSlots* slots = SlotsOf(c);
      if (IsQuantConsumer(c, out) && c->op.GetAttr<bool>("enable_int8", false) &&
          c->op.HasAttr(slots->in_attr)) {
        op->op.SetAttr(conv ? "Output0_scale" : "Out0_scale",
                       c->op.GetAttr<std::vector<float>>(slots->in_attr));
        break;
      }
    }
  }
  RemoveOrphanWeights(graph);
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
