// A failing fake_device entry point: the driver's reason reaches the user
// through NNAdapter_getLastErrorMessage (HAL last_error_message).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "nnadapter/nnadapter.h"

namespace {

std::string LastError() { return NNAdapter_getLastErrorMessage(); }

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

class FakeDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(NNAdapterDevice_acquire("fake_device", &device_),
              NNADAPTER_NO_ERROR)
        << LastError();
  }
  void TearDown() override {
    if (context_) NNAdapterContext_destroy(context_);
    NNAdapterDevice_release(device_);
  }
  int CreateContext(const char* properties) {
    return NNAdapterContext_create(&device_, 1, properties, nullptr, &context_);
  }
  NNAdapterDevice* device_ = nullptr;
  NNAdapterContext* context_ = nullptr;
};

TEST_F(FakeDevice, RejectedContextPropertyIsExplained) {
  EXPECT_EQ(CreateContext("FAKE_DEVICE_SUPPORTED_OPERATIONS=RELU,BOGUS"),
            NNADAPTER_INVALID_PARAMETER);
  const std::string message = LastError();
  EXPECT_TRUE(Contains(message, "device 'fake_device' rejected the context"))
      << message;
  EXPECT_TRUE(Contains(message,
                       "code 2: fake_device: create_context: "
                       "FAKE_DEVICE_SUPPORTED_OPERATIONS: unknown operation "
                       "'BOGUS'"))
      << message;
  EXPECT_EQ(CreateContext("FAKE_DEVICE_SUPPORTED_OPERATIONS=EXP"),
            NNADAPTER_INVALID_PARAMETER);
  EXPECT_TRUE(Contains(LastError(),
                       "fake_device: create_context: "
                       "FAKE_DEVICE_SUPPORTED_OPERATIONS: 'EXP' is not "
                       "implemented by fake_ddk"))
      << LastError();
}

NNAdapterOperandType Float32(std::vector<int32_t> dims) {
  NNAdapterOperandType t;
  std::memset(&t, 0, sizeof(t));
  t.precision = NNADAPTER_FLOAT32;
  t.layout = NNADAPTER_NCHW;
  t.dimensions.count = static_cast<uint32_t>(dims.size());
  for (size_t i = 0; i < dims.size(); i++) t.dimensions.data[i] = dims[i];
  return t;
}

void* Input(void* memory, NNAdapterOperandType*) {
  return static_cast<std::vector<float>*>(memory)->data();
}
void* NoBuffer(void*, NNAdapterOperandType*) { return nullptr; }

TEST_F(FakeDevice, FailedExecutionIsExplained) {
  ASSERT_EQ(CreateContext(""), NNADAPTER_NO_ERROR) << LastError();
  NNAdapterModel* model = nullptr;
  ASSERT_EQ(NNAdapterModel_create(&model), NNADAPTER_NO_ERROR);
  NNAdapterOperandType type = Float32({2, 3});
  NNAdapterOperand *x = nullptr, *y = nullptr;
  ASSERT_EQ(NNAdapterModel_addOperand(model, &type, &x), NNADAPTER_NO_ERROR);
  ASSERT_EQ(NNAdapterModel_addOperand(model, &type, &y), NNADAPTER_NO_ERROR);
  ASSERT_EQ(NNAdapterModel_addOperation(model, NNADAPTER_RELU, 1, &x, 1, &y,
                                        nullptr),
            NNADAPTER_NO_ERROR)
      << LastError();
  ASSERT_EQ(NNAdapterModel_identifyInputsAndOutputs(model, 1, &x, 1, &y),
            NNADAPTER_NO_ERROR);
  ASSERT_EQ(NNAdapterModel_finish(model), NNADAPTER_NO_ERROR) << LastError();
  NNAdapterCompilation* compilation = nullptr;
  ASSERT_EQ(NNAdapterCompilation_create(model, nullptr, nullptr, 0, nullptr,
                                        context_, &compilation),
            NNADAPTER_NO_ERROR)
      << LastError();
  ASSERT_EQ(NNAdapterCompilation_finish(compilation), NNADAPTER_NO_ERROR)
      << LastError();
  NNAdapterExecution* execution = nullptr;
  ASSERT_EQ(NNAdapterExecution_create(compilation, &execution),
            NNADAPTER_NO_ERROR);
  std::vector<float> in = {-1, 2, -3, 4, -5, 6};
  ASSERT_EQ(NNAdapterExecution_setInput(execution, 0, &in, Input),
            NNADAPTER_NO_ERROR);
  ASSERT_EQ(NNAdapterExecution_setOutput(execution, 0, nullptr, NoBuffer),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(NNAdapterExecution_compute(execution),
            NNADAPTER_INVALID_PARAMETER);
  const std::string message = LastError();
  EXPECT_TRUE(Contains(message, "device 'fake_device' failed to execute"))
      << message;
  EXPECT_TRUE(Contains(message,
                       "(NNADAPTER_INVALID_PARAMETER): fake_device: "
                       "execute_program: output argument 0 (index 0): access "
                       "callback returned no buffer"))
      << message;
  NNAdapterExecution_destroy(execution);
  NNAdapterCompilation_destroy(compilation);
  NNAdapterModel_destroy(model);
}

}  // namespace
