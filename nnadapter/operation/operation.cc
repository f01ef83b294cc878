// The dispatch table (generated from operation_types.inc) and the entry
// points: ValidateAndInferOperation (operation.h) and the execution-time
// re-inference (shape_inference.h). Both run the same per-operation code.
#include "operation/operation.h"

#include <cmath>
#include <exception>
#include <vector>

#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/modeling.h"
#include "operation/context.h"
#include "operation/shape_inference.h"

namespace nnadapter {
namespace operation {
namespace {

using InferFunction = void (*)(Context*);

struct Definition {
  NNAdapterOperationType type;
  const char* name;
  InferFunction infer;
};

const Definition kDefinitions[] = {
#define NNADAPTER_OPERATION(name, code) {code, #name, &Infer_##name},
#include "nnadapter/operation_types.inc"
};

const Definition* FindDefinition(NNAdapterOperationType type) {
  for (const Definition& d : kDefinitions) {
    if (d.type == type) return &d;
  }
  return nullptr;
}

// Runs the definition once per alternative input shape (dimensions'
// dynamic_data) and stores the results in the outputs' dynamic_data.
void InferDynamicShapes(const Definition& def, core::Operation* op,
                        const std::vector<NNAdapterOperandType>& original) {
  Context ctx(op, def.name);
  uint32_t count = 0;
  uint32_t first = 0;
  for (uint32_t i = 0; i < op->input_operands.size(); i++) {
    const core::Operand* operand = op->input_operands[i];
    if (!operand || operand->type.dimensions.dynamic_count == 0) continue;
    const uint32_t n = operand->type.dimensions.dynamic_count;
    if (count == 0) {
      count = n;
      first = i;
    } else if (n != count) {
      ctx.FailInput(i, "expected " + std::to_string(count) +
                           " dynamic shapes (as input " +
                           std::to_string(first) + "), got " +
                           std::to_string(n));
    }
  }
  for (core::Operand* out : op->output_operands) {
    out->type.dimensions.dynamic_count = count;
  }
  for (uint32_t k = 0; k < count; k++) {
    std::vector<core::Operand> inputs(op->input_operands.size());
    std::vector<core::Operand> outputs(op->output_operands.size());
    core::Operation shaped;
    shaped.type = op->type;
    for (size_t i = 0; i < inputs.size(); i++) {
      const core::Operand* operand = op->input_operands[i];
      if (!operand) {
        shaped.input_operands.push_back(nullptr);
        continue;
      }
      inputs[i] = *operand;
      auto& dims = inputs[i].type.dimensions;
      if (dims.dynamic_count > 0) {
        for (uint32_t d = 0; d < dims.count; d++) {
          dims.data[d] = dims.dynamic_data[k][d];
        }
      }
      dims.dynamic_count = 0;
      shaped.input_operands.push_back(&inputs[i]);
    }
    for (size_t j = 0; j < outputs.size(); j++) {
      outputs[j].type = original[j];
      outputs[j].type.dimensions.dynamic_count = 0;
      shaped.output_operands.push_back(&outputs[j]);
    }
    Context shaped_ctx(&shaped, def.name);
    try {
      def.infer(&shaped_ctx);
    } catch (ValidationError& e) {
      e.message += " (dynamic shape " + std::to_string(k) + ")";
      throw;
    }
    for (size_t j = 0; j < outputs.size(); j++) {
      auto& target = op->output_operands[j]->type.dimensions;
      const auto& got = outputs[j].type.dimensions;
      if (got.count != target.count) {
        ctx.FailOutput(static_cast<uint32_t>(j),
                       "dynamic shape " + std::to_string(k) + " gives rank " +
                           std::to_string(got.count) + ", expected rank " +
                           std::to_string(target.count));
      }
      for (uint32_t d = 0; d < got.count; d++) {
        target.dynamic_data[k][d] = got.data[d];
      }
    }
  }
}

int Run(core::Operation* op, std::string* message, bool keep_caller_dims) {
  std::string scratch;
  if (!message) message = &scratch;
  if (!op) {
    *message = "operation is null";
    return NNADAPTER_INVALID_PARAMETER;
  }
  const Definition* def = FindDefinition(op->type);
  if (!def) {
    *message = "unknown operation type " + std::to_string(op->type);
    return NNADAPTER_FEATURE_NOT_SUPPORTED;
  }
  for (size_t j = 0; j < op->output_operands.size(); j++) {
    if (!op->output_operands[j]) {
      *message = std::string(def->name) + ": output " + std::to_string(j) +
                 ": expected an operand, got null";
      return NNADAPTER_INVALID_PARAMETER;
    }
  }
  std::vector<NNAdapterOperandType> original;
  for (const core::Operand* out : op->output_operands) {
    original.push_back(out->type);
  }
  auto restore = [&]() {
    for (size_t j = 0; j < original.size(); j++) {
      op->output_operands[j]->type = original[j];
    }
  };
  try {
    Context ctx(op, def->name);
    def->infer(&ctx);
    InferDynamicShapes(*def, op, original);
    if (keep_caller_dims) {
      for (size_t j = 0; j < original.size(); j++) {
        auto& dims = op->output_operands[j]->type.dimensions;
        const auto& caller = original[j].dimensions;
        if (caller.count != dims.count) continue;
        for (uint32_t d = 0; d < dims.count; d++) {
          if (dims.data[d] < 0 && caller.data[d] >= 0) {
            dims.data[d] = caller.data[d];
          }
        }
      }
    }
    return NNADAPTER_NO_ERROR;
  } catch (const ValidationError& e) {
    restore();
    *message = e.message;
    return e.code;
  } catch (const std::exception& e) {
    restore();
    *message = std::string(def->name) + ": " + e.what();
    return NNADAPTER_INVALID_PARAMETER;
  } catch (...) {
    restore();
    *message = std::string(def->name) + ": unexpected error";
    return NNADAPTER_INVALID_PARAMETER;
  }
}

}  // namespace

int ValidateAndInferOperation(core::Operation* op, std::string* message) {
  return Run(op, message, /*keep_caller_dims=*/true);
}

int InferOperationOutputs(core::Operation* op, std::string* message) {
  return Run(op, message, /*keep_caller_dims=*/false);
}

int InferModelOutputs(core::Model* model, std::string* message) {
  std::string scratch;
  if (!message) message = &scratch;
  if (!model) {
    *message = "model is null";
    return NNADAPTER_INVALID_PARAMETER;
  }
  std::vector<const core::Operation*> sorted;
  if (!SortOperationsInTopologicalOrder(model, &sorted)) {
    *message = "the model has a cycle";
    return NNADAPTER_INVALID_PARAMETER;
  }
  for (size_t k = 0; k < sorted.size(); k++) {
    const int rc =
        InferOperationOutputs(const_cast<core::Operation*>(sorted[k]), message);
    if (rc != NNADAPTER_NO_ERROR) {
      *message = "operation " + std::to_string(k) + ": " + *message;
      return rc;
    }
  }
  return NNADAPTER_NO_ERROR;
}

bool HasOperationDefinition(NNAdapterOperationType type) {
  return FindDefinition(type) != nullptr;
}

}  // namespace operation
}  // namespace nnadapter
