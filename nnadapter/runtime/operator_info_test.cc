// fake_device.ini (the declarative description of fake_device) agrees with
// what the driver itself answers through validate_program.
#include <gtest/gtest.h>

#include <memory>

#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/operator_info.h"
#include "runtime/objects.h"
#include "testing/execution.h"
#include "testing/model_builder.h"

namespace nnadapter_test {
namespace {

TEST(OperatorInfoFile, ListsExactlyTheFakeDdkOperations) {
  nnadapter::OperatorInfo info;
  std::string error;
  ASSERT_TRUE(nnadapter::LoadOperatorInfoFile(NNADAPTER_TEST_FAKE_DEVICE_INI,
                                              &info, &error))
      << error;
  std::vector<std::string> names;
  for (const auto& entry : info.operators) {
    names.push_back(nnadapter::OperationTypeName(entry.first));
  }
  std::sort(names.begin(), names.end());
  const std::vector<std::string> expected = {
      "ADD", "AVERAGE_POOL_2D", "BATCH_NORMALIZATION", "CONCAT", "CONV_2D",
      "CONV_2D_TRANSPOSE", "DIV", "FULLY_CONNECTED", "HARD_SIGMOID",
      "HARD_SWISH", "MAT_MUL", "MAX_POOL_2D", "MUL", "RELU", "RELU6",
      "RESHAPE", "RESIZE_NEAREST", "SIGMOID", "SOFTMAX", "SUB", "TRANSPOSE"};
  EXPECT_EQ(names, expected);
}

TEST(OperatorInfoFile, AgreesWithTheDriverOnAMixedModel) {
  nnadapter::OperatorInfo info;
  std::string error;
  ASSERT_TRUE(nnadapter::LoadOperatorInfoFile(NNADAPTER_TEST_FAKE_DEVICE_INI,
                                              &info, &error))
      << error;
  ModelBuilder b;
  auto* x = b.Tensor({1, 2, 4, 4});
  auto* c = b.Tensor({1, 2, 4, 4});
  auto* r = b.Tensor({1, 2, 4, 4});
  auto* s = b.Tensor({1, 2, 4, 4});
  auto* i0 = b.Tensor({2, 3}, NNADAPTER_INT32);
  auto* i1 = b.Tensor({2, 3}, NNADAPTER_INT32);
  auto* e = b.Tensor({1, 2, 4, 4});
  b.Op(NNADAPTER_CONV_2D,
       {x, b.Floats({2, 2, 1, 1}, {1, 0, 0, 1}), b.Floats({2}, {0, 0}),
        b.Int(NNADAPTER_AUTO_PAD_NONE), b.Ints({0, 0, 0, 0}), b.Ints({1, 1}),
        b.Int(1), b.Ints({1, 1}), b.Int(NNADAPTER_FUSED_RELU)},
       {c});                                        // supported
  b.Op(NNADAPTER_RELU, {c}, {r});                   // supported
  b.Op(NNADAPTER_SOFTMAX, {r, b.Int(1)}, {s});      // supported
  b.Op(NNADAPTER_ADD, {i0, i1, b.Int(0)}, {b.Tensor({2, 3}, NNADAPTER_INT32)});  // int32: no
  b.Op(NNADAPTER_EXP, {s}, {e});                    // not implemented
  Devices devices({"fake_device"}, "");
  bool from_driver[5], from_file[5];
  ASSERT_EQ(NNAdapterModel_getSupportedOperations(b.model(), devices.context(),
                                                  from_driver),
            NNADAPTER_NO_ERROR);
  ASSERT_EQ(nnadapter::ValidateProgramWithOperatorInfo(
                info, &b.model()->owned.model, from_file),
            NNADAPTER_NO_ERROR);
  const bool expected[5] = {true, true, true, false, false};
  for (int i = 0; i < 5; i++) {
    EXPECT_EQ(from_driver[i], expected[i]) << i;
    EXPECT_EQ(from_file[i], expected[i]) << i;
  }
}

}  // namespace
}  // namespace nnadapter_test
