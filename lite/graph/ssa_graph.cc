#include "lite/graph/ssa_graph.h"

#include <algorithm>
#include <iterator>
#include <queue>
#include <sstream>

#include "lite/core/program.h"

namespace paddle {
namespace lite {
namespace graph {

void SSAGraph::Build(const cpp::ProgramDesc& program, const Scope* weights) {
  Build(program, weights, 0);
}

namespace {
// The names an op of a loop body writes with a value that can differ from
// what it read: all its outputs but batch_norm's MeanOut/VarianceOut written
// in place over its Mean/Variance (Paddle's inference programs do; at
// inference they leave the running statistics as they are).
std::vector<std::string> ChangingWrites(const cpp::OpDesc& op) {
  std::vector<std::string> out;
  for (const auto& [slot, names] : op.outputs()) {
    const char* in_place = op.Type() != "batch_norm" ? nullptr
                           : slot == "MeanOut"       ? "Mean"
                           : slot == "VarianceOut"   ? "Variance"
                                                     : nullptr;
    for (const auto& n : names) {
      if (in_place && op.HasInput(in_place) && op.Input(in_place) == std::vector<std::string>{n}) {
        continue;
      }
      out.push_back(n);
    }
  }
  return out;
}

// The variables of block `b` > 0 that must keep their name and value: named
// by any other block, or carried from one run of the block to the next (read
// before the block writes them, and written by it). A value the block only
// reads (a weight) need not be: passes make new weights, never change one.
std::set<std::string> ObservedInBlock(const cpp::ProgramDesc& program, int32_t b) {
  std::set<std::string> observed;
  for (size_t i = 0; i < program.blocks.size(); ++i) {
    if (static_cast<int32_t>(i) == b) continue;
    for (const auto& op : program.blocks[i].ops) {
      for (const auto& n : op.InputArgumentNames()) observed.insert(n);
      for (const auto& n : op.OutputArgumentNames()) observed.insert(n);
    }
  }
  std::set<std::string> changed;
  for (const auto& op : program.blocks[b].ops) {
    for (const auto& n : ChangingWrites(op)) changed.insert(n);
  }
  std::set<std::string> written;
  for (const auto& op : program.blocks[b].ops) {
    for (const auto& n : op.InputArgumentNames()) {
      if (!written.count(n) && changed.count(n)) observed.insert(n);
    }
    for (const auto& n : op.OutputArgumentNames()) written.insert(n);
  }
  return observed;
}
}  // namespace

void SSAGraph::Build(const cpp::ProgramDesc& program, const Scope* weights, int32_t block) {
  LITE_ENFORCE(!program.blocks.empty(), "SSAGraph: the program has no blocks");
  LITE_ENFORCE(block >= 0 && block < static_cast<int32_t>(program.blocks.size()),
               "SSAGraph: block ", block, " is not a block of the program (",
               program.blocks.size(), " blocks)");
  nodes_.clear();
  next_id_ = 0;
  original_ = program.blocks[block];
  sub_block_vars_ = block == 0 ? cpp::ControlFlowVarNames(program) : ObservedInBlock(program, block);
  array_vars_ = cpp::TensorArrayNames(program);
  feeds_.clear();
  fetches_.clear();
  if (block == 0) CollectFeedFetch(original_, &feeds_, &fetches_);
  std::map<std::string, Node*> latest;
  auto is_weight = [&](const std::string& name) {
    if (weights) return weights->FindVar(name) != nullptr;
    const cpp::VarDesc* v = original_.FindVar(name);
    return v && v->persistable;
  };
  for (const auto& name : feeds_) {
    Node* arg = NewArg(name, false);
    arg->is_feed = true;
    latest[name] = arg;
  }
  std::set<std::string> block0_reads;
  for (const auto& op : original_.ops) {
    for (const auto& n : op.InputArgumentNames()) block0_reads.insert(n);
  }
  for (const auto& op : original_.ops) {
    if (op.Type() == "feed" || op.Type() == "fetch") continue;
    Node* stmt = NewStmt(op);
    for (const auto& slot : op.inputs()) {
      for (const auto& name : slot.second) {
        auto it = latest.find(name);
        Node* arg = it != latest.end() ? it->second : nullptr;
        if (!arg) {
          arg = NewArg(name, is_weight(name));
          latest[name] = arg;
        }
        // An op reading the same variable in two slots links once.
        if (std::find(stmt->inlinks.begin(), stmt->inlinks.end(), arg) == stmt->inlinks.end()) {
          Link(arg, stmt);
        }
      }
    }
    // A control-flow op also reads and writes, by name, whatever its
    // sub-blocks do (Paddle lists most of it in X/Out; the links make the
    // order and the lifetimes right even when it does not). Only names
    // block 0 knows are linked: the sub-blocks' own temporaries stay theirs.
    std::set<std::string> cf_reads, cf_writes;
    const int32_t sub = cpp::ControlFlowSubBlock(op);
    if (sub > 0) cpp::BlockVarNames(program, sub, &cf_reads, &cf_writes);
    for (const auto& name : cf_reads) {
      auto it = latest.find(name);
      Node* arg = it != latest.end() ? it->second : nullptr;
      if (!arg && is_weight(name)) {
        arg = NewArg(name, true);
        latest[name] = arg;
      }
      if (arg && std::find(stmt->inlinks.begin(), stmt->inlinks.end(), arg) == stmt->inlinks.end()) {
        Link(arg, stmt);
      }
    }
    const auto declared_outputs = op.OutputArgumentNames();
    for (const auto& slot : op.outputs()) {
      for (const auto& name : slot.second) {
        Node* arg = NewArg(name, false);
        Link(stmt, arg);
        latest[name] = arg;
      }
    }
    for (const auto& name : cf_writes) {
      // Known to block 0 already, or read by a later op of block 0.
      if ((!latest.count(name) && !block0_reads.count(name)) || is_weight(name) ||
          std::find(declared_outputs.begin(), declared_outputs.end(), name) !=
              declared_outputs.end()) {
        continue;
      }
      Node* arg = NewArg(name, false);
      Link(stmt, arg);
      latest[name] = arg;
    }
  }
  new_vars_.clear();
  for (const auto& name : fetches_) {
    auto it = latest.find(name);
    LITE_ENFORCE(it != latest.end(), "fetch variable '", name, "' is never produced");
    it->second->is_fetch = true;
  }
}

Node* SSAGraph::NewStmt(const cpp::OpDesc& op) {
  fixed_order_.clear();
  nodes_.emplace_back();
  Node* n = &nodes_.back();
  n->kind = Node::Kind::kStmt;
  n->id = next_id_++;
  n->op = op;
  return n;
}

Node* SSAGraph::NewArg(const std::string& var_name, bool is_weight) {
  nodes_.emplace_back();
  Node* n = &nodes_.back();
  n->kind = Node::Kind::kArg;
  n->id = next_id_++;
  n->var_name = var_name;
  n->is_weight = is_weight;
  n->used_by_sub_block = sub_block_vars_.count(var_name) > 0;
  n->is_array = array_vars_.count(var_name) > 0;
  if (!original_.FindVar(var_name)) new_vars_[var_name] = is_weight;
  return n;
}

void SSAGraph::Link(Node* from, Node* to) {
  from->outlinks.push_back(to);
  to->inlinks.push_back(from);
}

void SSAGraph::Unlink(Node* from, Node* to) {
  from->outlinks.erase(std::remove(from->outlinks.begin(), from->outlinks.end(), to),
                       from->outlinks.end());
  to->inlinks.erase(std::remove(to->inlinks.begin(), to->inlinks.end(), from),
                    to->inlinks.end());
}

void SSAGraph::RemoveNodes(const std::set<Node*>& nodes) {
  fixed_order_.clear();
  for (Node* n : nodes) {
    for (Node* in : std::vector<Node*>(n->inlinks)) Unlink(in, n);
    for (Node* out : std::vector<Node*>(n->outlinks)) Unlink(n, out);
  }
  for (auto it = nodes_.begin(); it != nodes_.end();) {
    auto next = std::next(it);
    if (nodes.count(&*it) > 0) {
      it->removed = true;
      removed_.splice(removed_.end(), nodes_, it);
    }
    it = next;
  }
}

namespace {
void RenameIn(std::map<std::string, std::vector<std::string>>* slots,
              const std::string& from, const std::string& to) {
  for (auto& kv : *slots) {
    for (auto& name : kv.second) {
      if (name == from) name = to;
    }
  }
}
}  // namespace

void SSAGraph::ReplaceInput(Node* stmt, Node* old_arg, Node* new_arg) {
  LITE_ENFORCE(stmt && old_arg && new_arg, "graph pass: replacing an input of op '",
               stmt ? stmt->op.Type() : "?", "' with a missing variable");
  RenameIn(&stmt->op.mutable_inputs(), old_arg->var_name, new_arg->var_name);
  Unlink(old_arg, stmt);
  if (std::find(stmt->inlinks.begin(), stmt->inlinks.end(), new_arg) == stmt->inlinks.end()) {
    Link(new_arg, stmt);
  }
}

void SSAGraph::ReplaceOutput(Node* stmt, Node* old_arg, Node* new_arg) {
  LITE_ENFORCE(stmt && old_arg && new_arg, "graph pass: replacing an output of op '",
               stmt ? stmt->op.Type() : "?", "' with a missing variable");
  RenameIn(&stmt->op.mutable_outputs(), old_arg->var_name, new_arg->var_name);
  Unlink(stmt, old_arg);
  Link(stmt, new_arg);
}

std::vector<Node*> SSAGraph::Stmts() const {
  std::vector<Node*> r;
  for (auto& n : nodes_) {
    if (n.IsStmt()) r.push_back(const_cast<Node*>(&n));
  }
  return r;
}

std::vector<Node*> SSAGraph::Args() const {
  std::vector<Node*> r;
  for (auto& n : nodes_) {
    if (n.IsArg()) r.push_back(const_cast<Node*>(&n));
  }
  return r;
}

std::vector<Node*> SSAGraph::StmtTopologicalOrder() const {
  if (!fixed_order_.empty()) return fixed_order_;
  // Data dependencies through argument nodes, plus the ordering between
  // versions of one variable name (some exports write a name several
  // times): every reader of version k, and its writer, run before the
  // writer of version k+1. Versions are ordered by creation (program order).
  std::map<Node*, std::vector<Node*>> extra_succ;
  std::map<std::string, std::vector<Node*>> versions;
  for (Node* a : Args()) versions[a->var_name].push_back(a);
  for (auto& kv : versions) {
    auto& v = kv.second;
    if (v.size() < 2) continue;
    std::sort(v.begin(), v.end(), [](Node* x, Node* y) { return x->id < y->id; });
    for (size_t k = 0; k + 1 < v.size(); ++k) {
      Node* next_writer = v[k + 1]->Producer();
      if (!next_writer) continue;
      std::vector<Node*> before(v[k]->outlinks);
      if (v[k]->Producer()) before.push_back(v[k]->Producer());
      for (Node* b : before) {
        if (b != next_writer) extra_succ[b].push_back(next_writer);
      }
    }
  }
  std::map<Node*, int> pending;
  for (Node* s : Stmts()) {
    int deps = 0;
    for (Node* arg : s->inlinks) deps += arg->Producer() ? 1 : 0;
    pending[s] = deps;
  }
  for (auto& kv : extra_succ) {
    for (Node* t : kv.second) pending[t]++;
  }
  auto cmp = [](Node* a, Node* b) { return a->id > b->id; };
  std::priority_queue<Node*, std::vector<Node*>, decltype(cmp)> ready(cmp);
  for (auto& kv : pending) {
    if (kv.second == 0) ready.push(kv.first);
  }
  std::vector<Node*> order;
  while (!ready.empty()) {
    Node* s = ready.top();
    ready.pop();
    order.push_back(s);
    auto release = [&](Node* t) {
      if (--pending[t] == 0) ready.push(t);
    };
    for (Node* arg : s->outlinks) {
      for (Node* consumer : arg->outlinks) release(consumer);
    }
    auto it = extra_succ.find(s);
    if (it != extra_succ.end()) {
      for (Node* t : it->second) release(t);
    }
  }
  LITE_ENFORCE(order.size() == pending.size(), "SSAGraph: the graph has a cycle (",
               pending.size() - order.size(), " ops never became ready)");
  return order;
}

void SSAGraph::FixOrder(const std::vector<Node*>& order) {
  LITE_ENFORCE(order.size() == Stmts().size(), "SSAGraph::FixOrder: ", order.size(),
               " ops given, the graph has ", Stmts().size());
  fixed_order_ = order;
}

void SSAGraph::ToBlock(cpp::BlockDesc* block) const {
  block->ops.clear();
  for (size_t i = 0; i < feeds_.size(); ++i) {
    cpp::OpDesc feed("feed");
    feed.SetInput("X", {"feed"});
    feed.SetOutput("Out", {feeds_[i]});
    feed.SetAttr("col", static_cast<int32_t>(i));
    block->ops.push_back(feed);
  }
  for (Node* s : StmtTopologicalOrder()) block->ops.push_back(s->op);
  for (size_t i = 0; i < fetches_.size(); ++i) {
    cpp::OpDesc fetch("fetch");
    fetch.SetInput("X", {fetches_[i]});
    fetch.SetOutput("Out", {"fetch"});
    fetch.SetAttr("col", static_cast<int32_t>(i));
    block->ops.push_back(fetch);
  }
  // Keep the VarDescs still referenced, add the new ones.
  std::set<std::string> used = {"feed", "fetch"};
  for (auto& n : nodes_) {
    if (n.IsArg()) used.insert(n.var_name);
  }
  std::vector<cpp::VarDesc> vars;
  for (const auto& v : original_.vars) {
    // Tensor arrays stay declared: a nested block may be their only user.
    if (used.count(v.name) || v.type == cpp::VarKind::LOD_TENSOR_ARRAY) vars.push_back(v);
  }
  for (const auto& kv : new_vars_) {
    if (!used.count(kv.first) || original_.FindVar(kv.first)) continue;
    cpp::VarDesc v;
    v.name = kv.first;
    v.persistable = kv.second;
    vars.push_back(v);
  }
  block->vars = vars;
}

std::string SSAGraph::Dot(const std::map<const Node*, int>& cluster_of) const {
  // The format Paddle Lite prints under GLOG_v=5 (see the NNAdapter doc):
  // node_<id>[label="..."] lines, then node_<a>->node_<b> edges; ops of a
  // subgraph cluster are filled with the cluster's colour.
  static const char* kColors[] = {"red", "green", "cyan", "yellow", "orange",
                                  "purple", "pink", "brown", "gold", "blue"};
  std::ostringstream os;
  os << "digraph G {\n";
  for (auto& n : nodes_) {
    os << "node_" << n.id << "[label=\"" << (n.IsStmt() ? n.op.Type() : n.var_name) << "\"";
    if (n.IsStmt()) {
      os << ",shape=box";
      auto it = cluster_of.find(&n);
      if (it != cluster_of.end() && it->second >= 0) {
        os << ",style=filled,fillcolor=\"" << kColors[it->second % 10] << "\"";
      }
    }
    os << "]\n";
  }
  for (auto& n : nodes_) {
    for (Node* out : n.outlinks) os << "node_" << n.id << "->node_" << out->id << "\n";
  }
  os << "} // end G\n";
  return os.str();
}

int ConsumerCount(const Node* arg) {
  return static_cast<int>(arg->outlinks.size()) + (arg->Observed() ? 1 : 0);
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
