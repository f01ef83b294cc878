// Activation fusion: conv2d/depthwise_conv2d/conv2d_transpose → act and
// elementwise ops (the rows of lite/operators/math/elementwise_ops.inc with
// fusion kPass) → act become one op with the attribute
// act_type (the activation's op type) and the activation's attributes under
// their fused names. Which activations fuse and the names: the rows of
// lite/operators/math/activations.inc with fusion kPass. The kernels read
// these attributes (docs/fusion-attributes.md).
#include "lite/graph/passes/passes.h"
#include "lite/operators/math/activation_funcs.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {
// Fuses the sole activation consumer of `stmt`'s output slot into it.
bool FuseActivationInto(SSAGraph* graph, Node* stmt, const std::string& out_slot) {
  Node* out = OutputArg(stmt, out_slot);
  Node* act = SoleConsumer(out);
  if (!act || InputArg(act, "X") != out) return false;
  Node* act_out = OutputArg(act, "Out");
  if (!act_out) return false;  // a malformed activation: op validation names it
  if (!operators::FuseActivationAttrs(act->op, &stmt->op)) return false;
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

namespace {
// The rows of lite/operators/math/elementwise_ops.inc with fusion kPass.
bool ElementwiseTakesFusedActivation(const std::string& op_type) {
#define LITE_ELEMENTWISE(name__, kind__, fusion__, nnadapter__) \
  if (LITE_EW_FUSES_##fusion__ && op_type == "elementwise_" #name__) return true;
#define LITE_EW_FUSES_kPass true
#define LITE_EW_FUSES_kLoad false
#define LITE_EW_FUSES_kNo false
#include "lite/operators/math/elementwise_ops.inc"
#undef LITE_ELEMENTWISE
#undef LITE_EW_FUSES_kPass
#undef LITE_EW_FUSES_kLoad
#undef LITE_EW_FUSES_kNo
  return false;
}
}  // namespace

int ElementwiseActivationFusePass::Apply(SSAGraph* graph, const PassContext&) {
  int n = 0;
  for (Node* s : graph->StmtTopologicalOrder()) {
    if (s->removed) continue;
    const std::string& t = s->op.Type();
    if (ElementwiseTakesFusedActivation(t) && !s->op.HasAttr("act_type")) n += FuseActivationInto(graph, s, "Out") ? 1 : 0;
  }
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
