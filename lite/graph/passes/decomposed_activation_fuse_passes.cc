// Activations exporters write as several elementwise ops (ONNX before opset
// 20 has no Gelu; PyTorch's and paddle2onnx's exports of GELU and Mish):
//   gelu_fuse_pass   erf form   x * 0.5 * (1 + erf(x / sqrt(2)))
//                    tanh form  x * 0.5 * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 x^3)))
//                    ⇒ gelu(X = x, approximate = false / true)
//   mish_fuse_pass   x * tanh(softplus(x)) (softplus beta 1)
//                    ⇒ mish(X = x, threshold = softplus's threshold)
// Accepted spellings: x / sqrt(2) or x * (1 / sqrt(2)) (or a Paddle scale
// op); 1 + t as an add of a constant 1 either way round or scale(1, bias 1);
// the final products in any of the orders (x * (1 + t)) * 0.5,
// x * ((1 + t) * 0.5) and (x * 0.5) * (1 + t); x^3 as pow(x, 3) or
// x * (x * x). The constants are scalars (rank <= 1, so they broadcast no
// dim) within 1e-5 relative of the exact values. Every intermediate value
// must have the pattern's op as its only reader and be no model output.
// The fused kernels compute the same formulas in one pass: results differ
// from the decomposed program by float rounding (gelu: a few ulp; mish: the
// same except for x < -threshold, where exp(x) replaces log1p(exp(x)),
// equal in float there).
#include <cmath>
#include <set>

#include "lite/graph/passes/pattern_util.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {

constexpr double kSqrt2OverPi = 0.79788456080286535588;  // sqrt(2 / pi)

bool Near(float v, double want) { return std::fabs(v - want) <= 1e-5 * std::fabs(want); }

bool Plain(const Node* s, const char* type) {
  return s && !s->removed && s->op.Type() == type && !s->op.HasAttr("act_type");
}

// `v` is read only by `reader` and is no model output.
bool Internal(const Node* v, const Node* reader) {
  return v && !v->Observed() && SoleConsumer(v) == reader;
}

// A scalar constant operand of the plain binary `s` (rank <= 1): its value
// in *c and the other operand in *other. `y_only`: the constant must be Y.
bool ScalarBinary(const Node* s, const char* type, const Scope* weights, bool y_only, float* c,
                  Node** other) {
  if (!Plain(s, type)) return false;
  for (const char* slot : {"Y", "X"}) {
    if (y_only && slot[0] == 'X') break;
    const Tensor* t = FloatWeight(InputArg(s, slot), weights);
    if (t && t->numel() == 1 && t->dims().size() <= 1) {
      *c = t->data<float>()[0];
      *other = InputArg(s, slot[0] == 'Y' ? "X" : "Y");
      return *other && !(*other)->is_weight;
    }
  }
  return false;
}

// `s` computes other * want: elementwise_mul by a constant, elementwise_div
// by its inverse, or scale(want, bias 0); the multiplied value in *other.
bool ScalesBy(const Node* s, const Scope* weights, double want, Node** other) {
  float c = 0;
  if (ScalarBinary(s, "elementwise_mul", weights, false, &c, other)) return Near(c, want);
  if (ScalarBinary(s, "elementwise_div", weights, true, &c, other)) return Near(c, 1.0 / want);
  if (!Plain(s, "scale") || s->op.HasInput("ScaleTensor")) return false;
  *other = InputArg(s, "X");
  return *other && Near(s->op.GetAttr<float>("scale", 1.f), want) &&
         s->op.GetAttr<float>("bias", 0.f) == 0.f;
}

// `s` computes 1 + its non-constant operand, which is `v`.
bool AddsOne(const Node* s, const Node* v, const Scope* weights) {
  float c = 0;
  Node* other = nullptr;
  if (ScalarBinary(s, "elementwise_add", weights, false, &c, &other)) return other == v && c == 1.f;
  return Plain(s, "scale") && !s->op.HasInput("ScaleTensor") && InputArg(s, "X") == v &&
         s->op.GetAttr<float>("scale", 1.f) == 1.f && s->op.GetAttr<float>("bias", 0.f) == 1.f;
}

