// Splits a model over several devices (pure function, unit-tested).
#ifndef NNADAPTER_RUNTIME_PARTITION_H_
#define NNADAPTER_RUNTIME_PARTITION_H_

#include <string>
#include <vector>

#include "nnadapter/hal/types.h"

namespace nnadapter {
namespace runtime {

struct PartitionPlan {
  struct SubModel {
    size_t device = 0;                   // index into the context's devices
    std::vector<size_t> operations;      // indexes in model.operations order,
                                         // in execution (topological) order
    std::vector<const core::Operand*> inputs;   // first-use order
    std::vector<const core::Operand*> outputs;  // production order
  };
  std::vector<SubModel> sub_models;  // in execution order
};

// `device_of[i]` is the device chosen for the i-th operation of
// model.operations. Operations are scheduled in a topological order that
// keeps extending the current sub-model while one of its device's operations
// is ready (ties: lowest model position), so every sub-model only consumes
// model inputs, constants and outputs of earlier sub-models: the plan is
// cycle-free and deterministic. A sub-model's outputs are the operands it
// produces that are model outputs or are consumed by another sub-model.
bool PartitionModel(const core::Model& model,
                    const std::vector<size_t>& device_of, PartitionPlan* plan,
                    std::string* error);

// For each operation (model order) the first device (index) whose row in
// `supported[device][op]` is true; returns false and names the first
// unsupported operation in `error`.
bool AssignDevices(const core::Model& model,
                   const std::vector<std::vector<bool>>& supported,
                   const std::vector<std::string>& device_names,
                   std::vector<size_t>* device_of, std::string* error);

}  // namespace runtime
}  // namespace nnadapter

#endif  // NNADAPTER_RUNTIME_PARTITION_H_
