#include "runtime/objects.h"

#include "runtime/compilation.h"
#include "runtime/execution.h"

namespace nnadapter {
namespace runtime {

HandleRegistry<NNAdapterDevice>& Devices() {
  static HandleRegistry<NNAdapterDevice> r;
  return r;
}
HandleRegistry<NNAdapterContext>& Contexts() {
  static HandleRegistry<NNAdapterContext> r;
  return r;
}
HandleRegistry<NNAdapterModel>& Models() {
  static HandleRegistry<NNAdapterModel> r;
  return r;
}
HandleRegistry<Compilation>& Compilations() {
  static HandleRegistry<Compilation> r;
  return r;
}
HandleRegistry<Execution>& Executions() {
  static HandleRegistry<Execution> r;
  return r;
}

static std::mutex& OwnerMutex() {
  static std::mutex m;
  return m;
}
// Operands and operations are kept apart so that an operation handle
// passed where an operand is expected is rejected.
static std::unordered_map<const void*, NNAdapterModel*>& Owners() {
  static std::unordered_map<const void*, NNAdapterModel*> owners;
  return owners;
}
static std::unordered_map<const void*, NNAdapterModel*>& OperationOwners() {
  static std::unordered_map<const void*, NNAdapterModel*> owners;
  return owners;
}

void RegisterOperand(const core::Operand* operand, NNAdapterModel* model) {
  std::lock_guard<std::mutex> lock(OwnerMutex());
  Owners()[operand] = model;
}

void RegisterOperation(const core::Operation* operation,
                       NNAdapterModel* model) {
  std::lock_guard<std::mutex> lock(OwnerMutex());
  OperationOwners()[operation] = model;
}

NNAdapterModel* OperandOwner(const core::Operand* operand) {
  std::lock_guard<std::mutex> lock(OwnerMutex());
  auto it = Owners().find(operand);
  return it == Owners().end() ? nullptr : it->second;
}

void UnregisterModelObjects(NNAdapterModel* model) {
  std::lock_guard<std::mutex> lock(OwnerMutex());
  for (const auto& operand : model->owned.model.operands) {
    Owners().erase(&operand);
  }
  for (const auto& operation : model->owned.model.operations) {
    OperationOwners().erase(&operation);
  }
}

}  // namespace runtime
}  // namespace nnadapter
