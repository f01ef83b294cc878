// Swish as exporters decompose it (paddle2onnx: Mul(x, beta) → Sigmoid →
// Mul(x, ·); x * sigmoid(x) for silu) ⇒ swish(X = x, beta). One op instead
// of three, which conv_activation_fuse_pass then folds into the conv that
// produces x (oneDNN's swish post-op). Differs from the decomposed program by
// the rounding of the fused formula (a few ulp).
#include "lite/graph/passes/pattern_util.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {

bool FuseAt(SSAGraph* graph, const Scope* weights, Node* sigmoid) {
  Node* in = InputArg(sigmoid, "X");
  Node* sig = OutputArg(sigmoid, "Out");
  Node* mul = SoleConsumer(sig);
  if (!in || !mul || mul->op.Type() != "elementwise_mul" || mul->op.HasAttr("act_type")) {
    return false;
  }
  // x * sigmoid(beta * x), beta a scalar constant, or x * sigmoid(x).
  Node* x = in;
  float beta = 1.f;
  Node* scale = in->Producer();
  if (scale && SoleConsumer(in) == sigmoid && scale->op.Type() == "elementwise_mul" &&
      !scale->op.HasAttr("act_type")) {
    for (Node* operand : {InputArg(scale, "X"), InputArg(scale, "Y")}) {
      const Tensor* c = FloatWeight(operand, weights);
      if (c && c->numel() == 1) {
        beta = c->data<float>()[0];
        x = OtherOperand(scale, operand);
      }
    }
  }
  Node* out = OutputArg(mul, "Out");
  if (!x || x->is_weight || OtherOperand(mul, sig) != x || !out) return false;
  cpp::OpDesc swish("swish");
  swish.SetInput("X", {x->var_name});
  swish.SetOutput("Out", {out->var_name});
  swish.SetAttr("beta", beta);
  Node* stmt = graph->NewStmt(swish);
  SSAGraph::Link(x, stmt);
  SSAGraph::Unlink(mul, out);
  SSAGraph::Link(stmt, out);
  std::set<Node*> dead = {sigmoid, sig, mul};
  if (x != in) dead.insert({scale, in});
  graph->RemoveNodes(dead);
  return true;
}

}  // namespace

int SwishFusePass::Apply(SSAGraph* graph, const PassContext& ctx) {
  int n = 0;
  for (Node* s : graph->StmtTopologicalOrder()) {
    if (!s->removed && s->op.Type() == "sigmoid" && FuseAt(graph, ctx.weights, s)) ++n;
  }
  RemoveOrphanWeights(graph);
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
