// nearest_interp(_v2)(x) -> elementwise_add(that, r) (either operand order)
// => one nearest_interp(_v2) with input Addend = r: Out = interp(x) + r
// (tensor/interpolate.cc).
//
// The FPN top-down path of PP-OCRv3's detector (and PP-YOLO's) adds each
// upsampled coarse map to the next finer one; fused, the kernel reads the
// low-resolution map and r once and writes the sum once, instead of writing
// the upsampled map and reading it back with r (passes over up to 96 x 160
// x 160 floats, bound by memory bandwidth). The sum is the same float
// addition (it commutes), so the result is bit-identical. Only a plain add
// with trailing-aligned broadcasting (axis -1) fuses; an [N, C, 1, 1] or
// weight operand stays a separate add. Runs after the NNAdapter subgraph
// pass: only ops left on the CPU change, and NNAdapter converters never see
// Addend.
#include "lite/graph/passes/pattern_util.h"

namespace paddle {
namespace lite {
namespace graph {

int NearestInterpAddFusePass::Apply(SSAGraph* graph, const PassContext&) {
  return FoldAddsIntoOperand(graph, [](Node* add, Node* up, Node* other) {
    Node* interp = up->Producer();
    const std::string& type = interp->op.Type();
    if ((type != "nearest_interp" && type != "nearest_interp_v2") ||
        add->op.GetAttr<int32_t>("axis", -1) != -1 || !interp->op.Input("Addend").empty() ||
        OutputArg(interp, "Out") != up || other->is_weight || PlaneVector(other)) {
      return false;
    }
    interp->op.SetInput("Addend", {other->var_name});
    SSAGraph::Link(other, interp);
    return true;
  });
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
