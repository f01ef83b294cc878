// Runtime fallback: fake_device's injected faults (faults.h) make the
// device fail to compile or execute, or compute wrong values; a device
// failure must never fail Run (outside strict mode) and the outputs must be
// the CPU path's.
#include <cstdlib>

#include "lite/nnadapter/subgraph_stats.h"
#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

constexpr int64_t kSide = 160;
const std::vector<int64_t> kShape = {1, 3, kSide, kSide};

lite_api::CxxConfig FakeDetConfig(const std::string& properties) {
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  lite_api::CxxConfig config;
  const std::string dir = ModelsDir() + "/ppocrv3_det_dyn";
  config.set_model_file(dir + "/inference.pdmodel");
  config.set_param_file(dir + "/inference.pdiparams");
  if (!properties.empty()) {
    config.set_nnadapter_device_names({"fake_device"});
    config.set_nnadapter_context_properties(properties);
    // fake_device compiles static shapes.
    config.set_nnadapter_dynamic_shape_info({{"x", {kShape}}});
  }
  return config;
}

std::vector<float> Input() {
  std::vector<float> v(3 * kSide * kSide);
  for (size_t i = 0; i < v.size(); ++i) v[i] = ((i * 7919) % 2000) / 1000.f - 1.f;
  return v;
}

std::vector<float> CpuReference() {
  static const std::vector<float> ref = [] {
    auto cpu = lite_api::CreatePaddlePredictor(FakeDetConfig(""));
    return RunFloat(cpu.get(), kShape, Input());
  }();
  return ref;
}

// Two runs with the fault: both match the CPU; the fallback is taken once
// per subgraph op (the second run does not try the device again).
void ExpectFallbackMatchesCpu(const std::string& fault) {
  SCOPED_TRACE(fault);
  auto p = lite_api::CreatePaddlePredictor(
      FakeDetConfig("FAKE_DEVICE_SUPPORTED_OPERATIONS=CONV_2D,RELU,ADD;" + fault));
  const int64_t before = nnadapter_bridge::CpuFallbackCount().load();
  ErrorStats e1 = Compare(CpuReference(), RunFloat(p.get(), kShape, Input()));
  const int64_t after_first = nnadapter_bridge::CpuFallbackCount().load();
  ErrorStats e2 = Compare(CpuReference(), RunFloat(p.get(), kShape, Input()));
  const int64_t after_second = nnadapter_bridge::CpuFallbackCount().load();
  std::printf("%s: %lld subgraph op(s) fell back to the CPU; max |diff| %.3g, %.3g\n",
              fault.c_str(), static_cast<long long>(after_first - before), e1.max_abs,
              e2.max_abs);
  EXPECT_GT(after_first, before);
  EXPECT_EQ(after_second, after_first);
  EXPECT_LE(e1.max_abs, 1e-4);
  EXPECT_LE(e2.max_abs, 1e-4);
}

TEST(RuntimeFallback, CompileFailureRunsTheSubgraphOnTheCpu) {
  ExpectFallbackMatchesCpu("FAKE_DEVICE_FAULT_COMPILE=1");
}

TEST(RuntimeFallback, ExecuteFailureRunsTheSubgraphOnTheCpu) {
  ExpectFallbackMatchesCpu("FAKE_DEVICE_FAULT_EXECUTE=1");
}

TEST(RuntimeFallback, StrictModeTurnsADeviceFailureIntoAnError) {
  auto config = FakeDetConfig("FAKE_DEVICE_SUPPORTED_OPERATIONS=CONV_2D,RELU,ADD;"
                              "FAKE_DEVICE_FAULT_EXECUTE=1");
  // Strict mode needs every op on the device: the fake device supports the
  // whole detector only with all of its operations enabled.
  config.set_nnadapter_context_properties("FAKE_DEVICE_FAULT_EXECUTE=1");
  config.set_nnadapter_device_names({"fake_device", "builtin_device"});
  config.set_nnadapter_strict_mode(true);
  auto p = lite_api::CreatePaddlePredictor(config);
  ExpectErrorMentioning([&] { RunFloat(p.get(), kShape, Input()); },
                        "injected execute failure");
}

