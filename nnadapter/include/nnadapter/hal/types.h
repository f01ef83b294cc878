// HAL data structures shared by the runtime and the device drivers (C++).
//
// The runtime hands drivers a core::Model: operands and operations in
// std::lists (stable addresses), model inputs/outputs in order. Operations
// are NOT guaranteed to be in topological order; use
// nnadapter::SortOperationsInTopologicalOrder (utility/modeling.h).
#ifndef NNADAPTER_HAL_TYPES_H_
#define NNADAPTER_HAL_TYPES_H_

#include <cstdint>
#include <list>
#include <vector>

#include "nnadapter/nnadapter.h"

namespace nnadapter {
namespace core {

// A tensor of the model. `buffer`/`length` hold the value of constants
// (lifetime NNADAPTER_CONSTANT_COPY/REFERENCE) and are null/0 otherwise.
// Per-channel quantization scales in `type` point into memory owned by the
// model that owns the operand.
struct Operand {
  NNAdapterOperandType type;
  void* buffer = nullptr;
  uint32_t length = 0;
};

// An execution argument: `index` is the model input/output index; the
// driver calls `access(memory, &type)` to learn the actual dimensions (for
// inputs) or to publish the final dimensions and obtain the host buffer
// (for outputs).
struct Argument {
  int index = -1;
  void* memory = nullptr;
  void* (*access)(void* memory, NNAdapterOperandType* type) = nullptr;
};

// An operation: inputs and outputs in the order the standard defines.
struct Operation {
  NNAdapterOperationType type = 0;
  std::vector<Operand*> input_operands;
  std::vector<Operand*> output_operands;
};

// The compiled-program cache of one (sub-)model.
//   create_program with a non-empty `buffer`: the driver must rebuild the
//   program from it (the model pointer may be null) and fail if it cannot.
//   create_program with an empty `buffer`: the driver compiles the model and
//   MAY store a serialized program in `buffer`, which the runtime persists.
// `input_types`/`output_types` are the sub-model's input/output types.
struct Cache {
  const char* token = nullptr;
  const char* dir = nullptr;
  std::vector<NNAdapterOperandType> input_types;
  std::vector<NNAdapterOperandType> output_types;
  std::vector<uint8_t> buffer;
};

struct Model {
  std::list<Operand> operands;
  std::list<Operation> operations;
  std::vector<Operand*> input_operands;
  std::vector<Operand*> output_operands;
};

}  // namespace core
}  // namespace nnadapter

#endif  // NNADAPTER_HAL_TYPES_H_
