// One execution of a compilation: the caller's input/output callbacks and
// the runtime-owned buffers of values passed between sub-models.
#ifndef NNADAPTER_RUNTIME_EXECUTION_H_
#define NNADAPTER_RUNTIME_EXECUTION_H_

#include <string>
#include <vector>

#include "runtime/compilation.h"

namespace nnadapter {
namespace runtime {

class Execution {
 public:
  explicit Execution(Compilation* compilation);
  int SetInput(int32_t index, void* memory,
               void* (*access)(void*, NNAdapterOperandType*),
               std::string* message);
  int SetOutput(int32_t index, void* memory,
                void* (*access)(void*, NNAdapterOperandType*),
                std::string* message);
  int Compute(std::string* message);
  Compilation* compilation() const { return compilation_; }

  // A value flowing through the execution.
  struct Slot {
    NNAdapterOperandType type;
    void* buffer = nullptr;
    bool ready = false;
    std::vector<uint8_t> storage;  // runtime-owned (intermediates)
    // For model outputs: the caller's callback.
    void* user_memory = nullptr;
    void* (*user_access)(void*, NNAdapterOperandType*) = nullptr;
    bool runtime_owned = false;
    bool failed = false;
  };

 private:
  Slot* Resolve(const ValueRef& ref);
  Compilation* compilation_;
  std::vector<core::Argument> inputs_, outputs_;
  std::vector<bool> input_set_, output_set_;
  std::vector<Slot> input_slots_, output_slots_, intermediate_slots_;
};

}  // namespace runtime
}  // namespace nnadapter

#endif  // NNADAPTER_RUNTIME_EXECUTION_H_