TEST(RuntimeFallback, WrongValueFaultChangesOnlyTheChosenOperations) {
  // The fault on an operation fake_device does not run changes nothing.
  auto unaffected = lite_api::CreatePaddlePredictor(
      FakeDetConfig("FAKE_DEVICE_SUPPORTED_OPERATIONS=CONV_2D,RELU,ADD;"
                    "FAKE_DEVICE_FAULT_OPERATIONS=SIGMOID"));
  EXPECT_LE(Compare(CpuReference(), RunFloat(unaffected.get(), kShape, Input())).max_abs, 1e-4);
  auto wrong = lite_api::CreatePaddlePredictor(
      FakeDetConfig("FAKE_DEVICE_SUPPORTED_OPERATIONS=CONV_2D,RELU,ADD;"
                    "FAKE_DEVICE_FAULT_OPERATIONS=CONV_2D;FAKE_DEVICE_FAULT_OFFSET=0.5"));
  ErrorStats e = Compare(CpuReference(), RunFloat(wrong.get(), kShape, Input()));
  std::printf("CONV_2D off by 0.5 on fake_device: max |diff| %.3g mean %.3g\n", e.max_abs,
              e.mean_abs);
  EXPECT_GT(e.max_abs, 1e-2);
}

TEST(RuntimeFallback, BadFaultPropertiesAreRejectedByName) {
  ExpectErrorMentioning(
      [] {
        auto p = lite_api::CreatePaddlePredictor(
            FakeDetConfig("FAKE_DEVICE_FAULT_OPERATIONS=NOT_AN_OP"));
        RunFloat(p.get(), kShape, Input());
      },
      "FAKE_DEVICE_FAULT_OPERATIONS");
  ExpectErrorMentioning(
      [] {
        auto p = lite_api::CreatePaddlePredictor(FakeDetConfig("FAKE_DEVICE_FAULT_OFFSET=abc"));
        RunFloat(p.get(), kShape, Input());
      },
      "FAKE_DEVICE_FAULT_OFFSET");
}

// Issue 27 #12: lookup_table id -5 failed on the CPU while builtin_device
// read row vocabulary-5 (GATHER counts negative indices from the end), and
// an input error must not move a subgraph to the CPU for good. Now the
// device refuses the run, the caller gets the CPU kernel's Error naming the
// op and the id, and the next good run is computed on the device again.
TEST(RuntimeFallback, BadLookupTableIdIsTheCallersErrorAndTheSubgraphStaysOnTheDevice) {
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  lite_api::CxxConfig config;
  config.set_model_dir(ModelsDir() + "/textcnn_news/model");
  config.set_nnadapter_device_names({"builtin_device"});
  auto p = lite_api::CreatePaddlePredictor(config);
  auto run = [&](int64_t bad_id) {
    std::vector<int64_t> ids(12);
    for (size_t i = 0; i < ids.size(); ++i) ids[i] = 1 + static_cast<int64_t>((i * 7) % 19);
    if (bad_id != 0) ids[3] = bad_id;
    auto t = p->GetInput(0);
    t->Resize({12, 1});
    t->CopyFromCpu(ids.data());
    t->SetLoD({{0, 5, 12}});
    p->Run();
    auto out = p->GetOutput(0);
    std::vector<float> v(static_cast<size_t>(Numel(out->shape())));
    out->CopyToCpu(v.data());
    return v;
  };
  const std::vector<float> good = run(0);
  const int64_t fallbacks = nnadapter_bridge::CpuFallbackCount().load();
  const int64_t compiled = nnadapter_bridge::CompiledSubgraphPrograms();
  for (int64_t bad : {int64_t{-5}, int64_t{-1}}) {
    ExpectErrorMentioning([&] { run(bad); }, "'Ids'[3] = " + std::to_string(bad));
    ExpectErrorMentioning([&] { run(bad); }, "the subgraph's device refused the same inputs");
  }
  EXPECT_EQ(run(0), good);
  EXPECT_EQ(nnadapter_bridge::CpuFallbackCount().load(), fallbacks);
  EXPECT_EQ(nnadapter_bridge::CompiledSubgraphPrograms(), compiled);  // the same program
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
