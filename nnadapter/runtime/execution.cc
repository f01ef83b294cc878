#include "runtime/execution.h"

#include <cmath>

#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/logging.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter {
namespace runtime {

Execution::Execution(Compilation* compilation) : compilation_(compilation) {
  const size_t ni = compilation->input_types().size();
  const size_t no = compilation->output_types().size();
  inputs_.resize(ni);
  outputs_.resize(no);
  input_set_.assign(ni, false);
  output_set_.assign(no, false);
}

namespace {

// Stores one caller argument of SetInput/SetOutput at `index` of `arguments`
// and marks it set; `what` is "input" or "output".
int SetArgument(const char* what, int32_t index, void* memory,
                void* (*access)(void*, NNAdapterOperandType*),
                std::vector<core::Argument>* arguments, std::vector<bool>* set,
                std::string* message) {
  if (index < 0 || static_cast<size_t>(index) >= arguments->size()) {
    *message = std::string(what) + " index " + std::to_string(index) +
               " is out of range (the model has " +
               std::to_string(arguments->size()) + " " + what + "s)";
    return NNADAPTER_INVALID_PARAMETER;
  }
  if (!access) {
    *message = std::string(what) + " " + std::to_string(index) +
               ": access callback is NULL";
    return NNADAPTER_INVALID_PARAMETER;
  }
  (*arguments)[index] = {index, memory, access};
  (*set)[index] = true;
  return NNADAPTER_NO_ERROR;
}

}  // namespace

int Execution::SetInput(int32_t index, void* memory,
                        void* (*access)(void*, NNAdapterOperandType*),
                        std::string* message) {
  return SetArgument("input", index, memory, access, &inputs_, &input_set_,
                     message);
}

int Execution::SetOutput(int32_t index, void* memory,
                         void* (*access)(void*, NNAdapterOperandType*),
                         std::string* message) {
  return SetArgument("output", index, memory, access, &outputs_, &output_set_,
                     message);
}

Execution::Slot* Execution::Resolve(const ValueRef& ref) {
  switch (ref.kind) {
    case ValueRef::kModelInput:
      return &input_slots_[ref.index];
    case ValueRef::kModelOutput:
      return &output_slots_[ref.index];
    default:
      return &intermediate_slots_[ref.index];
  }
}

// Gives a driver the dimensions and buffer of a ready value. The driver's
// operand must have the value's precision: the buffer was sized for it (a
// program loaded from a cache whose types disagree with the cache header
// would otherwise read past the caller's buffer).
static void* ReadSlot(void* memory, NNAdapterOperandType* type) {
  auto* slot = static_cast<Execution::Slot*>(memory);
  if (!slot || !slot->ready || !type) return nullptr;
  if (type->precision != slot->type.precision) return nullptr;
  type->dimensions.count = slot->type.dimensions.count;
  for (uint32_t i = 0; i < slot->type.dimensions.count; i++) {
    type->dimensions.data[i] = slot->type.dimensions.data[i];
  }
  return slot->buffer;
}

// Receives a driver's output: runtime buffer or the caller's callback.
static void* WriteSlot(void* memory, NNAdapterOperandType* type) {
  auto* slot = static_cast<Execution::Slot*>(memory);
  if (!slot || !type) return nullptr;
  const int64_t length = GetOperandTypeBufferLength(*type);
  if (length < 0 || type->precision != slot->type.precision ||
      (!slot->runtime_owned && !slot->user_access)) {  // not writable
    slot->failed = true;
    return nullptr;
  }
  void* buffer = nullptr;
  if (slot->runtime_owned) {
    slot->storage.resize(static_cast<size_t>(length > 0 ? length : 1));
    buffer = slot->storage.data();
  } else {
    buffer = slot->user_access(slot->user_memory, type);
  }
  slot->type.dimensions.count = type->dimensions.count;
  for (uint32_t i = 0; i < type->dimensions.count &&
                       i < NNADAPTER_MAX_SIZE_OF_DIMENSIONS;
       i++) {
    slot->type.dimensions.data[i] = type->dimensions.data[i];
  }
  slot->buffer = buffer;
  slot->ready = buffer != nullptr;
  slot->failed = buffer == nullptr;
  return buffer;
}

static bool DimensionsAllowed(const NNAdapterOperandType& compiled,
                              const NNAdapterOperandDimensionType& actual,
                              std::string* why) {
  const auto& c = compiled.dimensions;
  if (actual.count != c.count) {
    *why = "rank " + std::to_string(actual.count) + " differs from the " +
           "compiled rank " + std::to_string(c.count);
    return false;
  }
  for (uint32_t i = 0; i < actual.count; i++) {
    if (actual.data[i] < 0) {
      *why = "dimension " + std::to_string(i) + " is " +
             std::to_string(actual.data[i]) + " (must be known at run time)";
      return false;
    }
  }
  bool fixed_ok = true;
  for (uint32_t i = 0; i < c.count; i++) {
    if (c.data[i] >= 0 && c.data[i] != actual.data[i]) fixed_ok = false;
  }
  if (fixed_ok) return true;
  for (uint32_t d = 0; d < c.dynamic_count; d++) {
    bool match = true;
    for (uint32_t i = 0; i < c.count; i++) {
      if (c.dynamic_data[d][i] >= 0 && c.dynamic_data[d][i] != actual.data[i])
        match = false;
    }
    if (match) return true;
  }
  *why = "dimensions " + DimensionsToString(actual) +
         " do not match the compiled " + DimensionsToString(c) +
         (c.dynamic_count ? " or any of its dynamic shapes" : "");
  return false;
}

int Execution::Compute(std::string* message) {
  for (size_t i = 0; i < inputs_.size(); i++) {
    if (!input_set_[i]) {
      *message = "input " + std::to_string(i) +
                 " is not set (NNAdapterExecution_setInput)";
      return NNADAPTER_INVALID_STATE;
    }
  }
  for (size_t i = 0; i < outputs_.size(); i++) {
    if (!output_set_[i]) {
      *message = "output " + std::to_string(i) +
                 " is not set (NNAdapterExecution_setOutput)";
      return NNADAPTER_INVALID_STATE;
    }
  }
  const auto& in_types = compilation_->input_types();
  const auto& out_types = compilation_->output_types();
  const auto& mid_types = compilation_->intermediate_types();
  input_slots_.assign(in_types.size(), Slot());
  output_slots_.assign(out_types.size(), Slot());
  intermediate_slots_.assign(mid_types.size(), Slot());
  // Inputs: ask the caller for dims + data, check them.
  for (size_t i = 0; i < in_types.size(); i++) {
    Slot& slot = input_slots_[i];
    slot.type = in_types[i];
    NNAdapterOperandType asked = in_types[i];
    void* buffer = inputs_[i].access(inputs_[i].memory, &asked);
    if (!buffer) {
      *message = "input " + std::to_string(i) +
                 ": the access callback returned NULL";
      return NNADAPTER_INVALID_PARAMETER;
    }
    std::string why;
    if (asked.dimensions.count > NNADAPTER_MAX_SIZE_OF_DIMENSIONS ||
        !DimensionsAllowed(in_types[i], asked.dimensions, &why)) {
      *message = "input " + std::to_string(i) + ": " +
                 (why.empty() ? "rank exceeds the maximum" : why);
      return NNADAPTER_INVALID_DIMENSIONS;
    }
    slot.type.dimensions.count = asked.dimensions.count;
    for (uint32_t k = 0; k < asked.dimensions.count; k++) {
      slot.type.dimensions.data[k] = asked.dimensions.data[k];
    }
    slot.buffer = buffer;
    slot.ready = true;
  }
  for (size_t i = 0; i < out_types.size(); i++) {
    Slot& slot = output_slots_[i];
    slot.type = out_types[i];
    slot.user_memory = outputs_[i].memory;
    slot.user_access = outputs_[i].access;
  }
  for (size_t i = 0; i < mid_types.size(); i++) {
    intermediate_slots_[i].type = mid_types[i];
    intermediate_slots_[i].runtime_owned = true;
  }
  auto& programs = compilation_->programs();
  for (size_t p = 0; p < programs.size(); p++) {
    auto& program = programs[p];
    std::vector<core::Argument> in_args, out_args;
    for (size_t k = 0; k < program.inputs.size(); k++) {
      Slot* slot = Resolve(program.inputs[k]);
      if (!slot->ready) {
        *message = "sub-model " + std::to_string(p) + " input " +
                   std::to_string(k) + " was not produced";
        return NNADAPTER_DEVICE_INTERNAL_ERROR;
      }
      in_args.push_back({static_cast<int>(k), slot, ReadSlot});
    }
    for (size_t k = 0; k < program.outputs.size(); k++) {
      Slot* slot = Resolve(program.outputs[k]);
      out_args.push_back({static_cast<int>(k), slot, WriteSlot});
    }
    int code;
    {
      std::lock_guard<std::mutex> lock(*program.mutex);
      code = program.driver->hal->execute_program(
          program.program, static_cast<uint32_t>(in_args.size()),
          in_args.data(), static_cast<uint32_t>(out_args.size()),
          out_args.data());
    }
    if (code != NNADAPTER_NO_ERROR) {
      *message = "device '" + program.driver->name +
                 "' failed to execute sub-model " + std::to_string(p) + " (" +
                 ResultCodeName(code) + ")" + DriverReason(program.driver);
      return code;
    }
    for (size_t k = 0; k < program.outputs.size(); k++) {
      Slot* slot = Resolve(program.outputs[k]);
      if (!slot->ready) {
        *message = "device '" + program.driver->name + "' sub-model " +
                   std::to_string(p) + " did not produce output " +
                   std::to_string(k) +
                   (slot->failed ? " (the output buffer could not be obtained)"
                                 : "");
        return slot->failed && !slot->runtime_owned
                   ? NNADAPTER_INVALID_PARAMETER
                   : NNADAPTER_DEVICE_INTERNAL_ERROR;
      }
    }
  }
  return NNADAPTER_NO_ERROR;
}

}  // namespace runtime
}  // namespace nnadapter
