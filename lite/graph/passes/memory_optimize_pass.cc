// Activation memory reuse: variables whose lifetimes (producer .. last
// consumer, in the execution order) do not overlap are renamed to share one
// tensor, so one buffer serves several activations. Never renamed: model
// inputs/outputs, weights, any variable whose name is also a weight's (an
// activation of that name would shadow the weight), and the inputs/outputs
// of subgraph ops (their blocks refer to them by name), and every variable a
// control-flow sub-block (while, conditional_block) reads or writes: a
// sub-block runs between its op's neighbours, many times, and refers to its
// parent's variables by name, so lifetimes measured on block 0 say nothing
// about them (Node::Observed); nor a tensor array. Tensor::mutable_data
// never writes into a buffer another tensor still shares, so zero-copy ops
// (reshape sharing its input) stay correct.
#include <map>

#include "lite/core/memory_reuse.h"

#include "lite/graph/passes/passes.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {
void Rename(Node* arg, const std::string& to) {
  const std::string from = arg->var_name;
  auto rename_in = [&](std::map<std::string, std::vector<std::string>>* slots) {
    for (auto& kv : *slots) {
      for (auto& name : kv.second) {
        if (name == from) name = to;
      }
    }
  };
  if (Node* p = arg->Producer()) rename_in(&p->op.mutable_outputs());
  for (Node* c : arg->outlinks) rename_in(&c->op.mutable_inputs());
  arg->var_name = to;
}
}  // namespace

int MemoryOptimizePass::Apply(SSAGraph* graph, const PassContext& ctx) {
  Scope* weights = ctx.weights;
  std::vector<Node*> order = graph->StmtTopologicalOrder();
  // A subgraph op's block refers to its inputs/outputs by name: keep them.
  auto touches_subgraph = [](const Node* a) {
    if (a->Producer() && a->Producer()->op.Type() == "subgraph") return true;
    for (const Node* c : a->outlinks) {
      if (c->op.Type() == "subgraph") return true;
    }
    return false;
  };
  // A name is eligible when every argument node of that name is.
  std::map<std::string, bool> eligible;
  for (Node* a : graph->Args()) {
    const bool ok = a->Producer() && !a->is_weight && !a->is_feed && !a->Observed() &&
                    !a->is_array && !(weights && weights->FindVar(a->var_name)) &&
                    !touches_subgraph(a);
    auto it = eligible.emplace(a->var_name, ok).first;
    it->second = it->second && ok;
  }
  std::vector<ReuseStep> steps(order.size());
  for (size_t i = 0; i < order.size(); ++i) {
    for (Node* in : order[i]->inlinks) steps[i].inputs.push_back(in->var_name);
    for (Node* out : order[i]->outlinks) steps[i].outputs.push_back(out->var_name);
  }
  const auto plan = PlanMemoryReuse(steps, [&](const std::string& name) {
    auto it = eligible.find(name);
    return it != eligible.end() && it->second;
  });
  int renamed = 0;
  for (Node* a : graph->Args()) {
    auto it = plan.find(a->var_name);
    if (it == plan.end() || !a->Producer()) continue;
    Rename(a, it->second);
    ++renamed;
  }
  // The names were assigned along `order`: the block must run in it.
  graph->FixOrder(order);
  return renamed;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
