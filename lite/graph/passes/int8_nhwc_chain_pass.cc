// Keeps the activations between int8 convs in oneDNN's int8 layout (NHWC).
// After quant_int8_weight_pass every QAT conv runs the int8 kernel, which by
// itself takes a float NCHW input (quantized to NHWC s8 on entry) and gives
// a float NCHW output (f32 NHWC from oneDNN, transposed back): two passes
// over the activation in float per conv. This pass removes them where the
// graph allows (the tensors keep their NCHW dims; attributes on the ops say
// what their data holds):
//  1. s8 chains: a conv whose output is read only by int8 convs (as their
//     Input, all with the same input_scale) gets output_nhwc, output_int8 and
//     Output0_scale = {that input_scale}; oneDNN writes the s8 NHWC tensor
//     the next primitive reads in place (consumers: input_nhwc).
//  2. float NHWC regions: the other int8 conv outputs and the values of
//     the ops with an NHWC path between them stay f32 NHWC when every reader
//     is an int8 conv, such an op or a whole-plane average pooling. The ops
//     with an NHWC path (attribute nhwc_data; their kernels check the dims
//     at run time): residual adds and multiplies of equal dims, the
//     squeeze-excitation multiply by an [N, C, 1, 1] scale (which stays
//     NCHW: it is the same in any layout), interpolation (with its fused
//     Addend), channel concat;
//     activations are layout-free and need no attribute. The int8 convs of
//     the region write f32 NHWC (output_nhwc) and quantize their f32 NHWC
//     input without a transpose (input_nhwc).
//  3. s8 outputs of the region's ops (QuantizingOps below).
// Only convs whose fused activation is a oneDNN post-op write NHWC. Runs
// only with int8 requested, after the NNAdapter subgraph pass (ops left on
// the CPU) and before memory reuse. Model outputs are never NHWC.
#include <glog/logging.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "lite/graph/passes/pattern_util.h"
#include "lite/operators/math/activation_funcs.h"
#include "lite/operators/nn/conv_param.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {
bool IsInt8Conv(const Node* s) { return IsConv(s) && s->op.GetAttr<bool>("enable_int8", false); }

// An int8 conv that may write NHWC.
bool NhwcWriter(const Node* s) {
  return s && IsInt8Conv(s) && operators::ConvInt8CanWriteNhwc(s->op);
}

// Reads `arg` as an int8 conv's Input (never as its Filter).
bool ConvReadsInput(const Node* c, const Node* arg) {
  return IsInt8Conv(c) && InputArg(c, "Input") == arg && InputArg(c, "Filter") != arg;
}

// The input_scale shared by all readers of `out` when every one is an
// int8 conv reading it as Input; 0 otherwise.
float ChainScale(const Node* out) {
  if (out->Observed() || out->is_weight || out->outlinks.empty()) return 0.f;
  float scale = 0.f;
  for (const Node* c : out->outlinks) {
    if (!ConvReadsInput(c, out)) return 0.f;
    const float s = c->op.GetAttr<float>("input_scale", 0.f);
    if (s <= 0.f || (scale != 0.f && s != scale)) return 0.f;
    scale = s;
  }
  return scale;
}

int ChainS8(SSAGraph* graph) {
  int n = 0;
  for (Node* conv : graph->StmtTopologicalOrder()) {
    if (conv->removed || !NhwcWriter(conv)) continue;
    Node* out = OutputArg(conv, "Output");
    const float scale = out ? ChainScale(out) : 0.f;
    if (scale <= 0.f) continue;
    conv->op.SetAttr("output_nhwc", true);
    conv->op.SetAttr("output_int8", true);
    conv->op.SetAttr("Output0_scale", std::vector<float>{scale});
    for (Node* c : out->outlinks) c->op.SetAttr("input_nhwc", true);
    ++n;
  }
  return n;
}

// The inputs a non-conv op reads as NHWC data when its output is NHWC; empty
// when the op has no NHWC path. Element-wise ops and activations are
// layout-free for equal dims; a multiply also scales NHWC data by an [N, C,
// 1, 1] Y; interpolation and a channel concat have nhwc_data paths.
std::vector<Node*> NhwcDataInputs(const Node* s) {
  if (!s) return {};
  const std::string& t = s->op.Type();
  if (IsAdd(s) || IsMul(s)) {
    Node* x = InputArg(s, "X");
    Node* y = InputArg(s, "Y");
    if (PlaneVector(x)) return {};
    if (!PlaneVector(y)) return {x, y};
    return IsMul(s) ? std::vector<Node*>{x} : std::vector<Node*>{};
  }
  if (IsActivation(s)) return {InputArg(s, "X")};
  if (t == "nearest_interp" || t == "nearest_interp_v2" || t == "bilinear_interp" ||
      t == "bilinear_interp_v2") {
    const std::string layout = s->op.GetAttr<std::string>("data_layout", "NCHW");
    if (layout != "NCHW" && layout != "AnyLayout") return {};
    // A fused residual add (nearest_interp_add_fuse_pass) reads its Addend
    // in the output's layout.
    if (Node* addend = InputArg(s, "Addend")) return {InputArg(s, "X"), addend};
    return {InputArg(s, "X")};
  }
  if (t == "concat" && s->op.GetAttr<int32_t>("axis", 0) == 1 &&
      s->op.Input("AxisTensor").empty()) {
    std::vector<Node*> ins;
    for (const std::string& name : s->op.Input("X")) {
      for (Node* in : s->inlinks) {
        if (in->var_name == name) ins.push_back(in);
      }
    }
    return ins;
  }
  return {};
}

