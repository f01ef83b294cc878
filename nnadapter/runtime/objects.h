// The objects behind the opaque C handles, and the registry of live handles
// (so that a stale or foreign pointer is reported instead of dereferenced).
#ifndef NNADAPTER_RUNTIME_OBJECTS_H_
#define NNADAPTER_RUNTIME_OBJECTS_H_

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "nnadapter/hal/device.h"
#include "nnadapter/utility/modeling.h"
#include "runtime/device_manager.h"

struct NNAdapterDevice {
  nnadapter::runtime::Driver* driver = nullptr;
  void* handle = nullptr;
};

struct NNAdapterContext {
  std::vector<NNAdapterDevice*> devices;
  // The drivers of `devices` (drivers live for the whole process, so these
  // stay valid even if a device handle is released too early).
  std::vector<nnadapter::runtime::Driver*> drivers;
  std::vector<void*> contexts;  // driver contexts, parallel to devices
  std::string properties;
};

struct NNAdapterModel {
  nnadapter::OwnedModel owned;
  bool finished = false;
  // Per operation, why the last getSupportedOperations found it
  // unsupported ("" = supported); see NNAdapterModel_getUnsupportedReason.
  // Mutable: recorded by a query on a const model.
  mutable std::vector<std::string> unsupported_reasons;
  // operand -> the operation producing it
  std::unordered_map<const nnadapter::core::Operand*,
                     const nnadapter::core::Operation*>
      producers;
};

namespace nnadapter {
namespace runtime {

class Compilation;
class Execution;

// Thread-safe set of live handles of one kind.
template <typename T>
class HandleRegistry {
 public:
  void Add(const T* p) {
    std::lock_guard<std::mutex> lock(mutex_);
    live_.insert(p);
  }
  void Remove(const T* p) {
    std::lock_guard<std::mutex> lock(mutex_);
    live_.erase(p);
  }
  bool Contains(const T* p) {
    std::lock_guard<std::mutex> lock(mutex_);
    return live_.count(p) != 0;
  }

 private:
  std::mutex mutex_;
  std::unordered_set<const T*> live_;
};

HandleRegistry<NNAdapterDevice>& Devices();
HandleRegistry<NNAdapterContext>& Contexts();
HandleRegistry<NNAdapterModel>& Models();
HandleRegistry<Compilation>& Compilations();
HandleRegistry<Execution>& Executions();

// Operands and operations map to their model.
void RegisterOperand(const core::Operand* operand, NNAdapterModel* model);
void RegisterOperation(const core::Operation* operation, NNAdapterModel* model);
NNAdapterModel* OperandOwner(const core::Operand* operand);
void UnregisterModelObjects(NNAdapterModel* model);

}  // namespace runtime
}  // namespace nnadapter

#endif  // NNADAPTER_RUNTIME_OBJECTS_H_
