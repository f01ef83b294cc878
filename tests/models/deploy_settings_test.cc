// The deployment path's settings (issue 24): what opt's partition flags do,
// what MobileConfig does with the settings that act at optimization time
// (strict mode and the partition report from the .nb), the .nb without
// opt's cache folder, the context callback reaching the driver, discarded
// passes, cache buffers, and the mixed-precision config on the QAT
// detector through opt and NNAdapter.
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>

#include "lite/api/cxx_predictor.h"
#include "lite/core/log_capture_test_util.h"
#include "lite/model_parser/nb/nb_model.h"
#include "lite/nnadapter/partition_report.h"
#include "lite/nnadapter/subgraph_stats.h"
#include "tests/models/nb_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

namespace fs = std::filesystem;
using nnadapter_bridge::CachedSubgraphPrograms;
using nnadapter_bridge::CompiledSubgraphPrograms;
using nnadapter_bridge::PartitionReport;

#define EXPECT_HAS(text, part) \
  EXPECT_NE((text).find(part), std::string::npos) << "expected '" << (part) << "' in: " << (text)

const std::vector<int64_t> kMnistShape = {1, 1, 28, 28};
// fake_device with only FULLY_CONNECTED: the three fc ops (their relu
// fused) go to the device, the softmax stays on the CPU.
const char kFcOnly[] = "FAKE_DEVICE_SUPPORTED_OPERATIONS=FULLY_CONNECTED";

opt::OptFlags Mnist(const std::string& dir, const std::string& targets) {
  ::setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  opt::OptFlags f;
  f.model_dir = ModelsDir() + "/mnist_mlp_handwriting";
  f.valid_targets = targets;
  f.optimize_out = dir + "/m";
  return f;
}

int Opt(const opt::OptFlags& f, std::string* text) {
  std::ostringstream out, err;
  int rc = opt::RunOpt(f, out, err);
  *text = out.str() + err.str();
  return rc;
}

std::string ErrorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const lite_api::Error& e) {
    return e.what();
  }
  return "";
}

std::vector<float> RunMnist(lite_api::PaddlePredictor* p) {
  return RunFloat(p, kMnistShape, SeededValues(Numel(kMnistShape), 3));
}

lite_api::MobileConfig Mobile(const std::string& nb) {
  lite_api::MobileConfig c;
  c.set_model_from_file(nb);
  return c;
}

// The context callback: what the driver asked.
int g_calls = 0;
int g_event = 0;
int g_return = 0;
int RecordingCallback(int event_id, void* user_data) {
  ++g_calls;
  g_event = event_id;
  if (user_data) *static_cast<int32_t*>(user_data) = 42;
  return g_return;
}
}  // namespace

TEST(DeploySettings, OptPartitionFlagsStrictModeMinSizeAndReport) {
  const std::string dir = TempDir("deploy_opt_flags");
  std::string text;
  opt::OptFlags f = Mnist(dir, "fake_device,x86");
  f.nnadapter_context_properties = kFcOnly;
  f.nnadapter_partition_report_path = dir + "/report.json";
  ASSERT_EQ(Opt(f, &text), 0) << text;
  const auto report = PartitionReport::FromJsonFile(dir + "/report.json");
  EXPECT_GT(report.cpu_ops(), 0);
  EXPECT_GT(report.subgraphs.size(), 0u);
  f.nnadapter_strict_mode = true;
  EXPECT_EQ(Opt(f, &text), 1);
  EXPECT_HAS(text, "NNAdapter strict mode: " + std::to_string(report.cpu_ops()) +
                       " op(s) would stay on the CPU");
  opt::OptFlags all = Mnist(dir, "builtin_device,x86");
  all.nnadapter_strict_mode = true;
  ASSERT_EQ(Opt(all, &text), 0) << text;
  all.nnadapter_strict_mode = false;
  all.nnadapter_min_subgraph_size = 1000;
  ASSERT_EQ(Opt(all, &text), 0) << text;
  EXPECT_HAS(text, "subgraphs: 0 for NNAdapter devices");
  all.nnadapter_min_subgraph_size = 0;
  EXPECT_EQ(Opt(all, &text), 1);
  EXPECT_HAS(text, "expected a size >= 1, got 0");
  fs::remove_all(dir);
}

