// Constant folding: an op whose inputs are all weights (or that has no
// inputs, like fill_constant) is run once at optimization time with the
// registered kernel, and its outputs become weights. Running the very kernel
// the runtime would run keeps the numbers bit-identical; on QAT models this
// folds the per-channel fake quant-dequant of every conv filter.
#include <glog/logging.h>

#include "lite/core/registry.h"
#include "lite/graph/passes/pattern_util.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {
bool Foldable(const Node* s) {
  // Tensor-array ops write arrays, not tensors that could become weights.
  static const std::set<std::string> kNever = {"feed", "fetch", "subgraph", "uniform_random",
                                               "gaussian_random", "sampling_id", "dropout", "write_to_array",
                                               "read_from_array", "lod_array_length"};
  if (kNever.count(s->op.Type()) || cpp::IsControlFlowOp(s->op.Type()) ||
      !IsOpRegistered(s->op.Type())) {
    return false;
  }
  for (const Node* in : s->inlinks) {
    if (!in->is_weight) return false;
  }
  // An output a control-flow sub-block uses keeps its name and stays an
  // activation (the sub-block may write it: a loop counter starts as a
  // fill_constant).
  for (const Node* out : s->outlinks) {
    if (out->Observed()) return false;
  }
  return !s->outlinks.empty();
}
}  // namespace

int ConstantFoldPass::Apply(SSAGraph* graph, const PassContext& ctx) {
  Scope* weights = ctx.weights;
  if (!weights) return 0;
  int n = 0;
  for (Node* s : graph->StmtTopologicalOrder()) {
    if (s->removed) continue;
    if (!Foldable(s)) continue;
    // Run in a scratch scope whose parent holds the weights.
    auto parent = std::shared_ptr<const Scope>(weights, [](const Scope*) {});
    Scope scratch(parent);
    try {
      auto op = CreateOp(s->op.Type());
      op->Attach(s->op, &scratch);
      const KernelInfo* info = PickKernel(*op, {Place(TargetType::kX86), Place(TargetType::kHost)});
      auto kernel = CreateKernel(info->key);
      kernel->BindParam(op->param());
      op->InferShape();
      kernel->Run(RunContext{});
    } catch (const Error& e) {
      VLOG(3) << "constant_fold_pass: not folding " << s->op.Repr() << ": " << e.what();
      continue;
    }
    // Outputs become new weights; names are kept when not taken by a weight.
    for (Node* out : std::vector<Node*>(s->outlinks)) {
      Tensor* produced = scratch.FindLocalVar(out->var_name);
      if (!produced || !produced->initialized()) continue;
      std::string name;
      NewWeight(weights, out->var_name, produced->dims(), &name)->CopyFrom(*produced);
      Node* wnode = graph->NewArg(name, true);
      for (Node* consumer : std::vector<Node*>(out->outlinks)) {
        SSAGraph::ReplaceInput(consumer, out, wnode);
      }
    }
    std::set<Node*> dead = {s};
    for (Node* out : s->outlinks) {
      if (out->outlinks.empty()) dead.insert(out);
    }
    graph->RemoveNodes(dead);
    ++n;
  }
  RemoveOrphanWeights(graph);
  return n;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
