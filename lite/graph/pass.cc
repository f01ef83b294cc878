#include "lite/graph/pass.h"

#include <glog/logging.h>

#include <map>

#include "lite/graph/passes/passes.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {
enum PassBlocks { kBlock0, kEveryBlock };

struct PassEntry {
  const char* name;
  std::unique_ptr<Pass> (*create)();
  PassBlocks blocks;
};

template <typename T>
std::unique_ptr<Pass> Make() {
  return std::unique_ptr<Pass>(new T());
}

const std::vector<PassEntry>& PassTable() {
  static const std::vector<PassEntry> table = {
#define LITE_PASS(name__, class__, blocks__) {#name__, &Make<class__>, blocks__},
#include "lite/graph/passes/passes.inc"
#undef LITE_PASS
  };
  return table;
}
}  // namespace

std::vector<std::string> DefaultPassNames() {
  std::vector<std::string> names;
  for (const auto& e : PassTable()) names.push_back(e.name);
  return names;
}

std::unique_ptr<Pass> CreatePass(const std::string& name) {
  for (const auto& e : PassTable()) {
    if (name == e.name) return e.create();
  }
  std::string known;
  for (const auto& n : DefaultPassNames()) known += (known.empty() ? "" : ", ") + n;
  ThrowError("unknown pass '", name, "' (known passes: ", known, ")");
}

std::vector<std::pair<std::string, int>> RunPasses(cpp::ProgramDesc* program,
                                                   Scope* weights,
                                                   const PassOptions& options) {
  for (const auto& d : options.disabled) CreatePass(d);  // validates the name
  const PassContext ctx{program, weights, &options};
  // The kEveryBlock passes inside each control-flow block first (their
  // rewrite counts are added to block 0's below).
  std::map<std::string, int> in_sub_blocks;
  for (int32_t b : cpp::ControlFlowBlocks(*program)) {
    SSAGraph body;
    body.Build(*program, weights, b);
    for (const auto& e : PassTable()) {
      if (e.blocks != kEveryBlock || options.disabled.count(e.name)) continue;
      const int n = e.create()->Apply(&body, ctx);
      VLOG(3) << "pass " << e.name << " in block " << b << ": " << n << " rewrites";
      in_sub_blocks[e.name] += n;
    }
    body.ToBlock(&program->blocks[b]);
  }
  SSAGraph graph;
  graph.Build(*program, weights);
  std::vector<std::pair<std::string, int>> applied;
  for (const auto& e : PassTable()) {
    if (options.disabled.count(e.name)) {
      VLOG(3) << "pass " << e.name << ": disabled";
      continue;
    }
    const int n = e.create()->Apply(&graph, ctx);
    VLOG(3) << "pass " << e.name << ": " << n << " rewrites";
    VLOG(6) << "graph after " << e.name << ":\n" << graph.Dot();
    applied.emplace_back(e.name, n + in_sub_blocks[e.name]);
  }
  graph.ToBlock(&program->blocks[0]);
  return applied;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