TEST(DeploySettings, OptDynamicShapeInfoShipsAPrecompiledProgramForEveryListedShape) {
  const std::string dir = TempDir("deploy_dyn");
  std::string text;
  opt::OptFlags f = Mnist(dir, "builtin_device,x86");
  f.nnadapter_model_cache_dir = dir + "/cache";
  f.nnadapter_dynamic_shape_info = "image:1x1x28x28,3x1x28x28";
  ASSERT_EQ(Opt(f, &text), 0) << text;
  fs::remove_all(dir + "/cache");
  lite_api::MobileConfig mc = Mobile(dir + "/m.nb");
  mc.set_nnadapter_dynamic_shape_info({{"image", {{1, 1, 28, 28}, {3, 1, 28, 28}}}});
  auto p = lite_api::CreatePaddlePredictor(mc);
  const int64_t compiled = CompiledSubgraphPrograms();
  RunFloat(p.get(), {3, 1, 28, 28}, SeededValues(3 * 28 * 28, 1));
  RunFloat(p.get(), kMnistShape, SeededValues(28 * 28, 1));
  EXPECT_EQ(CompiledSubgraphPrograms() - compiled, 0);  // both shapes came with the .nb
  f.nnadapter_dynamic_shape_info = "image:1x1x28";
  EXPECT_EQ(Opt(f, &text), 1);
  EXPECT_HAS(text, "has rank 3, the model's input has rank 4");
  f.nnadapter_dynamic_shape_info = "image:1xAx28x28";
  EXPECT_EQ(Opt(f, &text), 1);
  EXPECT_HAS(text, "--nnadapter_dynamic_shape_info: input 'image' shape '1xAx28x28'");
  fs::remove_all(dir);
}

TEST(DeploySettings, MobileStrictModeRefusesANbWithCpuOps) {
  const std::string dir = TempDir("deploy_strict");
  std::string text;
  opt::OptFlags f = Mnist(dir, "fake_device,x86");
  f.nnadapter_context_properties = kFcOnly;
  ASSERT_EQ(Opt(f, &text), 0) << text;
  lite_api::MobileConfig strict = Mobile(dir + "/m.nb");
  EXPECT_NE(lite_api::CreatePaddlePredictor(strict), nullptr);  // not strict: CPU ops run
  strict.set_nnadapter_strict_mode(true);
  const std::string msg = ErrorOf([&] { lite_api::CreatePaddlePredictor(strict); });
  EXPECT_HAS(msg, "NNAdapter strict mode: " + dir + "/m.nb: ");
  EXPECT_HAS(msg, " op(s) of the .nb run on the CPU, not on [fake_device]");
  EXPECT_HAS(msg, "\n  softmax:");

  opt::OptFlags all = Mnist(dir, "builtin_device,x86");
  ASSERT_EQ(Opt(all, &text), 0) << text;
  lite_api::MobileConfig ok = Mobile(dir + "/m.nb");
  ok.set_nnadapter_strict_mode(true);
  EXPECT_NE(lite_api::CreatePaddlePredictor(ok), nullptr);

  opt::OptFlags cpu = Mnist(dir, "x86");
  ASSERT_EQ(Opt(cpu, &text), 0) << text;
  lite_api::MobileConfig none = Mobile(dir + "/m.nb");
  none.set_nnadapter_strict_mode(true);
  EXPECT_HAS(ErrorOf([&] { lite_api::CreatePaddlePredictor(none); }),
             "runs entirely on the CPU: it was optimized without NNAdapter devices");
  fs::remove_all(dir);
}