// The matched ops and values that leave the graph, and the final value.
struct Match {
  std::set<Node*> dead;
  Node* out{nullptr};
};

// x * 0.5 * a in one of three orders, a = 1 + t read only here; adds the
// ops (and the values between them) to m->dead and sets m->out.
bool HalfXTimes(Node* a, Node* x, const Scope* weights, Match* m) {
  Node* m1 = SoleConsumer(a);
  Node* other = nullptr;
  if (!m1 || a->Observed()) return false;
  Node* r1 = OutputArg(m1, "Out");
  if (ScalesBy(m1, weights, 0.5, &other) && other == a) {  // x * (a * 0.5)
    Node* m2 = SoleConsumer(r1);
    if (!Internal(r1, m2) || !Plain(m2, "elementwise_mul") || OtherOperand(m2, r1) != x) {
      return false;
    }
    m->dead.insert({m1, r1, m2});
    m->out = OutputArg(m2, "Out");
    return m->out != nullptr;
  }
  if (!Plain(m1, "elementwise_mul")) return false;
  Node* h = OtherOperand(m1, a);
  if (h == x) {  // (x * a) * 0.5
    Node* m2 = SoleConsumer(r1);
    if (!Internal(r1, m2) || !ScalesBy(m2, weights, 0.5, &other) || other != r1) return false;
    m->dead.insert({m1, r1, m2});
    m->out = OutputArg(m2, "Out");
    return m->out != nullptr;
  }
  Node* half = h ? h->Producer() : nullptr;  // (x * 0.5) * a
  if (!Internal(h, m1) || !half || !ScalesBy(half, weights, 0.5, &other) || other != x) {
    return false;
  }
  m->dead.insert({half, h, m1});
  m->out = r1;
  return m->out != nullptr;
}

// Replaces the match by `op` reading x; `op` writes m.out.
void Rewrite(SSAGraph* graph, Node* x, cpp::OpDesc op, const Match& m) {
  op.SetInput("X", {x->var_name});
  op.SetOutput("Out", {m.out->var_name});
  Node* stmt = graph->NewStmt(op);
  SSAGraph::Link(x, stmt);
  SSAGraph::Unlink(m.out->Producer(), m.out);
  SSAGraph::Link(stmt, m.out);
  graph->RemoveNodes(m.dead);
}

// erf(u) with u = x / sqrt(2): x, or nullptr.
Node* ErfArgument(Node* erf, const Scope* weights, Match* m) {
  Node* u = InputArg(erf, "X");
  Node* scale = u ? u->Producer() : nullptr;
  Node* x = nullptr;
  if (!Internal(u, erf) || !scale || !ScalesBy(scale, weights, 1.0 / std::sqrt(2.0), &x)) {
    return nullptr;
  }
  m->dead.insert({scale, u});
  return x;
}

// p = x^3 (pow(x, 3) or x * (x * x)) read only by `reader`; adds its ops.
bool CubeOf(Node* p, Node* x, const Node* reader, const Scope* weights, Match* m) {
  Node* s = p ? p->Producer() : nullptr;
  if (!Internal(p, reader) || !s) return false;
  float c = 0;
  Node* base = nullptr;
  if (ScalarBinary(s, "elementwise_pow", weights, true, &c, &base) && base == x && c == 3.f) {
    m->dead.insert({s, p});
    return true;
  }
  if (Plain(s, "pow") && !s->op.HasInput("FactorTensor") && InputArg(s, "X") == x &&
      s->op.GetAttr<float>("factor", 1.f) == 3.f) {
    m->dead.insert({s, p});
    return true;
  }
  if (!Plain(s, "elementwise_mul")) return false;
  Node* sq = OtherOperand(s, x);
  Node* sq_op = sq ? sq->Producer() : nullptr;
  if (!Internal(sq, s) || !Plain(sq_op, "elementwise_mul") || InputArg(sq_op, "X") != x ||
      InputArg(sq_op, "Y") != x) {
    return false;
  }
  m->dead.insert({s, p, sq_op, sq});
  return true;
}

