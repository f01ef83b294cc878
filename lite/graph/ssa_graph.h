// SSA graph of block 0: statement nodes (ops) and argument nodes
// (variables); every write of a variable makes a new argument node, so each
// argument node has at most one producer. Passes rewrite the graph; ToBlock
// turns it back into a block in a deterministic topological order.
#pragma once
#include <list>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {
namespace graph {

struct Node {
  enum class Kind { kStmt, kArg };
  Kind kind{Kind::kArg};
  int id{0};  // creation order; the tie-break of every ordering
  // kStmt
  cpp::OpDesc op;
  // kArg
  std::string var_name;
  bool is_weight{false};  // persistable variable (in the weights scope)
  bool is_feed{false};
  bool is_fetch{false};
  // The variable is read or written by name in a block run by a control-flow
  // op (while, conditional_block): passes keep its name and its value.
  bool used_by_sub_block{false};
  // A tensor array (LOD_TENSOR_ARRAY): never shares storage with a tensor.
  bool is_array{false};
  // Set by SSAGraph::RemoveNodes: the node stays allocated (so a pass may keep
  // iterating over an order computed before the removal) but is out of the graph.
  bool removed{false};

  std::vector<Node*> inlinks;   // stmt: its input args; arg: its producer
  std::vector<Node*> outlinks;  // stmt: its output args; arg: its consumers

  bool IsStmt() const { return kind == Kind::kStmt; }
  bool IsArg() const { return kind == Kind::kArg; }
  // The producer of an argument node (nullptr for feeds and weights).
  Node* Producer() const { return inlinks.empty() ? nullptr : inlinks[0]; }
  // Something outside block 0's ops reads this variable by name (a model
  // output or a control-flow sub-block): it may be neither renamed, removed
  // nor folded away.
  bool Observed() const { return is_fetch || used_by_sub_block; }
};

class SSAGraph {
 public:
  // Builds from block 0. feed/fetch ops become flags on argument nodes;
  // variables the control-flow sub-blocks use are marked used_by_sub_block
  // (the sub-blocks themselves are left to the runtime, untouched).
  // `weights` decides which variables are weights (persistable ones present
  // there); may be null (then VarDesc.persistable decides).
  void Build(const cpp::ProgramDesc& program, const Scope* weights);
  // Builds from block `block` > 0 (a control-flow block, for the passes
  // that act inside loop bodies and branches): no feeds or fetches; every
  // variable another block names, and every one the block reads before
  // writing it (a value carried from the previous iteration; batch_norm's
  // in-place MeanOut/VarianceOut do not count as writes), is
  // used_by_sub_block (Observed), so only the block's own temporaries are
  // free to change.
  void Build(const cpp::ProgramDesc& program, const Scope* weights, int32_t block);

  // Statement nodes in a deterministic topological order (Kahn's algorithm,
  // smallest id first among ready nodes), honouring the order between
  // versions of a variable name written several times; or the order given
  // to FixOrder, until the next structural change.
  std::vector<Node*> StmtTopologicalOrder() const;
  // Pins the execution order (used by passes that assign names along an
  // order, e.g. memory reuse, so the block is written in that order).
  void FixOrder(const std::vector<Node*>& order);
  std::vector<Node*> Stmts() const;
  std::vector<Node*> Args() const;

  Node* NewStmt(const cpp::OpDesc& op);
  Node* NewArg(const std::string& var_name, bool is_weight);
  static void Link(Node* from, Node* to);
  static void Unlink(Node* from, Node* to);
  // Removes nodes and all their links.
  void RemoveNodes(const std::set<Node*>& nodes);
  // Replaces argument `old_arg` by `new_arg` in stmt's inputs (desc + links).
  static void ReplaceInput(Node* stmt, Node* old_arg, Node* new_arg);
  // Makes `stmt` produce `arg` instead of `old_arg` (desc + links).
  static void ReplaceOutput(Node* stmt, Node* old_arg, Node* new_arg);

  // Writes the ops back into `block` (block.ops replaced, feed/fetch ops
  // regenerated; vars of removed arguments dropped, new ones added).
  void ToBlock(cpp::BlockDesc* block) const;

  // DOT text; `cluster_of` colours statements by cluster id (-1 = none).
  std::string Dot(const std::map<const Node*, int>& cluster_of = {}) const;

  // Names of feed/fetch variables in col order.
  const std::vector<std::string>& feeds() const { return feeds_; }
  const std::vector<std::string>& fetches() const { return fetches_; }

 private:
  std::list<Node> nodes_;
  std::list<Node> removed_;  // removed nodes, kept alive until the graph dies
  int next_id_{0};
  std::vector<std::string> feeds_, fetches_;
  cpp::BlockDesc original_;
  std::map<std::string, bool> new_vars_;  // name -> persistable
  std::set<std::string> sub_block_vars_;   // ControlFlowVarNames
  std::set<std::string> array_vars_;       // TensorArrayNames
  std::vector<Node*> fixed_order_;
};

// Number of consumers of an argument (fetch, or a sub-block using the
// variable, counts as one).
int ConsumerCount(const Node* arg);

}  // namespace graph
}  // namespace lite
}  // namespace paddle
