// Graph passes and the pass manager.
#pragma once
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "lite/core/nnadapter_options.h"
#include "lite/graph/ssa_graph.h"

namespace paddle {
namespace lite {
namespace graph {

struct PassOptions {
  // Pass names to skip (unknown names are an error).
  std::set<std::string> disabled;
  // NNAdapter settings; the subgraph pass runs only when devices are set.
  NNAdapterOptions nnadapter;
  // int8 requested (a valid place with PRECISION(kInt8)): the QAT passes
  // fold fake quant-dequant ops into int8 scales and int8 weights.
  bool int8{false};
  // Mixed precision (set_nnadapter_mixed_precision_quantization_config_*):
  // quantized ops matching a rule of this config (the partition config's
  // syntax) are not folded to int8 and run in float. Source names it in
  // messages.
  std::string mixed_precision_config;
  std::string mixed_precision_source;
};

// What a pass may touch besides the graph.
struct PassContext {
  cpp::ProgramDesc* program{nullptr};  // e.g. to add the blocks of subgraphs
  Scope* weights{nullptr};             // add new weights, never modify existing
  const PassOptions* options{nullptr};
};

class Pass {
 public:
  virtual ~Pass() = default;
  // Rewrites the graph; may add new weight tensors to ctx.weights (never
  // modifies existing ones, which other programs may share). Returns the
  // number of rewrites applied (for logging and tests).
  virtual int Apply(SSAGraph* graph, const PassContext& ctx) = 0;
};

// Names of the passes in the default order (the table in passes.inc).
std::vector<std::string> DefaultPassNames();
// Creates a pass by name; throws Error listing the known names.
std::unique_ptr<Pass> CreatePass(const std::string& name);

// Runs the default passes in order on block 0 of `program`, and those the
// table marks kEveryBlock inside every control-flow block too (before block
// 0's), logging each (GLOG_v=3: name, block and rewrite count; GLOG_v=6: the
// graph after each pass). Returns the rewrite count of each pass (all
// blocks), in order.
std::vector<std::pair<std::string, int>> RunPasses(cpp::ProgramDesc* program,
                                                   Scope* weights,
                                                   const PassOptions& options);

}  // namespace graph
}  // namespace lite
}  // namespace paddle
