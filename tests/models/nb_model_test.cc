// Acceptance of opt + .nb + MobileConfig on every real model: the light
// predictor's outputs are bit-identical to the CxxConfig run of the
// original model, for --valid_targets=x86 and builtin_device,x86.
#include <glog/logging.h>

#include "tests/models/nb_test_util.h"
#include "lite/model_parser/nb/nb_model.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

class NbModelTest : public ::testing::TestWithParam<NbModelCase> {};

void ExpectSameOutputs(const std::vector<std::string>& want, const std::vector<std::string>& got,
                       const std::string& what) {
  ASSERT_EQ(want.size(), got.size()) << what;
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_TRUE(want[i] == got[i]) << what << ": output " << i << " differs ("
                                   << want[i].size() << " vs " << got[i].size() << " bytes)";
  }
}

void CheckCase(const NbModelCase& c, const std::string& targets,
               const std::vector<std::string>& devices) {
  std::string dir = TempDir(CaseName(c));
  std::string log;
  ASSERT_EQ(RunOptOn(c, targets, dir + "/model", &log), 0) << log;
  EXPECT_NE(log.find("written: " + dir + "/model.nb"), std::string::npos) << log;
  EXPECT_NE(log.find("model loaded: "), std::string::npos) << log;

  lite_api::CxxConfig cxx = CxxConfigFor(c);
  if (!devices.empty()) cxx.set_nnadapter_device_names(devices);
  // opt's places for x86 (and devices): int8 kernels where a QAT model has
  // int8 scales (the QAT detector), no change for the float models.
  cxx.set_valid_places({lite_api::Place{TARGET(kX86), PRECISION(kInt8)},
                        lite_api::Place{TARGET(kX86), PRECISION(kFloat)}});
  auto full = lite_api::CreatePaddlePredictor(cxx);
  auto want = RunAll(full.get(), c);
  ASSERT_FALSE(want.empty());

  lite_api::MobileConfig mobile;
  mobile.set_model_from_file(dir + "/model.nb");
  auto light = lite_api::CreatePaddlePredictor(mobile);
  ExpectSameOutputs(want, RunAll(light.get(), c), CaseName(c) + " " + targets + " (file)");
  // Second run on the same predictor, and a clone sharing the weights.
  ExpectSameOutputs(want, RunAll(light.get(), c), CaseName(c) + " " + targets + " (second run)");
  auto clone = light->Clone();
  ExpectSameOutputs(want, RunAll(clone.get(), c), CaseName(c) + " " + targets + " (clone)");

  // SaveOptimizedModel of the CxxConfig predictor writes the same bytes.
  full->SaveOptimizedModel(dir + "/saved", lite_api::LiteModelType::kNaiveBuffer);
  EXPECT_TRUE(ReadFile(dir + "/saved.nb") == ReadFile(dir + "/model.nb"))
      << CaseName(c) << ": SaveOptimizedModel and opt wrote different .nb files";
  std::filesystem::remove_all(dir);
}

TEST_P(NbModelTest, X86BitIdentical) { CheckCase(GetParam(), "x86", {}); }

INSTANTIATE_TEST_SUITE_P(AllModels, NbModelTest, ::testing::ValuesIn(AllModelCases()),
                         [](const auto& info) { return CaseName(info.param); });

// builtin_device,x86 on every model too (the detectors at 160x160 take
// under a second each on the reference driver).
class NbModelBuiltinTest : public ::testing::TestWithParam<NbModelCase> {};

TEST_P(NbModelBuiltinTest, BuiltinDeviceBitIdentical) {
  CheckCase(GetParam(), "builtin_device,x86", {"builtin_device"});
}

INSTANTIATE_TEST_SUITE_P(AllModels, NbModelBuiltinTest, ::testing::ValuesIn(AllModelCases()),
                         [](const auto& info) { return CaseName(info.param); });

TEST(NbModel, FromBufferBothForms) {
  NbModelCase c = AllModelCases()[0];
  std::string dir = TempDir("buffer");
  std::string log;
  ASSERT_EQ(RunOptOn(c, "x86", dir + "/m", &log), 0) << log;
  std::string bytes = ReadFile(dir + "/m.nb");
  auto full = lite_api::CreatePaddlePredictor(CxxConfigFor(c));
  auto want = RunAll(full.get(), c);
  lite_api::MobileConfig a;
  a.set_model_from_buffer(bytes);
  ExpectSameOutputs(want, RunAll(lite_api::CreatePaddlePredictor(a).get(), c), "string buffer");
  lite_api::MobileConfig b;
  b.set_model_from_buffer(bytes.data() + 0, bytes.size());
  ExpectSameOutputs(want, RunAll(lite_api::CreatePaddlePredictor(b).get(), c), "pointer+size");
  // set_threads: compared with the full predictor on as many threads (the
  // split of reductions may depend on the thread count).
  lite_api::CxxConfig full2 = CxxConfigFor(c);
  full2.set_threads(2);
  b.set_threads(2);
  ExpectSameOutputs(RunAll(lite_api::CreatePaddlePredictor(full2).get(), c),
                    RunAll(lite_api::CreatePaddlePredictor(b).get(), c), "2 threads");
  std::filesystem::remove_all(dir);
}

