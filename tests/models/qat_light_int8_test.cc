// The deployment path on the QAT detector (ppocrv3_det_slim_int8): `opt`
// with its default flags writes int8 kernels into the .nb (x86 has int8
// kernels, as Paddle Lite's opt picks int8 kernels for its int8 targets),
// and MobileConfig runs that .nb with exactly the outputs of CxxConfig with
// an int8 place; --int8_kernels=false keeps the float execution of the fake
// quant-dequant ops (the outputs of CxxConfig without an int8 place).
#include <unistd.h>

#include <filesystem>
#include <sstream>

#include "lite/model_parser/nb/nb_model.h"
#include "tests/models/model_test_util.h"
#include "tools/opt/opt_tool.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

const std::string kQat = "ppocrv3_det_slim_int8";

std::string OptQat(const std::string& name, bool int8_kernels, std::string* log) {
  const std::string out = (std::filesystem::temp_directory_path() /
                           (name + "_" + std::to_string(getpid()))).string();
  opt::OptFlags f;
  f.model_file = ModelsDir() + "/" + kQat + "/inference.pdmodel";
  f.param_file = ModelsDir() + "/" + kQat + "/inference.pdiparams";
  f.optimize_out = out;
  f.int8_kernels = int8_kernels;
  std::ostringstream os;
  EXPECT_EQ(opt::RunOpt(f, os, os), 0) << os.str();
  *log = os.str();
  return out + ".nb";
}

int Int8Keys(const std::string& nb_path) {
  nb::NbModel m;
  nb::LoadNbModelFile(nb_path, &m);
  int n = 0;
  for (const auto& key : m.kernel_keys) n += key.precision == PrecisionType::kInt8;
  return n;
}

std::vector<float> RunLight(const std::string& nb_path) {
  lite_api::MobileConfig mobile;
  mobile.set_model_from_file(nb_path);
  return RunDetMap(lite_api::CreatePaddlePredictor(mobile).get());
}

std::vector<float> RunFull(bool int8) {
  lite_api::CxxConfig config = PdModelConfig(ModelsDir() + "/" + kQat);
  if (int8) {
    config.set_valid_places({lite_api::Place{TARGET(kX86), PRECISION(kInt8)},
                             lite_api::Place{TARGET(kX86), PRECISION(kFloat)}});
  }
  return RunDetMap(lite_api::CreatePaddlePredictor(config).get());
}
}  // namespace

TEST(QatLightInt8, OptWritesInt8KernelsAndMobileConfigMatchesCxxConfigInt8) {
  std::string log;
  const std::string nb = OptQat("qat_light_int8", true, &log);
  EXPECT_NE(log.find("int8 kernels: 72 ops"), std::string::npos) << log;
  EXPECT_EQ(Int8Keys(nb), 72);
  const auto light = RunLight(nb);
  std::filesystem::remove(nb);
  const auto full = RunFull(true);
  EXPECT_EQ(light, full);  // the same program and kernels: bit-identical
  EXPECT_EQ(vision::ConnectedRegions(light.data(), 640, 640, 0.3f, 50).size(), 16u);
}

TEST(QatLightInt8, Int8KernelsFalseKeepsTheFloatExecution) {
  std::string log;
  const std::string nb = OptQat("qat_light_float", false, &log);
  EXPECT_NE(log.find("int8 kernels: off (--int8_kernels=false)"), std::string::npos) << log;
  EXPECT_EQ(Int8Keys(nb), 0);
  const auto light = RunLight(nb);
  std::filesystem::remove(nb);
  EXPECT_EQ(light, RunFull(false));
  EXPECT_EQ(vision::ConnectedRegions(light.data(), 640, 640, 0.3f, 50).size(), 16u);
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
