// The optional driver extension (hal/extension.h): capabilities and
// performance figures through NNAdapterDevice_getCapabilities, and refusal
// reasons through NNAdapterModel_getUnsupportedReason; a driver without the
// table keeps working.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "testing/execution.h"
#include "testing/model_builder.h"

namespace nnadapter_test {
namespace {

struct Acquired {
  NNAdapterDevice* device = nullptr;
  int code;
  explicit Acquired(const char* name)
      : code(NNAdapterDevice_acquire(name, &device)) {}
  ~Acquired() { NNAdapterDevice_release(device); }
};

NNAdapterCapabilities CapabilitiesOf(const char* name) {
  Acquired d(name);
  NNAdapterCapabilities c;
  EXPECT_EQ(d.code, NNADAPTER_NO_ERROR) << NNAdapter_getLastErrorMessage();
  EXPECT_EQ(NNAdapterDevice_getCapabilities(d.device, &c), NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  return c;
}

TEST(Capabilities, BuiltinDeviceDeclaresItsReferenceLoops) {
  const NNAdapterCapabilities c = CapabilitiesOf("builtin_device");
  EXPECT_EQ(c.source, NNADAPTER_CAPABILITIES_DECLARED);
  EXPECT_FLOAT_EQ(c.float32_performance.exec_time, 4.0f);
  EXPECT_FLOAT_EQ(c.quant8_symm_performance.power_usage, 4.0f);
  EXPECT_FLOAT_EQ(c.transfer_ns_per_byte, 0.0f);
}

TEST(Capabilities, FakeDeviceReadsItsIniAndTheEnvironment) {
  const NNAdapterCapabilities c = CapabilitiesOf("fake_device");
  EXPECT_EQ(c.source, NNADAPTER_CAPABILITIES_DECLARED);
  EXPECT_FLOAT_EQ(c.float32_performance.exec_time, 0.5f);  // fake_device.ini
  EXPECT_FLOAT_EQ(c.transfer_ns_per_byte, 0.1f);
  EXPECT_FLOAT_EQ(c.quant8_asymm_performance.exec_time, 1.0f);  // not given

  setenv("FAKE_DEVICE_B_PERFORMANCE",
         "float32.exec_time=2,CONV_2D.exec_time=0.25,transfer_ns_per_byte=3", 1);
  const NNAdapterCapabilities b = CapabilitiesOf("fake_device_b");
  EXPECT_FLOAT_EQ(b.float32_performance.exec_time, 2.0f);
  EXPECT_FLOAT_EQ(b.transfer_ns_per_byte, 3.0f);
  ASSERT_EQ(b.operation_count, 1u);
  EXPECT_EQ(b.operations[0].type, NNADAPTER_CONV_2D);
  EXPECT_FLOAT_EQ(b.operations[0].performance.exec_time, 0.25f);

  setenv("FAKE_DEVICE_B_PERFORMANCE", "float32.speed=2", 1);
  {
    Acquired d("fake_device_b");
    NNAdapterCapabilities bad;
    EXPECT_EQ(NNAdapterDevice_getCapabilities(d.device, &bad),
              NNADAPTER_INVALID_PARAMETER);
    const std::string message = NNAdapter_getLastErrorMessage();
    EXPECT_NE(message.find("FAKE_DEVICE_B_PERFORMANCE"), std::string::npos)
        << message;
    EXPECT_NE(message.find("float32.speed"), std::string::npos) << message;
  }
  unsetenv("FAKE_DEVICE_B_PERFORMANCE");
}

TEST(Capabilities, ADriverWithoutTheExtensionIsNotReportedAndStillWorks) {
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_LEGACY_DRIVER_DIR, 1);
  const NNAdapterCapabilities c = CapabilitiesOf("legacy_hal_device");
  EXPECT_EQ(c.source, NNADAPTER_CAPABILITIES_NOT_REPORTED);
  EXPECT_FLOAT_EQ(c.float32_performance.exec_time, 1.0f);
  EXPECT_EQ(c.operation_count, 0u);

  ModelBuilder b;
  auto* x = b.Tensor({1, 4});
  b.Op(NNADAPTER_RELU, {x}, {b.Tensor({1, 4})});
  Devices devices({"legacy_hal_device"}, "");
  bool supported[1] = {true};
  ASSERT_EQ(NNAdapterModel_getSupportedOperations(b.model(), devices.context(),
                                                  supported),
            NNADAPTER_NO_ERROR);
  EXPECT_FALSE(supported[0]);
  const char* reason = nullptr;
  ASSERT_EQ(NNAdapterModel_getUnsupportedReason(b.model(), 0, &reason),
            NNADAPTER_NO_ERROR);
  EXPECT_STREQ(reason, "");
  EXPECT_EQ(NNAdapterModel_getUnsupportedReason(b.model(), 1, &reason),
            NNADAPTER_INVALID_PARAMETER);
  unsetenv("NNADAPTER_DRIVER_PATH");
}

TEST(UnsupportedReason, NamesTheIniRuleOrThePropertyThatRefused) {
  ModelBuilder b;
  auto* i0 = b.Tensor({2, 3}, NNADAPTER_INT32);
  auto* i1 = b.Tensor({2, 3}, NNADAPTER_INT32);
  auto* x = b.Tensor({1, 4});
  b.Op(NNADAPTER_ADD, {i0, i1, b.Int(0)}, {b.Tensor({2, 3}, NNADAPTER_INT32)});
  b.Op(NNADAPTER_SIGMOID, {x}, {b.Tensor({1, 4})});
  b.Op(NNADAPTER_RELU, {x}, {b.Tensor({1, 4})});
  Devices devices({"fake_device"}, "FAKE_DEVICE_SUPPORTED_OPERATIONS=ADD,RELU");
  bool supported[3];
  ASSERT_EQ(NNAdapterModel_getSupportedOperations(b.model(), devices.context(),
                                                  supported),
            NNADAPTER_NO_ERROR);
  EXPECT_FALSE(supported[0]);
  EXPECT_FALSE(supported[1]);
  EXPECT_TRUE(supported[2]);
  const char* reason = nullptr;
  ASSERT_EQ(NNAdapterModel_getUnsupportedReason(b.model(), 0, &reason),
            NNADAPTER_NO_ERROR);
  const std::string add = reason;
  EXPECT_NE(add.find("fake_device: ADD: input0.dtype (fake_device.ini:"),
            std::string::npos)
      << add;
  EXPECT_NE(add.find("refuses dtype INT32 of input0"), std::string::npos) << add;
  ASSERT_EQ(NNAdapterModel_getUnsupportedReason(b.model(), 1, &reason),
            NNADAPTER_NO_ERROR);
  EXPECT_STREQ(reason,
               "fake_device: SIGMOID: not enabled by "
               "FAKE_DEVICE_SUPPORTED_OPERATIONS");
  ASSERT_EQ(NNAdapterModel_getUnsupportedReason(b.model(), 2, &reason),
            NNADAPTER_NO_ERROR);
  EXPECT_STREQ(reason, "");
}

}  // namespace
}  // namespace nnadapter_test
