// Helpers for building NNAdapter models through the public C API in tests.
#ifndef NNADAPTER_TESTS_RUNTIME_TEST_UTIL_H_
#define NNADAPTER_TESTS_RUNTIME_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "nnadapter/nnadapter.h"

namespace nnadapter_test {

inline NNAdapterOperandType Type(NNAdapterOperandPrecision precision,
                                 std::vector<int32_t> dims) {
  NNAdapterOperandType t;
  std::memset(&t, 0, sizeof(t));
  t.precision = precision;
  t.layout = NNADAPTER_NCHW;
  t.dimensions.count = static_cast<uint32_t>(dims.size());
  for (size_t i = 0; i < dims.size(); i++) t.dimensions.data[i] = dims[i];
  return t;
}

// Builds a model; every helper asserts success.
class ModelBuilder {
 public:
  ModelBuilder() { EXPECT_EQ(NNAdapterModel_create(&model_), NNADAPTER_NO_ERROR); }
  ~ModelBuilder() { NNAdapterModel_destroy(model_); }
  NNAdapterModel* model() { return model_; }

  NNAdapterOperand* Tensor(std::vector<int32_t> dims,
                           NNAdapterOperandPrecision p = NNADAPTER_FLOAT32) {
    NNAdapterOperandType t = Type(p, dims);
    NNAdapterOperand* o = nullptr;
    EXPECT_EQ(NNAdapterModel_addOperand(model_, &t, &o), NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    return o;
  }
  template <typename T>
  NNAdapterOperand* Constant(NNAdapterOperandPrecision p,
                             std::vector<int32_t> dims,
                             const std::vector<T>& values) {
    NNAdapterOperand* o = Tensor(dims, p);
    EXPECT_EQ(NNAdapterModel_setOperandValue(
                  o, const_cast<T*>(values.data()),
                  static_cast<uint32_t>(values.size() * sizeof(T)), true),
              NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    return o;
  }
  NNAdapterOperand* Int(int32_t v) {
    return Constant<int32_t>(NNADAPTER_INT32, {}, {v});
  }
  NNAdapterOperand* Ints(std::vector<int32_t> v) {
    return Constant<int32_t>(NNADAPTER_INT32, {static_cast<int32_t>(v.size())}, v);
  }
  NNAdapterOperand* Float(float v) {
    return Constant<float>(NNADAPTER_FLOAT32, {}, {v});
  }
  NNAdapterOperand* Bool(bool v) {
    return Constant<int8_t>(NNADAPTER_BOOL8, {}, {static_cast<int8_t>(v)});
  }
  NNAdapterOperand* Floats(std::vector<int32_t> dims, std::vector<float> v) {
    return Constant<float>(NNADAPTER_FLOAT32, dims, v);
  }
  void Op(NNAdapterOperationType type, std::vector<NNAdapterOperand*> in,
          std::vector<NNAdapterOperand*> out) {
    EXPECT_EQ(NNAdapterModel_addOperation(
                  model_, type, static_cast<uint32_t>(in.size()), in.data(),
                  static_cast<uint32_t>(out.size()), out.data(), nullptr),
              NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
  }
  void Finish(std::vector<NNAdapterOperand*> in,
              std::vector<NNAdapterOperand*> out) {
    ASSERT_EQ(NNAdapterModel_identifyInputsAndOutputs(
                  model_, static_cast<uint32_t>(in.size()), in.data(),
                  static_cast<uint32_t>(out.size()), out.data()),
              NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    ASSERT_EQ(NNAdapterModel_finish(model_), NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
  }

 private:
  NNAdapterModel* model_ = nullptr;
};

// Host memory used with the access callbacks.
struct Memory {
  std::vector<int32_t> dims;
  std::vector<float> data;
  int calls = 0;
};

inline void* AccessInput(void* memory, NNAdapterOperandType* type) {
  auto* m = static_cast<Memory*>(memory);
  m->calls++;
  type->dimensions.count = static_cast<uint32_t>(m->dims.size());
  for (size_t i = 0; i < m->dims.size(); i++) type->dimensions.data[i] = m->dims[i];
  return m->data.data();
}

inline void* AccessOutput(void* memory, NNAdapterOperandType* type) {
  auto* m = static_cast<Memory*>(memory);
  m->calls++;
  m->dims.assign(type->dimensions.data,
                 type->dimensions.data + type->dimensions.count);
  size_t n = 1;
  for (int32_t d : m->dims) n *= static_cast<size_t>(d);
  m->data.resize(n);
  return m->data.data();
}

// Owns devices + context for a list of device names.
class Devices {
 public:
  Devices(std::vector<std::string> names, const std::string& properties) {
    for (const auto& n : names) {
      NNAdapterDevice* d = nullptr;
      EXPECT_EQ(NNAdapterDevice_acquire(n.c_str(), &d), NNADAPTER_NO_ERROR)
          << NNAdapter_getLastErrorMessage();
      devices_.push_back(d);
    }
    EXPECT_EQ(NNAdapterContext_create(devices_.data(),
                                      static_cast<uint32_t>(devices_.size()),
                                      properties.c_str(), &context_),
              NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
  }
  ~Devices() {
    NNAdapterContext_destroy(context_);
    for (auto* d : devices_) NNAdapterDevice_release(d);
  }
  NNAdapterContext* context() { return context_; }

 private:
  std::vector<NNAdapterDevice*> devices_;
  NNAdapterContext* context_ = nullptr;
};

}  // namespace nnadapter_test

#endif  // NNADAPTER_TESTS_RUNTIME_TEST_UTIL_H_
