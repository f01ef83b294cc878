#include "runtime/partition.h"

#include <map>
#include <set>
#include <unordered_map>

#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter {
namespace runtime {

bool AssignDevices(const core::Model& model,
                   const std::vector<std::vector<bool>>& supported,
                   const std::vector<std::string>& device_names,
                   std::vector<size_t>* device_of, std::string* error) {
  device_of->clear();
  size_t i = 0;
  for (const auto& op : model.operations) {
    size_t chosen = supported.size();
    for (size_t d = 0; d < supported.size(); d++) {
      if (i < supported[d].size() && supported[d][i]) {
        chosen = d;
        break;
      }
    }
    if (chosen == supported.size()) {
      std::string names;
      for (const auto& n : device_names) names += (names.empty() ? "" : ", ") + n;
      *error = "operation #" + std::to_string(i) + " (" +
               OperationTypeName(op.type) +
               ") is not supported by any device of the context (" + names +
               ")";
      return false;
    }
    device_of->push_back(chosen);
    i++;
  }
  return true;
}

bool PartitionModel(const core::Model& model,
                    const std::vector<size_t>& device_of, PartitionPlan* plan,
                    std::string* error) {
  plan->sub_models.clear();
  std::vector<const core::Operation*> ops;
  for (const auto& op : model.operations) ops.push_back(&op);
  if (device_of.size() != ops.size()) {
    *error = "internal: device assignment size mismatch";
    return false;
  }
  std::unordered_map<const core::Operand*, size_t> producer;
  for (size_t i = 0; i < ops.size(); i++) {
    for (const auto* out : ops[i]->output_operands) {
      if (out) producer[out] = i;
    }
  }
  std::vector<std::set<size_t>> consumers(ops.size());
  std::vector<size_t> pending(ops.size(), 0);
  for (size_t i = 0; i < ops.size(); i++) {
    std::set<size_t> deps;
    for (const auto* in : ops[i]->input_operands) {
      auto it = in ? producer.find(in) : producer.end();
      if (it != producer.end() && it->second != i) deps.insert(it->second);
    }
    for (size_t d : deps) consumers[d].insert(i);
    pending[i] = deps.size();
  }
  std::set<size_t> ready;
  for (size_t i = 0; i < ops.size(); i++) {
    if (pending[i] == 0) ready.insert(i);
  }
  std::vector<size_t> segment_of(ops.size(), 0);
  size_t scheduled = 0;
  while (!ready.empty()) {
    size_t next = *ready.begin();
    if (!plan->sub_models.empty()) {
      const size_t current = plan->sub_models.back().device;
      for (size_t i : ready) {
        if (device_of[i] == current) {
          next = i;
          break;
        }
      }
    }
    ready.erase(next);
    if (plan->sub_models.empty() ||
        plan->sub_models.back().device != device_of[next]) {
      plan->sub_models.emplace_back();
      plan->sub_models.back().device = device_of[next];
    }
    plan->sub_models.back().operations.push_back(next);
    segment_of[next] = plan->sub_models.size() - 1;
    scheduled++;
    for (size_t c : consumers[next]) {
      if (--pending[c] == 0) ready.insert(c);
    }
  }
  if (scheduled != ops.size()) {
    *error = "the model has a cycle";
    plan->sub_models.clear();
    return false;
  }
  // Inputs/outputs of each sub-model.
  for (size_t s = 0; s < plan->sub_models.size(); s++) {
    auto& sub = plan->sub_models[s];
    std::set<const core::Operand*> seen_in;
    for (size_t i : sub.operations) {
      for (const auto* in : ops[i]->input_operands) {
        if (!in || IsConstantOperand(in) || seen_in.count(in)) continue;
        auto it = producer.find(in);
        if (it != producer.end() && segment_of[it->second] == s) continue;
        seen_in.insert(in);
        sub.inputs.push_back(in);
      }
    }
    for (size_t i : sub.operations) {
      for (const auto* out : ops[i]->output_operands) {
        if (!out) continue;
        bool needed = IsModelOutputOperand(out);
        for (size_t c = 0; c < ops.size() && !needed; c++) {
          if (segment_of[c] == s) continue;
          for (const auto* in : ops[c]->input_operands) {
            if (in == out) needed = true;
          }
        }
        if (needed) sub.outputs.push_back(out);
      }
    }
  }
  return true;
}

}  // namespace runtime
}  // namespace nnadapter
