// set_nnadapter_dynamic_shape_info becomes NNAdapter dynamic dimensions:
// the subgraph input operand has NNADAPTER_UNKNOWN where the listed shapes
// differ and the shapes as dynamic_count/dynamic_data, so one compiled
// program serves every listed shape (the detector at two sizes).
#include <chrono>
#include <filesystem>

#include "lite/model_parser/nb/nb_model.h"
#include "lite/nnadapter/subgraph_stats.h"
#include "tests/models/nb_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

using nnadapter_bridge::CompiledSubgraphPrograms;

lite_api::CxxConfig DetectorOn(const std::vector<std::string>& devices) {
  lite_api::CxxConfig config =
      PdModelConfig(ModelsDir() + "/ppocrv3_det_dyn", "inference");
  if (!devices.empty()) config.set_nnadapter_device_names(devices);
  return config;
}

double MsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

std::vector<float> RunDet(lite_api::PaddlePredictor* p, int64_t h, int64_t w) {
  return RunFloat(p, {1, 3, h, w}, SeededValues(3 * h * w, static_cast<uint32_t>(h + w)));
}

TEST(NNAdapterDynamicShapes, OneProgramServesTheListedDetectorShapes) {
  ::setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 1);
  auto cpu = lite_api::CreatePaddlePredictor(DetectorOn({}));
  const auto ref96 = RunDet(cpu.get(), 96, 96);
  const auto ref128 = RunDet(cpu.get(), 128, 160);

  lite_api::CxxConfig config = DetectorOn({"builtin_device"});
  config.set_nnadapter_dynamic_shape_info({{"x", {{1, 3, 96, 96}, {1, 3, 128, 160}}}});
  auto nna = lite_api::CreatePaddlePredictor(config);
  int64_t before = CompiledSubgraphPrograms();
  auto a = RunDet(nna.get(), 96, 96);
  auto b = RunDet(nna.get(), 128, 160);
  auto c = RunDet(nna.get(), 96, 96);
  const int64_t compiled = CompiledSubgraphPrograms() - before;
  std::printf("detector, 2 listed shapes, 3 runs: %lld program(s) compiled\n",
              static_cast<long long>(compiled));
  EXPECT_EQ(compiled, 1);
  EXPECT_LE(Compare(ref96, a).max_abs, 1e-4);
  EXPECT_LE(Compare(ref128, b).max_abs, 1e-4);
  EXPECT_EQ(a, c);

  // A shape that is not listed gets its own program.
  before = CompiledSubgraphPrograms();
  auto d = RunDet(nna.get(), 64, 64);
  EXPECT_EQ(CompiledSubgraphPrograms() - before, 1);
  EXPECT_LE(Compare(RunDet(cpu.get(), 64, 64), d).max_abs, 1e-4);

  // Without the info, each shape is compiled on its own.
  auto plain = lite_api::CreatePaddlePredictor(DetectorOn({"builtin_device"}));
  before = CompiledSubgraphPrograms();
  RunDet(plain.get(), 96, 96);
  RunDet(plain.get(), 128, 160);
  EXPECT_EQ(CompiledSubgraphPrograms() - before, 2);
}

// The full API way (CxxConfig with devices, dynamic shapes and a cache dir
// -> SaveOptimizedModel): the .nb carries the one dynamic-shape program, and
// MobileConfig with the same shape info runs both sizes without compiling.
TEST(NNAdapterDynamicShapes, SaveOptimizedModelEmbedsTheDynamicProgram) {
  ::setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 1);
  const std::map<std::string, std::vector<std::vector<int64_t>>> info = {
      {"x", {{1, 3, 96, 96}, {1, 3, 128, 160}}}};
  std::string dir = TempDir("dyn_embed");
  lite_api::CxxConfig config = DetectorOn({"builtin_device"});
  config.set_nnadapter_dynamic_shape_info(info);
  config.set_nnadapter_model_cache_dir(dir + "/cache");
  lite_api::CreatePaddlePredictor(config)->SaveOptimizedModel(
      dir + "/det", lite_api::LiteModelType::kNaiveBuffer);
  nb::NbModel m;
  nb::LoadNbModelFile(dir + "/det.nb", &m);
  EXPECT_EQ(m.nnadapter_model_cache_buffers.size(), 1u);

  auto cpu = lite_api::CreatePaddlePredictor(DetectorOn({}));
  lite_api::MobileConfig mc;
  mc.set_model_from_file(dir + "/det.nb");
  mc.set_nnadapter_dynamic_shape_info(info);
  mc.set_nnadapter_model_cache_dir(dir + "/none");  // nothing on disk: only the .nb
  auto light = lite_api::CreatePaddlePredictor(mc);
  const int64_t before = CompiledSubgraphPrograms();
  auto t0 = std::chrono::steady_clock::now();
  auto a = RunDet(light.get(), 96, 96);
  auto b = RunDet(light.get(), 128, 160);
  const double embedded_ms = MsSince(t0);
  EXPECT_EQ(CompiledSubgraphPrograms() - before, 0);
  // The same .nb without its programs: the first runs compile.
  m.nnadapter_model_cache_buffers.clear();
  nb::SaveNbModelFile(m, dir + "/bare.nb");
  mc.set_model_from_file(dir + "/bare.nb");
  auto bare = lite_api::CreatePaddlePredictor(mc);
  t0 = std::chrono::steady_clock::now();
  RunDet(bare.get(), 96, 96);
  RunDet(bare.get(), 128, 160);
  std::printf("detector on builtin_device, first runs at 96x96 and 128x160: %.1f ms with the "
              "program embedded in the .nb, %.1f ms compiling it\n",
              embedded_ms, MsSince(t0));
  EXPECT_LE(Compare(RunDet(cpu.get(), 96, 96), a).max_abs, 1e-4);
  EXPECT_LE(Compare(RunDet(cpu.get(), 128, 160), b).max_abs, 1e-4);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
