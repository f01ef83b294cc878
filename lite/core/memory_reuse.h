// Activation memory reuse by lifetimes: the one algorithm behind the
// optimizer's memory_optimize_pass (lite/graph) and the light runtime's plan
// for Paddle Lite programs it runs as stored (lite/model_parser/
// paddle_lite_nb/paddle_lite_nb_light_plan.cc). Variables whose lifetimes
// (first write .. last read, along the steps) do not overlap get one name,
// so one tensor serves several activations.
#pragma once
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace paddle {
namespace lite {

// One op, in execution order: the variable names it reads and writes.
struct ReuseStep {
  std::vector<std::string> inputs, outputs;
};

// The renaming (old name -> the name it shares) for `steps` run in order.
// Only names for which `eligible` is true are renamed or handed out, and of
// those only names written by exactly one step and not read before it
// (a name written twice keeps its storage: its next write could clobber a
// new owner). A freed name is handed out last-freed first, never to a step
// that also reads it. The values are names that are never renamed, so the
// map can be applied to every op at once.
std::map<std::string, std::string> PlanMemoryReuse(
    const std::vector<ReuseStep>& steps, const std::function<bool(const std::string&)>& eligible);

// The same on names already interned as ids 0 .. eligible.size() - 1:
// step i reads ins[i] and writes outs[i]. Returns, per id, the id whose
// name it takes (itself when it keeps its own).
std::vector<int> PlanMemoryReuseIds(const std::vector<std::vector<int>>& ins,
                                    const std::vector<std::vector<int>>& outs,
                                    const std::vector<bool>& eligible);

}  // namespace lite
}  // namespace paddle