TEST(DeploySettings, MobilePartitionReportIsWrittenFromTheNbAndMatchesOpts) {
  const std::string dir = TempDir("deploy_report");
  std::string text;
  opt::OptFlags f = Mnist(dir, "fake_device,x86");
  f.nnadapter_context_properties = kFcOnly;
  f.nnadapter_partition_report_path = dir + "/opt.json";
  ASSERT_EQ(Opt(f, &text), 0) << text;
  lite_api::MobileConfig mc = Mobile(dir + "/m.nb");
  mc.set_nnadapter_partition_report_path(dir + "/light.json");
  lite_api::CreatePaddlePredictor(mc);
  const auto at_opt = PartitionReport::FromJsonFile(dir + "/opt.json");
  const auto at_load = PartitionReport::FromJsonFile(dir + "/light.json");
  EXPECT_EQ(at_load.devices, std::vector<std::string>{"fake_device"});
  EXPECT_EQ(at_load.cpu_ops(), at_opt.cpu_ops());
  ASSERT_EQ(at_load.subgraphs.size(), at_opt.subgraphs.size());
  // The same ops on the devices, subgraph by subgraph (the .nb lists
  // block 0's CPU ops before the subgraphs' ops, opt in graph order).
  for (size_t s = 0; s < at_opt.subgraphs.size(); ++s) {
    std::vector<std::string> a, b;
    for (int i : at_opt.subgraphs[s].ops) a.push_back(at_opt.ops[i].config_line);
    for (int i : at_load.subgraphs[s].ops) b.push_back(at_load.ops[i].config_line);
    EXPECT_EQ(a, b) << "subgraph " << s;
  }
  fs::remove_all(dir);
}

