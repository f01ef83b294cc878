// The layer norm exporters decompose (paddle2onnx writes it for every
// LayerNorm of an SVTR neck):
//   m = reduce_mean(x, dim [-1], keep_dim); d = x - m; v = reduce_mean(d ^ 2)
//   y = d / sqrt(v + eps) * gamma + beta          (gamma, beta: 1-D constants)
// ⇒ layer_norm(X = x, Scale = gamma, Bias = beta, begin_norm_axis = -1,
// epsilon = eps). Nine ops (one of them a pow) become one pass over x. The
// kernel accumulates mean and variance in double: results differ from the
// decomposed float program by rounding (a few ulp of y).
#include "lite/graph/passes/pattern_util.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {

// The sole `type` consumer of `v`, reading it as `slot`; nullptr otherwise.
Node* Next(Node* v, const char* type, const char* slot = "X") {
  Node* s = SoleConsumer(v);
  if (!s || s->op.Type() != type || s->op.HasAttr("act_type") || InputArg(s, slot) != v) {
    return nullptr;
  }
  return s;
}

bool LastAxisMean(const Node* s) {
  return s->op.Type() == "reduce_mean" && s->op.GetAttr<bool>("keep_dim", false) &&
         !s->op.GetAttr<bool>("reduce_all", false) &&
         s->op.GetAttr<std::vector<int32_t>>("dim", {}) == std::vector<int32_t>{-1};
}

// A scalar constant operand `slot` of `s` equal to `want` (or any when want
// is null); its value in *value.
bool ScalarOperand(const Node* s, const char* slot, const Scope* weights, float* value,
                   const float* want = nullptr) {
  const Tensor* t = FloatWeight(InputArg(s, slot), weights);
  if (!t || t->numel() != 1) return false;
  *value = t->data<float>()[0];
  return !want || *value == *want;
}

// A 1-D constant operand of `s` (the other one being `v`).
Node* VectorOperand(const Node* s, const Node* v, const Scope* weights) {
  Node* c = InputArg(s, "X") == v ? InputArg(s, "Y") : InputArg(s, "X");
  const Tensor* t = FloatWeight(c, weights);
  return t && t->dims().size() == 1 ? c : nullptr;
}

// Matches the pattern at `mean` (the first reduce_mean); rewrites it.
bool FuseAt(SSAGraph* graph, const Scope* weights, Node* mean) {
  Node* x = InputArg(mean, "X");
  Node* m = OutputArg(mean, "Out");
  Node* sub = Next(m, "elementwise_sub", "Y");
  if (!x || !LastAxisMean(mean) || !sub || InputArg(sub, "X") != x) return false;
  Node* d = OutputArg(sub, "Out");
  if (!d || d->Observed() || d->outlinks.size() != 2) return false;
  Node* pow = nullptr;
  Node* div = nullptr;
  for (Node* s : d->outlinks) {
    if (s->op.Type() == "elementwise_pow" && InputArg(s, "X") == d) pow = s;
    if (s->op.Type() == "elementwise_div" && InputArg(s, "X") == d) div = s;
  }
  float two = 2.f, eps = 0.f;
  if (!pow || !div || pow->op.HasAttr("act_type") || div->op.HasAttr("act_type") ||
      !ScalarOperand(pow, "Y", weights, &two, &two)) {
    return false;
  }
  Node* var = Next(OutputArg(pow, "Out"), "reduce_mean");
  Node* add_eps = var ? Next(OutputArg(var, "Out"), "elementwise_add") : nullptr;
  if (!var || !LastAxisMean(var) || !add_eps || !ScalarOperand(add_eps, "Y", weights, &eps)) {
    return false;
  }
  Node* sqrt = Next(OutputArg(add_eps, "Out"), "sqrt");
  if (!sqrt || InputArg(div, "Y") != OutputArg(sqrt, "Out") ||
      SoleConsumer(OutputArg(sqrt, "Out")) != div) {
    return false;
  }
  Node* n = OutputArg(div, "Out");
  Node* mul = SoleConsumer(n);
  if (!mul || mul->op.Type() != "elementwise_mul" || mul->op.HasAttr("act_type")) return false;
  Node* gamma = VectorOperand(mul, n, weights);
  Node* g = OutputArg(mul, "Out");
  Node* add = SoleConsumer(g);
  if (!gamma || !add || add->op.Type() != "elementwise_add" || add->op.HasAttr("act_type")) {
    return false;
  }
  Node* beta = VectorOperand(add, g, weights);
  Node* y = OutputArg(add, "Out");
  const Tensor* gt = FloatWeight(gamma, weights);
  const Tensor* bt = FloatWeight(beta, weights);
  if (!beta || !y || gt->numel() != bt->numel()) return false;
  cpp::OpDesc ln("layer_norm");
  ln.SetInput("X", {x->var_name});
  ln.SetInput("Scale", {gamma->var_name});
  ln.SetInput("Bias", {beta->var_name});
  ln.SetOutput("Y", {y->var_name});
  ln.SetAttr("begin_norm_axis", -1);
  ln.SetAttr("epsilon", eps);
  Node* stmt = graph->NewStmt(ln);
  for (Node* in : {x, gamma, beta}) SSAGraph::Link(in, stmt);
  SSAGraph::Unlink(add, y);
  SSAGraph::Link(stmt, y);
  std::set<Node*> dead = {mean, sub, pow, var, add_eps, sqrt, div, mul, add};
  for (Node* s : std::set<Node*>(dead)) {
    for (Node* o : s->outlinks) dead.insert(o);
  }
  graph->RemoveNodes(dead);
  return true;
}

}  // namespace

int LayerNormFusePass::Apply(SSAGraph* graph, const PassContext& ctx) {
  int n = 0;
  for (Node* s : graph->StmtTopologicalOrder()) {
    if (!s->removed && s->op.Type() == "reduce_mean" && FuseAt(graph, ctx.weights, s)) ++n;
  }
  RemoveOrphanWeights(graph);
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
