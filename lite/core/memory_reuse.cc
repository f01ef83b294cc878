#include "lite/core/memory_reuse.h"

#include <algorithm>
#include <unordered_map>

namespace paddle {
namespace lite {

std::vector<int> PlanMemoryReuseIds(const std::vector<std::vector<int>>& ins,
                                    const std::vector<std::vector<int>>& outs,
                                    const std::vector<bool>& eligible) {
  // Per id: how often it is written, the step writing it first, its first
  // read and its last use.
  struct Facts {
    int writes{0}, first_write{-1}, first_read{-1}, last_use{-1};
    bool usable{false};
  };
  const size_t steps = std::min(ins.size(), outs.size());
  std::vector<Facts> facts(eligible.size());
  for (size_t i = 0; i < steps; ++i) {
    const int at = static_cast<int>(i);
    for (int id : outs[i]) {
      Facts& f = facts[id];
      if (f.writes++ == 0) f.first_write = at;
      f.last_use = at;
    }
    for (int id : ins[i]) {
      Facts& f = facts[id];
      if (f.first_read < 0) f.first_read = at;
      f.last_use = at;
    }
  }
  for (size_t id = 0; id < facts.size(); ++id) {
    Facts& f = facts[id];
    f.usable = f.writes == 1 && (f.first_read < 0 || f.first_read > f.first_write) && eligible[id];
  }
  std::vector<int> current(facts.size());  // id -> the id whose name it uses
  for (size_t id = 0; id < current.size(); ++id) current[id] = static_cast<int>(id);
  std::vector<int> pool;  // free names, reused last-freed first
  for (size_t i = 0; i < steps; ++i) {
    for (int out : outs[i]) {
      if (!facts[out].usable || pool.empty()) continue;
      // Never a name this step also reads.
      auto it = std::find_if(pool.rbegin(), pool.rend(), [&](int name) {
        return std::none_of(ins[i].begin(), ins[i].end(),
                            [&](int in) { return current[in] == name; });
      });
      if (it == pool.rend()) continue;
      current[out] = *it;
      pool.erase(std::next(it).base());
    }
    // Release what dies here (inputs last read here, outputs never read).
    for (const auto* list : {&ins[i], &outs[i]}) {
      for (int id : *list) {
        if (!facts[id].usable || facts[id].last_use != static_cast<int>(i)) continue;
        if (std::find(pool.begin(), pool.end(), current[id]) == pool.end()) {
          pool.push_back(current[id]);
        }
      }
    }
  }
  return current;
}

std::map<std::string, std::string> PlanMemoryReuse(
    const std::vector<ReuseStep>& steps, const std::function<bool(const std::string&)>& eligible) {
  std::unordered_map<std::string, int> ids;
  std::vector<const std::string*> names;
  auto id_of = [&](const std::string& n) {
    auto r = ids.emplace(n, static_cast<int>(names.size()));
    if (r.second) names.push_back(&r.first->first);
    return r.first->second;
  };
  std::vector<std::vector<int>> ins(steps.size()), outs(steps.size());
  for (size_t i = 0; i < steps.size(); ++i) {
    for (const auto& n : steps[i].inputs) ins[i].push_back(id_of(n));
    for (const auto& n : steps[i].outputs) outs[i].push_back(id_of(n));
  }
  std::vector<bool> ok(names.size());
  for (size_t id = 0; id < names.size(); ++id) ok[id] = eligible(*names[id]);
  const std::vector<int> current = PlanMemoryReuseIds(ins, outs, ok);
  std::map<std::string, std::string> renamed;
  for (size_t id = 0; id < current.size(); ++id) {
    if (current[id] != static_cast<int>(id)) renamed[*names[id]] = *names[current[id]];
  }
  return renamed;
}

}  // namespace lite
}  // namespace paddle
