// conv2d / depthwise_conv2d with data_format NHWC (Paddle 2 exports, e.g.
// PaddleTS LSTNet) become transpose2 (NHWC -> NCHW) + the conv in NCHW +
// transpose2 (NCHW -> NHWC): the conv kernels and NNAdapter converters
// only know NCHW, and the transposes are plain ops every backend has.
// The Filter is [M, C/groups, KH, KW] in both formats, so it is unchanged.
#include "lite/graph/passes/passes.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {
Node* AddTranspose(SSAGraph* graph, Node* in, const std::string& out_name,
                   const std::vector<int32_t>& axis) {
  cpp::OpDesc t("transpose2");
  t.SetInput("X", {in->var_name});
  t.SetOutput("Out", {out_name});
  t.SetAttr("axis", axis);
  Node* stmt = graph->NewStmt(t);
  SSAGraph::Link(in, stmt);
  Node* out = graph->NewArg(out_name, false);
  SSAGraph::Link(stmt, out);
  return out;
}
}  // namespace

int ConvNhwcToNchwPass::Apply(SSAGraph* graph, const PassContext&) {
  int n = 0;
  for (Node* conv : graph->StmtTopologicalOrder()) {
    if (conv->removed || !IsConv(conv)) continue;
    if (conv->op.GetAttr<std::string>("data_format", "NCHW") != "NHWC") continue;
    Node* in = InputArg(conv, "Input");
    Node* out = OutputArg(conv, "Output");
    if (!in || !out) continue;
    // Input: NHWC -> NCHW before the conv.
    Node* in_nchw = AddTranspose(graph, in, in->var_name + "@nchw", {0, 3, 1, 2});
    SSAGraph::ReplaceInput(conv, in, in_nchw);
    // Output: the conv writes an NCHW variable, transposed back into `out`.
    Node* out_nchw = graph->NewArg(out->var_name + "@nchw", false);
    SSAGraph::ReplaceOutput(conv, out, out_nchw);
    cpp::OpDesc back("transpose2");
    back.SetInput("X", {out_nchw->var_name});
    back.SetOutput("Out", {out->var_name});
    back.SetAttr("axis", std::vector<int32_t>{0, 2, 3, 1});
    Node* back_stmt = graph->NewStmt(back);
    SSAGraph::Link(out_nchw, back_stmt);
    SSAGraph::Link(back_stmt, out);
    conv->op.SetAttr("data_format", std::string("NCHW"));
    ++n;
  }
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
