// Paddle Lite 2.13 API semantics on the real models: what this build does
// for settings it cannot apply, and the predictor calls Paddle Lite has
// (Clone(var_names), TryShrinkMemory, GetTensor/GetMutableTensor,
// ShareExternalMemory, CxxModelBuffer, warm-up inputs, SaveOptimizedModel's
// default and record_info).
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "lite/api/config_compat.h"
#include "lite/api/cxx_predictor.h"
#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

namespace {
const std::vector<int64_t> kClsShape = {1, 3, 48, 192};
std::string ClsDir() { return ModelsDir() + "/ppocr_mobile_v2_cls_dyn"; }
std::vector<float> ClsInput() {
  return vision::ReadFloats(ClsDir() + "/reference/cls_input_title_upright.bin",
                            3 * 48 * 192);
}
std::string TempDir(const std::string& tag) {
  auto p = std::filesystem::temp_directory_path() /
           ("compat_" + tag + "_" + std::to_string(getpid()));
  std::filesystem::remove_all(p);
  std::filesystem::create_directories(p);
  return p.string();
}
}  // namespace

TEST(PaddleLiteApi, EnumValuesAndPlaceHelpersMatchPaddleLite) {
  using lite_api::DataLayoutType;
  EXPECT_EQ(static_cast<int>(DATALAYOUT(kImageDefault)), 4);
  EXPECT_EQ(static_cast<int>(DATALAYOUT(kImageFolder)), 5);
  EXPECT_EQ(static_cast<int>(DATALAYOUT(kImageNW)), 6);
  EXPECT_EQ(static_cast<int>(DATALAYOUT(kMetalTexture2D)), 8);
  EXPECT_EQ(static_cast<int>(DataLayoutType::NUM), 9);
  EXPECT_EQ(lite_api::CL_PRECISION_FP16, 2);
  EXPECT_EQ(lite_api::LITE_POWER_NO_BIND, 3);
  EXPECT_EQ(static_cast<int>(lite_api::ActivationType::kMish), 22);
  EXPECT_EQ(lite_api::PrecisionTypeLength(PRECISION(kFP16)), 2u);
  EXPECT_EQ(lite_api::PrecisionTypeLength(PRECISION(kInt64)), 8u);
  EXPECT_EQ(lite_api::PrecisionTypeTrait<int64_t>::Type(), PRECISION(kInt64));
  EXPECT_EQ(lite_api::DataLayoutToStr(DATALAYOUT(kImageDefault)), "kImageDefault");
  EXPECT_EQ(lite_api::ExpandValidTargets().size(), 17u);  // 18 concrete minus kAny
  EXPECT_EQ(lite_api::ExpandValidPrecisions(PRECISION(kInt8)).size(), 1u);

  lite_api::Place p{TARGET(kNNAdapter), PRECISION(kInt8), DATALAYOUT(kNCHW)};
  EXPECT_EQ(p.Serialize(), "18/2/1");
  lite_api::Place q;
  q.Deserialize("18/2/1");
  EXPECT_EQ(p, q);
  EXPECT_EQ(p.hash(), q.hash());
  EXPECT_TRUE(lite_api::Place(TARGET(kHost)) < lite_api::Place(TARGET(kX86)));
  ExpectErrorMentioning([&] { q.Deserialize("18/x/1"); }, "\"18/x/1\"");
  ExpectErrorMentioning([&] { q.Deserialize("99/1/1"); }, "target/precision/layout");
}

