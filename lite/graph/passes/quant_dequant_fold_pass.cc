// QAT models (PaddleSlim quantization-aware training) carry fake
// quant-dequant ops around fp32 weights. Two passes turn them into int8
// scales on the ops that consume them (Paddle Lite's attribute names), when
// int8 is requested (PassOptions::int8, i.e. a valid place with
// PRECISION(kInt8)); without it both passes do nothing and the fake ops
// execute in float (constant_fold folds the filters' ones).
//
// quant_dequant_fold_pass (before constant_fold and the fusions):
//   x → fake_quantize_dequantize_moving_average_abs_max(InScale) → conv
//   W → fake_channel_wise_quantize_dequantize_abs_max(quant_axis 0) → Filter
// becomes conv(Input = x, Filter = W') with W' = the fake op's own output
// (a new float weight: the fusions that follow — batch_norm, bias,
// activation — keep working on float filters) and the attributes
//   enable_int8 = true, bit_length, Input0_scale = {InScale / bin},
//   Filter0_scale = {max|W[c]| / bin per output channel},
// bin = 2^(bit_length-1) - 1. An activation fake op is folded only when
// every consumer of its output is a conv2d/depthwise_conv2d whose filter is
// a channel-wise fake quant-dequant of a weight; otherwise it stays (float).
// mul/matmul/fc are not folded: no int8 CPU kernel exists for them.
//
// quant_int8_weight_pass (after the fusions, before the NNAdapter subgraph
// pass): each enable_int8 conv gets its float filter requantized per output
// channel into a new int8 weight, with Filter0_scale = max|W'[c]| / bin.
// A folded batch_norm multiplied channel c by alpha_c, so W'[c] = alpha_c *
// q[c] * s[c] and the per-channel abs max is |alpha_c| * bin * s[c]: the
// requantization recovers exactly the trained integers (sign-flipped where
// alpha_c < 0) on the rescaled grid. Output0_scale is set when the conv's
// output feeds int8 ops (their Input0_scale). For the CPU int8 kernel
// (lite/operators/nn/conv2d_int8.cc) the same scales are also written as
// `input_scale` / `weight_scale`.
#include <glog/logging.h>

#include <algorithm>
#include <cmath>

#include "lite/graph/passes/passes.h"

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

bool IsQuantConsumer(const Node* s, const Node* act_out) {
  return IsConv(s) && InputArg(s, "Input") == act_out;
}

// The channel-wise fake op producing a conv's Filter from a float weight.
Node* FilterQuantOp(const Node* conv, const Scope* weights) {
  Node* f = InputArg(conv, "Filter");
  Node* q = f ? f->Producer() : nullptr;
  if (!q || q->op.Type() != kFilterQuant || OutputArg(q, "Out") != f) return nullptr;
  const Tensor* w = FloatWeight(InputArg(q, "X"), weights);
  if (!w || w->dims().size() != 4 || q->op.GetAttr<int32_t>("quant_axis", 0) != 0) return nullptr;
  const int bits = q->op.GetAttr<int32_t>("bit_length", 8);
  if (bits < 2 || bits > 8) return nullptr;
  return q;
}

// The per-tensor scale of an activation fake op (InScale / bin), or 0.
float ActScale(const Node* q, const Scope* weights) {
  const Tensor* in_scale = FloatWeight(InputArg(q, "InScale"), weights);
  const int bits = q->op.GetAttr<int32_t>("bit_length", 8);
  if (!in_scale || in_scale->numel() != 1 || bits < 2 || bits > 8) return 0.f;
  const float s = in_scale->data<float>()[0];
  return (s > 0.f && std::isfinite(s)) ? s / Bin(bits) : 0.f;
}

// Per-channel abs max of a [M, ...] float tensor.
std::vector<float> ChannelAbsMax(const Tensor& w) {
  const int64_t m = w.dims()[0], per = w.numel() / std::max<int64_t>(m, 1);
  std::vector<float> s(m, 0.f);
  const float* d = w.data<float>();
  for (int64_t c = 0; c < m; ++c) {
    for (int64_t i = 0; i < per; ++i) s[c] = std::max(s[c], std::fabs(d[c * per + i]));
  }
  return s;
}

// Replaces the filter fake op's output by its value (a new float weight,
// computed as the op computes it); returns the new weight's node and the
// per-channel scales (abs max / bin).
Node* FoldFilter(SSAGraph* graph, Scope* weights, Node* q, std::vector<float>* scales) {
  const Tensor* w = FloatWeight(InputArg(q, "X"), weights);
  const int bits = q->op.GetAttr<int32_t>("bit_length", 8);
  const int round_type = q->op.GetAttr<int32_t>("round_type", 1);
  const float bin = Bin(bits);
  const std::vector<float> s = ChannelAbsMax(*w);
  const int64_t m = w->dims()[0], per = w->numel() / m;
  const std::string name = FreshWeightName(*weights, InputArg(q, "X")->var_name + "@quant_dequant");
  Tensor* t = weights->Var(name);
  t->Resize(w->dims());
  t->set_persistable(true);
  float* out = t->mutable_data<float>();
  const float* x = w->data<float>();
  scales->resize(m);
  for (int64_t c = 0; c < m; ++c) {
    for (int64_t i = 0; i < per; ++i) {
      out[c * per + i] = Quant(x[c * per + i], s[c], bin, round_type) * s[c] / bin;
    }
    (*scales)[c] = s[c] / bin;
  }
  return graph->NewArg(name, true);
}