TEST(DeploySettings, TheNbCarriesNoCacheFolderOfOptsHost) {
  const std::string dir = TempDir("deploy_cache_dir");
  std::string text;
  opt::OptFlags f = Mnist(dir, "builtin_device,x86");
  f.nnadapter_model_cache_dir = dir + "/opt_cache";
  ASSERT_EQ(Opt(f, &text), 0) << text;
  fs::remove_all(dir + "/opt_cache");
  {
    std::ifstream in(dir + "/m.nb", std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(bytes.find(dir + "/opt_cache"), std::string::npos);  // no host path inside
  }
  // A shape opt did not compile: compiled on the target, and cached where
  // the target's config says, never in opt's folder.
  auto p = lite_api::CreatePaddlePredictor(Mobile(dir + "/m.nb"));
  RunFloat(p.get(), {2, 1, 28, 28}, SeededValues(2 * 28 * 28, 1));
  EXPECT_FALSE(fs::exists(dir + "/opt_cache"));
  lite_api::MobileConfig with_dir = Mobile(dir + "/m.nb");
  fs::create_directories(dir + "/target_cache");
  with_dir.set_nnadapter_model_cache_dir(dir + "/target_cache");
  auto q = lite_api::CreatePaddlePredictor(with_dir);
  RunFloat(q.get(), {2, 1, 28, 28}, SeededValues(2 * 28 * 28, 1));
  EXPECT_FALSE(fs::exists(dir + "/opt_cache"));
  ASSERT_TRUE(fs::exists(dir + "/target_cache"));
  EXPECT_FALSE(fs::is_empty(dir + "/target_cache"));
  fs::remove_all(dir);
}

TEST(DeploySettings, ContextCallbackReachesTheDriver) {
  ::setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  lite_api::CxxConfig config;
  config.set_model_dir(ModelsDir() + "/mnist_mlp_handwriting");
  config.set_nnadapter_device_names({"fake_device"});
  config.set_nnadapter_context_callback(RecordingCallback);
  g_calls = 0;
  g_return = 0;
  auto p = lite_api::CreatePaddlePredictor(config);
  RunMnist(p.get());
  EXPECT_GT(g_calls, 0);
  EXPECT_EQ(g_event, 0x0F01);  // fake_device's query-config event
  // The driver acts on the answer: a callback that has none fails the context.
  g_return = 7;
  EXPECT_HAS(ErrorOf([&] { lite_api::CreatePaddlePredictor(config); }),
             "the context callback returned 7 for event 0x0F01");
  g_return = 0;
  // The same through MobileConfig on a .nb for fake_device.
  const std::string dir = TempDir("deploy_callback");
  std::string text;
  ASSERT_EQ(Opt(Mnist(dir, "fake_device,x86"), &text), 0) << text;
  lite_api::MobileConfig mc = Mobile(dir + "/m.nb");
  mc.set_nnadapter_context_callback(RecordingCallback);
  g_calls = 0;
  RunMnist(lite_api::CreatePaddlePredictor(mc).get());
  EXPECT_GT(g_calls, 0);
  fs::remove_all(dir);
}

TEST(DeploySettings, DiscardedPassIsNotRun) {
  lite_api::CxxConfig config;
  config.set_model_dir(ModelsDir() + "/mnist_mlp_handwriting");
  std::vector<std::pair<std::string, int>> applied;
  LoadAndOptimize(config, nullptr, &applied);
  auto count = [&applied](const std::string& name) {
    for (const auto& p : applied) {
      if (p.first == name) return p.second;
    }
    return -1;
  };
  EXPECT_EQ(count("fc_fuse_pass"), 3);
  const auto expected = RunMnist(lite_api::CreatePaddlePredictor(config).get());
  config.add_discarded_pass("fc_fuse_pass");
  LoadAndOptimize(config, nullptr, &applied);
  EXPECT_EQ(count("fc_fuse_pass"), -1);  // not run at all
  const auto got = RunMnist(lite_api::CreatePaddlePredictor(config).get());
  EXPECT_LE(Compare(expected, got).max_abs, 1e-5);
}

TEST(DeploySettings, ModelCacheBuffersAreLoadedInsteadOfCompiling) {
  const std::string dir = TempDir("deploy_buffers");
  std::string text;
  opt::OptFlags f = Mnist(dir, "builtin_device,x86");
  f.nnadapter_model_cache_dir = dir + "/cache";
  ASSERT_EQ(Opt(f, &text), 0) << text;
  nb::NbModel m;
  nb::LoadNbModelFile(dir + "/m.nb", &m);
  ASSERT_EQ(m.nnadapter_model_cache_buffers.size(), 1u);
  lite_api::CxxConfig config;
  config.set_model_dir(ModelsDir() + "/mnist_mlp_handwriting");
  config.set_nnadapter_device_names({"builtin_device"});
  const auto& [token, bytes] = *m.nnadapter_model_cache_buffers.begin();
  config.set_nnadapter_model_cache_buffers(token, bytes);
  const int64_t compiled = CompiledSubgraphPrograms(), loaded = CachedSubgraphPrograms();
  RunMnist(lite_api::CreatePaddlePredictor(config).get());
  EXPECT_EQ(CompiledSubgraphPrograms() - compiled, 0);
  EXPECT_EQ(CachedSubgraphPrograms() - loaded, 1);
  fs::remove_all(dir);
}

// The mixed precision config keeps the named ops float through opt, on the
// CPU and in NNAdapter subgraphs, and the detector still finds its 16
// regions.
TEST(DeploySettings, MixedPrecisionConfigKeepsTheNamedOpsFloatThroughOpt) {
  const std::string dir = TempDir("deploy_mixed");
  {
    std::ofstream out(dir + "/mixed.txt");
    out << "# depthwise convs stay float\ndepthwise_conv2d::\n";
  }
  std::string text;
  opt::OptFlags f;
  f.model_file = ModelsDir() + "/ppocrv3_det_slim_int8/inference.pdmodel";
  f.param_file = ModelsDir() + "/ppocrv3_det_slim_int8/inference.pdiparams";
  f.optimize_out = dir + "/cpu";
  f.nnadapter_mixed_precision_quantization_config_path = dir + "/mixed.txt";
  ASSERT_EQ(Opt(f, &text), 0) << text;
  EXPECT_HAS(text, "int8 kernels: 57 ops");  // 72 quantized convs minus the 15 depthwise
  nb::NbModel m;
  nb::LoadNbModelFile(dir + "/cpu.nb", &m);
  const auto& ops = m.program.blocks.at(0).ops;
  int depthwise = 0;
  for (size_t i = 0; i < ops.size(); ++i) {
    if (ops[i].Type() != "depthwise_conv2d") continue;
    ++depthwise;
    EXPECT_EQ(m.kernel_keys[i].precision, PrecisionType::kFloat);
  }
  EXPECT_EQ(depthwise, 15);
  auto light = lite_api::CreatePaddlePredictor(Mobile(dir + "/cpu.nb"));
  auto map = RunDetMap(light.get());
  EXPECT_EQ(vision::ConnectedRegions(map.data(), 640, 640, 0.3f, 50).size(), 16u);

  // On builtin_device: the subgraph ops carry the int8 attributes the
  // converters turn into QUANT_INT8 operands, except the named ones.
  f.valid_targets = "builtin_device,x86";
  f.optimize_out = dir + "/nna";
  ASSERT_EQ(Opt(f, &text), 0) << text;
  nb::LoadNbModelFile(dir + "/nna.nb", &m);
  int int8_in_subgraphs = 0, float_depthwise = 0;
  for (size_t b = 1; b < m.program.blocks.size(); ++b) {
    for (const auto& op : m.program.blocks[b].ops) {
      const bool int8 = op.GetAttr<bool>("enable_int8", false);
      int8_in_subgraphs += int8;
      if (op.Type() == "depthwise_conv2d") float_depthwise += !int8;
    }
  }
  EXPECT_EQ(int8_in_subgraphs, 57);
  EXPECT_EQ(float_depthwise, 15);
  auto nna = lite_api::CreatePaddlePredictor(Mobile(dir + "/nna.nb"));
  auto nna_map = RunDetMap(nna.get());
  EXPECT_EQ(vision::ConnectedRegions(nna_map.data(), 640, 640, 0.3f, 50).size(), 16u);
  fs::remove_all(dir);
}

// NNAdapter settings with no device to act on are named once each, strict
// mode is refused; a mixed precision config without an int8 place is named.
TEST(DeploySettings, SettingsThatCannotApplyAreNamed) {
  const std::string dir = TempDir("deploy_cannot_apply");
  LogCapture log(0);
  lite_api::CxxConfig config;
  config.set_model_dir(ModelsDir() + "/mnist_mlp_handwriting");
  config.set_nnadapter_context_properties("SOME_KEY=1");
  config.set_nnadapter_partition_report_path(dir + "/report.json");
  config.set_nnadapter_mixed_precision_quantization_config_buffer("fc::");
  RunMnist(lite_api::CreatePaddlePredictor(config).get());
  const std::string text = log.text();
  EXPECT_HAS(text, "set_nnadapter_context_properties: has no effect here: no NNAdapter device");
  EXPECT_HAS(text, "set_nnadapter_partition_report_path: has no effect here: no NNAdapter device");
  EXPECT_HAS(text, "set_nnadapter_mixed_precision_quantization_config_path (mixed precision "
                   "quantization config buffer, without an int8 valid place {kX86, kInt8}): has "
                   "no effect here");
  EXPECT_FALSE(fs::exists(dir + "/report.json"));
  config.set_nnadapter_strict_mode(true);
  EXPECT_HAS(ErrorOf([&] { lite_api::CreatePaddlePredictor(config); }),
             "NNAdapter strict mode: no NNAdapter device is set");
  fs::remove_all(dir);
}

// The buffer form (and CxxConfig directly): the named ops keep their fake
// quant-dequant and float kernels.
TEST(DeploySettings, MixedPrecisionBufferKeepsTheNamedOpsFloat) {
  lite_api::CxxConfig config;
  config.set_model_file(ModelsDir() + "/ppocrv3_det_slim_int8/inference.pdmodel");
  config.set_param_file(ModelsDir() + "/ppocrv3_det_slim_int8/inference.pdiparams");
  config.set_valid_places({lite_api::Place{TARGET(kX86), PRECISION(kInt8)},
                           lite_api::Place{TARGET(kX86), PRECISION(kFloat)}});
  auto int8_ops = [](const cpp::ProgramDesc& p) {
    int n = 0;
    for (const auto& op : p.blocks.at(0).ops) n += op.GetAttr<bool>("enable_int8", false);
    return n;
  };
  EXPECT_EQ(int8_ops(LoadAndOptimize(config)->program), 72);
  config.set_nnadapter_mixed_precision_quantization_config_buffer("depthwise_conv2d::\n");
  EXPECT_EQ(int8_ops(LoadAndOptimize(config)->program), 57);
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