TEST(PaddleLiteApi, OpenCLIsReportedInvalidAndItsSettingsAreAcceptedAndNamed) {
  EXPECT_FALSE(lite_api::IsOpenCLBackendValid());
  EXPECT_FALSE(lite_api::IsOpenCLBackendValid(true));
  EXPECT_EQ(lite_api::GetOpenCLDeviceType(), -1);
  lite_api::CxxConfig config = PdModelConfig(ClsDir(), "inference");
  config.set_opencl_tune(lite_api::CL_TUNE_NORMAL, "/tmp", "tune.bin");
  config.set_opencl_precision(lite_api::CL_PRECISION_FP16);
  config.set_opencl_binary_path_name("/tmp", "kernels.bin");
  config.set_opencl_tune(lite_api::CL_TUNE_RAPID);  // named once
  config.set_metal_use_mps(true);
  config.set_xpu_l3_cache_method(1 << 20);
  config.set_device_id(1);
  config.set_power_mode(lite_api::LITE_POWER_HIGH);
  config.set_sparse_model(true);
  std::vector<std::string> want = {"set_opencl_tune", "set_opencl_precision",
                                   "set_opencl_binary_path_name", "set_metal_use_mps",
                                   "set_xpu_l3_cache_method", "set_device_id",
                                   "set_sparse_model", "set_power_mode"};
  EXPECT_EQ(InapplicableSettings(config), want);
  auto predictor = lite_api::CreatePaddlePredictor(config);  // still runs, on x86
  auto reference = LoadPdModel(ClsDir(), "inference");
  EXPECT_EQ(RunFloat(predictor.get(), kClsShape, ClsInput()),
            RunFloat(reference.get(), kClsShape, ClsInput()));

  // OpenCL places are skipped (no such backend) when usable places remain.
  lite_api::CxxConfig cl = PdModelConfig(ClsDir(), "inference");
  cl.set_valid_places({lite_api::Place{TARGET(kOpenCL), PRECISION(kFP16),
                                       DATALAYOUT(kImageDefault)},
                       lite_api::Place{TARGET(kX86), PRECISION(kFloat)}});
  auto on_x86 = lite_api::CreatePaddlePredictor(cl);
  EXPECT_EQ(RunFloat(on_x86.get(), kClsShape, ClsInput()),
            RunFloat(reference.get(), kClsShape, ClsInput()));
  cl.set_valid_places({lite_api::Place{TARGET(kOpenCL), PRECISION(kFloat)}});
  ExpectErrorMentioning([&] { lite_api::CreatePaddlePredictor(cl); },
                        "kOpenCL/kFloat/kNCHW are not supported by this build");

  lite_api::MobileConfig mobile;
  mobile.SetArmL3CacheSize(lite_api::L3CacheSetMethod::kAbsolute, 1 << 20);
  mobile.set_precision_mode(lite_api::LITE_PRECISION_LOW);
  EXPECT_FALSE(mobile.check_fp16_valid());
  EXPECT_EQ(InapplicableSettings(mobile),
            (std::vector<std::string>{"SetArmL3CacheSize", "set_precision_mode"}));
  // Paddle Lite < v2.3's split naive buffers are read (paddle_lite_nb_test);
  // two bytes are no program.
  lite_api::MobileConfig split;
  split.set_model_buffer("a", 1, "b", 1);
  ExpectErrorMentioning([&] { lite_api::CreatePaddlePredictor(split); },
                        "model buffer (program buffer): Paddle Lite .nb section 'program' at byte 0");
}

TEST(PaddleLiteApi, GetTensorReturnsNullForUnknownNamesAndMutableTensorWrites) {
  auto predictor = LoadPdModel(ClsDir(), "inference");
  RunFloat(predictor.get(), kClsShape, ClsInput());
  EXPECT_EQ(predictor->GetTensor("no_such_variable"), nullptr);
  EXPECT_EQ(predictor->GetMutableTensor("no_such_variable"), nullptr);
  auto in = predictor->GetTensor(predictor->GetInputNames()[0]);
  ASSERT_NE(in, nullptr);
  EXPECT_EQ(in->shape(), kClsShape);
  auto out = predictor->GetMutableTensor(predictor->GetOutputNames()[0]);
  ASSERT_NE(out, nullptr);
  out->mutable_data<float>()[0] = 42.f;
  EXPECT_EQ(predictor->GetOutput(0)->data<float>()[0], 42.f);
}

