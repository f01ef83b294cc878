// Activation fusion: conv2d/depthwise_conv2d/conv2d_transpose → act and
// elementwise_{add,sub,mul,div} → act become one op with the attributes
//   act_type ("relu", "relu6", "leaky_relu", "hard_swish", "hard_sigmoid",
//   "sigmoid", "swish") and the activation's parameters under Paddle Lite's
//   fused-attribute names: fuse_brelu_threshold (relu6), leaky_relu_alpha,
//   hard_swish_threshold/_scale/_offset, hard_sigmoid_slope/_offset,
//   swish_beta. The kernels read these attributes (docs/fusion-attributes.md).
#include "lite/graph/passes/passes.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {
using AttrMap = std::vector<std::pair<std::string, std::string>>;  // act attr -> fused attr
// Activation ops that can be fused, with their float attributes' fused names.
bool FusibleActivation(const cpp::OpDesc& act, AttrMap* attrs) {
  const std::string& t = act.Type();
  if (t == "relu" || t == "sigmoid") {
    *attrs = {};
  } else if (t == "relu6") {
    *attrs = {{"threshold", "fuse_brelu_threshold"}};
  } else if (t == "leaky_relu") {
    *attrs = {{"alpha", "leaky_relu_alpha"}};
  } else if (t == "hard_swish") {
    *attrs = {{"threshold", "hard_swish_threshold"},
              {"scale", "hard_swish_scale"},
              {"offset", "hard_swish_offset"}};
  } else if (t == "hard_sigmoid") {
    *attrs = {{"slope", "hard_sigmoid_slope"}, {"offset", "hard_sigmoid_offset"}};
  } else if (t == "swish") {
    *attrs = {{"beta", "swish_beta"}};
  } else {
    return false;
  }
  return true;
}

// Fuses the sole activation consumer of `stmt`'s output slot into it.
bool FuseActivationInto(SSAGraph* graph, Node* stmt, const std::string& out_slot) {
  Node* out = OutputArg(stmt, out_slot);
  Node* act = SoleConsumer(out);
  AttrMap attrs;
  if (!act || !FusibleActivation(act->op, &attrs) || InputArg(act, "X") != out) return false;
  stmt->op.SetAttr("act_type", act->op.Type());
  for (const auto& [from, to] : attrs) {
    if (act->op.HasAttr(from)) stmt->op.SetAttr(to, act->op.GetAttr<float>(from));
  }
  Node* act_out = OutputArg(act, "Out");
  SSAGraph::ReplaceOutput(stmt, out, act_out);
  SSAGraph::Unlink(act, act_out);
  graph->RemoveNodes({act, out});
  return true;
}
}  // namespace

int ConvActivationFusePass::Apply(SSAGraph* graph, const PassContext&) {
  int n = 0;
  for (Node* s : graph->StmtTopologicalOrder()) {
    if (s->removed) continue;
    bool conv = IsConv(s) || s->op.Type() == "conv2d_transpose";
    if (conv && !s->op.HasAttr("act_type")) n += FuseActivationInto(graph, s, "Output") ? 1 : 0;
  }
  return n;
}

int ElementwiseActivationFusePass::Apply(SSAGraph* graph, const PassContext&) {
  int n = 0;
  for (Node* s : graph->StmtTopologicalOrder()) {
    if (s->removed) continue;
    const std::string& t = s->op.Type();
    bool ew = t == "elementwise_add" || t == "elementwise_sub" || t == "elementwise_mul" ||
              t == "elementwise_div";
    if (ew && !s->op.HasAttr("act_type")) n += FuseActivationInto(graph, s, "Out") ? 1 : 0;
  }
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
