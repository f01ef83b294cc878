#include <algorithm>

#include "lite/graph/passes/pattern_util.h"
#include "lite/operators/math/activation_funcs.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {
Node* ArgByName(const std::vector<Node*>& links, const std::string& name) {
  for (Node* n : links) {
    if (n->var_name == name) return n;
  }
  return nullptr;
}
}  // namespace

Node* InputArg(const Node* stmt, const std::string& slot) {
  const auto& names = stmt->op.Input(slot);
  return names.empty() ? nullptr : ArgByName(stmt->inlinks, names[0]);
}

Node* OutputArg(const Node* stmt, const std::string& slot) {
  const auto& names = stmt->op.Output(slot);
  return names.empty() ? nullptr : ArgByName(stmt->outlinks, names[0]);
}

Node* SoleConsumer(const Node* arg) {
  if (!arg || arg->Observed() || arg->outlinks.size() != 1) return nullptr;
  return arg->outlinks[0];
}

const Tensor* FloatWeight(const Node* arg, const Scope* weights) {
  if (!arg || !arg->is_weight || !weights) return nullptr;
  const Tensor* t = weights->FindVar(arg->var_name);
  if (!t || !t->initialized() || t->dtype() != DataType::kFloat32) return nullptr;
  return t;
}

std::string FreshWeightName(const Scope& weights, const std::string& base) {
  std::string name = base;
  for (int i = 1; weights.FindVar(name); ++i) name = base + "_" + std::to_string(i);
  return name;
}

bool RemoveIdentityStmt(SSAGraph* graph, Node* stmt, Node* in, Node* out) {
  if (!in || !out) return false;
  if (out->Observed()) {
    Node* producer = in->Producer();
    if (!producer || in->Observed() || in->outlinks.size() != 1) return false;
    SSAGraph::ReplaceOutput(producer, in, out);
    SSAGraph::Unlink(stmt, out);
    graph->RemoveNodes({stmt, in});
    return true;
  }
  for (Node* consumer : std::vector<Node*>(out->outlinks)) {
    SSAGraph::ReplaceInput(consumer, out, in);
  }
  graph->RemoveNodes({stmt, out});
  return true;
}

bool IsConv(const Node* stmt) {
  return stmt && stmt->IsStmt() &&
         (stmt->op.Type() == "conv2d" || stmt->op.Type() == "depthwise_conv2d");
}

bool PlainFloatConv(const Node* stmt) {
  if (!IsConv(stmt)) return false;
  const cpp::OpDesc& d = stmt->op;
  return !d.GetAttr<bool>("enable_int8", false) && !d.GetAttr<bool>("input_nhwc", false) &&
         !d.GetAttr<bool>("output_nhwc", false) && !d.GetAttr<bool>("input_blocked", false) &&
         !d.GetAttr<bool>("output_blocked", false) && !d.HasInput("PointwiseFilter") &&
         d.GetAttr<std::string>("data_format", "NCHW") != "NHWC";
}

bool IsConvOrTranspose(const Node* stmt) {
  return IsConv(stmt) || (stmt && stmt->IsStmt() && stmt->op.Type() == "conv2d_transpose");
}

int64_t ConvOutputChannels(const Node* stmt, const Tensor& filter) {
  if (stmt->op.Type() != "conv2d_transpose") return filter.dims()[0];
  return filter.dims()[1] * stmt->op.GetAttr<int32_t>("groups", 1);
}

Tensor* NewWeight(Scope* weights, const std::string& base, const DDim& dims, std::string* name) {
  *name = FreshWeightName(*weights, base);
  Tensor* t = weights->Var(*name);
  t->Resize(dims);
  t->set_persistable(true);
  return t;
}

void RemoveOrphanWeights(SSAGraph* graph) {
  std::set<Node*> orphans;
  for (Node* a : graph->Args()) {
    if (a->is_weight && a->outlinks.empty() && !a->Observed()) orphans.insert(a);
  }
  graph->RemoveNodes(orphans);
}

bool OtherOutputsUnused(const Node* stmt, const Node* keep) {
  for (const Node* o : stmt->outlinks) {
    if (o != keep && (!o->outlinks.empty() || o->Observed())) return false;
  }
  return true;
}

Node* SoleXReader(Node* stmt, const std::string& slot, const std::string& type, Node** out) {
  *out = OutputArg(stmt, slot);
  Node* next = SoleConsumer(*out);
  if (!next || next->op.Type() != type || InputArg(next, "X") != *out) return nullptr;
  return next;
}

Node* ConvFeeding(Node* conv, const std::string& type, Node** out) {
  if (!IsConvOrTranspose(conv) || conv->op.HasAttr("act_type")) return nullptr;
  return SoleXReader(conv, "Output", type, out);
}

void SetConvBias(SSAGraph* graph, Node* conv, Node* old_bias_arg, const std::string& name) {
  Node* bias_arg = graph->NewArg(name, true);
  if (old_bias_arg) {
    SSAGraph::ReplaceInput(conv, old_bias_arg, bias_arg);
  } else {
    conv->op.SetInput("Bias", {name});
    SSAGraph::Link(bias_arg, conv);
  }
}

