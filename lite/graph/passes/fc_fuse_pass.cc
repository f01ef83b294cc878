// mul(X, Y = weight [K, N]) → elementwise_add(Y = bias [N]) ⇒
// fc(Input, W, Bias, in_num_col_dims), and fc → relu ⇒ activation_type.
// matmul / matmul_v2(X, Y = weight [K, N]) without transposes (and alpha 1)
// → elementwise_add(Y = bias [N], axis -1) ⇒ fc with in_num_col_dims -1
// (X's rank is not known here: every dim but the last is a row; the same
// product, the bias added in the GEMM's epilogue instead of a second pass).
#include "lite/graph/passes/pattern_util.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {

// The weight [K, N] of a mul, or of a matmul / matmul_v2 that is a plain
// product by it; nullptr otherwise. *in_num_col_dims: fc's attribute.
const Tensor* FcWeight(const Node* mm, const Scope* weights, int32_t* in_num_col_dims) {
  const std::string& type = mm->op.Type();
  const Tensor* w = FloatWeight(InputArg(mm, "Y"), weights);
  if (!w || w->dims().size() != 2) return nullptr;
  if (type == "mul") {
    *in_num_col_dims = mm->op.GetAttr<int32_t>("x_num_col_dims", 1);
    return mm->op.GetAttr<int32_t>("y_num_col_dims", 1) == 1 ? w : nullptr;
  }
  const bool v2 = type == "matmul_v2";
  if ((!v2 && type != "matmul") || mm->op.GetAttr<bool>("enable_int8", false) ||
      mm->op.GetAttr<bool>(v2 ? "trans_x" : "transpose_X", false) ||
      mm->op.GetAttr<bool>(v2 ? "trans_y" : "transpose_Y", false) ||
      (!v2 && mm->op.GetAttr<float>("alpha", 1.f) != 1.f)) {
    return nullptr;
  }
  *in_num_col_dims = -1;
  return w;
}

}  // namespace

int FcFusePass::Apply(SSAGraph* graph, const PassContext& ctx) {
  Scope* weights = ctx.weights;
  int n = 0;
  for (Node* mul : graph->StmtTopologicalOrder()) {
    if (mul->removed) continue;
    int32_t in_num_col_dims = 1;
    const Tensor* w = FcWeight(mul, weights, &in_num_col_dims);
    if (!w) continue;
    Node* out = nullptr;
    Node* add = SoleXReader(mul, "Out", "elementwise_add", &out);
    if (!add || add->op.HasAttr("act_type")) continue;
    const int axis = add->op.GetAttr<int32_t>("axis", -1);
    const Tensor* b = FloatWeight(InputArg(add, "Y"), weights);
    if (!b || b->numel() != w->dims()[1] || b->dims().size() != 1 ||
        (axis != -1 && axis != in_num_col_dims)) {
      continue;
    }
    cpp::OpDesc fc("fc");
    fc.SetInput("Input", mul->op.Input("X"));
    fc.SetInput("W", mul->op.Input("Y"));
    fc.SetInput("Bias", add->op.Input("Y"));
    fc.SetOutput("Out", add->op.Output("Out"));
    fc.SetAttr("in_num_col_dims", in_num_col_dims);
    fc.SetAttr("activation_type", std::string());
    if (mul->op.GetAttr<bool>("enable_int8", false)) {  // int8 scales (quant_dequant_fold_pass)
      fc.SetAttr("enable_int8", true);
      fc.SetAttr("bit_length", mul->op.GetAttr<int32_t>("bit_length", 8));
      fc.SetAttr("Input0_scale", mul->op.GetAttr<std::vector<float>>("X0_scale"));
      fc.SetAttr("W0_scale", mul->op.GetAttr<std::vector<float>>("Y0_scale"));
    }
    Node* fc_node = graph->NewStmt(fc);
    for (Node* in : {InputArg(mul, "X"), InputArg(mul, "Y"), InputArg(add, "Y")}) {
      SSAGraph::Link(in, fc_node);
    }
    Node* add_out = OutputArg(add, "Out");
    SSAGraph::Unlink(add, add_out);
    SSAGraph::Link(fc_node, add_out);
    graph->RemoveNodes({mul, add, out});
    ++n;
    // fc → relu
    Node* relu = SoleConsumer(add_out);
    if (relu && relu->op.Type() == "relu") {
      fc_node->op.SetAttr("activation_type", std::string("relu"));
      Node* relu_out = OutputArg(relu, "Out");
      fc_node->op.SetOutput("Out", relu->op.Output("Out"));
      SSAGraph::Unlink(fc_node, add_out);
      SSAGraph::Unlink(relu, relu_out);
      SSAGraph::Link(fc_node, relu_out);
      graph->RemoveNodes({relu, add_out});
    }
  }
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