TEST(NbModel, MultiDeviceWithStoredContextProperties) {
  // fake_device claims only CONV_2D and RELU, builtin_device takes the rest:
  // the .nb stores both devices and the properties, so MobileConfig needs no
  // NNAdapter setting to reproduce the CxxConfig run bit for bit.
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  NbModelCase c = AllModelCases()[2];
  ASSERT_EQ(c.name, "ppocr_mobile_v2_cls_dyn");
  const std::string properties = "FAKE_DEVICE_SUPPORTED_OPERATIONS=CONV_2D,RELU";
  std::string dir = TempDir("multi");
  opt::OptFlags f;
  f.model_file = ModelPath(c, c.model_file);
  f.param_file = ModelPath(c, c.param_file);
  f.valid_targets = "fake_device,builtin_device,x86";
  f.nnadapter_context_properties = properties;
  f.optimize_out = dir + "/cls";
  std::ostringstream out, err;
  ASSERT_EQ(opt::RunOpt(f, out, err), 0) << out.str() << err.str();
  EXPECT_NE(out.str().find("for NNAdapter devices [fake_device, builtin_device]"),
            std::string::npos)
      << out.str();
  lite_api::CxxConfig cxx = CxxConfigFor(c);
  cxx.set_nnadapter_device_names({"fake_device", "builtin_device"});
  cxx.set_nnadapter_context_properties(properties);
  auto want = RunAll(lite_api::CreatePaddlePredictor(cxx).get(), c);
  lite_api::MobileConfig mobile;
  mobile.set_model_from_file(dir + "/cls.nb");
  ExpectSameOutputs(want, RunAll(lite_api::CreatePaddlePredictor(mobile).get(), c),
                    "fake_device+builtin_device");
  std::filesystem::remove_all(dir);
}

TEST(NbModel, Int8DetectorThroughSaveOptimizedModel) {
  // int8 is chosen by a valid place with PRECISION(kInt8): the .nb keeps the
  // int8 weights and the kInt8 kernel keys.
  NbModelCase c = AllModelCases()[4];
  ASSERT_EQ(c.name, "ppocrv3_det_slim_int8");
  lite_api::CxxConfig config = CxxConfigFor(c);
  config.set_valid_places({lite_api::Place{TARGET(kX86), PRECISION(kInt8)},
                           lite_api::Place{TARGET(kX86), PRECISION(kFloat)}});
  auto full = lite_api::CreatePaddlePredictor(config);
  auto want = RunAll(full.get(), c);
  std::string dir = TempDir("int8");
  full->SaveOptimizedModel(dir + "/det", lite_api::LiteModelType::kNaiveBuffer);
  nb::NbModel m;
  nb::LoadNbModelFile(dir + "/det.nb", &m);
  int int8_kernels = 0;
  for (const auto& k : m.kernel_keys) int8_kernels += k.precision == PrecisionType::kInt8;
  EXPECT_GT(int8_kernels, 10);
  lite_api::MobileConfig mobile;
  mobile.set_model_from_file(dir + "/det.nb");
  ExpectSameOutputs(want, RunAll(lite_api::CreatePaddlePredictor(mobile).get(), c), "int8 det");
  std::filesystem::remove_all(dir);
}

TEST(NbModel, ProtobufOutputLoadsBack) {
  for (const auto& c : {AllModelCases()[0], AllModelCases()[6]}) {
    std::string dir = TempDir("pb_" + c.name);
    std::string log;
    ASSERT_EQ(RunOptOn(c, "x86", dir + "/opt", &log, "protobuf"), 0) << log;
    EXPECT_NE(log.find("__params__"), std::string::npos) << log;
    auto want = RunAll(lite_api::CreatePaddlePredictor(CxxConfigFor(c)).get(), c);
    lite_api::CxxConfig back;
    back.set_model_dir(dir + "/opt");
    auto got = RunAll(lite_api::CreatePaddlePredictor(back).get(), c);
    ExpectSameOutputs(want, got, c.name + " protobuf round trip");
    std::filesystem::remove_all(dir);
  }
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
