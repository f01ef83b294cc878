#include "lite/graph/pass.h"

#include <glog/logging.h>

#include "lite/graph/passes/passes.h"

namespace paddle {
namespace lite {
namespace graph {

namespace {
struct PassEntry {
  const char* name;
  std::unique_ptr<Pass> (*create)();
};

template <typename T>
std::unique_ptr<Pass> Make() {
  return std::unique_ptr<Pass>(new T());
}

const std::vector<PassEntry>& PassTable() {
  static const std::vector<PassEntry> table = {
#define LITE_PASS(name__, class__) {#name__, &Make<class__>},
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
  SSAGraph graph;
  graph.Build(*program, weights);
  std::vector<std::pair<std::string, int>> applied;
  for (const auto& name : DefaultPassNames()) {
    if (options.disabled.count(name)) {
      VLOG(3) << "pass " << name << ": disabled";
      continue;
    }
    PassContext ctx{program, weights, &options};
    int n = CreatePass(name)->Apply(&graph, ctx);
    VLOG(3) << "pass " << name << ": " << n << " rewrites";
    VLOG(6) << "graph after " << name << ":\n" << graph.Dot();
    applied.emplace_back(name, n);
  }
  graph.ToBlock(&program->blocks[0]);
  return applied;
}

}  // namespace graph
}  // namespace lite
}  // namespace paddle
