// Builds NNAdapter models through the public C API in tests; every call
// is expected to succeed (a failure is a test failure naming the last error).
#ifndef NNADAPTER_TESTING_MODEL_BUILDER_H_
#define NNADAPTER_TESTING_MODEL_BUILDER_H_

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "nnadapter/nnadapter.h"
#include "testing/tensor.h"

namespace nnadapter_test {

// A float/int operand type: NCHW, no quantization parameters.
inline NNAdapterOperandType Type(NNAdapterOperandPrecision precision,
                                 std::vector<int32_t> dims) {
  Tensor t;
  t.precision = precision;
  t.dims = std::move(dims);
  return t.type();
}

class ModelBuilder {
 public:
  ModelBuilder() { EXPECT_EQ(NNAdapterModel_create(&model_), NNADAPTER_NO_ERROR); }
  ~ModelBuilder() { NNAdapterModel_destroy(model_); }
  ModelBuilder(const ModelBuilder&) = delete;
  ModelBuilder& operator=(const ModelBuilder&) = delete;
  NNAdapterModel* model() { return model_; }

  // An operand of the type `t` declares (its bytes are not used).
  NNAdapterOperand* Operand(const nnadapter_test::Tensor& t) {
    NNAdapterOperandType type = t.type();
    NNAdapterOperand* o = nullptr;
    EXPECT_EQ(NNAdapterModel_addOperand(model_, &type, &o), NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    return o;
  }
  // A constant operand holding a copy of `t`'s bytes.
  NNAdapterOperand* Constant(const nnadapter_test::Tensor& t) {
    NNAdapterOperand* o = Operand(t);
    EXPECT_EQ(NNAdapterModel_setOperandValue(
                  o, const_cast<uint8_t*>(t.bytes.data()),
                  static_cast<uint32_t>(t.bytes.size()), true),
              NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    return o;
  }
  NNAdapterOperand* Tensor(std::vector<int32_t> dims,
                           NNAdapterOperandPrecision p = NNADAPTER_FLOAT32) {
    return Operand(MakeTensor<uint8_t>(p, std::move(dims), {}));
  }
  template <typename T>
  NNAdapterOperand* Constant(NNAdapterOperandPrecision p,
                             std::vector<int32_t> dims,
                             const std::vector<T>& values) {
    return Constant(MakeTensor<T>(p, std::move(dims), values));
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
  // Adds an operation; returns its result code (not checked).
  int TryOp(NNAdapterOperationType type, std::vector<NNAdapterOperand*> in,
            std::vector<NNAdapterOperand*> out) {
    return NNAdapterModel_addOperation(
        model_, type, static_cast<uint32_t>(in.size()), in.data(),
        static_cast<uint32_t>(out.size()), out.data(), nullptr);
  }
  void Op(NNAdapterOperationType type, std::vector<NNAdapterOperand*> in,
          std::vector<NNAdapterOperand*> out) {
    EXPECT_EQ(TryOp(type, in, out), NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
  }
  void Identify(std::vector<NNAdapterOperand*> in,
                std::vector<NNAdapterOperand*> out) {
    ASSERT_EQ(NNAdapterModel_identifyInputsAndOutputs(
                  model_, static_cast<uint32_t>(in.size()), in.data(),
                  static_cast<uint32_t>(out.size()), out.data()),
              NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
  }
  void Finish(std::vector<NNAdapterOperand*> in,
              std::vector<NNAdapterOperand*> out) {
    Identify(in, out);
    ASSERT_EQ(NNAdapterModel_finish(model_), NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
  }

 private:
  NNAdapterModel* model_ = nullptr;
};

}  // namespace nnadapter_test

#endif  // NNADAPTER_TESTING_MODEL_BUILDER_H_
