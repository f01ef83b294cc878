// elementwise_mul(X = x, Y = s) -> elementwise_add(x, that) with s an
// [N, C, 1, 1] squeeze-excitation scale (PlaneVector) => one elementwise_mul
// with attribute plus_x: Out = X * Y + X (math/elementwise.cc).
//
// PP-OCRv3's residual SE blocks (x + x * se(x)) then take one pass over x
// instead of three (the product is written, then read with x again): at the
// detector's 96 x 160 x 160 level these passes are bound by memory
// bandwidth. The result is the same float arithmetic (product rounded, then
// the sum). Runs after the NNAdapter subgraph pass: only ops left on the
// CPU change, and NNAdapter converters never see plus_x.
#include "lite/graph/passes/pattern_util.h"

namespace paddle {
namespace lite {
namespace graph {

int MulPlusXFusePass::Apply(SSAGraph* graph, const PassContext&) {
  return FoldAddsIntoOperand(graph, [](Node*, Node* prod, Node* x) {
    Node* mul = prod->Producer();
    if (mul->op.Type() != "elementwise_mul" || mul->op.HasAttr("act_type") ||
        mul->op.HasAttr("plus_x") || OutputArg(mul, "Out") != prod || InputArg(mul, "X") != x ||
        !PlaneVector(InputArg(mul, "Y"))) {
      return false;
    }
    mul->op.SetAttr("plus_x", true);
    return true;
  });
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