// Removes a fake op whose outputs other than `keep` are unused.
bool OnlyOutUsed(const Node* q, const Node* keep) {
  for (const Node* o : q->outlinks) {
    if (o != keep && (!o->outlinks.empty() || o->is_fetch)) return false;
  }
  return !keep->is_fetch;
}

void RemoveOrphanWeights(SSAGraph* graph) {
  std::set<Node*> orphans;
  for (Node* a : graph->Args()) {
    if (a->is_weight && a->outlinks.empty() && !a->is_fetch) orphans.insert(a);
  }
  graph->RemoveNodes(orphans);
}
}  // namespace

int QuantDequantFoldPass::Apply(SSAGraph* graph, const PassContext& ctx) {
  if (!ctx.options || !ctx.options->int8 || !ctx.weights) return 0;
  Scope* weights = ctx.weights;
  int n = 0;
  for (Node* q : graph->StmtTopologicalOrder()) {
    if (q->removed || q->op.Type() != kActQuant) continue;
    Node* x = InputArg(q, "X");
    Node* out = OutputArg(q, "Out");
    const float scale = ActScale(q, weights);
    if (!x || !out || scale <= 0.f || !OnlyOutUsed(q, out) || out->outlinks.empty()) continue;
    std::vector<Node*> convs = out->outlinks;
    bool ok = true;
    for (Node* c : convs) {
      Node* fq = IsQuantConsumer(c, out) ? FilterQuantOp(c, weights) : nullptr;
      ok = ok && fq && OnlyOutUsed(fq, InputArg(c, "Filter"));
    }
    if (!ok) {
      VLOG(3) << "quant_dequant_fold_pass: keeping " << q->op.Repr()
              << " (a consumer is not a conv with a channel-wise quantized filter)";
      continue;
    }
    const int bits = q->op.GetAttr<int32_t>("bit_length", 8);
    std::set<Node*> dead = {q};
    for (Node* o : q->outlinks) dead.insert(o);
    for (Node* conv : convs) {
      Node* fq = FilterQuantOp(conv, weights);
      Node* f_out = InputArg(conv, "Filter");
      std::vector<float> fscales;
      Node* folded = FoldFilter(graph, weights, fq, &fscales);
      SSAGraph::ReplaceInput(conv, f_out, folded);
      if (f_out->outlinks.empty()) {
        dead.insert(fq);
        for (Node* o : fq->outlinks) dead.insert(o);
      }
      SSAGraph::ReplaceInput(conv, out, x);
      conv->op.SetAttr("enable_int8", true);
      conv->op.SetAttr("bit_length", std::min(bits, fq->op.GetAttr<int32_t>("bit_length", 8)));
      conv->op.SetAttr("Input0_scale", std::vector<float>{scale});
      conv->op.SetAttr("Filter0_scale", fscales);
      conv->op.SetAttr("input_scale", scale);
      conv->op.SetAttr("weight_scale", fscales);
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
  for (Node* conv : graph->StmtTopologicalOrder()) {
    if (conv->removed) continue;
    if (!IsConv(conv) || !conv->op.GetAttr<bool>("enable_int8", false)) continue;
    Node* f = InputArg(conv, "Filter");
    const Tensor* w = FloatWeight(f, weights);
    if (!w || w->dims().size() != 4 || w->dims()[0] < 1) continue;
    const float bin = Bin(conv->op.GetAttr<int32_t>("bit_length", 8));
    std::vector<float> s = ChannelAbsMax(*w);
    const int64_t m = w->dims()[0], per = w->numel() / m;
    const std::string name = FreshWeightName(*weights, f->var_name + "@int8");
    Tensor* t = weights->Var(name);
    t->Resize(w->dims());
    t->set_persistable(true);
    int8_t* q = t->mutable_data<int8_t>();
    const float* x = w->data<float>();
    for (int64_t c = 0; c < m; ++c) {
      s[c] = s[c] > 0.f ? s[c] / bin : 1.f;  // an all-zero channel stays 0
      for (int64_t i = 0; i < per; ++i) {
        const float v = std::round(x[c * per + i] / s[c]);
        q[c * per + i] = static_cast<int8_t>(std::min(bin, std::max(-bin, v)));
      }
    }
    SSAGraph::ReplaceInput(conv, f, graph->NewArg(name, true));
    conv->op.SetAttr("Filter0_scale", s);
    conv->op.SetAttr("weight_scale", s);
    ++n;
  }
  // Output scales: the Input0_scale of an int8 consumer of the output.
  for (Node* conv : graph->StmtTopologicalOrder()) {
    if (conv->removed) continue;
    if (!IsConv(conv) || !conv->op.GetAttr<bool>("enable_int8", false)) continue;
    Node* out = OutputArg(conv, "Output");
    if (!out) continue;
    for (Node* c : out->outlinks) {
      if (IsQuantConsumer(c, out) && c->op.GetAttr<bool>("enable_int8", false) &&
          c->op.HasAttr("Input0_scale")) {
        conv->op.SetAttr("Output0_scale", c->op.GetAttr<std::vector<float>>("Input0_scale"));
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