// tanh(v) with v = sqrt(2 / pi) * (x + 0.044715 * x^3): x, or nullptr.
Node* TanhGeluArgument(Node* tanh, const Scope* weights, Match* m) {
  Node* v = InputArg(tanh, "X");
  Node* scale = v ? v->Producer() : nullptr;
  Node* w = nullptr;
  if (!Internal(v, tanh) || !scale || !ScalesBy(scale, weights, kSqrt2OverPi, &w)) {
    return nullptr;
  }
  Node* add = w->Producer();
  if (!Internal(w, scale) || !Plain(add, "elementwise_add")) return nullptr;
  for (const char* slot : {"X", "Y"}) {
    Node* q = InputArg(add, slot);
    Node* x = OtherOperand(add, q);
    Node* q_op = q ? q->Producer() : nullptr;
    Node* p = nullptr;
    if (x && !x->is_weight && Internal(q, add) && q_op && ScalesBy(q_op, weights, 0.044715, &p) &&
        CubeOf(p, x, q_op, weights, m)) {
      m->dead.insert({scale, v, add, w, q_op, q});
      return x;
    }
  }
  return nullptr;
}

// Fuses at the erf / tanh statement `t_op` when it is a gelu's.
bool FuseGeluAt(SSAGraph* graph, const Scope* weights, Node* t_op, bool tanh_form) {
  Match m;
  Node* x = tanh_form ? TanhGeluArgument(t_op, weights, &m) : ErfArgument(t_op, weights, &m);
  Node* t = OutputArg(t_op, "Out");
  Node* add = SoleConsumer(t);
  if (!x || x->is_weight || !Internal(t, add) || !AddsOne(add, t, weights)) return false;
  Node* a = OutputArg(add, "Out");
  if (!a || !HalfXTimes(a, x, weights, &m)) return false;
  m.dead.insert({t_op, t, add, a});
  cpp::OpDesc gelu("gelu");
  gelu.SetAttr("approximate", tanh_form);
  Rewrite(graph, x, gelu, m);
  return true;
}

bool FuseMishAt(SSAGraph* graph, Node* softplus) {
  Node* x = InputArg(softplus, "X");
  Node* sp = OutputArg(softplus, "Out");
  Node* tanh = SoleConsumer(sp);
  if (!x || x->is_weight || softplus->op.GetAttr<float>("beta", 1.f) != 1.f ||
      !Internal(sp, tanh) || !Plain(tanh, "tanh")) {
    return false;
  }
  Node* t = OutputArg(tanh, "Out");
  Node* mul = SoleConsumer(t);
  if (!Internal(t, mul) || !Plain(mul, "elementwise_mul") || OtherOperand(mul, t) != x) {
    return false;
  }
  Match m;
  m.dead = {softplus, sp, tanh, t, mul};
  m.out = OutputArg(mul, "Out");
  if (!m.out) return false;
  cpp::OpDesc mish("mish");
  mish.SetAttr("threshold", softplus->op.GetAttr<float>("threshold", 20.f));
  Rewrite(graph, x, mish, m);
  return true;
}

}  // namespace

int GeluFusePass::Apply(SSAGraph* graph, const PassContext& ctx) {
  int n = 0;
  for (Node* s : graph->StmtTopologicalOrder()) {
    if (Plain(s, "erf") && FuseGeluAt(graph, ctx.weights, s, false)) ++n;
    if (Plain(s, "tanh") && FuseGeluAt(graph, ctx.weights, s, true)) ++n;
  }
  RemoveOrphanWeights(graph);
  return n;
}

int MishFusePass::Apply(SSAGraph* graph, const PassContext&) {
  int n = 0;
  for (Node* s : graph->StmtTopologicalOrder()) {
    if (Plain(s, "softplus") && FuseMishAt(graph, s)) ++n;
  }
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
