// mul(X, Y = weight [K, N]) → elementwise_add(Y = bias [N]) ⇒
// fc(Input, W, Bias, in_num_col_dims), and fc → relu ⇒ activation_type.
#include "lite/graph/passes/pattern_util.h"

namespace paddle {
namespace lite {
namespace graph {

int FcFusePass::Apply(SSAGraph* graph, const PassContext& ctx) {
  Scope* weights = ctx.weights;
  int n = 0;
  for (Node* mul : graph->StmtTopologicalOrder()) {
    if (mul->removed) continue;
    if (mul->op.Type() != "mul" || mul->op.GetAttr<int32_t>("y_num_col_dims", 1) != 1) continue;
    const Tensor* w = FloatWeight(InputArg(mul, "Y"), weights);
    if (!w || w->dims().size() != 2) continue;
    Node* out = nullptr;
    Node* add = SoleXReader(mul, "Out", "elementwise_add", &out);
    if (!add || add->op.HasAttr("act_type")) continue;
    const int x_num_col_dims = mul->op.GetAttr<int32_t>("x_num_col_dims", 1);
    const int axis = add->op.GetAttr<int32_t>("axis", -1);
    const Tensor* b = FloatWeight(InputArg(add, "Y"), weights);
    if (!b || b->numel() != w->dims()[1] || b->dims().size() != 1 ||
        (axis != -1 && axis != x_num_col_dims)) {
      continue;
    }
    cpp::OpDesc fc("fc");
    fc.SetInput("Input", mul->op.Input("X"));
    fc.SetInput("W", mul->op.Input("Y"));
    fc.SetInput("Bias", add->op.Input("Y"));
    fc.SetOutput("Out", add->op.Output("Out"));
    fc.SetAttr("in_num_col_dims", static_cast<int32_t>(x_num_col_dims));
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