TEST(PaddleLiteApi, CloneWithVarNamesCopiesOnlyThoseWeights) {
  auto predictor = LoadPdModel(ClsDir(), "inference");
  auto x = ClsInput();
  auto want = RunFloat(predictor.get(), kClsShape, x);
  // The last fc's bias: changing the clone's copy shifts only its logits.
  std::string bias;
  for (const auto& n : predictor->GetParamNames()) {
    if (n.find(".b_0") != std::string::npos) bias = n;
  }
  ASSERT_FALSE(bias.empty());
  auto clone = predictor->Clone({bias});
  auto w = clone->GetMutableTensor(bias);
  ASSERT_NE(w, nullptr);
  float* b = w->mutable_data<float>();
  b[0] += 5.f;
  auto got = RunFloat(clone.get(), kClsShape, x);
  EXPECT_NE(got, want);
  EXPECT_EQ(RunFloat(predictor.get(), kClsShape, x), want);  // original untouched
  auto shared = predictor->Clone();
  EXPECT_EQ(RunFloat(shared.get(), kClsShape, x), want);
  ExpectErrorMentioning([&] { predictor->Clone({"no_such_weight"}); }, "'no_such_weight'");
}

TEST(PaddleLiteApi, TryShrinkMemoryReleasesActivationsAndRunStillWorks) {
  auto predictor = LoadPdModel(ClsDir(), "inference");
  auto x = ClsInput();
  auto want = RunFloat(predictor.get(), kClsShape, x);
  auto* cxx = dynamic_cast<CxxPredictor*>(predictor.get());
  ASSERT_NE(cxx, nullptr);
  size_t before = cxx->ActivationBytes();
  EXPECT_TRUE(predictor->TryShrinkMemory());
  size_t after = cxx->ActivationBytes();
  EXPECT_LT(after, before / 4) << before << " -> " << after;
  EXPECT_EQ(after, 3u * 48 * 192 * sizeof(float));  // only the input is kept
  predictor->Run();
  auto out = predictor->GetOutput(0);
  std::vector<float> again(out->data<float>(), out->data<float>() + Numel(out->shape()));
  EXPECT_EQ(again, want);
}

TEST(PaddleLiteApi, ShareExternalMemoryUsesTheCallersBuffer) {
  auto predictor = LoadPdModel(ClsDir(), "inference");
  auto x = ClsInput();
  auto want = RunFloat(predictor.get(), kClsShape, x);
  auto fresh = LoadPdModel(ClsDir(), "inference");
  auto in = fresh->GetInput(0);
  in->Resize(kClsShape);
  std::vector<float> mine = x;
  in->ShareExternalMemory(mine.data(), mine.size() * sizeof(float), TARGET(kHost));
  EXPECT_EQ(in->data<float>(), mine.data());
  fresh->Run();
  auto out = fresh->GetOutput(0);
  EXPECT_EQ(std::vector<float>(out->data<float>(), out->data<float>() + Numel(out->shape())),
            want);
  ExpectErrorMentioning(
      [&] { in->ShareExternalMemory(mine.data(), 16, TARGET(kHost)); }, "needs");
  ExpectErrorMentioning(
      [&] { in->ShareExternalMemory(mine.data(), mine.size() * 4, TARGET(kOpenCL)); },
      "kOpenCL");
}

