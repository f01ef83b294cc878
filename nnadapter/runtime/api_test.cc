// The C API under misuse: every call returns the right code and a message
// that names the argument/operation/operand.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <thread>

#include "testing/execution.h"
#include "testing/files.h"
#include "testing/model_builder.h"

namespace nnadapter_test {
namespace {

std::string LastError() { return NNAdapter_getLastErrorMessage(); }

#define EXPECT_ERROR(call, code, fragment)                                   \
  do {                                                                       \
    EXPECT_EQ((call), (code));                                               \
    EXPECT_NE(LastError().find(fragment), std::string::npos)                 \
        << "message: " << LastError() << "\nexpected to contain: " << (fragment); \
  } while (0)

TEST(Library, VersionAndOperationNames) {
  uint32_t version = 0;
  ASSERT_EQ(NNAdapter_getVersion(&version), NNADAPTER_NO_ERROR);
  EXPECT_EQ(version, static_cast<uint32_t>(NNADAPTER_VERSION));
  EXPECT_STREQ(NNAdapter_getLastErrorMessage(), "");
  EXPECT_ERROR(NNAdapter_getVersion(nullptr), NNADAPTER_INVALID_PARAMETER,
               "NNAdapter_getVersion: 'version' must not be NULL");
  EXPECT_STREQ(NNAdapterOperationTypeName(NNADAPTER_CONV_2D), "CONV_2D");
  EXPECT_STREQ(NNAdapterOperationTypeName(NNADAPTER_GREATER_EQUAL),
               "GREATER_EQUAL");
  EXPECT_STREQ(NNAdapterOperationTypeName(NNADAPTER_YOLO_BOX), "YOLO_BOX");
  EXPECT_EQ(NNAdapterOperationTypeName(0), nullptr);
  EXPECT_STREQ(NNAdapterOperationTypeName(NNADAPTER_XOR), "XOR");
  EXPECT_STREQ(NNAdapterOperationTypeName(NNADAPTER_UNSTACK), "UNSTACK");
  EXPECT_STREQ(NNAdapterOperationTypeName(NNADAPTER_NON_MAX_SUPPRESSION), "NON_MAX_SUPPRESSION");
  EXPECT_EQ(NNAdapterOperationTypeName(NNADAPTER_NON_MAX_SUPPRESSION + 1), nullptr);
}

TEST(Library, LastErrorIsPerThread) {
  EXPECT_EQ(NNAdapter_getVersion(nullptr), NNADAPTER_INVALID_PARAMETER);
  std::string other = "unset";
  std::thread t([&] { other = NNAdapter_getLastErrorMessage(); });
  t.join();
  EXPECT_EQ(other, "");
  EXPECT_NE(LastError(), "");
  // A successful call clears it.
  uint32_t v;
  EXPECT_EQ(NNAdapter_getVersion(&v), NNADAPTER_NO_ERROR);
  EXPECT_EQ(LastError(), "");
}

TEST(Devices, EnumerationListsBuiltinAndDriversNextToTheLibrary) {
  uint32_t count = 0;
  ASSERT_EQ(NNAdapter_getDeviceCount(&count), NNADAPTER_NO_ERROR);
  ASSERT_GE(count, 3u);
  std::vector<std::string> names;
  for (uint32_t i = 0; i < count; i++) {
    const char* name = nullptr;
    ASSERT_EQ(NNAdapter_getDeviceName(i, &name), NNADAPTER_NO_ERROR);
    names.push_back(name);
  }
  EXPECT_EQ(names[0], "builtin_device");
  EXPECT_NE(std::find(names.begin(), names.end(), "fake_device"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "fake_device_b"), names.end());
  // The test's own refused driver is not in the search path.
  EXPECT_EQ(std::find(names.begin(), names.end(), "bad_hal_device"), names.end());
  const char* name = nullptr;
  EXPECT_ERROR(NNAdapter_getDeviceName(count, &name),
               NNADAPTER_INVALID_PARAMETER, "out of range");
  EXPECT_ERROR(NNAdapter_getDeviceCount(nullptr), NNADAPTER_INVALID_PARAMETER,
               "'count'");
}

TEST(Devices, AcquireReportsProperties) {
  NNAdapterDevice* device = nullptr;
  ASSERT_EQ(NNAdapterDevice_acquire("fake_device", &device), NNADAPTER_NO_ERROR)
      << LastError();
  const char* name = nullptr;
  const char* vendor = nullptr;
  NNAdapterDeviceType type = -1;
  int32_t version = 0;
  ASSERT_EQ(NNAdapterDevice_getName(device, &name), NNADAPTER_NO_ERROR);
  ASSERT_EQ(NNAdapterDevice_getVendor(device, &vendor), NNADAPTER_NO_ERROR);
  ASSERT_EQ(NNAdapterDevice_getType(device, &type), NNADAPTER_NO_ERROR);
  ASSERT_EQ(NNAdapterDevice_getVersion(device, &version), NNADAPTER_NO_ERROR);
  EXPECT_STREQ(name, "fake_device");
  EXPECT_NE(std::string(vendor).find("fake"), std::string::npos);
  EXPECT_EQ(type, NNADAPTER_ACCELERATOR);
  EXPECT_EQ(version, 1);
  NNAdapterDevice_release(device);
  // A released handle is detected, not dereferenced.
  EXPECT_ERROR(NNAdapterDevice_getName(device, &name),
               NNADAPTER_INVALID_PARAMETER, "not a live device");
  NNAdapterDevice_release(device);  // double release is harmless
  NNAdapterDevice_release(nullptr);

  NNAdapterDevice* builtin = nullptr;
  ASSERT_EQ(NNAdapterDevice_acquire("builtin_device", &builtin),
            NNADAPTER_NO_ERROR);
  ASSERT_EQ(NNAdapterDevice_getType(builtin, &type), NNADAPTER_NO_ERROR);
  EXPECT_EQ(type, NNADAPTER_CPU);
  NNAdapterDevice_release(builtin);
}

TEST(Devices, MissingDriverListsEveryPathInSearchOrder) {
  setenv("NNADAPTER_DRIVER_PATH", "/nonexistent/first:/nonexistent/second", 1);
  NNAdapterDevice* device = reinterpret_cast<NNAdapterDevice*>(0x1);
  EXPECT_EQ(NNAdapterDevice_acquire("no_such_npu", &device),
            NNADAPTER_DEVICE_NOT_FOUND);
  EXPECT_EQ(device, nullptr);
  const std::string msg = LastError();
  unsetenv("NNADAPTER_DRIVER_PATH");
  const std::vector<std::string> expected = {
      "/nonexistent/first/libno_such_npu.so: no such file",
      "/nonexistent/second/libno_such_npu.so: no such file",
      std::string(NNADAPTER_TEST_INSTALL_LIBDIR) + "/libno_such_npu.so",
      std::string(NNADAPTER_TEST_DRIVER_DIR) + "/libno_such_npu.so",
      "libno_such_npu.so (dynamic loader default path): dlopen failed"};
  size_t last = 0;
  for (const auto& fragment : expected) {
    size_t pos = msg.find(fragment);
    ASSERT_NE(pos, std::string::npos) << fragment << "\nin: " << msg;
    EXPECT_GE(pos, last) << "out of order: " << fragment << "\nin: " << msg;
    last = pos;
  }
  EXPECT_NE(msg.find("device 'no_such_npu' was not found"), std::string::npos);
  EXPECT_NE(msg.find("NNADAPTER_DRIVER_PATH"), std::string::npos);
}

TEST(Devices, DriverPathIsSearchedFirst) {
  // libbad_hal_device.so exists only in the test directory: found through
  // NNADAPTER_DRIVER_PATH, and refused for its HAL version.
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_BAD_DRIVER_DIR, 1);
  NNAdapterDevice* device = nullptr;
  EXPECT_EQ(NNAdapterDevice_acquire("bad_hal_device", &device),
            NNADAPTER_DEVICE_NOT_FOUND);
  const std::string msg = LastError();
  unsetenv("NNADAPTER_DRIVER_PATH");
  EXPECT_NE(msg.find(std::string(NNADAPTER_TEST_BAD_DRIVER_DIR) +
                     "/libbad_hal_device.so: refused: HAL version 999 is not "
                     "supported by this runtime (requires HAL version 2)"),
            std::string::npos)
      << msg;
  EXPECT_NE(msg.find("was refused"), std::string::npos) << msg;
  // Without the path the library is not found at all.
  EXPECT_EQ(NNAdapterDevice_acquire("bad_hal_device", &device),
            NNADAPTER_DEVICE_NOT_FOUND);
  EXPECT_NE(LastError().find("was not found"), std::string::npos);
}

TEST(Devices, LibraryWithoutTheSymbolIsReported) {
  // libfake_device.so renamed: it does not export __nnadapter_device__impostor.
  nnadapter_test::TempDir tmp("nnadapter_sym");
  ASSERT_FALSE(tmp.path().empty());
  const std::string& dir = tmp.path();
  const std::string copy = "cp " + std::string(NNADAPTER_TEST_DRIVER_DIR) +
                           "/libfake_device.so " + dir + "/libimpostor.so";
  ASSERT_EQ(std::system(copy.c_str()), 0);
  setenv("NNADAPTER_DRIVER_PATH", dir.c_str(), 1);
  NNAdapterDevice* device = nullptr;
  EXPECT_EQ(NNAdapterDevice_acquire("impostor", &device),
            NNADAPTER_DEVICE_NOT_FOUND);
  const std::string msg = LastError();
  uint32_t count = 0;
  ASSERT_EQ(NNAdapter_getDeviceCount(&count), NNADAPTER_NO_ERROR);
  for (uint32_t i = 0; i < count; i++) {
    const char* name;
    ASSERT_EQ(NNAdapter_getDeviceName(i, &name), NNADAPTER_NO_ERROR);
    EXPECT_STRNE(name, "impostor");
  }
  unsetenv("NNADAPTER_DRIVER_PATH");
  EXPECT_NE(msg.find(dir + "/libimpostor.so: loaded, but symbol "
                           "__nnadapter_device__impostor not found"),
            std::string::npos)
      << msg;
}

TEST(Devices, BadArguments) {
  NNAdapterDevice* device = nullptr;
  EXPECT_ERROR(NNAdapterDevice_acquire(nullptr, &device),
               NNADAPTER_INVALID_PARAMETER, "'name'");
  EXPECT_ERROR(NNAdapterDevice_acquire("fake_device", nullptr),
               NNADAPTER_INVALID_PARAMETER, "'device'");
  EXPECT_ERROR(NNAdapterDevice_acquire("../evil", &device),
               NNADAPTER_DEVICE_NOT_FOUND, "invalid device name '../evil'");
}

TEST(Contexts, ValidatesDevicesAndProperties) {
  NNAdapterDevice* d = nullptr;
  ASSERT_EQ(NNAdapterDevice_acquire("fake_device", &d), NNADAPTER_NO_ERROR);
  NNAdapterContext* ctx = nullptr;
  EXPECT_ERROR(NNAdapterContext_create(&d, 0, "", nullptr, &ctx),
               NNADAPTER_INVALID_PARAMETER, "'num_devices' must be at least 1");
  NNAdapterDevice* two[2] = {d, d};
  EXPECT_ERROR(NNAdapterContext_create(two, 2, "", nullptr, &ctx),
               NNADAPTER_INVALID_PARAMETER, "appears more than once");
  NNAdapterDevice* null_device[1] = {nullptr};
  EXPECT_ERROR(NNAdapterContext_create(null_device, 1, "", nullptr, &ctx),
               NNADAPTER_INVALID_PARAMETER, "devices[0]");
  EXPECT_ERROR(NNAdapterContext_create(&d, 1, "A=1;oops", nullptr, &ctx),
               NNADAPTER_INVALID_PARAMETER, "entry 2 'oops': expected KEY=VALUE");
  // The driver rejects an unknown operation in its own property.
  EXPECT_ERROR(NNAdapterContext_create(
                   &d, 1, "FAKE_DEVICE_SUPPORTED_OPERATIONS=CONV_2D,FOO", nullptr, &ctx),
               NNADAPTER_INVALID_PARAMETER, "rejected the context");
  EXPECT_EQ(ctx, nullptr);
  ASSERT_EQ(NNAdapterContext_create(&d, 1, nullptr, nullptr, &ctx), NNADAPTER_NO_ERROR);
  NNAdapterContext_destroy(ctx);
  NNAdapterContext_destroy(ctx);  // stale: ignored
  NNAdapterDevice_release(d);
}

TEST(Models, OperandValidation) {
  ModelBuilder b;
  NNAdapterOperandType t = Type(NNADAPTER_FLOAT32, {1, 2, 3, 4, 5, 6, 7, 8});
  t.dimensions.count = 9;
  NNAdapterOperand* o = nullptr;
  EXPECT_ERROR(NNAdapterModel_addOperand(b.model(), &t, &o),
               NNADAPTER_INVALID_PARAMETER, "operand #0: rank 9 exceeds 8");
  t = Type(77, {2});
  EXPECT_ERROR(NNAdapterModel_addOperand(b.model(), &t, &o),
               NNADAPTER_INVALID_PARAMETER, "precision 77");
  t = Type(NNADAPTER_FLOAT32, {2, -5});
  EXPECT_ERROR(NNAdapterModel_addOperand(b.model(), &t, &o),
               NNADAPTER_INVALID_PARAMETER, "dimension 1 is -5");
  t = Type(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {2});
  t.symm_per_layer_params.scale = 0;
  EXPECT_ERROR(NNAdapterModel_addOperand(b.model(), &t, &o),
               NNADAPTER_INVALID_PARAMETER, "scale must be a positive");
  float scales[3] = {1, 2, 3};
  t = Type(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, {4, 2});
  t.symm_per_channel_params = {0, 3, scales};
  EXPECT_ERROR(NNAdapterModel_addOperand(b.model(), &t, &o),
               NNADAPTER_INVALID_PARAMETER,
               "scale_count 3 differs from dimension 0 (4)");
  // Per-channel scales are copied.
  t = Type(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, {3, 2});
  t.symm_per_channel_params = {0, 3, scales};
  ASSERT_EQ(NNAdapterModel_addOperand(b.model(), &t, &o), NNADAPTER_NO_ERROR);
  scales[0] = 99;
  NNAdapterOperandType* stored = nullptr;
  ASSERT_EQ(NNAdapterModel_getOperandType(o, &stored), NNADAPTER_NO_ERROR);
  EXPECT_FLOAT_EQ(stored->symm_per_channel_params.scales[0], 1.0f);
  EXPECT_EQ(stored->lifetime, NNADAPTER_TEMPORARY_VARIABLE);
  // Constant size must match.
  NNAdapterOperand* f = b.Tensor({4, 4});
  std::vector<float> data(15);
  EXPECT_ERROR(NNAdapterModel_setOperandValue(f, data.data(), 60, true),
               NNADAPTER_INVALID_PARAMETER, "'length' is 60 bytes");
  EXPECT_NE(LastError().find("needs 64"), std::string::npos);
  NNAdapterOperand* unknown = b.Tensor({NNADAPTER_UNKNOWN, 4});
  EXPECT_ERROR(NNAdapterModel_setOperandValue(unknown, data.data(), 60, true),
               NNADAPTER_INVALID_PARAMETER, "fully known dimensions");
  EXPECT_ERROR(NNAdapterModel_setOperandValue(f, nullptr, 64, true),
               NNADAPTER_INVALID_PARAMETER, "'buffer' is NULL");
  data.resize(16);
  ASSERT_EQ(NNAdapterModel_setOperandValue(f, data.data(), 64, false),
            NNADAPTER_NO_ERROR);
  ASSERT_EQ(NNAdapterModel_getOperandType(f, &stored), NNADAPTER_NO_ERROR);
  EXPECT_EQ(stored->lifetime, NNADAPTER_CONSTANT_REFERENCE);
}

TEST(Models, OperationValidationAndCallOrder) {
  ModelBuilder a, b;
  NNAdapterOperand* x = a.Tensor({1, 4});
  NNAdapterOperand* y = a.Tensor({1, 4});
  NNAdapterOperand* z = a.Tensor({1, 4});
  NNAdapterOperand* foreign = b.Tensor({1, 4});
  NNAdapterOperand* in[1] = {x};
  NNAdapterOperand* out[1] = {y};
  EXPECT_ERROR(NNAdapterModel_addOperation(a.model(), 12345, 1, in, 1, out,
                                           nullptr),
               NNADAPTER_INVALID_PARAMETER,
               "operation type 12345 is not a standard NNAdapter operation");
  NNAdapterOperand* bad_in[1] = {foreign};
  EXPECT_ERROR(NNAdapterModel_addOperation(a.model(), NNADAPTER_RELU, 1, bad_in,
                                           1, out, nullptr),
               NNADAPTER_INVALID_PARAMETER,
               "RELU (operation #0): input 0 is not an operand of this model");
  EXPECT_ERROR(NNAdapterModel_addOperation(a.model(), NNADAPTER_RELU, 1, in, 0,
                                           out, nullptr),
               NNADAPTER_INVALID_PARAMETER, "at least one output");
  NNAdapterOperand* self[1] = {x};
  EXPECT_ERROR(NNAdapterModel_addOperation(a.model(), NNADAPTER_RELU, 1, in, 1,
                                           self, nullptr),
               NNADAPTER_INVALID_PARAMETER, "also an input of the same");
  NNAdapterOperation* op = nullptr;
  ASSERT_EQ(NNAdapterModel_addOperation(a.model(), NNADAPTER_RELU, 1, in, 1,
                                        out, &op),
            NNADAPTER_NO_ERROR)
      << LastError();
  EXPECT_NE(op, nullptr);
  // An operation handle is not an operand.
  NNAdapterOperandType* wrong = nullptr;
  EXPECT_ERROR(NNAdapterModel_getOperandType(
                   reinterpret_cast<NNAdapterOperand*>(op), &wrong),
               NNADAPTER_INVALID_PARAMETER, "does not belong to a live model");
  NNAdapterOperand* in2[1] = {y};
  EXPECT_ERROR(NNAdapterModel_addOperation(a.model(), NNADAPTER_SIGMOID, 1, in2,
                                           1, out, nullptr),
               NNADAPTER_INVALID_PARAMETER,
               "SIGMOID (operation #1): output 0 is already the output of RELU");
  // finish() before identifying inputs/outputs.
  EXPECT_ERROR(NNAdapterModel_finish(a.model()), NNADAPTER_INVALID_STATE,
               "not identified");
  NNAdapterOperand* model_in[1] = {x};
  NNAdapterOperand* model_out[1] = {z};
  ASSERT_EQ(NNAdapterModel_identifyInputsAndOutputs(a.model(), 1, model_in, 1,
                                                    model_out),
            NNADAPTER_NO_ERROR);
  EXPECT_ERROR(NNAdapterModel_finish(a.model()), NNADAPTER_INVALID_PARAMETER,
               "model output 0 is not produced by any operation");
  NNAdapterOperand* in_out[1] = {y};
  EXPECT_ERROR(NNAdapterModel_identifyInputsAndOutputs(a.model(), 1, in_out, 1,
                                                       model_out),
               NNADAPTER_INVALID_PARAMETER, "input 0 is the output of RELU");
  model_out[0] = y;
  ASSERT_EQ(NNAdapterModel_identifyInputsAndOutputs(a.model(), 1, model_in, 1,
                                                    model_out),
            NNADAPTER_NO_ERROR);
  ASSERT_EQ(NNAdapterModel_finish(a.model()), NNADAPTER_NO_ERROR) << LastError();
  // Nothing can be added to a finished model.
  NNAdapterOperandType t = Type(NNADAPTER_FLOAT32, {1});
  NNAdapterOperand* o;
  EXPECT_ERROR(NNAdapterModel_addOperand(a.model(), &t, &o),
               NNADAPTER_INVALID_STATE, "the model is finished");
  EXPECT_ERROR(NNAdapterModel_addOperation(a.model(), NNADAPTER_RELU, 1, in, 1,
                                           out, nullptr),
               NNADAPTER_INVALID_STATE, "the model is finished");
  EXPECT_ERROR(NNAdapterModel_finish(a.model()), NNADAPTER_INVALID_STATE,
               "the model is finished");
}

TEST(Models, ConstantsAndInputsCannotBeProduced) {
  ModelBuilder b;
  NNAdapterOperand* x = b.Tensor({2});
  NNAdapterOperand* c = b.Floats({2}, {1, 2});
  NNAdapterOperand* in[1] = {x};
  NNAdapterOperand* out[1] = {c};
  EXPECT_ERROR(NNAdapterModel_addOperation(b.model(), NNADAPTER_RELU, 1, in, 1,
                                           out, nullptr),
               NNADAPTER_INVALID_PARAMETER, "output 0 is a constant");
  NNAdapterOperand* outs[1] = {c};
  EXPECT_ERROR(NNAdapterModel_identifyInputsAndOutputs(b.model(), 1, in, 1, outs),
               NNADAPTER_INVALID_PARAMETER, "output 0 is a constant");
}

TEST(Compilations, CallOrderIsEnforced) {
  Devices devices({"fake_device"}, "");
  ModelBuilder b;
  NNAdapterOperand* x = b.Tensor({1, 4});
  NNAdapterOperand* y = b.Tensor({1, 4});
  b.Op(NNADAPTER_RELU, {x}, {y});
  NNAdapterCompilation* c = nullptr;
  EXPECT_ERROR(NNAdapterCompilation_create(b.model(), nullptr, nullptr, 0,
                                           nullptr, devices.context(), &c),
               NNADAPTER_INVALID_STATE, "the model is not finished");
  b.Finish({x}, {y});
  EXPECT_ERROR(NNAdapterCompilation_create(b.model(), "bad/token", nullptr, 0,
                                           "/tmp", devices.context(), &c),
               NNADAPTER_INVALID_PARAMETER, "cache_token 'bad/token'");
  int dummy = 0;
  EXPECT_ERROR(NNAdapterCompilation_create(b.model(), "t", &dummy, 0, nullptr,
                                           devices.context(), &c),
               NNADAPTER_INVALID_PARAMETER, "given together");
  EXPECT_ERROR(NNAdapterCompilation_create(nullptr, nullptr, nullptr, 0,
                                           nullptr, devices.context(), &c),
               NNADAPTER_INVALID_PARAMETER, "'model' is NULL and no cache");
  ASSERT_EQ(NNAdapterCompilation_create(b.model(), nullptr, nullptr, 0, nullptr,
                                        devices.context(), &c),
            NNADAPTER_NO_ERROR);
  uint32_t ni = 0, no = 0;
  EXPECT_ERROR(NNAdapterCompilation_queryInputsAndOutputs(c, &ni, nullptr, &no,
                                                          nullptr),
               NNADAPTER_INVALID_STATE, "not finished");
  NNAdapterExecution* e = nullptr;
  EXPECT_ERROR(NNAdapterExecution_create(c, &e), NNADAPTER_INVALID_STATE,
               "not finished");
  ASSERT_EQ(NNAdapterCompilation_finish(c), NNADAPTER_NO_ERROR) << LastError();
  EXPECT_ERROR(NNAdapterCompilation_finish(c), NNADAPTER_INVALID_STATE,
               "already finished");
  ASSERT_EQ(NNAdapterCompilation_queryInputsAndOutputs(c, &ni, nullptr, &no,
                                                       nullptr),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(ni, 1u);
  EXPECT_EQ(no, 1u);
  NNAdapterOperandType it, ot;
  NNAdapterOperandType* its[1] = {&it};
  NNAdapterOperandType* ots[1] = {&ot};
  ASSERT_EQ(NNAdapterCompilation_queryInputsAndOutputs(c, &ni, its, &no, ots),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(it.dimensions.count, 2u);
  EXPECT_EQ(it.dimensions.data[1], 4);
  EXPECT_EQ(ot.precision, NNADAPTER_FLOAT32);
  ASSERT_EQ(NNAdapterExecution_create(c, &e), NNADAPTER_NO_ERROR);
  Memory in{{1, 4}, {-1, 2, -3, 4}}, out;
  EXPECT_ERROR(NNAdapterExecution_compute(e), NNADAPTER_INVALID_STATE,
               "input 0 is not set");
  EXPECT_ERROR(NNAdapterExecution_setInput(e, 1, &in, AccessInput),
               NNADAPTER_INVALID_PARAMETER,
               "input index 1 is out of range (the model has 1 inputs)");
  EXPECT_ERROR(NNAdapterExecution_setInput(e, -1, &in, AccessInput),
               NNADAPTER_INVALID_PARAMETER, "input index -1");
  EXPECT_ERROR(NNAdapterExecution_setOutput(e, 0, &out, nullptr),
               NNADAPTER_INVALID_PARAMETER, "access callback is NULL");
  ASSERT_EQ(NNAdapterExecution_setInput(e, 0, &in, AccessInput),
            NNADAPTER_NO_ERROR);
  EXPECT_ERROR(NNAdapterExecution_compute(e), NNADAPTER_INVALID_STATE,
               "output 0 is not set");
  ASSERT_EQ(NNAdapterExecution_setOutput(e, 0, &out, AccessOutput),
            NNADAPTER_NO_ERROR);
  ASSERT_EQ(NNAdapterExecution_compute(e), NNADAPTER_NO_ERROR) << LastError();
  EXPECT_EQ(out.data, (std::vector<float>{0, 2, 0, 4}));
  EXPECT_EQ(out.dims, (std::vector<int32_t>{1, 4}));
  // Wrong input shape.
  in.dims = {1, 5};
  in.data.resize(5);
  EXPECT_ERROR(NNAdapterExecution_compute(e), NNADAPTER_INVALID_DIMENSIONS,
               "input 0: dimensions [1,5] do not match the compiled [1,4]");
  in.dims = {4};
  EXPECT_ERROR(NNAdapterExecution_compute(e), NNADAPTER_INVALID_DIMENSIONS,
               "rank 1 differs from the compiled rank 2");
  NNAdapterExecution_destroy(e);
  EXPECT_ERROR(NNAdapterExecution_compute(e), NNADAPTER_INVALID_PARAMETER,
               "not a live execution");
  NNAdapterCompilation_destroy(c);
  EXPECT_ERROR(NNAdapterExecution_create(c, &e), NNADAPTER_INVALID_PARAMETER,
               "not a live compilation");
}

TEST(Compilations, ObjectsDestroyedInAnyOrderAreDetectedNotDereferenced) {
  NNAdapterDevice* d = nullptr;
  ASSERT_EQ(NNAdapterDevice_acquire("fake_device", &d), NNADAPTER_NO_ERROR);
  NNAdapterContext* ctx = nullptr;
  ASSERT_EQ(NNAdapterContext_create(&d, 1, "", nullptr, &ctx), NNADAPTER_NO_ERROR);
  NNAdapterCompilation *c1 = nullptr, *c2 = nullptr;
  NNAdapterExecution* e = nullptr;
  {
    ModelBuilder b;
    NNAdapterOperand* x = b.Tensor({2});
    NNAdapterOperand* y = b.Tensor({2});
    b.Op(NNADAPTER_RELU, {x}, {y});
    b.Finish({x}, {y});
    ASSERT_EQ(NNAdapterCompilation_create(b.model(), nullptr, nullptr, 0,
                                          nullptr, ctx, &c1),
              NNADAPTER_NO_ERROR);
    ASSERT_EQ(NNAdapterCompilation_finish(c1), NNADAPTER_NO_ERROR);
    ASSERT_EQ(NNAdapterCompilation_create(b.model(), nullptr, nullptr, 0,
                                          nullptr, ctx, &c2),
              NNADAPTER_NO_ERROR);
  }  // the model is destroyed here
  EXPECT_ERROR(NNAdapterCompilation_finish(c2), NNADAPTER_INVALID_STATE,
               "the model of this compilation was destroyed");
  // The compiled program does not need the model any more.
  ASSERT_EQ(NNAdapterExecution_create(c1, &e), NNADAPTER_NO_ERROR);
  Memory in{{2}, {-1, 3}}, out;
  NNAdapterExecution_setInput(e, 0, &in, AccessInput);
  NNAdapterExecution_setOutput(e, 0, &out, AccessOutput);
  ASSERT_EQ(NNAdapterExecution_compute(e), NNADAPTER_NO_ERROR) << LastError();
  EXPECT_EQ(out.data, (std::vector<float>{0, 3}));
  NNAdapterDevice_release(d);
  NNAdapterContext_destroy(ctx);
  EXPECT_ERROR(NNAdapterExecution_compute(e), NNADAPTER_INVALID_STATE,
               "the context of this execution was destroyed");
  NNAdapterExecution_destroy(e);
  NNAdapterCompilation_destroy(c1);  // programs freed through the driver
  NNAdapterCompilation_destroy(c2);
}

TEST(Executions, UnknownAndDynamicDimensions) {
  Devices devices({"builtin_device"}, "");
  ModelBuilder b;
  NNAdapterOperandType t = Type(NNADAPTER_FLOAT32, {NNADAPTER_UNKNOWN, 4});
  t.dimensions.dynamic_count = 0;
  NNAdapterOperand *x = nullptr, *y = nullptr, *z = nullptr;
  ASSERT_EQ(NNAdapterModel_addOperand(b.model(), &t, &x), NNADAPTER_NO_ERROR);
  ASSERT_EQ(NNAdapterModel_addOperand(b.model(), &t, &y), NNADAPTER_NO_ERROR);
  // z: fixed [2,4] but also allowed as [3,4] or [5,4] (dynamic shapes).
  NNAdapterOperandType tz = Type(NNADAPTER_FLOAT32, {2, 4});
  tz.dimensions.dynamic_count = 2;
  tz.dimensions.dynamic_data[0][0] = 3;
  tz.dimensions.dynamic_data[0][1] = 4;
  tz.dimensions.dynamic_data[1][0] = 5;
  tz.dimensions.dynamic_data[1][1] = 4;
  ASSERT_EQ(NNAdapterModel_addOperand(b.model(), &tz, &z), NNADAPTER_NO_ERROR);
  NNAdapterOperand* s = b.Tensor({NNADAPTER_UNKNOWN, 4});
  NNAdapterOperand* u = b.Tensor({NNADAPTER_UNKNOWN, 4});
  b.Op(NNADAPTER_RELU, {x}, {y});
  b.Op(NNADAPTER_RELU, {z}, {s});
  b.Op(NNADAPTER_ADD, {y, s, b.Int(NNADAPTER_FUSED_NONE)}, {u});
  b.Finish({x, z}, {u});
  NNAdapterCompilation* c = Compile(b.model(), devices.context());
  ASSERT_NE(c, nullptr);
  NNAdapterExecution* e = nullptr;
  ASSERT_EQ(NNAdapterExecution_create(c, &e), NNADAPTER_NO_ERROR);
  for (int rows : {2, 3, 5}) {
    Memory in_x{{rows, 4}, std::vector<float>(rows * 4, -1.0f)};
    Memory in_z{{rows, 4}, std::vector<float>(rows * 4, 2.5f)};
    Memory out;
    NNAdapterExecution_setInput(e, 0, &in_x, AccessInput);
    NNAdapterExecution_setInput(e, 1, &in_z, AccessInput);
    NNAdapterExecution_setOutput(e, 0, &out, AccessOutput);
    ASSERT_EQ(NNAdapterExecution_compute(e), NNADAPTER_NO_ERROR)
        << rows << ": " << LastError();
    EXPECT_EQ(out.dims, (std::vector<int32_t>{rows, 4}));
    EXPECT_EQ(out.data, std::vector<float>(rows * 4, 2.5f));
  }
  Memory in_x{{4, 4}, std::vector<float>(16, 1.0f)};
  Memory in_z{{4, 4}, std::vector<float>(16, 1.0f)};
  Memory out;
  NNAdapterExecution_setInput(e, 0, &in_x, AccessInput);
  NNAdapterExecution_setInput(e, 1, &in_z, AccessInput);
  NNAdapterExecution_setOutput(e, 0, &out, AccessOutput);
  EXPECT_ERROR(NNAdapterExecution_compute(e), NNADAPTER_INVALID_DIMENSIONS,
               "input 1: dimensions [4,4] do not match the compiled [2,4] or "
               "any of its dynamic shapes");
  in_x.dims = {4, NNADAPTER_UNKNOWN};
  EXPECT_ERROR(NNAdapterExecution_compute(e), NNADAPTER_INVALID_DIMENSIONS,
               "input 0: dimension 1 is -1 (must be known at run time)");
  NNAdapterExecution_destroy(e);
  NNAdapterCompilation_destroy(c);
}

TEST(Compilations, UnsupportedOperationIsNamed) {
  Devices devices({"fake_device"}, "FAKE_DEVICE_SUPPORTED_OPERATIONS=RELU");
  ModelBuilder b;
  NNAdapterOperand* x = b.Tensor({1, 4});
  NNAdapterOperand* y = b.Tensor({1, 4});
  NNAdapterOperand* z = b.Tensor({1, 4});
  b.Op(NNADAPTER_RELU, {x}, {y});
  b.Op(NNADAPTER_SIGMOID, {y}, {z});
  b.Finish({x}, {z});
  bool supported[2] = {false, true};
  ASSERT_EQ(NNAdapterModel_getSupportedOperations(b.model(), devices.context(),
                                                  supported),
            NNADAPTER_NO_ERROR);
  EXPECT_TRUE(supported[0]);
  EXPECT_FALSE(supported[1]);
  NNAdapterCompilation* c = nullptr;
  ASSERT_EQ(NNAdapterCompilation_create(b.model(), nullptr, nullptr, 0, nullptr,
                                        devices.context(), &c),
            NNADAPTER_NO_ERROR);
  EXPECT_ERROR(NNAdapterCompilation_finish(c), NNADAPTER_FEATURE_NOT_SUPPORTED,
               "operation #1 (SIGMOID) is not supported by any device of the "
               "context (fake_device)");
  NNAdapterCompilation_destroy(c);
  EXPECT_ERROR(NNAdapterModel_getSupportedOperations(b.model(), devices.context(),
                                                     nullptr),
               NNADAPTER_INVALID_PARAMETER, "'supported_operations'");
}

}  // namespace
}  // namespace nnadapter_test