// Float NHWC regions: start from every float output of an NHWC writer or an
// op with an NHWC path and drop, until nothing changes, the ones with a
// producer or a reader that cannot stay NHWC.
int RegionF32(SSAGraph* graph) {
  std::set<Node*> nhwc;
  for (Node* s : graph->StmtTopologicalOrder()) {
    if (s->removed || s->outlinks.size() != 1) continue;
    Node* out = s->outlinks[0];
    if (out->Observed() || out->is_weight) continue;
    if ((NhwcWriter(s) && !s->op.GetAttr<bool>("output_int8", false)) ||
        !NhwcDataInputs(s).empty()) {
      nhwc.insert(out);
    }
  }
  auto inside = [&](const Node* s) {
    const std::vector<Node*> ins = NhwcDataInputs(s);
    for (Node* in : ins) {
      if (!nhwc.count(in)) return false;
    }
    return !ins.empty() && s->outlinks.size() == 1 && nhwc.count(s->outlinks[0]) > 0;
  };
  auto reads_as_data = [&](const Node* c, const Node* v) {
    const std::vector<Node*> ins = NhwcDataInputs(c);
    return std::find(ins.begin(), ins.end(), v) != ins.end() && inside(c);
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = nhwc.begin(); it != nhwc.end();) {
      Node* v = *it;
      const Node* p = v->Producer();
      bool ok = NhwcWriter(p) || inside(p);
      for (const Node* c : v->outlinks) {
        ok = ok && (ConvReadsInput(c, v) || IsPlanePool(c) || reads_as_data(c, v));
      }
      if (ok) {
        ++it;
      } else {
        it = nhwc.erase(it);
        changed = true;
      }
    }
  }
  for (Node* v : nhwc) {
    Node* p = v->Producer();
    if (IsConv(p)) {
      p->op.SetAttr("output_nhwc", true);
    } else if (!IsActivation(p)) {
      p->op.SetAttr("nhwc_data", true);
    }
    for (Node* c : v->outlinks) {
      if (IsConv(c)) c->op.SetAttr("input_nhwc", true);
      if (IsPlanePool(c)) c->op.SetAttr("nhwc_data", true);
    }
  }
  return static_cast<int>(nhwc.size());
}
// 3. s8 outputs of the region's ops: a channel concat, a
// squeeze-excitation multiply, a nearest interpolation (with its fused
// Addend) or a residual add without fused activation in the region whose
// output only int8 convs
// read (all with the same input_scale) writes it as s8 NHWC (output_int8,
// Out0_scale = {that input_scale}): the quantization those convs did on
// entry, done while the op writes, on a quarter of the bytes.
int QuantizingOps(SSAGraph* graph) {
  int n = 0;
  for (Node* s : graph->StmtTopologicalOrder()) {
    if (s->removed || !s->op.GetAttr<bool>("nhwc_data", false) || s->outlinks.size() != 1) {
      continue;
    }
    const std::string& t = s->op.Type();
    const bool concat = t == "concat";
    const bool se_mul = IsMul(s) && PlaneVector(InputArg(s, "Y")) &&
                        !PlaneVector(InputArg(s, "X"));
    const bool nearest = t == "nearest_interp" || t == "nearest_interp_v2";
    const bool residual_add = IsAdd(s) && !PlaneVector(InputArg(s, "X")) &&
                              !PlaneVector(InputArg(s, "Y")) &&
                              s->op.GetAttr<std::string>("act_type", "").empty();
    if (!concat && !se_mul && !nearest && !residual_add) continue;
    Node* out = s->outlinks[0];
    const float scale = ChainScale(out);
    if (scale <= 0.f) continue;
    s->op.SetAttr("output_int8", true);
    s->op.SetAttr("Out0_scale", std::vector<float>{scale});
    ++n;
  }
  return n;
}
}  // namespace

int Int8NhwcChainPass::Apply(SSAGraph* graph, const PassContext& ctx) {
  if (!ctx.options || !ctx.options->int8) return 0;
  const int s8 = ChainS8(graph);
  const int f32 = RegionF32(graph);
  const int quantizing = QuantizingOps(graph);
  VLOG(1) << "int8_nhwc_chain_pass: " << s8 << " int8 conv outputs stay s8 NHWC, " << f32
          << " activations stay NHWC (" << quantizing << " of them written as s8 by a concat, "
          << "multiply, add or interpolation)";
  if (VLOG_IS_ON(2)) {
    for (Node* conv : graph->StmtTopologicalOrder()) {
      Node* out = IsInt8Conv(conv) ? OutputArg(conv, "Output") : nullptr;
      if (!out || conv->op.GetAttr<bool>("output_nhwc", false)) continue;
      std::string readers;
      for (const Node* c : out->outlinks) readers += " " + c->op.Type();
      VLOG(2) << "int8_nhwc_chain_pass: " << conv->op.Repr() << " stays float NCHW (readers:"
              << readers << (out->is_fetch ? ", model output" : "") << ")";
    }
  }
  return s8 + f32 + quantizing;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle

