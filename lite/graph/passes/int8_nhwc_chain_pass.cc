// Keeps activations int8 between consecutive int8 convs. After
// quant_int8_weight_pass every QAT conv runs the int8 kernel, which by
// itself takes a float NCHW input (quantized to NHWC s8 on entry) and gives
// a float NCHW output (f32 NHWC from oneDNN, transposed back): two passes
// over the activation in float per conv. When a conv's output is read only
// by int8 convs (as their Input, all with the same input_scale) and its
// fused activation is a oneDNN post-op, the producer gets
// output_int8_nhwc = true and Output0_scale = {that input_scale}, the
// consumers input_int8_nhwc = true: oneDNN writes the s8 NHWC tensor the
// next primitive reads in place (the tensor keeps its NCHW dims; its data
// type says int8). Runs only with int8 requested, after the NNAdapter
// subgraph pass (ops left on the CPU) and before memory reuse. Model
// outputs are never int8.
#include <glog/logging.h>

#include <string>

#include "lite/graph/passes/passes.h"
#include "lite/operators/nn/conv_param.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {
bool IsInt8Conv(const Node* s) { return IsConv(s) && s->op.GetAttr<bool>("enable_int8", false); }

// The input_scale shared by all consumers of `out` when every one is an
// int8 conv reading it as Input; 0 otherwise.
float ChainScale(const Node* out) {
  if (out->is_fetch || out->is_weight || out->outlinks.empty()) return 0.f;
  float scale = 0.f;
  for (const Node* c : out->outlinks) {
    if (!IsInt8Conv(c) || InputArg(c, "Input") != out || InputArg(c, "Filter") == out) {
      return 0.f;
    }
    const float s = c->op.GetAttr<float>("input_scale", 0.f);
    if (s <= 0.f || (scale != 0.f && s != scale)) return 0.f;
    scale = s;
  }
  return scale;
}
}  // namespace

int Int8NhwcChainPass::Apply(SSAGraph* graph, const PassContext& ctx) {
  if (!ctx.options || !ctx.options->int8) return 0;
  int n = 0;
  for (Node* conv : graph->StmtTopologicalOrder()) {
    if (conv->removed || !IsInt8Conv(conv)) continue;
    Node* out = OutputArg(conv, "Output");
    const float scale = out ? ChainScale(out) : 0.f;
    if (scale <= 0.f || !operators::ConvInt8CanWriteInt8(conv->op)) {
      if (VLOG_IS_ON(2) && out) {
        std::string readers;
        for (const Node* c : out->outlinks) readers += " " + c->op.Type();
        VLOG(2) << "int8_nhwc_chain_pass: " << conv->op.Repr() << " stays float out (readers:"
                << readers << (out->is_fetch ? ", model output" : "") << ")";
      }
      continue;
    }
    conv->op.SetAttr("output_int8_nhwc", true);
    conv->op.SetAttr("Output0_scale", std::vector<float>{scale});
    for (Node* c : out->outlinks) c->op.SetAttr("input_int8_nhwc", true);
    ++n;
  }
  VLOG(1) << "int8_nhwc_chain_pass: " << n << " int8 conv outputs stay int8 NHWC";
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