TEST(PaddleLiteApi, CxxModelBufferAndWarmupInputs) {
  std::string model = ReadFile(ClsDir() + "/inference.pdmodel");
  std::string params = ReadFile(ClsDir() + "/inference.pdiparams");
  lite_api::CxxConfig config;
  config.set_model_buffer(
      std::make_shared<lite_api::CxxModelBuffer>(std::move(model), std::move(params)));
  EXPECT_TRUE(config.is_model_from_memory());
  EXPECT_FALSE(config.get_model_buffer().is_empty());
  auto x = ClsInput();
  config.set_preferred_inputs_for_warmup<float>(0, 0, kClsShape, {}, 0.f, x.data());
  auto predictor = lite_api::CreatePaddlePredictor(config);
  // The warm-up ran: the output exists before any Run() of ours.
  auto out = predictor->GetOutput(0);
  ASSERT_TRUE(out->IsInitialized());
  std::vector<float> warm(out->data<float>(), out->data<float>() + Numel(out->shape()));
  auto reference = LoadPdModel(ClsDir(), "inference");
  EXPECT_EQ(warm, RunFloat(reference.get(), kClsShape, x));
}

TEST(PaddleLiteApi, X86MathThreadsRaiseTheThreadCount) {
  lite_api::CxxConfig config;
  EXPECT_EQ(EffectiveThreads(config), 1);
  config.set_x86_math_num_threads(3);
  EXPECT_EQ(EffectiveThreads(config), 3);
  config.set_threads(4);
  EXPECT_EQ(EffectiveThreads(config), 4);
}

TEST(PaddleLiteApi, SaveOptimizedModelDefaultsToProtobufAndRecordsInfo) {
  auto predictor = LoadPdModel(ClsDir(), "inference");
  std::string dir = TempDir("save");
  predictor->SaveOptimizedModel(dir + "/pb", lite_api::LiteModelType::kProtobuf, true);
  EXPECT_TRUE(std::filesystem::exists(dir + "/pb/__model__"));
  EXPECT_TRUE(std::filesystem::exists(dir + "/pb/__params__"));
  std::string ops = ReadFile(dir + "/pb/.tailored_ops_list");
  EXPECT_NE(ops.find("conv2d\n"), std::string::npos) << ops;
  std::string kernels = ReadFile(dir + "/pb/.tailored_kernels_list");
  EXPECT_NE(kernels.find("conv2d"), std::string::npos) << kernels;
  predictor->SaveOptimizedModel(dir + "/default");  // Paddle Lite's default: kProtobuf
  EXPECT_TRUE(std::filesystem::exists(dir + "/default/__model__"));
  EXPECT_FALSE(std::filesystem::exists(dir + "/default.nb"));
  // The saved Paddle model loads and gives the same answer.
  lite_api::CxxConfig again;
  again.set_model_dir(dir + "/default");
  auto reloaded = lite_api::CreatePaddlePredictor(again);
  auto x = ClsInput();
  EXPECT_EQ(RunFloat(reloaded.get(), kClsShape, x), RunFloat(predictor.get(), kClsShape, x));
  std::filesystem::remove_all(dir);
}

TEST(PaddleLiteApi, PartitionConfigEnvironmentFallbacks) {
  lite_api::CxxConfig config;
  config.set_nnadapter_device_names({"builtin_device"});
  setenv("SUBGRAPH_PARTITION_CONFIG_BUFFER", "softmax\n", 1);
  auto o = ReadNNAdapterOptions(config, {});
  EXPECT_EQ(o.partition_config, "softmax\n");
  EXPECT_EQ(o.partition_config_source, "SUBGRAPH_PARTITION_CONFIG_BUFFER");
  config.set_nnadapter_subgraph_partition_config_buffer("conv2d\n");  // the config wins
  EXPECT_EQ(ReadNNAdapterOptions(config, {}).partition_config, "conv2d\n");
  unsetenv("SUBGRAPH_PARTITION_CONFIG_BUFFER");
  lite_api::CxxConfig plain;
  plain.set_nnadapter_device_names({"builtin_device"});
  setenv("SUBGRAPH_PARTITION_CONFIG_FILE", "/no/such/partition.txt", 1);
  ExpectErrorMentioning([&] { ReadNNAdapterOptions(plain, {}); }, "/no/such/partition.txt");
  unsetenv("SUBGRAPH_PARTITION_CONFIG_FILE");
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
