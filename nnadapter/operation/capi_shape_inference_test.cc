// Shape inference through the public C API: NNAdapterModel_addOperation runs
// validation + inference, NNAdapterModel_getOperandType reads the result.
// Outputs are created as FLOAT32 of rank 0 (the runtime requires a valid
// precision); inference overwrites precision and dimensions.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "nnadapter/nnadapter.h"

namespace {

using Dims = std::vector<int32_t>;

class CApiShapeInference : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(NNAdapterModel_create(&model_), NNADAPTER_NO_ERROR);
  }
  void TearDown() override { NNAdapterModel_destroy(model_); }

  NNAdapterOperand* Operand(NNAdapterOperandPrecision precision,
                            const Dims& dims, float scale = 0.f) {
    NNAdapterOperandType type;
    std::memset(&type, 0, sizeof(type));
    type.precision = precision;
    type.dimensions.count = static_cast<uint32_t>(dims.size());
    for (size_t i = 0; i < dims.size(); i++) type.dimensions.data[i] = dims[i];
    type.symm_per_layer_params.scale = scale;
    NNAdapterOperand* operand = nullptr;
    EXPECT_EQ(NNAdapterModel_addOperand(model_, &type, &operand),
              NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    return operand;
  }
  template <typename T>
  NNAdapterOperand* Const(NNAdapterOperandPrecision precision,
                          std::vector<T> values) {
    NNAdapterOperand* operand =
        Operand(precision, {static_cast<int32_t>(values.size())});
    EXPECT_EQ(NNAdapterModel_setOperandValue(
                  operand, values.data(),
                  static_cast<uint32_t>(values.size() * sizeof(T)), true),
              NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    return operand;
  }
  NNAdapterOperand* I32(std::vector<int32_t> v) {
    return Const<int32_t>(NNADAPTER_INT32, v);
  }
  int Add(NNAdapterOperationType type, std::vector<NNAdapterOperand*> inputs,
          std::vector<NNAdapterOperand*> outputs) {
    return NNAdapterModel_addOperation(
        model_, type, static_cast<uint32_t>(inputs.size()), inputs.data(),
        static_cast<uint32_t>(outputs.size()), outputs.data(), nullptr);
  }
  static Dims DimsOf(NNAdapterOperand* operand, NNAdapterOperandType** out) {
    static NNAdapterOperandType empty;
    NNAdapterOperandType* type = nullptr;
    EXPECT_EQ(NNAdapterModel_getOperandType(operand, &type),
              NNADAPTER_NO_ERROR);
    if (!type) type = &empty;
    *out = type;
    return Dims(type->dimensions.data,
                type->dimensions.data + type->dimensions.count);
  }

  NNAdapterModel* model_ = nullptr;
};

TEST_F(CApiShapeInference, ConvReluReshapeChain) {
  NNAdapterOperand* input = Operand(NNADAPTER_FLOAT32, {1, 3, 32, 32});
  std::vector<float> weights(16 * 3 * 3 * 3, 0.1f);
  NNAdapterOperand* filter = Operand(NNADAPTER_FLOAT32, {16, 3, 3, 3});
  ASSERT_EQ(NNAdapterModel_setOperandValue(
                filter, weights.data(),
                static_cast<uint32_t>(weights.size() * sizeof(float)), true),
            NNADAPTER_NO_ERROR);
  NNAdapterOperand* bias = Const<float>(NNADAPTER_FLOAT32,
                                        std::vector<float>(16, 0.f));
  NNAdapterOperand* conv = Operand(NNADAPTER_FLOAT32, {});
  ASSERT_EQ(Add(NNADAPTER_CONV_2D,
                {input, filter, bias, I32({NNADAPTER_AUTO_PAD_SAME}), nullptr,
                 I32({2, 2}), I32({1}), I32({1, 1}),
                 I32({NNADAPTER_FUSED_RELU})},
                {conv}),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  NNAdapterOperandType* type = nullptr;
  EXPECT_EQ(DimsOf(conv, &type), (Dims{1, 16, 16, 16}));
  EXPECT_EQ(type->precision, NNADAPTER_FLOAT32);
  NNAdapterOperand* reshaped = Operand(NNADAPTER_FLOAT32, {});
  ASSERT_EQ(Add(NNADAPTER_RESHAPE, {conv, I32({0, -1})}, {reshaped}),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  EXPECT_EQ(DimsOf(reshaped, &type), (Dims{1, 4096}));
}

TEST_F(CApiShapeInference, QuantizedOutputKeepsTheCallerScale) {
  NNAdapterOperand* a = Operand(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {2, 3},
                                0.5f);
  NNAdapterOperand* b = Operand(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {3},
                                0.25f);
  NNAdapterOperand* out = Operand(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {},
                                  0.125f);
  ASSERT_EQ(Add(NNADAPTER_ADD, {a, b, I32({0})}, {out}), NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  NNAdapterOperandType* type = nullptr;
  EXPECT_EQ(DimsOf(out, &type), (Dims{2, 3}));
  EXPECT_FLOAT_EQ(type->symm_per_layer_params.scale, 0.125f);
}

TEST_F(CApiShapeInference, InvalidOperationIsRejectedAndNamed) {
  NNAdapterOperand* input = Operand(NNADAPTER_FLOAT32, {2, 3});
  NNAdapterOperand* out = Operand(NNADAPTER_FLOAT32, {});
  EXPECT_EQ(Add(NNADAPTER_SOFTMAX, {input, I32({5})}, {out}),
            NNADAPTER_INVALID_PARAMETER);
  const std::string msg = NNAdapter_getLastErrorMessage();
  EXPECT_NE(msg.find("SOFTMAX"), std::string::npos) << msg;
  EXPECT_NE(msg.find("input 1 (axis): expected an axis in [-2, 2), got 5"),
            std::string::npos)
      << msg;
  // The output operand was not modified and can still be used.
  NNAdapterOperandType* type = nullptr;
  EXPECT_EQ(DimsOf(out, &type), (Dims{}));
  EXPECT_EQ(type->precision, NNADAPTER_FLOAT32);
  ASSERT_EQ(Add(NNADAPTER_SOFTMAX, {input, I32({-1})}, {out}),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  EXPECT_EQ(DimsOf(out, &type), (Dims{2, 3}));
}

TEST_F(CApiShapeInference, UnknownExtentsPropagate) {
  NNAdapterOperand* x = Operand(NNADAPTER_FLOAT32, {NNADAPTER_UNKNOWN, 8});
  NNAdapterOperand* y = Operand(NNADAPTER_FLOAT32, {8, 5});
  NNAdapterOperand* out = Operand(NNADAPTER_FLOAT32, {});
  NNAdapterOperand* t = Const<uint8_t>(NNADAPTER_BOOL8, {0});
  NNAdapterOperand* f = Const<uint8_t>(NNADAPTER_BOOL8, {0});
  ASSERT_EQ(Add(NNADAPTER_MAT_MUL, {x, y, t, f}, {out}), NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  NNAdapterOperandType* type = nullptr;
  EXPECT_EQ(DimsOf(out, &type), (Dims{NNADAPTER_UNKNOWN, 5}));
}

}  // namespace