int FoldAddsIntoOperand(SSAGraph* graph,
                        const std::function<bool(Node* add, Node* operand, Node* other)>& fold) {
  int n = 0;
  for (Node* add : graph->StmtTopologicalOrder()) {
    if (add->removed || add->op.Type() != "elementwise_add" || add->op.HasAttr("act_type")) {
      continue;
    }
    Node* a = InputArg(add, "X");
    Node* b = InputArg(add, "Y");
    Node* add_out = OutputArg(add, "Out");
    if (!a || !b || a == b || !add_out) continue;
    for (Node* operand : {b, a}) {
      Node* producer = operand->Producer();
      if (!producer || producer->removed || SoleConsumer(operand) != add ||
          !fold(add, operand, operand == b ? a : b)) {
        continue;
      }
      SSAGraph::ReplaceOutput(producer, operand, add_out);
      SSAGraph::Unlink(add, add_out);
      graph->RemoveNodes({add, operand});
      ++n;
      break;
    }
  }
  return n;
}

bool PerChannelConstant(const Tensor& c, int axis, int64_t cout, std::vector<float>* values) {
  const DDim& d = c.dims();
  const float* v = c.data<float>();
  if (c.numel() == 1 && d.size() <= 4) {
    values->assign(cout, v[0]);
    return true;
  }
  const bool per_channel =
      c.numel() == cout &&
      ((axis == 1 && d.size() == 1) ||
       (axis == -1 && d.size() == 3 && d[1] == 1 && d[2] == 1) ||
       (axis == -1 && d.size() == 4 && d[0] == 1 && d[2] == 1 && d[3] == 1));
  if (!per_channel) return false;
  values->assign(v, v + cout);
  return true;
}

void ScaleFilterPerOutputChannel(const Node* conv, const Tensor& filter,
                                 const std::vector<float>& alpha, float* out) {
  // Output channel of element i: conv2d [M, C/g, KH, KW] -> i / (numel/M);
  // conv2d_transpose [C, M/g, KH, KW] -> group of row i/(rows*k) times M/g
  // plus the column (i / k) % (M/g).
  const bool transpose = conv->op.Type() == "conv2d_transpose";
  const DDim& fd = filter.dims();
  const int64_t k = fd[2] * fd[3];
  const int64_t cout = static_cast<int64_t>(alpha.size());
  const int64_t groups = transpose ? cout / fd[1] : 1;
  const int64_t rows_per_group = transpose ? fd[0] / groups : 0;
  const float* w = filter.data<float>();
  for (int64_t i = 0; i < filter.numel(); ++i) {
    int64_t c = i / (fd[1] * k);
    if (transpose) c = (c / rows_per_group) * fd[1] + (i / k) % fd[1];
    out[i] = w[i] * alpha[c];
  }
}

Node* OtherOperand(const Node* s, const Node* v) {
  Node* x = InputArg(s, "X");
  Node* y = InputArg(s, "Y");
  if (x == v) return y;
  return y == v ? x : nullptr;
}

bool IsAdd(const Node* s) {
  return s && (s->op.Type() == "elementwise_add" ||
                s->op.Type() == "fusion_elementwise_add_activation");
}

bool IsMul(const Node* s) {
  return s && (s->op.Type() == "elementwise_mul" ||
                s->op.Type() == "fusion_elementwise_mul_activation");
}

bool IsActivation(const Node* s) {
  operators::ActType type;
  return s && operators::ActTypeFromName(s->op.Type(), &type);
}

bool IsPlanePool(const Node* s) {
  if (!s || s->op.Type() != "pool2d" ||
      s->op.GetAttr<std::string>("pooling_type", "max") != "avg") {
    return false;
  }
  return s->op.GetAttr<bool>("global_pooling", false) ||
         (s->op.GetAttr<bool>("adaptive", false) &&
          s->op.GetAttr<std::vector<int>>("ksize", {}) == std::vector<int>{1, 1});
}

bool PlaneVector(const Node* v, int depth) {
  const Node* p = v ? v->Producer() : nullptr;
  if (!p || depth > 16) return false;
  if (IsPlanePool(p)) return true;
  if (IsConv(p)) {
    const auto pads = p->op.GetAttr<std::vector<int>>("paddings", {});
    const bool unpadded = p->op.GetAttr<std::string>("padding_algorithm", "EXPLICIT") != "EXPLICIT" ||
                          std::all_of(pads.begin(), pads.end(), [](int x) { return x == 0; });
    return unpadded && PlaneVector(InputArg(p, "Input"), depth + 1);
  }
  if (IsAdd(p)) {
    const Node* bias = InputArg(p, "Y");
    return bias && bias->is_weight && PlaneVector(InputArg(p, "X"), depth + 1);
  }
  return IsActivation(p) && PlaneVector(InputArg(p, "X"), depth + 1);
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
