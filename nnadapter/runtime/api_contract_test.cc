// The public C API contract that the other runtime tests do not
// pin down: every function of the seed's API appendix exists with the seed's
// signature and is exported unmangled from libnnadapter.so; executions of one
// compilation run concurrently from several threads on builtin_device and on
// a compilation partitioned over fake_device + builtin_device (runtime-owned
// intermediate buffers); and devices, contexts and compilations can be
// created from several threads at once.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <random>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "testing/execution.h"
#include "testing/model_builder.h"

namespace nnadapter_test {
namespace {

// --- signatures, as written in the seed's API appendix ----------------------
using AccessFn = void* (*)(void* memory, NNAdapterOperandType* type);
#define NNADAPTER_SEED_API(X)                                                    \
  X(NNAdapter_getVersion, int (*)(uint32_t*))                                    \
  X(NNAdapterDevice_acquire, int (*)(const char*, NNAdapterDevice**))           \
  X(NNAdapterDevice_release, void (*)(NNAdapterDevice*))                         \
  X(NNAdapterDevice_getName, int (*)(const NNAdapterDevice*, const char**))     \
  X(NNAdapterDevice_getVendor, int (*)(const NNAdapterDevice*, const char**))   \
  X(NNAdapterDevice_getType,                                                     \
    int (*)(const NNAdapterDevice*, NNAdapterDeviceType*))                       \
  X(NNAdapterDevice_getVersion, int (*)(const NNAdapterDevice*, int32_t*))      \
  X(NNAdapterContext_create,                                                     \
    int (*)(NNAdapterDevice**, uint32_t, const char*, int (*)(int, void*),       \
            NNAdapterContext**))                                                 \
  X(NNAdapterContext_destroy, void (*)(NNAdapterContext*))                       \
  X(NNAdapterModel_create, int (*)(NNAdapterModel**))                            \
  X(NNAdapterModel_destroy, void (*)(NNAdapterModel*))                           \
  X(NNAdapterModel_finish, int (*)(NNAdapterModel*))                             \
  X(NNAdapterModel_addOperand,                                                   \
    int (*)(NNAdapterModel*, const NNAdapterOperandType*, NNAdapterOperand**))   \
  X(NNAdapterModel_setOperandValue,                                              \
    int (*)(NNAdapterOperand*, void*, uint32_t, bool))                           \
  X(NNAdapterModel_getOperandType,                                               \
    int (*)(NNAdapterOperand*, NNAdapterOperandType**))                          \
  X(NNAdapterModel_addOperation,                                                 \
    int (*)(NNAdapterModel*, NNAdapterOperationType, uint32_t,                   \
            NNAdapterOperand**, uint32_t, NNAdapterOperand**,                    \
            NNAdapterOperation**))                                               \
  X(NNAdapterModel_identifyInputsAndOutputs,                                     \
    int (*)(NNAdapterModel*, uint32_t, NNAdapterOperand**, uint32_t,             \
            NNAdapterOperand**))                                                 \
  X(NNAdapterCompilation_create,                                                 \
    int (*)(NNAdapterModel*, const char*, void*, uint32_t, const char*,          \
            NNAdapterContext*, NNAdapterCompilation**))                          \
  X(NNAdapterCompilation_destroy, void (*)(NNAdapterCompilation*))               \
  X(NNAdapterCompilation_finish, int (*)(NNAdapterCompilation*))                 \
  X(NNAdapterCompilation_queryInputsAndOutputs,                                  \
    int (*)(NNAdapterCompilation*, uint32_t*, NNAdapterOperandType**,            \
            uint32_t*, NNAdapterOperandType**))                                  \
  X(NNAdapterExecution_create,                                                   \
    int (*)(NNAdapterCompilation*, NNAdapterExecution**))                        \
  X(NNAdapterExecution_destroy, void (*)(NNAdapterExecution*))                   \
  X(NNAdapterExecution_setInput,                                                 \
    int (*)(NNAdapterExecution*, int32_t, void*, AccessFn))                      \
  X(NNAdapterExecution_setOutput,                                                \
    int (*)(NNAdapterExecution*, int32_t, void*, AccessFn))                      \
  X(NNAdapterExecution_compute, int (*)(NNAdapterExecution*))                    \
  /* beyond the appendix: support query, enumeration, errors */        \
  X(NNAdapterModel_getSupportedOperations,                                       \
    int (*)(const NNAdapterModel*, const NNAdapterContext*, bool*))              \
  X(NNAdapter_getDeviceCount, int (*)(uint32_t*))                                \
  X(NNAdapter_getDeviceName, int (*)(uint32_t, const char**))                    \
  X(NNAdapter_getLastErrorMessage, const char* (*)(void))                       \
  X(NNAdapterCompilation_queryCacheUse, int (*)(NNAdapterCompilation*, bool*))

#define NNADAPTER_CHECK_SIGNATURE(name, type)                 \
  static_assert(std::is_same<decltype(&name), type>::value, \
                #name " does not have the seed's signature");
NNADAPTER_SEED_API(NNADAPTER_CHECK_SIGNATURE)
#undef NNADAPTER_CHECK_SIGNATURE

struct ApiFunction {
  const char* name;
  void* address;
};
#define NNADAPTER_API_ENTRY(name, type) \
  {#name, reinterpret_cast<void*>(static_cast<type>(&name))},
const ApiFunction kApi[] = {NNADAPTER_SEED_API(NNADAPTER_API_ENTRY)};
#undef NNADAPTER_API_ENTRY

TEST(ApiContract, EverySeedFunctionIsExportedUnmangled) {
  const std::string lib = std::string(NNADAPTER_TEST_DRIVER_DIR) + "/libnnadapter.so";
  void* handle = dlopen(lib.c_str(), RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(handle, nullptr) << lib << " is not the loaded libnnadapter: " << dlerror();
  EXPECT_EQ(sizeof(kApi) / sizeof(kApi[0]), 31u);
  for (const auto& f : kApi) {
    void* symbol = dlsym(handle, f.name);
    EXPECT_NE(symbol, nullptr) << f.name << " is not exported";
    EXPECT_EQ(symbol, f.address) << f.name;
  }
  dlclose(handle);
}

// --- NULL arguments -----------------------------------------------------------
// Every entry point with NULL for its handles/pointers: a result code and a
// last-error message that starts with the function's name; the void ones
// (destroy/release) ignore NULL.
TEST(ApiContract, EveryFunctionRejectsNullArguments) {
  struct Call {
    const char* name;
    int (*call)();
  };
  const Call calls[] = {
      {"NNAdapter_getVersion", [] { return NNAdapter_getVersion(nullptr); }},
      {"NNAdapter_getDeviceCount", [] { return NNAdapter_getDeviceCount(nullptr); }},
      {"NNAdapter_getDeviceName", [] { return NNAdapter_getDeviceName(0, nullptr); }},
      {"NNAdapterDevice_acquire", [] { return NNAdapterDevice_acquire(nullptr, nullptr); }},
      {"NNAdapterDevice_getName", [] { return NNAdapterDevice_getName(nullptr, nullptr); }},
      {"NNAdapterDevice_getVendor", [] { return NNAdapterDevice_getVendor(nullptr, nullptr); }},
      {"NNAdapterDevice_getType", [] { return NNAdapterDevice_getType(nullptr, nullptr); }},
      {"NNAdapterDevice_getVersion", [] { return NNAdapterDevice_getVersion(nullptr, nullptr); }},
      {"NNAdapterContext_create",
       [] { return NNAdapterContext_create(nullptr, 1, nullptr, nullptr, nullptr); }},
      {"NNAdapterModel_create", [] { return NNAdapterModel_create(nullptr); }},
      {"NNAdapterModel_finish", [] { return NNAdapterModel_finish(nullptr); }},
      {"NNAdapterModel_addOperand",
       [] { return NNAdapterModel_addOperand(nullptr, nullptr, nullptr); }},
      {"NNAdapterModel_setOperandValue",
       [] { return NNAdapterModel_setOperandValue(nullptr, nullptr, 4, true); }},
      {"NNAdapterModel_getOperandType",
       [] { return NNAdapterModel_getOperandType(nullptr, nullptr); }},
      {"NNAdapterModel_addOperation",
       [] {
         return NNAdapterModel_addOperation(nullptr, NNADAPTER_RELU, 1, nullptr, 1, nullptr,
                                            nullptr);
       }},
      {"NNAdapterModel_identifyInputsAndOutputs",
       [] { return NNAdapterModel_identifyInputsAndOutputs(nullptr, 1, nullptr, 1, nullptr); }},
      {"NNAdapterModel_getSupportedOperations",
       [] { return NNAdapterModel_getSupportedOperations(nullptr, nullptr, nullptr); }},
      {"NNAdapterCompilation_create",
       [] {
         return NNAdapterCompilation_create(nullptr, nullptr, nullptr, 0, nullptr, nullptr,
                                            nullptr);
       }},
      {"NNAdapterCompilation_finish", [] { return NNAdapterCompilation_finish(nullptr); }},
      {"NNAdapterCompilation_queryInputsAndOutputs",
       [] {
         return NNAdapterCompilation_queryInputsAndOutputs(nullptr, nullptr, nullptr, nullptr,
                                                           nullptr);
       }},
      {"NNAdapterCompilation_queryCacheUse",
       [] { return NNAdapterCompilation_queryCacheUse(nullptr, nullptr); }},
      {"NNAdapterExecution_create", [] { return NNAdapterExecution_create(nullptr, nullptr); }},
      {"NNAdapterExecution_setInput",
       [] { return NNAdapterExecution_setInput(nullptr, 0, nullptr, nullptr); }},
      {"NNAdapterExecution_setOutput",
       [] { return NNAdapterExecution_setOutput(nullptr, 0, nullptr, nullptr); }},
      {"NNAdapterExecution_compute", [] { return NNAdapterExecution_compute(nullptr); }},
  };
  for (const auto& c : calls) {
    EXPECT_EQ(c.call(), NNADAPTER_INVALID_PARAMETER) << c.name;
    const std::string message = NNAdapter_getLastErrorMessage();
    EXPECT_EQ(message.rfind(c.name, 0), 0u) << c.name << ": '" << message << "'";
  }
  NNAdapterDevice_release(nullptr);
  NNAdapterContext_destroy(nullptr);
  NNAdapterModel_destroy(nullptr);
  NNAdapterCompilation_destroy(nullptr);
  NNAdapterExecution_destroy(nullptr);
  EXPECT_STREQ(NNAdapter_getLastErrorMessage(), "");
}

// --- concurrent executions ---------------------------------------------------
float Sigmoid(float v) { return 1.0f / (1.0f + std::exp(-v)); }

std::vector<float> Random(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-2.0f, 2.0f);
  std::vector<float> v(n);
  for (auto& x : v) x = dist(rng);
  return v;
}

// y = FC2(sigmoid(FC1(x))) + x, [1, 16] -> [1, 16]: FC and ADD may go to
// fake_device, SIGMOID to builtin_device, so the partitioned compilation has
// three sub-models joined by runtime-owned buffers.
struct TwoLayerModel {
  static constexpr int kN = 16;
  std::vector<float> w1 = Random(kN * kN, 1), b1 = Random(kN, 2);
  std::vector<float> w2 = Random(kN * kN, 3), b2 = Random(kN, 4);
  ModelBuilder b;

  TwoLayerModel() {
    auto* x = b.Tensor({1, kN});
    auto* h = b.Tensor({1, kN});
    auto* s = b.Tensor({1, kN});
    auto* z = b.Tensor({1, kN});
    auto* y = b.Tensor({1, kN});
    b.Op(NNADAPTER_FULLY_CONNECTED,
         {x, b.Floats({kN, kN}, w1), b.Floats({kN}, b1), b.Int(NNADAPTER_FUSED_NONE)},
         {h});
    b.Op(NNADAPTER_SIGMOID, {h}, {s});
    b.Op(NNADAPTER_FULLY_CONNECTED,
         {s, b.Floats({kN, kN}, w2), b.Floats({kN}, b2), b.Int(NNADAPTER_FUSED_NONE)},
         {z});
    b.Op(NNADAPTER_ADD, {z, x, b.Int(NNADAPTER_FUSED_NONE)}, {y});
    b.Finish({x}, {y});
  }

  std::vector<float> Reference(const std::vector<float>& x) const {
    std::vector<float> s(kN), y(kN);
    for (int n = 0; n < kN; n++) {
      float acc = b1[n];
      for (int k = 0; k < kN; k++) acc += x[k] * w1[n * kN + k];
      s[n] = Sigmoid(acc);
    }
    for (int n = 0; n < kN; n++) {
      float acc = b2[n];
      for (int k = 0; k < kN; k++) acc += s[k] * w2[n * kN + k];
      y[n] = acc + x[n];
    }
    return y;
  }
};

// Runs `iterations` computations in each of `threads` threads, every thread
// with its own execution of `compilation`; returns the number of wrong or
// failed computations.
int RunConcurrently(NNAdapterCompilation* compilation, const TwoLayerModel& m,
                    int threads, int iterations) {
  std::atomic<int> failures{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; t++) {
    pool.emplace_back([&, t] {
      NNAdapterExecution* e = nullptr;
      if (NNAdapterExecution_create(compilation, &e) != NNADAPTER_NO_ERROR) {
        failures++;
        return;
      }
      for (int it = 0; it < iterations; it++) {
        Memory in{{1, TwoLayerModel::kN},
                  Random(TwoLayerModel::kN, 1000u * static_cast<unsigned>(t) + it)};
        Memory out;
        if (NNAdapterExecution_setInput(e, 0, &in, AccessInput) != NNADAPTER_NO_ERROR ||
            NNAdapterExecution_setOutput(e, 0, &out, AccessOutput) != NNADAPTER_NO_ERROR ||
            NNAdapterExecution_compute(e) != NNADAPTER_NO_ERROR ||
            out.data.size() != static_cast<size_t>(TwoLayerModel::kN)) {
          failures++;
          continue;
        }
        const auto expected = m.Reference(in.data);
        for (int n = 0; n < TwoLayerModel::kN; n++) {
          if (std::fabs(out.data[n] - expected[n]) > 1e-4f * (1 + std::fabs(expected[n]))) {
            failures++;
            break;
          }
        }
      }
      NNAdapterExecution_destroy(e);
    });
  }
  for (auto& th : pool) th.join();
  return failures.load();
}

void CheckConcurrentExecutions(const std::vector<std::string>& devices,
                               const std::string& properties) {
  Devices d(devices, properties);
  TwoLayerModel m;
  NNAdapterCompilation* c = nullptr;
  ASSERT_EQ(NNAdapterCompilation_create(m.b.model(), nullptr, nullptr, 0, nullptr,
                                        d.context(), &c),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  ASSERT_EQ(NNAdapterCompilation_finish(c), NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  EXPECT_EQ(RunConcurrently(c, m, 4, 40), 0);
  NNAdapterCompilation_destroy(c);
}

TEST(ApiContract, ConcurrentExecutionsOnBuiltinDevice) {
  CheckConcurrentExecutions({"builtin_device"}, "");
}

TEST(ApiContract, ConcurrentExecutionsOfAPartitionedCompilation) {
  // The support query confirms the split: SIGMOID only on builtin_device.
  Devices d({"fake_device"}, "FAKE_DEVICE_SUPPORTED_OPERATIONS=FULLY_CONNECTED,ADD");
  TwoLayerModel m;
  bool supported[4] = {false, false, false, false};
  ASSERT_EQ(NNAdapterModel_getSupportedOperations(m.b.model(), d.context(), supported),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  EXPECT_TRUE(supported[0]);
  EXPECT_FALSE(supported[1]);
  EXPECT_TRUE(supported[2]);
  EXPECT_TRUE(supported[3]);
  CheckConcurrentExecutions({"fake_device", "builtin_device"},
                            "FAKE_DEVICE_SUPPORTED_OPERATIONS=FULLY_CONNECTED,ADD");
}

TEST(ApiContract, DevicesContextsAndCompilationsFromSeveralThreads) {
  std::atomic<int> failures{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < 4; t++) {
    pool.emplace_back([&, t] {
      for (int it = 0; it < 5; it++) {
        // Each thread acquires the devices itself (driver loading is shared).
        NNAdapterDevice* devices[2] = {nullptr, nullptr};
        const char* names[2] = {(t + it) % 2 ? "fake_device" : "fake_device_b",
                                "builtin_device"};
        NNAdapterContext* context = nullptr;
        if (NNAdapterDevice_acquire(names[0], &devices[0]) != NNADAPTER_NO_ERROR ||
            NNAdapterDevice_acquire(names[1], &devices[1]) != NNADAPTER_NO_ERROR ||
            NNAdapterContext_create(devices, 2,
                                    "FAKE_DEVICE_SUPPORTED_OPERATIONS=FULLY_CONNECTED",
                                    nullptr, &context) != NNADAPTER_NO_ERROR) {
          failures++;
        } else {
          TwoLayerModel m;
          NNAdapterCompilation* c = nullptr;
          if (NNAdapterCompilation_create(m.b.model(), nullptr, nullptr, 0, nullptr,
                                          context, &c) != NNADAPTER_NO_ERROR ||
              NNAdapterCompilation_finish(c) != NNADAPTER_NO_ERROR) {
            failures++;
          } else {
            failures += RunConcurrently(c, m, 1, 3);
          }
          if (c) NNAdapterCompilation_destroy(c);
        }
        if (context) NNAdapterContext_destroy(context);
        NNAdapterDevice_release(devices[0]);
        NNAdapterDevice_release(devices[1]);
      }
    });
  }
  for (auto& th : pool) th.join();
  EXPECT_EQ(failures.load(), 0);
}

}  // namespace
}  // namespace nnadapter_test
