// The test-support library itself: operand types declared by host tensors,
// the access callbacks, compile-and-run result codes, temporary directories.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "testing/compare.h"
#include "testing/core_model.h"
#include "testing/execution.h"
#include "testing/files.h"
#include "testing/model_builder.h"
#include "testing/tensor.h"

namespace nnadapter_test {
namespace {

TEST(TestingTensor, TypeCarriesDimsAndQuantizationParameters) {
  Tensor t = Q8({2, 3}, {1, 2, 3, 4, 5, 6}, 0.25f);
  NNAdapterOperandType type = t.type();
  EXPECT_EQ(type.precision, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
  EXPECT_EQ(type.layout, NNADAPTER_NCHW);
  ASSERT_EQ(type.dimensions.count, 2u);
  EXPECT_EQ(type.dimensions.data[1], 3);
  EXPECT_EQ(type.symm_per_layer_params.scale, 0.25f);
  t.dims_unknown = true;
  EXPECT_EQ(t.type().dimensions.data[0], NNADAPTER_UNKNOWN);

  Tensor c = Q32PerChannel({2}, {7, -7}, {0.5f, 0.125f}, 0);
  NNAdapterOperandType ct = c.type();
  ASSERT_EQ(ct.symm_per_channel_params.scale_count, 2u);
  EXPECT_EQ(ct.symm_per_channel_params.scales[1], 0.125f);
  EXPECT_EQ(c.At(1), -7.0);
  EXPECT_EQ(ToInt64(c), (std::vector<int64_t>{7, -7}));
  EXPECT_EQ(c.NumElements(), 2);
  EXPECT_EQ(DimsToString({1, 3, -1}), "[1,3,-1]");
}

TEST(TestingTensor, OutputAccessTakesPrecisionScaleAndDims) {
  Tensor out;
  NNAdapterOperandType type = Q8({2, 2}, {}, 0.5f).type();
  void* buffer = Tensor::AccessOutput(&out, &type);
  ASSERT_NE(buffer, nullptr);
  EXPECT_EQ(out.precision, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
  EXPECT_EQ(out.scale, 0.5f);
  EXPECT_EQ(out.dims, (std::vector<int32_t>{2, 2}));
  EXPECT_EQ(out.bytes.size(), 4u);
  // An empty output still gets a buffer (NULL would mean failure).
  Tensor empty;
  NNAdapterOperandType zero = F32({0, 3}, {}).type();
  EXPECT_NE(Tensor::AccessOutput(&empty, &zero), nullptr);
  // Unknown dims cannot be allocated.
  zero.dimensions.data[0] = NNADAPTER_UNKNOWN;
  EXPECT_EQ(Tensor::AccessOutput(&empty, &zero), nullptr);
}

TEST(TestingExecution, CompileAndRunReportsTheFirstFailingCall) {
  ModelBuilder b;
  NNAdapterOperand* x = b.Tensor({2});
  NNAdapterOperand* y = b.Tensor({2});
  b.Op(NNADAPTER_RELU, {x}, {y});
  b.Finish({x}, {y});
  std::vector<Memory> out;
  ASSERT_EQ(CompileAndRun(b.model(), {"builtin_device"}, "", {{{2}, {-1.0f, 2.0f}}},
                          1, &out),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].data, (std::vector<float>{0.0f, 2.0f}));
  EXPECT_EQ(out[0].calls, 1);
  ExpectClose(out, {{{2}, {0.0f, 2.0f}}}, "relu");
  // No model and no cache: the compilation's own code comes back.
  EXPECT_NE(CompileAndRun<Memory>(nullptr, {"builtin_device"}, "", {}, 1, &out),
            NNADAPTER_NO_ERROR);
}

TEST(TestingCoreModel, OwnsValuesAndScales) {
  CoreModel m;
  auto* c = m.Const<int32_t>(NNADAPTER_INT32, {2}, {3, 4});
  auto* p = m.PerChannel(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, {2, 1}, 0,
                         {0.5f, 0.25f}, NNADAPTER_CONSTANT_COPY);
  auto* op = m.Op(NNADAPTER_ADD, {c, c}, {p});
  EXPECT_EQ(m.model().operands.size(), 2u);
  EXPECT_EQ(op->type, NNADAPTER_ADD);
  ASSERT_EQ(c->length, 8u);
  EXPECT_EQ(static_cast<int32_t*>(c->buffer)[1], 4);
  EXPECT_EQ(p->type.symm_per_channel_params.scales[1], 0.25f);
  CoreModel moved = std::move(m);
  EXPECT_EQ(moved.model().operations.front().input_operands[0], c);
}

TEST(TestingFiles, TempDirIsRemovedWithItsContents) {
  std::string path;
  {
    TempDir dir("nnadapter_testing_");
    path = dir.path();
    ASSERT_FALSE(path.empty());
    std::ofstream(path + "/f.bin", std::ios::binary) << "abc";
    EXPECT_EQ(ReadFileBytes(path + "/f.bin"), (std::vector<uint8_t>{'a', 'b', 'c'}));
  }
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_TRUE(ReadFileBytes(path + "/f.bin").empty());
}

}  // namespace
}  // namespace nnadapter_test
