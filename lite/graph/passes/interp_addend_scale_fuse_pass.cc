// elementwise_mul(X = a, Y = s) -> nearest_interp(_v2)(..., Addend = that)
// with s an [N, C, 1, 1] squeeze-excitation scale => the interpolation with
// Addend = a, AddendScale = s and attribute addend_plus_x = the multiply's
// plus_x: Out = interp(x) + (a * s + a) (or + a * s) (tensor/interpolate.cc).
//
// PP-OCRv3's detector adds each upsampled FPN level to the next finer
// one's squeeze-excitation output (x + x * se(x)). Fused, the 96 x 160 x
// 160 product is not written and read back (the multiply took 0.35 ms of
// the int8 run on Zen 5, where those maps are NHWC and the interpolation
// writes the next conv's s8 data; as much in the float run, on NCHW). The
// kernel does the same float operations in the same order (product
// rounded, plus a, then the sum), so the result is bit-identical. Only a
// multiply without fused activation or s8 output whose product only the
// interpolation reads folds, both ops on NCHW data or both on NHWC data
// (nhwc_data). Runs after int8_nhwc_chain_pass (it needs the layouts it
// chose), before conv_blocked_chain_pass, after the NNAdapter subgraph pass
// (only CPU ops change).
#include "lite/graph/passes/pattern_util.h"

namespace paddle {
namespace lite {
namespace graph {

int InterpAddendScaleFusePass::Apply(SSAGraph* graph, const PassContext&) {
  int n = 0;
  for (Node* interp : graph->StmtTopologicalOrder()) {
    const std::string& type = interp->op.Type();
    const bool nhwc = interp->op.GetAttr<bool>("nhwc_data", false);
    const std::string layout = interp->op.GetAttr<std::string>("data_layout", "NCHW");
    if (interp->removed || (type != "nearest_interp" && type != "nearest_interp_v2") ||
        (layout != "NCHW" && layout != "AnyLayout") ||
        !interp->op.Input("AddendScale").empty()) {
      continue;
    }
    Node* prod = InputArg(interp, "Addend");
    Node* mul = prod ? prod->Producer() : nullptr;
    if (!mul || !IsMul(mul) || SoleConsumer(prod) != interp || prod->Observed() ||
        InputArg(interp, "X") == prod || mul->op.GetAttr<bool>("nhwc_data", false) != nhwc ||
        mul->op.GetAttr<bool>("blocked_data", false) ||
        mul->op.GetAttr<bool>("output_int8", false) ||
        !mul->op.GetAttr<std::string>("act_type", "").empty() ||
        OutputArg(mul, "Out") != prod) {
      continue;
    }
    Node* a = InputArg(mul, "X");
    Node* s = InputArg(mul, "Y");
    if (!a || !s || a == s || PlaneVector(a) || !PlaneVector(s)) continue;
    interp->op.SetInput("Addend", {a->var_name});
    interp->op.SetInput("AddendScale", {s->var_name});
    interp->op.SetAttr("addend_plus_x", mul->op.GetAttr<bool>("plus_x", false));
    SSAGraph::Unlink(prod, interp);
    SSAGraph::Link(a, interp);
    SSAGraph::Link(s, interp);
    graph->RemoveNodes({mul, prod});
    ++n;
  }
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
