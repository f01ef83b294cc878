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
#include <algorithm>
#include <map>

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
  std::map<const Node*, int> index;
  for (size_t i = 0; i < order.size(); ++i) index[order[i]] = static_cast<int>(i);
  // A subgraph op's block refers to its inputs/outputs by name: keep them.
  auto touches_subgraph = [](const Node* a) {
    if (a->Producer() && a->Producer()->op.Type() == "subgraph") return true;
    for (const Node* c : a->outlinks) {
      if (c->op.Type() == "subgraph") return true;
    }
    return false;
  };
  auto eligible = [&](const Node* a) {
    return a->Producer() && !a->is_weight && !a->is_feed && !a->Observed() && !a->is_array &&
           !(weights && weights->FindVar(a->var_name)) && !touches_subgraph(a);
  };
  std::map<const Node*, int> last_use;
  for (Node* a : graph->Args()) {
    if (!eligible(a)) continue;
    int last = index[a->Producer()];
    for (Node* c : a->outlinks) last = std::max(last, index[c]);
    last_use[a] = last;
  }
  // Eligible names that are written more than once in the program keep
  // their own storage (conservative).
  std::map<std::string, int> writes;
  for (Node* a : graph->Args()) {
    if (a->Producer()) writes[a->var_name]++;
  }
  std::vector<std::string> pool;  // free names, reused last-freed first
  int renamed = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    Node* s = order[i];
    for (Node* out : s->outlinks) {
      if (!last_use.count(out) || writes[out->var_name] != 1 || pool.empty()) continue;
      // Never reuse a name the op also reads.
      auto it = std::find_if(pool.rbegin(), pool.rend(), [&](const std::string& name) {
        for (Node* in : s->inlinks) {
          if (in->var_name == name) return false;
        }
        return true;
      });
      if (it == pool.rend()) continue;
      std::string name = *it;
      pool.erase(std::next(it).base());
      Rename(out, name);
      ++renamed;
    }
    // Release what dies here (inputs last read here, outputs never read).
    std::vector<Node*> dying;
    for (Node* in : s->inlinks) {
      if (last_use.count(in) && last_use[in] == static_cast<int>(i)) dying.push_back(in);
    }
    for (Node* out : s->outlinks) {
      if (last_use.count(out) && last_use[out] == static_cast<int>(i)) dying.push_back(out);
    }
    for (Node* d : dying) {
      // A name the program writes more than once (some exports reuse names)
      // is never handed out: its next write could clobber the new owner.
      if (writes[d->var_name] != 1) continue;
      if (std::find(pool.begin(), pool.end(), d->var_name) == pool.end()) {
        pool.push_back(d->var_name);
      }
    }
  }
  // The names were assigned along `order`: the block must run in it.
  graph->FixOrder(order);
  return renamed;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
