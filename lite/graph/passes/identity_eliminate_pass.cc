// Removes ops that compute nothing at inference time:
// - dropout with dropout_implementation "upscale_in_train" (Out = X); with
//   "downgrade_in_infer" (Out = X * (1 - p)) it becomes a scale op;
// - scale with scale == 1 and bias == 0.
#include "lite/graph/passes/passes.h"

namespace paddle {
namespace lite {
namespace graph {

int IdentityDropoutEliminatePass::Apply(SSAGraph* graph, const PassContext&) {
  int n = 0;
  for (Node* s : graph->StmtTopologicalOrder()) {
    if (s->removed) continue;
    if (s->op.Type() != "dropout") continue;
    std::string impl = s->op.GetAttr<std::string>("dropout_implementation", "downgrade_in_infer");
    if (impl == "upscale_in_train") {
      Node* mask = OutputArg(s, "Mask");
      if (mask && (!mask->outlinks.empty() || mask->Observed())) continue;
      if (mask) graph->RemoveNodes({mask});
      s->op.mutable_outputs().erase("Mask");
      n += RemoveIdentityStmt(graph, s, InputArg(s, "X"), OutputArg(s, "Out")) ? 1 : 0;
    } else {
      Node* mask = OutputArg(s, "Mask");
      if (mask && (!mask->outlinks.empty() || mask->Observed())) continue;
      float p = s->op.GetAttr<float>("dropout_prob", 0.5f);
      cpp::OpDesc scale("scale");
      scale.SetInput("X", s->op.Input("X"));
      scale.SetOutput("Out", s->op.Output("Out"));
      scale.SetAttr("scale", 1.0f - p);
      scale.SetAttr("bias", 0.0f);
      scale.SetAttr("bias_after_scale", true);
      if (mask) graph->RemoveNodes({mask});
      s->op = scale;
      ++n;
    }
  }
  return n;
}

int IdentityScaleEliminatePass::Apply(SSAGraph* graph, const PassContext&) {
  int n = 0;
  for (Node* s : graph->StmtTopologicalOrder()) {
    if (s->removed) continue;
    if (s->op.Type() != "scale" || s->op.HasInput("ScaleTensor")) continue;
    if (s->op.GetAttr<float>("scale", 1.f) != 1.f || s->op.GetAttr<float>("bias", 0.f) != 0.f) {
      continue;
    }
    n += RemoveIdentityStmt(graph, s, InputArg(s, "X"), OutputArg(s, "Out")) ? 1 : 0;
  }
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
