// Runs NNAdapter models in tests through the public C API: host buffers
// with their access callbacks, devices + context, compile-and-run.
#ifndef NNADAPTER_TESTING_EXECUTION_H_
#define NNADAPTER_TESTING_EXECUTION_H_

#include <cstdint>
#include <string>
#include <vector>

#include "nnadapter/nnadapter.h"
#include "nnadapter/utility/modeling.h"
#include "testing/tensor.h"

namespace nnadapter_test {

// Elements of a tensor of known `dims`.
inline int64_t Count(const std::vector<int32_t>& dims) {
  return nnadapter::GetElementCount(dims.data(),
                                    static_cast<uint32_t>(dims.size()));
}

// Host memory of one element type used with the access callbacks; `calls`
// counts how often the runtime asked for it.
template <typename E>
struct Buffer {
  std::vector<int32_t> dims;
  std::vector<E> data;
  int calls = 0;

  static void* AccessInput(void* memory, NNAdapterOperandType* type) {
    auto* m = static_cast<Buffer*>(memory);
    m->calls++;
    type->dimensions.count = static_cast<uint32_t>(m->dims.size());
    for (size_t i = 0; i < m->dims.size(); i++) {
      type->dimensions.data[i] = m->dims[i];
    }
    return m->data.data();
  }
  static void* AccessOutput(void* memory, NNAdapterOperandType* type) {
    auto* m = static_cast<Buffer*>(memory);
    m->calls++;
    m->dims.assign(type->dimensions.data,
                   type->dimensions.data + type->dimensions.count);
    m->data.resize(static_cast<size_t>(Count(m->dims)));
    return m->data.data();
  }
};
using Memory = Buffer<float>;
inline constexpr auto AccessInput = &Memory::AccessInput;
inline constexpr auto AccessOutput = &Memory::AccessOutput;

// Owns devices + one context over them (every call expected to succeed).
class Devices {
 public:
  Devices(std::vector<std::string> names, const std::string& properties);
  ~Devices();
  Devices(const Devices&) = delete;
  Devices& operator=(const Devices&) = delete;
  NNAdapterContext* context() { return context_; }

 private:
  std::vector<NNAdapterDevice*> devices_;
  NNAdapterContext* context_ = nullptr;
};

// Creates and finishes a compilation of `model` for `context`; nullptr
// (and a test failure naming the last error) if either call fails.
NNAdapterCompilation* Compile(NNAdapterModel* model, NNAdapterContext* context);

// Creates an execution of `compilation`, binds `inputs` and `outputs` (M is
// Tensor or a Buffer) and computes once. Returns the code of the first
// failing call; *message (if given) receives its last-error message, which
// NNAdapterExecution_destroy would clear.
template <typename M>
int Execute(NNAdapterCompilation* compilation, std::vector<M>* inputs,
            std::vector<M>* outputs, std::string* message = nullptr) {
  NNAdapterExecution* e = nullptr;
  int code = NNAdapterExecution_create(compilation, &e);
  for (size_t i = 0; i < inputs->size() && code == NNADAPTER_NO_ERROR; i++) {
    code = NNAdapterExecution_setInput(e, static_cast<int32_t>(i),
                                       &(*inputs)[i], M::AccessInput);
  }
  for (size_t i = 0; i < outputs->size() && code == NNADAPTER_NO_ERROR; i++) {
    code = NNAdapterExecution_setOutput(e, static_cast<int32_t>(i),
                                        &(*outputs)[i], M::AccessOutput);
  }
  if (code == NNADAPTER_NO_ERROR) code = NNAdapterExecution_compute(e);
  if (message) *message = code != NNADAPTER_NO_ERROR ? NNAdapter_getLastErrorMessage() : "";
  NNAdapterExecution_destroy(e);
  return code;
}

// Compiles `model` for `context` (or, with model == nullptr, rebuilds it
// from the cache `token` in `cache_dir`), then Execute()s it with
// `output_count` outputs. Returns the code of the first failing call.
template <typename M>
int CompileAndRun(NNAdapterModel* model, NNAdapterContext* context,
                  std::vector<M> inputs, size_t output_count,
                  std::vector<M>* outputs, const char* token = nullptr,
                  const char* cache_dir = nullptr) {
  NNAdapterCompilation* c = nullptr;
  int code = NNAdapterCompilation_create(model, token, nullptr, 0, cache_dir,
                                         context, &c);
  if (code == NNADAPTER_NO_ERROR) code = NNAdapterCompilation_finish(c);
  outputs->assign(output_count, M());
  if (code == NNADAPTER_NO_ERROR) code = Execute(c, &inputs, outputs);
  NNAdapterCompilation_destroy(c);
  return code;
}
template <typename M>
int CompileAndRun(NNAdapterModel* model, const std::vector<std::string>& devices,
                  const std::string& properties, std::vector<M> inputs,
                  size_t output_count, std::vector<M>* outputs,
                  const char* token = nullptr, const char* cache_dir = nullptr) {
  Devices d(devices, properties);
  return CompileAndRun(model, d.context(), std::move(inputs), output_count,
                       outputs, token, cache_dir);
}

}  // namespace nnadapter_test

#endif  // NNADAPTER_TESTING_EXECUTION_H_
