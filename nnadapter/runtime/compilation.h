// A compiled model: the partition into sub-models, one driver program per
// sub-model, and the model-cache logic.
#ifndef NNADAPTER_RUNTIME_COMPILATION_H_
#define NNADAPTER_RUNTIME_COMPILATION_H_

#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "runtime/cache_format.h"
#include "runtime/objects.h"

namespace nnadapter {
namespace runtime {

class Compilation {
 public:
  struct Program {
    size_t device = 0;  // index into context->devices
    const Driver* driver = nullptr;  // outlives contexts and devices
    void* program = nullptr;
    std::vector<ValueRef> inputs, outputs;
    std::vector<NNAdapterOperandType> input_types, output_types;
    std::unique_ptr<std::mutex> mutex = std::make_unique<std::mutex>();
  };

  Compilation(NNAdapterModel* model, NNAdapterContext* context)
      : model_(model), context_(context) {}
  ~Compilation();

  std::string token;
  std::string dir;
  std::vector<uint8_t> cache_buffer;  // copy of the caller's cache buffer
  bool finished = false;
  // Set when the program came from a cache (for tests/logging).
  bool loaded_from_cache = false;

  // Loads the cache or compiles; returns a result code and `message`.
  int Finish(std::string* message);

  const std::vector<NNAdapterOperandType>& input_types() const {
    return input_types_;
  }
  const std::vector<NNAdapterOperandType>& output_types() const {
    return output_types_;
  }
  const std::vector<NNAdapterOperandType>& intermediate_types() const {
    return intermediate_types_;
  }
  std::vector<Program>& programs() { return programs_; }
  NNAdapterContext* context() const { return context_; }
  NNAdapterModel* model() const { return model_; }

 private:
  int Compile(std::string* message, CacheImage* image);
  bool LoadCache(const uint8_t* data, size_t size, std::string* reason);
  void DestroyPrograms();
  void SetModelTypes();

  NNAdapterModel* model_;
  NNAdapterContext* context_;
  std::vector<NNAdapterOperandType> input_types_, output_types_,
      intermediate_types_;
  std::list<std::vector<uint8_t>> storage_;
  std::vector<Program> programs_;
};

}  // namespace runtime
}  // namespace nnadapter

#endif  // NNADAPTER_RUNTIME_COMPILATION_H_
